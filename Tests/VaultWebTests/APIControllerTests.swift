import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import VaultCore
import VaultWeb

@Suite struct APIControllerTests {
    static let jsonHeaders: HTTPFields = [.contentType: "application/json"]

    func post(_ world: WebWorld, _ uri: String, _ body: String, token: String? = nil) async throws -> TestResponse {
        var headers = Self.jsonHeaders
        if let token { headers[.authorization] = "Bearer \(token)" }
        return try await world.client.execute(uri: uri, method: .post, headers: headers, body: ByteBuffer(string: body))
    }

    func get(_ world: WebWorld, _ uri: String, token: String?) async throws -> TestResponse {
        try await world.client.execute(
            uri: uri, method: .get, headers: token.map { [.authorization: "Bearer \($0)"] } ?? [:])
    }

    func token(_ world: WebWorld, _ email: String = "jo@example.com") async throws -> String {
        let response = try await post(
            world, "/api/v1/auth/signup", #"{"email":"\#(email)","password":"correct horse battery"}"#)
        #expect(response.status == .created)
        return try #require(try json(response)["token"] as? String)
    }

    @Test("/api/v1/info identifies the server without signing in")
    func info() async throws {
        try await withWeb { world in
            let response = try await get(world, "/api/v1/info", token: nil)
            #expect(response.status == .ok)
            let body = try json(response)
            #expect(body["name"] as? String == "GhostVault")
            #expect(body["apiVersion"] as? String == "v1")
        }
    }

    @Test("signing in returns a bearer token that reads the person's data; a wrong password does not")
    func logIn() async throws {
        try await withWeb { world in
            _ = try await token(world)
            let wrong = try await post(
                world, "/api/v1/auth/login", #"{"email":"jo@example.com","password":"nope nope"}"#)
            #expect(wrong.status == .unauthorized)
            #expect(try json(wrong)["error"].flatMap { ($0 as? [String: Any])?["code"] as? String } == "unauthorized")
            let right = try await post(
                world, "/api/v1/auth/login", #"{"email":"jo@example.com","password":"correct horse battery"}"#)
            #expect(right.status == .ok)
            let token = try #require(try json(right)["token"] as? String)
            let me = try await get(world, "/api/v1/me", token: token)
            #expect(try json(me)["email"] as? String == "jo@example.com")
            let logout = try await post(world, "/api/v1/auth/logout", "", token: token)
            #expect(logout.status == .noContent)
            #expect(try await get(world, "/api/v1/me", token: token).status == .unauthorized)
        }
    }

    @Test("requests without a valid token are refused with a JSON error", arguments: [nil, "made-up", ""])
    func unauthorized(token: String?) async throws {
        try await withWeb { world in
            for uri in [
                "/api/v1/me", "/api/v1/dashboard", "/api/v1/accounts", "/api/v1/connections", "/api/v1/networth",
            ] {
                let response = try await get(world, uri, token: token)
                #expect(response.status == .unauthorized, "\(uri)")
                #expect(response.headers[.wwwAuthenticate] != nil)
            }
        }
    }

    @Test("a browser session cookie is not a bearer token, and an API token is not a cookie")
    func sessionKinds() async throws {
        try await withWeb { world in
            let browser = try await world.signedUp("jo@example.com")
            let cookie = try #require(browser.cookie("gv_session"))
            #expect(try await get(world, "/api/v1/me", token: cookie).status == .unauthorized)
            let token = try await self.token(world, "sam@example.com")
            let page = try await world.client.execute(
                uri: "/dashboard", method: .get, headers: [.cookie: "gv_session=\(token)"])
            #expect(page.status == .seeOther)
        }
    }

    @Test("the dashboard's answer is kept until the household changes, and its ETag answers If-None-Match")
    func dashboardKept() async throws {
        try await withWeb { world in
            let token = try await token(world)
            let connected = try await post(
                world, "/api/v1/connections", #"{"setupToken":"\#(world.setupToken)"}"#, token: token)
            #expect(connected.status == .created)
            let first = try await get(world, "/api/v1/dashboard", token: token)
            let tag = try #require(first.headers[.eTag])
            let again = try await get(world, "/api/v1/dashboard", token: token)
            #expect(again.headers[.eTag] == tag)
            #expect(again.body == first.body)
            let asked = try await world.client.execute(
                uri: "/api/v1/dashboard", method: .get, headers: [.authorization: "Bearer \(token)", .ifNoneMatch: tag])
            #expect(asked.status == .notModified)
            #expect(asked.body.readableBytes == 0)

            // A sync spends a request: the kept answer is not served again, and the old tag no longer matches.
            let left = try #require((try json(first)["sync"] as? [String: Any])?["requestsLeftToday"] as? Int)
            #expect(try await post(world, "/api/v1/sync", "", token: token).status == .ok)
            let afterSync = try await world.client.execute(
                uri: "/api/v1/dashboard", method: .get, headers: [.authorization: "Bearer \(token)", .ifNoneMatch: tag])
            #expect(afterSync.status == .ok)
            #expect(afterSync.headers[.eTag] != tag)
            #expect((try json(afterSync)["sync"] as? [String: Any])?["requestsLeftToday"] as? Int == left - 1)

            // Another month is another answer; another household never gets this one.
            let october = try await get(world, "/api/v1/dashboard?month=2026-10", token: token)
            #expect(october.headers[.eTag] != afterSync.headers[.eTag])
            #expect((try json(october)["selectedMonth"] as? [String: Any])?["month"] as? String == "2026-10")
            let other = try await self.token(world, "sam@example.com")
            let theirs = try json(try await get(world, "/api/v1/dashboard", token: other))
            let totals = (theirs["netWorth"] as? [String: Any])?["totals"] as? [String: Any]
            #expect(totals?["accountCount"] as? Int == 0)
            #expect(((theirs["sync"] as? [String: Any])?["connections"] as? [Any])?.isEmpty == true)
        }
    }

    @Test("bad bodies get 400 or 422 with what to fix")
    func badBodies() async throws {
        try await withWeb { world in
            let malformed = try await post(world, "/api/v1/auth/login", "{not json")
            #expect(malformed.status == .badRequest)
            let missing = try await post(world, "/api/v1/auth/login", #"{"email":"a@b.co"}"#)
            #expect(missing.status == .badRequest)
            #expect(String(buffer: missing.body).contains("password"))
            let invalid = try await post(world, "/api/v1/auth/signup", #"{"email":"nope","password":"x"}"#)
            #expect(invalid.status == .unprocessableContent)
            let problems = try #require((try json(invalid)["error"] as? [String: Any])?["problems"] as? [[String: Any]])
            #expect(Set(problems.compactMap { $0["field"] as? String }) == ["email", "password"])
        }
    }

    @Test("connecting, syncing, the dashboard, accounts and removal work through the API")
    func connectAndRead() async throws {
        try await withWeb { world in
            let token = try await token(world)
            let refused = try await post(world, "/api/v1/connections", #"{"setupToken":"garbage"}"#, token: token)
            #expect(refused.status == .unprocessableContent)
            let connected = try await post(
                world, "/api/v1/connections", #"{"setupToken":"\#(world.setupToken)"}"#, token: token)
            #expect(connected.status == .created)
            #expect((try json(connected)["transactionsAdded"] as? Int ?? 0) > 100)

            let dashboard = try json(try await get(world, "/api/v1/dashboard", token: token))
            let netWorth = try #require(dashboard["netWorth"] as? [String: Any])
            #expect(netWorth["totals"] != nil)
            #expect((dashboard["layout"] as? [String])?.first == "income-vs-spending")
            let sync = try #require(dashboard["sync"] as? [String: Any])
            #expect(sync["requestsPerDay"] as? Int == 24)

            let accounts = try jsonArray(try await get(world, "/api/v1/accounts", token: token))
            let account = try #require(accounts.first?["id"] as? String)
            let detail = try json(try await get(world, "/api/v1/accounts/\(account)", token: token))
            #expect((detail["recentTransactions"] as? [Any])?.isEmpty == false)
            let patch = try await world.client.execute(
                uri: "/api/v1/accounts/\(account)", method: .patch,
                headers: [.authorization: "Bearer \(token)", .contentType: "application/json"],
                body: ByteBuffer(string: #"{"netWorthCategory":"investments"}"#))
            #expect(try json(patch)["netWorthCategory"] as? String == "investments")
            let badPatch = try await world.client.execute(
                uri: "/api/v1/accounts/\(account)", method: .patch,
                headers: [.authorization: "Bearer \(token)", .contentType: "application/json"],
                body: ByteBuffer(string: #"{"netWorthCategory":"gold"}"#))
            #expect(badPatch.status == .unprocessableContent)

            let history = try await get(world, "/api/v1/networth?history=1M", token: token)
            #expect((try json(history)["points"] as? [Any])?.count ?? 0 > 27)
            #expect(try await get(world, "/api/v1/networth?history=2W", token: token).status == .unprocessableContent)
            let custom = try await get(world, "/api/v1/networth?from=2026-10-01&to=2026-10-31", token: token)
            #expect((try json(custom)["points"] as? [Any])?.count == 31)
            #expect(try await get(world, "/api/v1/reports/month?month=2026-10", token: token).status == .ok)

            let again = try await post(world, "/api/v1/sync", "", token: token)
            #expect(again.status == .ok)
            let connections = try jsonArray(try await get(world, "/api/v1/connections", token: token))
            let institution = try #require(
                (connections.first?["institutions"] as? [[String: Any]])?.first?["id"] as? String)
            #expect(try await post(world, "/api/v1/institutions/\(institution)/sync", "", token: token).status == .ok)
            let unconfirmed = try await world.client.execute(
                uri: "/api/v1/institutions/\(institution)", method: .delete,
                headers: [.authorization: "Bearer \(token)"])
            #expect(unconfirmed.status == .conflict)
            let removed = try await world.client.execute(
                uri: "/api/v1/institutions/\(institution)?confirm=true", method: .delete,
                headers: [.authorization: "Bearer \(token)"])
            #expect(removed.status == .ok)
            #expect((try json(removed)["accounts"] as? Int ?? 0) > 0)
        }
    }

    @Test("preferences and the review's corrections save through the API")
    func preferencesAndReview() async throws {
        try await withWeb { world in
            let token = try await token(world)
            _ = try await post(world, "/api/v1/connections", #"{"setupToken":"\#(world.setupToken)"}"#, token: token)
            let patch = try await world.client.execute(
                uri: "/api/v1/me", method: .patch,
                headers: [.authorization: "Bearer \(token)", .contentType: "application/json"],
                body: ByteBuffer(string: #"{"theme":"dark","onboarded":true}"#))
            #expect(try json(patch)["theme"] as? String == "dark")
            #expect(try json(patch)["onboarded"] as? Bool == true)
            let badTheme = try await world.client.execute(
                uri: "/api/v1/me", method: .patch,
                headers: [.authorization: "Bearer \(token)", .contentType: "application/json"],
                body: ByteBuffer(string: #"{"theme":"purple"}"#))
            #expect(badTheme.status == .unprocessableContent)
            let review = try json(try await get(world, "/api/v1/onboarding/review", token: token))
            let paycheck = try #require((review["paychecks"] as? [[String: Any]])?.first?["id"] as? String)
            let changed = try await post(
                world, "/api/v1/transactions/\(paycheck)/classification", #"{"classification":"ignore"}"#, token: token)
            #expect(try json(changed)["classification"] as? String == "ignore")
            let unknown = try await post(
                world, "/api/v1/transactions/\(UUID().uuidString)/classification", #"{"classification":"ignore"}"#,
                token: token)
            #expect(unknown.status == .notFound)
        }
    }
}
