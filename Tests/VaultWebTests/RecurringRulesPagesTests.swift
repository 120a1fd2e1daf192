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

/// Recurring rules on the web (issue 18): the Add page's recurrence sheet, Settings › Recurring Rules, Generate
/// Next Year, a rule's detail and delete, the filter, and a transaction's Recurring section. Today is 2026-11-21.
@Suite struct RecurringRulesPagesTests {
    /// A signed-up person with a manual Checking account.
    func setUp(_ world: WebWorld) async throws -> (Browser, HouseholdScope, checking: Account) {
        let browser = try await world.signedUp("jo@example.com")
        let scope = try await world.scope(of: "jo@example.com")
        let checking = try await scope.accounts.add(.init(name: "Checking", kind: "checking", balance: "9000"))
        return (browser, scope, checking)
    }

    /// Saves monthly rent of 2,500 from 2026-01-31 on the Add page with Recurring on; returns the response.
    func addRent(_ browser: Browser, scope: HouseholdScope, account: Account) async throws -> TestResponse {
        let housing = try #require(try await scope.categories.tree().categories.first { $0.key == "housing" })
        let token = try await browser.csrfToken(on: "/transactions/new")
        return try await browser.request(
            "/transactions/new", method: .post,
            body: Browser.encode([
                "csrf": token, "type": "expense", "amount": "2500", "account": account.id.description,
                "category": housing.id.description, "date": "2026-01-31", "recurring": "on", "cadence": "monthly",
                "interval": "", "start": "", "end": "",
            ]))
    }

    @Test("the Add page's recurrence sheet makes a rule; Generate Next Year adds next year once")
    func addAndGenerate() async throws {
        try await withWeb { world in
            let (browser, scope, checking) = try await setUp(world)
            let form = try await browser.page("/transactions/new?recurring=1").html
            #expect(form.contains(#"<details class="flags recurrence" id="recurrence" open>"#))
            #expect(form.contains(#"name="recurring" value="on" id="recurring" checked"#))
            #expect(try await browser.page("/transactions/new").html.contains(#"id="recurrence-summary">None<"#))
            let saved = try await addRent(browser, scope: scope, account: checking)
            #expect(saved.status == .seeOther)
            let next = try await browser.page(try #require(saved.headers[.location])).html
            #expect(next.contains("It repeats monthly • starts with the entry"))
            #expect(next.contains(#"id="recurrence-summary">None<"#), "the sheet resets after Save")
            let list = try await browser.page("/settings/recurring-rules").html
            #expect(list.contains("🏠 Housing • $2,500.00 • monthly"))
            #expect(list.contains("12 entries · through 2026"))
            #expect(try await browser.page("/settings").html.contains(#"href="/settings/recurring-rules""#))
            let token = try await browser.csrfToken(on: "/settings/recurring-rules")
            let first = try await browser.request(
                "/settings/recurring-rules/generate", method: .post, body: Browser.encode(["csrf": token]))
            #expect(first.status == .seeOther)
            #expect(
                try await browser.page("/settings/recurring-rules").html.contains("Added 12 entries for 1 rule (2027).")
            )
            _ = try await browser.request(
                "/settings/recurring-rules/generate", method: .post, body: Browser.encode(["csrf": token]))
            let again = try await browser.page("/settings/recurring-rules").html
            #expect(again.contains("Nothing to do: every enabled rule already has next year"))
            #expect(again.contains("24 entries · through 2027"))
        }
    }

