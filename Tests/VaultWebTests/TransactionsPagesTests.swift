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

@Suite struct TransactionsPagesTests {
    func count(_ html: String) -> Int? {
        Browser.first(#"id="transaction-count">(\d+)<"#, in: html).flatMap { Int($0) }
    }
    func pairCount(_ html: String) -> Int? { Browser.first(#"id="pair-count">(\d+)<"#, in: html).flatMap { Int($0) } }

    @Test("a long list says how far it was counted, and its pager offers the pages known so far")
    func longList() async throws {
        try await withWeb { world in
            let browser = try await world.signedUp("jo@example.com")
            let user = try #require(try await world.environment.database.users.credentials(email: "jo@example.com"))
                .user
            let scope = Fixture.vault(world.environment.database).household(user.householdID)
            _ = try await HouseholdGenerator(scope: scope).generate(transactions: 1_500, years: 1)
            let first = try await browser.page("/transactions?size=50").html
            #expect(first.contains(#"id="transaction-count">1,000+<"#))
            #expect(first.contains("Page 1 of 20+"))
            #expect(first.contains(#"rel="next""#))
            let api = try json(try await browser.request("/api/v1/transactions?size=50&page=20"))
            #expect(api["totalCountIsExact"] as? Bool == true)
            #expect((api["totalCount"] as? Int ?? 0) > 1_000)
        }
    }

    @Test("filters by description and dates change the count, live in the URL, and apply to both tables")
    func filters() async throws {
        try await withWeb { world in
            let browser = try await world.connected("jo@example.com")
            let all = try await browser.page("/transactions").html
            for title in ["Filters", "Imported Transaction Coverage", "Unified Transactions", "Transfer Pairs"] {
                #expect(all.contains(">\(title)"), "\(title)")
            }
            #expect(all.contains(">Total Imported<"))
            let total = try #require(count(all))
            #expect(Browser.all(#"<tr class="[a-z]*" data-transaction="#, in: all).count == 10)
            let pairsTotal = try #require(pairCount(all))
            #expect(pairsTotal > 0)
            // Description ignores case and punctuation.
            let searched = try await browser.page("/transactions?q=SAFE-WAY").html
            let found = try #require(count(searched))
            #expect(found > 0 && found < total)
            let october = try await browser.page("/transactions?from=2026-10-01&to=2026-10-31").html
            let inOctober = try #require(count(october))
            #expect(inOctober > 0 && inOctober < total)
            #expect(
                Browser.all(#"<th colspan="5" scope="colgroup" data-date="(\d{4}-\d{2}-\d{2})">"#, in: october)
                    .allSatisfy {
                        $0.hasPrefix("2026-10")
                    })
            #expect(try #require(pairCount(october)) < pairsTotal)
            // Internal transfers are hidden unless asked for.
            let withTransfers = try await browser.page("/transactions?transfers=1").html
            #expect(try #require(count(withTransfers)) > total)
            // Quick filters.
            let income = try await browser.page("/transactions?kind=income").html
            #expect(Browser.all(#"class="badge class-([a-z]+)""#, in: income).allSatisfy { $0 == "income" })
            // Paging: the second page differs; the transfer pairs page on their own.
            let second = try await browser.page("/transactions?page=2").html
            #expect(second.contains("Page 2 of"))
            #expect(second.contains("rel=\"prev\""))
            let pairsSecond = try await browser.page("/transactions?ppage=2&psize=5").html
            #expect(pairsSecond.contains("Page 1 of"))
            let oldest = try await browser.page("/transactions?sort=asc").html
            #expect(oldest.contains("Oldest first"))
        }
    }

    @Test(
        "a page size of 7 and a bad date are refused with the form re-shown",
        arguments: ["size=7", "psize=7", "from=2026-13-01", "page=0"])
    func refused(query: String) async throws {
        try await withWeb { world in
            let browser = try await world.connected("jo@example.com")
            let (status, html) = try await browser.page("/transactions?\(query)")
            #expect(status == .unprocessableContent)
            #expect(html.contains("class=\"alert error\""))
            #expect(html.contains("id=\"filters\""))
        }
    }

    @Test("recategorising a transaction changes the dashboard's category totals")
    func recategorize() async throws {
        try await withWeb { world in
            let browser = try await world.connected("jo@example.com")
            let html = try await browser.page("/transactions?from=2026-11-01&kind=expense").html
            // A posted one: pending transactions do not count in totals yet.
            let id = try #require(Browser.first(#"<tr class="" data-transaction="([0-9a-f-]{36})""#, in: html))
            let travel = try #require(Browser.first(#"<option value="([0-9a-f-]{36})">Travel</option>"#, in: html))
            let dashboardBefore = try await browser.page("/dashboard").html
            #expect(!dashboardBefore.contains(">Travel<"))
            let response = try await browser.submit(
                "/transactions/\(id)/category", from: "/transactions",
                ["category": travel, "back": "/transactions?from=2026-11-01"])
            #expect(response.headers[.location] == "/transactions?from=2026-11-01")
            let dashboard = try await browser.page("/dashboard").html
            #expect(dashboard.contains(">Travel</a></td>") || dashboard.contains("Travel</a></td>"))
        }
    }

    @Test("notes and exclusion save from the row menu; the detail view changes classification and ignores")
    func rowActions() async throws {
        try await withWeb { world in
            let browser = try await world.connected("jo@example.com")
            let html = try await browser.page("/transactions").html
            let id = try #require(Browser.first(#"data-transaction="([0-9a-f-]{36})""#, in: html))
            _ = try await browser.submit(
                "/transactions/\(id)/notes", from: "/transactions",
                ["notes": "split with Sam", "back": "/transactions"])
            _ = try await browser.submit(
                "/transactions/\(id)/exclude", from: "/transactions", ["excluded": "on", "back": "/transactions"])
            let after = try await browser.page("/transactions").html
            #expect(after.contains("split with Sam"))
            #expect(after.contains("Excluded"))
            let detail = try await browser.page("/transactions/\(id)").html
            for label in ["Payee", "Description", "Amount", "Date", "Account", "Classification", "Category"] {
                #expect(detail.contains(">\(label)<"), "\(label)")
            }
            _ = try await browser.submit(
                "/transactions/\(id)/classification", from: "/transactions/\(id)", ["classification": "ignore"])
            let ignored = try await browser.page("/transactions/\(id)").html
            #expect(
                ignored.contains("<td>Ignore · <span class=\"muted\">"),
                "\(ignored.components(separatedBy: "Classification").dropFirst().first?.prefix(200) ?? "")")
            #expect(try await browser.page("/transactions/\(UUID().uuidString.lowercased())").status == .notFound)
        }
    }

    @Test("unlinking a pair puts both back in the totals; marking it again takes them out")
    func transferPairs() async throws {
        try await withWeb { world in
            let browser = try await world.connected("jo@example.com")
            let html = try await browser.page("/transactions").html
            let before = try #require(pairCount(html))
            let outflow = try #require(
                Browser.first(#"<td data-label="ID Pair" class="small muted">From ([0-9a-f-]{36}) To"#, in: html))
            let inflow = try #require(Browser.first(#"From [0-9a-f-]{36} To ([0-9a-f-]{36})"#, in: html))
            let unlinked = try await browser.submit(
                "/transfers/unlink", from: "/transactions", ["transaction": outflow, "back": "/transactions"])
            #expect(unlinked.status == .seeOther)
            let afterUnlink = try await browser.page("/transactions").html
            #expect(pairCount(afterUnlink) == before - 1)
            #expect(afterUnlink.contains("count in the totals again"))
            // The detail view offers the partner again; marking pairs them.
            let detail = try await browser.page("/transactions/\(outflow)").html
            #expect(detail.contains("name=\"partner\" value=\"\(inflow)\""))
            _ = try await browser.submit(
                "/transfers/mark", from: "/transactions/\(outflow)", ["transaction": outflow, "partner": inflow])
            #expect(pairCount(try await browser.page("/transactions").html) == before)
            let bogus = try await browser.submit(
                "/transfers/mark", from: "/transactions", ["transaction": outflow, "partner": "x"])
            #expect(bogus.status == .notFound)
        }
    }
}
