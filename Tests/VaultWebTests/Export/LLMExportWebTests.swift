import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import VaultCore
import VaultServices
import VaultTestSupport
import VaultWeb

/// The LLM export through the API and its page: the export with its leak check, a blocked export answering 422
/// with the leak named and no text, and the page's six steps with the download behind the CSRF token.
@Suite struct LLMExportWebTests {
    let rules = RecurringRulesAPITests()

    func november(_ world: WebWorld) async throws -> String {
        let token = try await rules.household(world)
        for body in [
            #"{"amount":"-12.34","account":"Wallet","date":"2026-11-03","category":"Dining","description":"Alice Bistro"}"#,
            #"{"amount":"2000","account":"Wallet","date":"2026-11-05","description":"ACME PAYROLL"}"#,
        ] {
            let response = try await rules.send(world, .post, "/api/v1/transactions", body, token: token)
            #expect(response.status == .created, "\(String(buffer: response.body))")
        }
        return token
    }

    @Test("the API answers the export with a passed leak check")
    func api() async throws {
        try await withWeb { world in
            let token = try await november(world)
            let response = try await rules.send(
                world, .post, "/api/v1/export/llm",
                #"{"from":"2026-11-01","through":"2026-11-30","rounding":"nearest-10"}"#, token: token)
            #expect(response.status == .ok, "\(String(buffer: response.body))")
            let body = try json(response)
            let text = try #require(body["text"] as? String)
            #expect(text.contains("- Asset_A (Cash): $11,990"))
            #expect(text.contains("1. Category: Dining (100%): $10"))
            #expect(!text.contains("Alice") && !text.contains("Wallet") && !text.contains("2026"))
            #expect((body["leakCheck"] as? [String: Any])?["passed"] as? Bool == true)
        }
    }

    @Test("a leak blocks the export: 422, the leak named, no text")
    func blocked() async throws {
        try await withWeb { world in
            let token = try await november(world)
            // A category a person named with a date inside the period is written into the export.
            let scope = try await world.scope(of: "jo@example.com")
            _ = try await scope.categories.add(.init(name: "Trip 2026-11-04", kind: "expense"))
            let response = try await rules.send(
                world, .post, "/api/v1/transactions",
                #"{"amount":"-80","account":"Wallet","date":"2026-11-04","category":"Trip 2026-11-04","description":"Hotel"}"#,
                token: token)
            #expect(response.status == .created, "\(String(buffer: response.body))")
            let export = try await rules.send(
                world, .post, "/api/v1/export/llm", #"{"from":"2026-11-01","through":"2026-11-30"}"#, token: token)
            #expect(export.status == .unprocessableContent)
            let body = try json(export)
            #expect(body["text"] is NSNull || body["text"] == nil)
            let check = try #require(body["leakCheck"] as? [String: Any])
            #expect(check["passed"] as? Bool == false)
            let leaks = try #require(check["leaks"] as? [[String: Any]])
            #expect(leaks.contains { $0["kind"] as? String == "date" && $0["found"] as? String == "2026-11-04" })
            #expect((body["error"] as? [String: Any])?["code"] as? String == "leak_detected")
        }
    }

    @Test("the page shows the preview and the check; the download needs the CSRF token")
    func page() async throws {
        try await withWeb { world in
            let browser = try await world.signedUp("ann@example.com")
            let scope = try await world.scope(of: "ann@example.com")
            _ = try await scope.accounts.add(.init(name: "Wallet", kind: "cash", balance: "10000"))
            _ = try await scope.transactions.add(
                TransactionInput(
                    amount: "-12.34", account: "Wallet", date: "2026-11-03", category: "Dining",
                    description: "Alice Bistro"))
            let uri = "/settings/llm-export?from=2026-11-01&through=2026-11-30&rounding=nearest-10&q=bistro"
            let (status, html) = try await browser.page(uri)
            #expect(status == .ok)
            #expect(html.contains("Leak check: passed"))
            #expect(html.contains("<td>Wallet</td><td>Asset_A (Cash)</td>"))
            #expect(html.contains("Alice Bistro"))  // step 3's search lists the person's own transaction
            #expect(html.contains("Category: Dining"))
            let fields = [
                "from": "2026-11-01", "through": "2026-11-30", "rounding": "nearest-10", "format": "json",
            ]
            let refused = try await browser.submit(
                "/settings/llm-export/download", from: uri, fields, csrf: "wrong")
            #expect(refused.status != .ok)
            let download = try await browser.submit("/settings/llm-export/download", from: uri, fields)
            #expect(download.status == .ok)
            #expect(download.headers[.contentType] == "application/json")
            #expect(download.headers[.contentDisposition]?.contains("ghostvault-llm-export.json") == true)
            #expect(String(buffer: download.body).contains("\"alias\": \"Asset_A\""))
        }
    }
}