    @Test("a rule's page edits every field, refuses bad input beside what was typed, and deletes as chosen")
    func detail() async throws {
        try await withWeb { world in
            let (browser, scope, checking) = try await setUp(world)
            _ = try await addRent(browser, scope: scope, account: checking)
            let rule = try #require(try await scope.recurringRules.list().first).rule
            let path = "/settings/recurring-rules/\(rule.id)"
            let page = try await browser.page(path).html
            #expect(page.contains(#"name="amount" inputmode="decimal" autocomplete="off" value="2500.00""#))
            #expect(page.contains(#"<option value="monthly" selected>Monthly</option>"#))
            #expect(
                page.contains(#"<input type="radio" name="keep" value="all" checked>"#),
                "Delete rule only is the default")
            let token = try await browser.csrfToken(on: path)
            var fields = [
                "csrf": token, "type": "expense", "amount": "2600", "category": "", "description": "Rent",
                "payee": "", "tags": "home", "notes": "", "cadence": "monthly", "interval": "1",
                "start": "2026-01-31", "end": "", "enabled": "on",
            ]
            let saved = try await browser.request(path, method: .post, body: Browser.encode(fields))
            #expect(saved.status == .seeOther)
            #expect(try await browser.page(path).html.contains("Saved. 2 upcoming entries were replaced by 2"))
            fields["cadence"] = "hourly"
            fields["amount"] = "-5"
            let refused = try await browser.request(path, method: .post, body: Browser.encode(fields))
            #expect(refused.status == .unprocessableContent)
            let html = String(buffer: refused.body)
            #expect(html.contains("without a sign"))
            #expect(html.contains(#"value="-5""#))
            // Delete the rule and its entries from today on: November 30th and December 31st
            let before = try await scope.transactions.list(TransactionQuery(timing: "all", pageSize: 1)).totalCount
            let deleted = try await browser.request(
                "\(path)/delete", method: .post, body: Browser.encode(["csrf": token, "keep": "future"]))
            #expect(deleted.status == .seeOther)
            #expect(
                try await scope.transactions.list(TransactionQuery(timing: "all", pageSize: 1)).totalCount == before - 2
            )
            #expect(try await browser.page("/settings/recurring-rules").html.contains("No recurring rules yet."))
            #expect(try await browser.page(path).status == .notFound)
        }
    }

    @Test("the Transactions filter and a transaction's Recurring section; Make recurring on an entry")
    func filterAndSection() async throws {
        try await withWeb { world in
            let (browser, scope, checking) = try await setUp(world)
            _ = try await addRent(browser, scope: scope, account: checking)
            let rule = try #require(try await scope.recurringRules.list().first).rule
            let filtered = try await browser.page("/transactions?rule=\(rule.id)").html
            #expect(filtered.contains("Showing one recurring rule"))
            #expect(filtered.contains("12 transactions") || filtered.contains(">12<"))
            let instance = try #require(
                try await scope.transactions.list(TransactionQuery(recurringRule: rule.id.description)).items.first)
            let detail = try await browser.page("/transactions/\(instance.transaction.id)").html
            #expect(detail.contains("<h2>Recurring</h2>"))
            #expect(detail.contains(#"href="/settings/recurring-rules/\#(rule.id)">Edit rule</a>"#))
            // An ordinary entry offers Make recurring
            let coffee = try await scope.transactions.add(
                TransactionInput(amount: "-4.50", account: "Checking", date: "2026-11-02", description: "Coffee"))
            let page = try await browser.page("/transactions/\(coffee.transaction.id)").html
            #expect(page.contains("Make recurring…"))
            let token = try await browser.csrfToken(on: "/transactions/\(coffee.transaction.id)")
            let made = try await browser.request(
                "/transactions/\(coffee.transaction.id)/recurrence", method: .post,
                body: Browser.encode(["csrf": token, "cadence": "weekly", "start": "2026-11-02"]))
            #expect(made.status == .seeOther)
            #expect(try await browser.page(try #require(made.headers[.location])).html.contains("8 more entries added"))
            let analysis = try await browser.page("/analysis?rule=\(rule.id)").html
            #expect(analysis.contains("$2,500.00"))
            #expect(analysis.contains("Filters (a recurring rule)"))
        }
    }

    @Test("another household's rule is not found on any route")
    func isolation() async throws {
        try await withWeb { world in
            let (browser, scope, checking) = try await setUp(world)
            _ = try await addRent(browser, scope: scope, account: checking)
            let rule = try #require(try await scope.recurringRules.list().first).rule
            let other = try await world.signedUp("sam@example.com")
            #expect(try await other.page("/settings/recurring-rules/\(rule.id)").status == .notFound)
            let token = try await other.csrfToken(on: "/settings/recurring-rules")
            for path in ["/settings/recurring-rules/\(rule.id)", "/settings/recurring-rules/\(rule.id)/delete"] {
                let response = try await other.request(
                    path, method: .post, body: Browser.encode(["csrf": token, "keep": "future", "amount": "1"]))
                #expect(response.status == .notFound, "\(path)")
            }
            #expect(try await scope.recurringRules.list().count == 1)
            #expect(!(try await other.page("/analysis?rule=\(rule.id)").html.contains("2,500")))
        }
    }
}
