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

/// A second person never reaches the first person's accounts, transactions or connections, whatever id
/// they put in a URL, a form or a JSON body.
@Suite struct HouseholdIsolationTests {
    struct Ids {
        let account: String
        let institution: String
        let transaction: String
    }

    /// Jo's ids, read straight from the store.
    func ids(of email: String, _ world: WebWorld) async throws -> Ids {
        let user = try #require(try await world.environment.database.users.credentials(email: email)).user
        let scope = Fixture.vault(world.environment.database).household(user.householdID)
        let account = try #require(try await scope.accounts.list().first).account
        let transaction = try #require(
            try await scope.transactions.list(TransactionQuery(accounts: [account.id.description])).items.first)
        return Ids(
            account: account.id.description, institution: try #require(account.institutionID).description,
            transaction: transaction.transaction.id.description)
    }

    func footprint(_ email: String, _ world: WebWorld) async throws -> (accounts: [String], transactions: Int) {
        let user = try #require(try await world.environment.database.users.credentials(email: email)).user
        let scope = Fixture.vault(world.environment.database).household(user.householdID)
        let accounts = try await scope.accounts.list(includeHidden: true).map {
            "\($0.account.id) \($0.account.netWorthCategory) \($0.account.isHidden)"
        }
        let count = try await scope.transactions.list(TransactionQuery(includeTransfers: true, pageSize: 1)).totalCount
        return (accounts, count)
    }

    @Test("pages refuse another household's ids and change nothing")
    func pages() async throws {
        try await withWeb { world in
            _ = try await world.connected("jo@example.com")
            let jo = try await ids(of: "jo@example.com", world)
            let before = try await footprint("jo@example.com", world)
            let sam = try await world.signedUp("sam@example.com")

            #expect(try await sam.page("/accounts/\(jo.account)").status == .notFound)
            let edit = try await sam.submit(
                "/accounts/\(jo.account)", from: "/settings", ["netWorthCategory": "other-assets"])
            #expect(edit.status == .notFound)
            #expect(try await sam.page("/connections/remove?institution=\(jo.institution)").status == .notFound)
            let remove = try await sam.submit(
                "/connections/remove", from: "/settings", ["institution": jo.institution, "confirm": "yes"])
            #expect(remove.status == .notFound)
            let sync = try await sam.submit("/connections/sync", from: "/settings", ["institution": jo.institution])
            #expect(sync.status == .notFound)
            let hide = try await sam.submit(
                "/onboarding/accounts", from: "/settings", ["account": jo.account, "hide": jo.account])
            #expect(hide.status == .notFound)
            let review = try await sam.submit(
                "/onboarding/review", from: "/settings", ["transaction": jo.transaction, "classification": "ignore"])
            #expect(review.status == .notFound)
            let reconnect = try await sam.submit(
                "/connections/reconnect", from: "/settings",
                ["connection": try await connectionID(of: "jo@example.com", world), "setupToken": world.setupToken])
            #expect(reconnect.status == .notFound)
            // Sam's own pages show none of Jo's data.
            let dashboard = try await sam.page("/dashboard").html
            #expect(!dashboard.contains(jo.account))
            #expect(try await sam.page("/connections").html.contains("No institutions linked yet."))

            let after = try await footprint("jo@example.com", world)
            #expect(after.accounts == before.accounts)
            #expect(after.transactions == before.transactions)
        }
    }

    func connectionID(of email: String, _ world: WebWorld) async throws -> String {
        let user = try #require(try await world.environment.database.users.credentials(email: email)).user
        let scope = Fixture.vault(world.environment.database).household(user.householdID)
        return try #require(
            try await SyncService(
                scope: scope, secrets: world.environment.secrets, client: world.environment.simpleFIN
            ).overview().first
        ).connection.id.description
    }

    @Test("a form mixing one's own ids with another household's changes nothing at all")
    func mixedIds() async throws {
        try await withWeb { world in
            _ = try await world.connected("jo@example.com")
            let jo = try await ids(of: "jo@example.com", world)
            let sam = try await world.connected("sam@example.com")
            let own = try await ids(of: "sam@example.com", world)
            let before = try await footprint("sam@example.com", world)
            let token = try await sam.csrfToken(on: "/onboarding/accounts")
            let response = try await sam.request(
                "/onboarding/accounts", method: .post,
                body: "csrf=\(token)&account=\(own.account)&hide=\(own.account)&account=\(jo.account)")
            #expect(response.status == .notFound)
            #expect(try await footprint("sam@example.com", world).accounts == before.accounts)
        }
    }

    @Test("the API refuses another household's ids and changes nothing")
    func api() async throws {
        try await withWeb { world in
            _ = try await world.connected("jo@example.com")
            let jo = try await ids(of: "jo@example.com", world)
            let before = try await footprint("jo@example.com", world)
            let signup = try await world.client.execute(
                uri: "/api/v1/auth/signup", method: .post, headers: [.contentType: "application/json"],
                body: ByteBuffer(string: #"{"email":"sam@example.com","password":"sam's long password"}"#))
            let token = try #require(try json(signup)["token"] as? String)
            let auth: HTTPFields = [.authorization: "Bearer \(token)", .contentType: "application/json"]
            func call(_ method: HTTPRequest.Method, _ uri: String, _ body: String? = nil) async throws -> TestResponse {
                try await world.client.execute(
                    uri: uri, method: method, headers: auth, body: body.map { ByteBuffer(string: $0) })
            }
            #expect(try await call(.get, "/api/v1/accounts/\(jo.account)").status == .notFound)
            #expect(
                try await call(.patch, "/api/v1/accounts/\(jo.account)", #"{"hidden":true}"#).status == .notFound)
            #expect(try await call(.post, "/api/v1/institutions/\(jo.institution)/sync").status == .notFound)
            #expect(try await call(.delete, "/api/v1/institutions/\(jo.institution)?confirm=true").status == .notFound)
            #expect(
                try await call(
                    .post, "/api/v1/transactions/\(jo.transaction)/classification", #"{"classification":"ignore"}"#
                ).status == .notFound)
            #expect(try jsonArray(try await call(.get, "/api/v1/accounts")).isEmpty)
            #expect(try jsonArray(try await call(.get, "/api/v1/connections")).isEmpty)
            let review = try json(try await call(.get, "/api/v1/onboarding/review"))
            #expect((review["transfers"] as? [Any])?.isEmpty == true)

            let after = try await footprint("jo@example.com", world)
            #expect(after.accounts == before.accounts)
            #expect(after.transactions == before.transactions)
        }
    }
}
