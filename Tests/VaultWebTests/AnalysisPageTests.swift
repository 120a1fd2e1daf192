import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import VaultCore
import VaultServices
import VaultStore
import VaultTestSupport
import VaultWeb

/// The Analysis page (issue 18, spec `expense-tracker.md` section 3). The fixture's today is 2026-11-21.
@Suite struct AnalysisPageTests {
    /// A signed-up person with a manual Wallet: dining in October and November, groceries in November (one
    /// with a receipt and tags), and a salary in November.
    func setUp(_ world: WebWorld) async throws -> (Browser, HouseholdScope, receipted: Transaction) {
        let browser = try await world.signedUp("jo@example.com")
        let scope = try await world.scope(of: "jo@example.com")
        _ = try await scope.accounts.add(.init(name: "Wallet", kind: "cash", balance: "100"))
        for (amount, date, category, description) in [
            ("-30.00", "2026-10-12", "dining", "Noodle Bar"), ("-12.50", "2026-11-03", "dining", "Cafe Luna"),
            ("-80.25", "2026-11-09", "groceries", "Fresh Market"), ("2500", "2026-11-14", "salary", "Payroll"),
        ] {
            _ = try await scope.transactions.add(
                TransactionInput(
                    amount: amount, account: "Wallet", date: date, category: category, description: description))
        }
        let receipted = try await scope.transactions.add(
            TransactionInput(
                amount: "-44.10", account: "Wallet", date: "2026-11-18", category: "groceries",
                description: "Corner Grocer", tags: "family, weekly", payment: "unpaid"),
            receipts: [.init(fileName: "till.png", content: SampleFiles.png())]
        ).transaction
        return (browser, scope, receipted)
    }

    @Test("Analysis is in the menu; by default it shows this month's expenses by week with the period's rows")
    func month() async throws {
        try await withWeb { world in
            let (browser, _, receipted) = try await setUp(world)
            #expect(try await browser.page("/menu").html.contains(#"href="/analysis""#))
            let (status, html) = try await browser.page("/analysis")
            #expect(status == .ok)
            #expect(html.contains(#"<span class="period" aria-live="polite">Nov 2026</span>"#))
            #expect(html.contains("$136.85"), "12.50 + 80.25 + 44.10")
            #expect(html.contains("3 transactions · Nov 2026"))
            #expect(!html.contains("Noodle Bar"), "October is another period")
            #expect(!html.contains("Payroll"), "income is the other type")
            // Weekly bars with their exact totals, a y-axis, and rows grouped by week
            #expect(html.contains(#"data-text="Wk 45 (Nov 2–Nov 8): $12.50, 1 transaction""#))
            #expect(html.contains(#"class="tick""#))
            #expect(html.contains(#"<h3 class="group">Wk 47 (Nov 16–Nov 22)</h3>"#))
            // The row: emoji and category, amount, tags, receipt count, and a Delete that mentions the receipt
            #expect(html.contains("🛒 Groceries"))
            #expect(html.contains("-$44.10"))
            #expect(html.contains(#"aria-label="1 receipt">📎 1</span>"#))
            #expect(html.contains("Delete <strong>Corner Grocer</strong> (-$44.10, 2026-11-18) and its 1 receipt?"))
            #expect(html.contains(#"action="/transactions/\#(receipted.id)/delete""#))
            // The arrows go to October and December
            #expect(html.contains(#"href="/analysis?date=2026-10-01" aria-label="Previous: Oct 2026""#))
            #expect(html.contains(#"href="/analysis?date=2026-12-01" aria-label="Next: Dec 2026""#))
            let october = try await browser.page("/analysis?date=2026-10-01").html
            #expect(october.contains("Noodle Bar"))
            #expect(october.contains("$30.00"))
        }
    }

