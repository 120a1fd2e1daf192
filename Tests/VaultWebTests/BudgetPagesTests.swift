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

@Suite struct BudgetPagesTests {
    func groceries(_ html: String) throws -> String {
        try #require(
            Browser.first(
                #"<tr data-category="([0-9a-f-]{36})"[^>]*><td data-label="Category">[^<]*Groceries<"#, in: html))
    }

    @Test("a month that is not one says so on the Budgets page instead of showing another month")
    func badMonth() async throws {
        try await withWeb { world in
            let browser = try await world.signedUp("jo@example.com")
            let bad = try await browser.page("/budgets?month=2026-13")
            #expect(bad.status == .unprocessableContent)
            #expect(bad.html.contains("2026-13"))
            let good = try await browser.page("/budgets?month=2026-10")
            #expect(good.status == .ok)
            #expect(good.html.contains("October 2026") || good.html.contains("Oct 2026"))
        }
    }

    @Test("Budgets shows the three tables; a target saves, shows in Budget vs Actual, and clears")
    func targets() async throws {
        try await withWeb { world in
            let browser = try await world.connected("jo@example.com")
            var html = try await browser.page("/budgets").html
            for title in ["Monthly Targets", "Budget vs Actual", "Uncategorized Spending"] {
                #expect(html.contains(">\(title)<"), "\(title)")
            }
            #expect(html.contains("No targets yet"))
            let category = try groceries(html)
            let saved = try await browser.submit(
                "/budgets", from: "/budgets", ["category": category, "target": "450.00", "notes": "weekly shop"])
            #expect(saved.status == .seeOther)
            html = try await browser.page("/budgets").html
            #expect(html.contains("value=\"450.00\""))
            #expect(html.contains("value=\"weekly shop\""))
            #expect(html.contains("id=\"budget-vs-actual\""))
            #expect(html.contains("$450.00"))
            // Reloading finds it saved; the dashboard's budget card counts it.
            #expect(try await browser.page("/dashboard").html.contains("$450.00"))
            _ = try await browser.submit("/budgets/clear", from: "/budgets", ["category": category])
            html = try await browser.page("/budgets").html
            #expect(!html.contains("value=\"450.00\""))
            #expect(html.contains("No targets yet"))
        }
    }

    @Test("a target that is not a number is refused, re-shown with the reason, and nothing is saved")
    func refusedTarget() async throws {
        try await withWeb { world in
            let browser = try await world.connected("jo@example.com")
            let category = try groceries(try await browser.page("/budgets").html)
            let refused = try await browser.submit(
                "/budgets", from: "/budgets", ["category": category, "target": "lots", "notes": "x"])
            #expect(refused.status == .unprocessableContent)
            let html = String(buffer: refused.body)
            #expect(html.contains("value=\"lots\""))
            #expect(html.contains("aria-invalid=\"true\""))
            #expect(html.contains("is not an amount"))
            #expect(try await browser.page("/budgets").html.contains("No targets yet"))
            let negative = try await browser.submit(
                "/budgets", from: "/budgets", ["category": category, "target": "-5"])
            #expect(negative.status == .unprocessableContent)
            let unknown = try await browser.submit(
                "/budgets", from: "/budgets", ["category": UUID().uuidString.lowercased(), "target": "5"])
            #expect(unknown.status == .unprocessableContent || unknown.status == .notFound)
            let forged = try await browser.submit(
                "/budgets", from: "/budgets", ["category": category, "target": "5"], csrf: "x")
            #expect(forged.status == .forbidden)
        }
    }

    @Test("the script's autosave goes through the API with the CSRF header and says what is wrong")
    func autosave() async throws {
        try await withWeb { world in
            let browser = try await world.connected("jo@example.com")
            let html = try await browser.page("/budgets").html
            let category = try groceries(html)
            #expect(html.contains("data-autosave=\"/api/v1/budgets/\(category)\""))
            let token = try await browser.csrfToken(on: "/budgets")
            let headers: HTTPFields = [.init("X-CSRF-Token")!: token]
            let ok = try await browser.request(
                "/api/v1/budgets/\(category)", method: .put, headers: headers, body: #"{"target":"300","notes":"n"}"#,
                contentType: "application/json")
            #expect(ok.status == .ok)
            #expect(try json(ok)["target"] as? String == "300.00")
            let bad = try await browser.request(
                "/api/v1/budgets/\(category)", method: .put, headers: headers, body: #"{"target":"3 hundred"}"#,
                contentType: "application/json")
            #expect(bad.status == .unprocessableContent)
            #expect(try await browser.page("/budgets").html.contains("value=\"300.00\""))
        }
    }

    @Test("uncategorised spending can be given a category from the Budgets page")
    func categorize() async throws {
        try await withWeb { world in
            let browser = try await world.signedUp("jo@example.com")
            _ = try await browser.submit(
                "/onboarding/manual", from: "/onboarding/manual", ["name": "Wallet", "kind": "cash", "balance": "100"])
            let user = try #require(try await world.environment.database.users.credentials(email: "jo@example.com"))
                .user
            let scope = Fixture.vault(world.environment.database).household(user.householdID)
            _ = try await scope.transactions.add(
                TransactionInput(amount: "-12.50", account: "Wallet", date: "2026-11-20", description: "Mystery shop"))
            var html = try await browser.page("/budgets").html
            #expect(html.contains("Mystery shop"))
            let id = try #require(Browser.first(#"action="/transactions/([0-9a-f-]{36})/category""#, in: html))
            let category = try groceries(html)
            let response = try await browser.submit(
                "/transactions/\(id)/category", from: "/budgets", ["category": category, "back": "/budgets"])
            #expect(response.headers[.location] == "/budgets")
            html = try await browser.page("/budgets").html
            #expect(html.contains("is now in Groceries"))
            #expect(html.contains("Everything this month has a category."))
        }
    }
}
