import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import SimpleFINBridge
import Testing
import VaultCore
import VaultServices
import VaultStore
import VaultTestSupport
import VaultWeb

/// Settings > Data & Sync and the danger zone, as a person uses them in the browser and through the API.
@Suite struct DangerZonePagesTests {
    /// A browser signed in as `email`, after the person was added to an existing household.
    func member(_ world: WebWorld, _ email: String, of owner: String) async throws -> Browser {
        let household = try await world.scope(of: owner).householdID
        _ = try await Fixture.vault(world.environment.database).users(passwordCost: 4).addMember(
            email: email, password: "staple battery", to: household)
        let browser = world.browser()
        _ = try await browser.page("/login")
        let response = try await browser.submit(
            "/login", from: "/login", ["email": email, "password": "staple battery"])
        #expect(response.status == .seeOther)
        return browser
    }

    func transactions(_ scope: HouseholdScope) async throws -> Int {
        try await scope.transactions.list(TransactionQuery(includeTransfers: true, pageSize: 1)).totalCount
    }

    @Test("Data & Sync shows the last result; after a proxy's 524 it shows the reason and Retry, and Retry recovers")
    func dataAndSync() async throws {
        try await withWeb { world in
            // Given a connected household
            let browser = try await world.connected("jo@example.com")
            var html = try await browser.page("/settings").html
            #expect(html.contains("Data &amp; Sync"))
            #expect(html.contains("succeeded"))
            #expect(html.contains("requests left today"))
            #expect(html.contains("Evergreen Bank"))
            #expect(html.contains("data-sync=\"/api/v1/sync\""))
            #expect(html.contains(">Sync Now</button>"))
            #expect(!html.contains("Sync paused"))
            // When the next sync meets a proxy's time-out
            await world.bridgeState.failNext(proxyErrors: 1)
            let failed = try await browser.submit("/sync", from: "/settings", ["next": "/settings#data-sync"])
            #expect(failed.status == .seeOther)
            #expect(failed.headers[.location] == "/settings#data-sync")
            // Then Settings says it failed, why, and offers Retry
            html = try await browser.page("/settings").html
            #expect(html.contains("Sync failed. SimpleFIN: SimpleFIN answered"), "the one-time message says so first")
            #expect(html.contains("Sync paused: the last sync failed."))
            #expect(
                html.contains("Couldn&#39;t connect to SimpleFIN") || html.contains("Couldn't connect to SimpleFIN"))
            #expect(html.contains("524"), "the bridge's answer is shown")
            #expect(html.contains(">Retry</button>"))
            #expect(html.contains("badge bad\">failed"))
            let status = try json(try await browser.request("/api/v1/sync/status"))
            #expect(status["health"] as? String == "failed")
            #expect((status["failures"] as? [String])?.count == 1)
            let dashboard = try await browser.page("/dashboard").html
            #expect(dashboard.contains("href=\"/settings#data-sync\""), "the dashboard's banner leads to the details")
            // When Retry works
            let retried = try await browser.submit("/sync", from: "/settings", ["next": "/settings#data-sync"])
            #expect(retried.status == .seeOther)
            html = try await browser.page("/settings").html
            #expect(!html.contains("Sync paused"))
            #expect(html.contains("succeeded"))
            #expect(try json(try await browser.request("/api/v1/sync/status"))["health"] as? String == "ok")
        }
    }

    @Test("the owner erases after typing ERASE; a wrong word changes nothing; another household is untouched")
    func erase() async throws {
        try await withWeb { world in
            let browser = try await world.connected("jo@example.com")
            _ = try await world.connected("kim@example.com")
            let ours = try await world.scope(of: "jo@example.com")
            let theirs = try await world.scope(of: "kim@example.com")
            let theirsBefore = try await transactions(theirs)
            let oursBefore = try await transactions(ours)
            #expect(oursBefore > 0)
            let settings = try await browser.page("/settings").html
            #expect(settings.contains("Danger zone"))
            #expect(settings.contains("href=\"/settings/erase\""))
            let page = try await browser.page("/settings/erase")
            #expect(page.status == .ok)
            #expect(page.html.contains("<li>\(oursBefore) transactions</li>"))
            #expect(page.html.contains("Nothing erased can be recovered</strong>"))
            #expect(page.html.contains("What stays"))
            // A wrong word
            let wrong = try await browser.submit("/settings/erase", from: "/settings/erase", ["confirm": "erase"])
            #expect(wrong.status == .unprocessableContent)
            #expect(String(buffer: wrong.body).contains("Nothing was erased"))
            #expect(try await transactions(ours) == oursBefore)
            // ERASE
            let erased = try await browser.submit("/settings/erase", from: "/settings/erase", ["confirm": "ERASE"])
            #expect(erased.status == .seeOther)
            #expect(erased.headers[.location] == "/onboarding")
            #expect(try await transactions(ours) == 0)
            #expect(try await ours.accounts.list(includeHidden: true).isEmpty)
            #expect(try await ours.categories.tree().categories.contains { $0.name == "Groceries" })
            #expect(try await transactions(theirs) == theirsBefore)
            let status = try json(try await browser.request("/api/v1/sync/status"))
            #expect(status["health"] as? String == "not-connected")
        }
    }

    @Test("a member cannot erase (page, form or API) but can delete their account, which leaves the household")
    func member() async throws {
        try await withWeb { world in
            let owner = try await world.connected("jo@example.com")
            let sam = try await member(world, "sam@example.com", of: "jo@example.com")
            let scope = try await world.scope(of: "jo@example.com")
            let before = try await transactions(scope)
            let settings = try await sam.page("/settings").html
            #expect(
                settings.contains("Only the household&#39;s owner") || settings.contains("Only the household's owner"))
            #expect(!settings.contains("href=\"/settings/erase\""))
            #expect(try await sam.page("/settings/erase").status == .forbidden)
            let token = try await sam.csrfToken(on: "/settings")
            let form = try await sam.submit("/settings/erase", from: "/settings", ["confirm": "ERASE"], csrf: token)
            #expect(form.status == .forbidden)
            let api = try await sam.request(
                "/api/v1/household/erase", method: .post, headers: [.init("X-CSRF-Token")!: token],
                body: #"{"confirm":"ERASE"}"#, contentType: "application/json")
            #expect(api.status == .forbidden)
            #expect(try json(api)["error"].flatMap { ($0 as? [String: Any])?["code"] as? String } == "forbidden")
            #expect(try await transactions(scope) == before)
            // Deleting the account: the page says the household stays; the email confirms.
            let page = try await sam.page("/settings/delete-account").html
            #expect(page.contains("The household and all its data stay"))
            let wrong = try await sam.submit(
                "/settings/delete-account", from: "/settings/delete-account", ["confirm": "jo@example.com"])
            #expect(wrong.status == .unprocessableContent)
            let deleted = try await sam.submit(
                "/settings/delete-account", from: "/settings/delete-account", ["confirm": "sam@example.com"])
            #expect(deleted.status == .seeOther)
            #expect(deleted.headers[.location] == "/login")
            #expect(try await world.environment.database.users.credentials(email: "sam@example.com") == nil)
            #expect(try await transactions(scope) == before)
            #expect(try await owner.page("/settings").status == .ok)
        }
    }

    @Test(
        "the API erases with {\"confirm\":\"ERASE\"}, and DELETE /me with the email takes the last member's household")
    func api() async throws {
        try await withWeb { world in
            let browser = try await world.connected("jo@example.com")
            let token = try await browser.csrfToken(on: "/settings")
            let headers: HTTPFields = [.init("X-CSRF-Token")!: token]
            let refused = try await browser.request(
                "/api/v1/household/erase", method: .post, headers: headers, body: #"{"confirm":"yes"}"#,
                contentType: "application/json")
            #expect(refused.status == .conflict)
            let erased = try json(
                try await browser.request(
                    "/api/v1/household/erase", method: .post, headers: headers, body: #"{"confirm":"ERASE"}"#,
                    contentType: "application/json"))
            #expect(((erased["erased"] as? [String: Any])?["transactions"] as? Int ?? 0) > 0)
            let household = try await world.scope(of: "jo@example.com").householdID
            let deleted = try await browser.request(
                "/api/v1/me", method: .delete, headers: headers, body: #"{"confirm":"jo@example.com"}"#,
                contentType: "application/json")
            #expect(deleted.status == .ok)
            #expect(try json(deleted)["removal"] as? String == "deleted-household")
            #expect(try await world.environment.database.households.find(household) == nil)
        }
    }
}