    @Test("year, week and income: monthly, daily and income totals; an empty period says so")
    func timeframes() async throws {
        try await withWeb { world in
            let (browser, _, _) = try await setUp(world)
            let year = try await browser.page("/analysis?timeframe=year").html
            #expect(year.contains(#"<span class="period" aria-live="polite">2026</span>"#))
            #expect(year.contains(#"data-text="Oct: $30.00, 1 transaction""#))
            #expect(year.contains(#"data-text="Nov: $136.85, 3 transactions""#))
            #expect(year.contains(#"<h3 class="group">Nov</h3>"#))
            let week = try await browser.page("/analysis?timeframe=week&date=2026-11-18").html
            #expect(week.contains("Wk 47 (Nov 16–Nov 22)"))
            #expect(week.contains(#"data-text="Wed 18: $44.10, 1 transaction""#))
            #expect(week.contains(#"href="/analysis?timeframe=week&amp;date=2026-11-09" aria-label="Previous"#))
            let income = try await browser.page("/analysis?type=income").html
            #expect(income.contains("$2,500.00"))
            #expect(income.contains("Payroll"))
            #expect(income.contains("Salary"))
            let empty = try await browser.page("/analysis?date=2025-02-01").html
            #expect(empty.contains("No spending in Feb 2025."))
            #expect(empty.contains("Nothing to list for this period."))
        }
    }

    @Test("filters: categories, tags, flags and a date range narrow it; Clear keeps the period; bad ones are said")
    func filters() async throws {
        try await withWeb { world in
            let (browser, scope, _) = try await setUp(world)
            let groceries = try #require(try await scope.categories.tree().categories.first { $0.key == "groceries" })
            let filtered = try await browser.page("/analysis?category=\(groceries.id)").html
            #expect(filtered.contains("$124.35"))
            #expect(!filtered.contains("Cafe Luna"))
            #expect(filtered.contains("Filters (1 category)"))
            #expect(filtered.contains(#"<a class="button secondary" href="/analysis">Clear</a>"#))
            let tagged = try await browser.page("/analysis?tag=Family").html
            #expect(tagged.contains("Corner Grocer"))
            #expect(!tagged.contains("Fresh Market"))
            let unpaid = try await browser.page("/analysis?payment=unpaid").html
            #expect(unpaid.contains("1 transaction · Nov 2026"))
            let narrowed = try await browser.page("/analysis?from=2026-11-05&through=2026-11-10").html
            #expect(narrowed.contains("Fresh Market"))
            #expect(!narrowed.contains("Cafe Luna"))
            #expect(!narrowed.contains("Corner Grocer"))
            // A date outside the period is refused with a message, and the period shows without filters
            let outside = try await browser.page("/analysis?from=2026-10-05")
            #expect(outside.status == .unprocessableContent)
            #expect(outside.html.contains("2026-10-05 is outside 2026-11-01 to 2026-11-30"))
            #expect(outside.html.contains("Cafe Luna"))
            let unknown = try await browser.page("/analysis?category=nope")
            #expect(unknown.status == .unprocessableContent)
            #expect(
                unknown.html.contains("There is no category &#39;nope&#39;") || unknown.html.contains("no category"))
        }
    }

    @Test("the largest amount the store takes draws an axis instead of stopping the server")
    func hugeAmount() async throws {
        try await withWeb { world in
            let (browser, scope, _) = try await setUp(world)
            _ = try await scope.transactions.add(
                TransactionInput(amount: "-70000000000000000.00", account: "Wallet", date: "2026-11-20"))
            let (status, html) = try await browser.page("/analysis")
            #expect(status == .ok)
            #expect(html.contains("-$70,000,000,000,000,000.00"))
            #expect(try await browser.page("/analysis?timeframe=year").status == .ok)
        }
    }

    @Test("Delete from a row returns to the same analysis, and the row and its receipt are gone")
    func delete() async throws {
        try await withWeb { world in
            let (browser, scope, receipted) = try await setUp(world)
            let token = try await browser.csrfToken(on: "/analysis")
            let back = "/analysis?timeframe=week&date=2026-11-18"
            let response = try await browser.request(
                "/transactions/\(receipted.id)/delete", method: .post,
                body: Browser.encode(["csrf": token, "back": back]))
            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == back)
            let after = try await browser.page(back).html
            #expect(after.contains("Deleted: Corner Grocer"))
            #expect(!after.contains(#"data-transaction="\#(receipted.id)""#))
            #expect(try await scope.receipts.counts(of: [receipted.id]).isEmpty)
            // A "back" that leaves the site is ignored
            let other = try await scope.transactions.add(TransactionInput(amount: "-1", account: "Wallet"))
            let away = try await browser.request(
                "/transactions/\(other.transaction.id)/delete", method: .post,
                body: Browser.encode(["csrf": token, "back": "//evil.example/x"]))
            #expect(away.headers[.location] == "/transactions")
        }
    }
}
