import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing
import VaultCore
import VaultServices
import VaultStore
import VaultTestSupport
import VaultWeb

/// Tags and flags through the API: the transaction list's `tag`, `payment` and `reimbursement` parameters,
/// `GET /api/v1/tags`, and the month report by tag.
@Suite struct TagsAndFlagsAPITests {
    /// A person signed up through the API, with a Wallet holding four expenses tagged and flagged differently
    /// (one a day from 2026-11-11, in the fixture's current month).
    func person(_ world: WebWorld) async throws -> String {
        let response = try await world.client.execute(
            uri: "/api/v1/auth/signup", method: .post, headers: [.contentType: "application/json"],
            body: ByteBuffer(string: #"{"email":"tags@example.com","password":"correct horse battery"}"#))
        #expect(response.status == .created)
        let token = try #require(try json(response)["token"] as? String)
        let user = try #require(try await world.environment.database.users.credentials(email: "tags@example.com"))
            .user
        let scope = Fixture.vault(world.environment.database).household(user.householdID)
        _ = try await scope.accounts.add(.init(name: "Wallet", kind: "cash", balance: "500.00"))
        for ((amount, description, tags, payment, reimbursement), date) in [
            ("-1.00", "Coffee", "coffee", "paid", ""),
            ("-2.00", "Client lunch", "work, lunch", "unpaid", "unreimbursed"),
            ("-3.00", "Taxi", "work, travel", "", "reimbursed"),
            ("-4.00", "Groceries", "", "", ""),
        ].enumerated().map({ ($0.element, "2026-11-1\($0.offset + 1)") }) {
            _ = try await scope.transactions.add(
                TransactionInput(
                    amount: amount, account: "Wallet", date: date, description: description, tags: tags,
                    payment: payment, reimbursement: reimbursement))
        }
        return token
    }

    func get(_ world: WebWorld, _ uri: String, token: String) async throws -> TestResponse {
        try await world.client.execute(uri: uri, method: .get, headers: [.authorization: "Bearer \(token)"])
    }

    /// The descriptions of a transaction list, in the list's order.
    func descriptions(_ world: WebWorld, _ query: String, token: String) async throws -> [String] {
        let response = try await get(world, "/api/v1/transactions?sort=asc&" + query, token: token)
        #expect(response.status == .ok)
        let items = try #require(try json(response)["items"] as? [[String: Any]])
        return items.compactMap { $0["description"] as? String }
    }

    @Test("the list filters by any of several tags and by each flag, none meaning not set")
    func listFilters() async throws {
        try await withWeb { world in
            let token = try await person(world)
            #expect(try await descriptions(world, "tag=coffee&tag=travel", token: token) == ["Coffee", "Taxi"])
            #expect(try await descriptions(world, "tag=Work", token: token) == ["Client lunch", "Taxi"])
            #expect(try await descriptions(world, "payment=unpaid", token: token) == ["Client lunch"])
            #expect(try await descriptions(world, "payment=none", token: token) == ["Taxi", "Groceries"])
            #expect(try await descriptions(world, "reimbursement=none", token: token) == ["Coffee", "Groceries"])
            #expect(
                try await descriptions(world, "tag=work&payment=none&reimbursement=reimbursed", token: token) == [
                    "Taxi"
                ])
            #expect(try await descriptions(world, "payment=&reimbursement=", token: token).count == 4)
        }
    }

    @Test("each transaction carries its tags and flags")
    func transactionJSON() async throws {
        try await withWeb { world in
            let token = try await person(world)
            let response = try await get(world, "/api/v1/transactions?tag=lunch", token: token)
            let item = try #require((try json(response)["items"] as? [[String: Any]])?.first)
            #expect(item["tags"] as? [String] == ["work", "lunch"])
            #expect(item["payment"] as? String == "unpaid")
            #expect(item["reimbursement"] as? String == "unreimbursed")
        }
    }

    @Test("an unknown flag value is refused with 422, naming the accepted values")
    func unknownFlag() async throws {
        try await withWeb { world in
            let token = try await person(world)
            let response = try await get(world, "/api/v1/transactions?payment=later&reimbursement=yes", token: token)
            #expect(response.status == .unprocessableContent)
            let problems = try #require(
                (try json(response)["error"] as? [String: Any])?["problems"] as? [[String: Any]])
            let messages = Dictionary(
                uniqueKeysWithValues: problems.compactMap { problem in
                    (problem["field"] as? String).map { ($0, problem["message"] as? String ?? "") }
                })
            #expect(messages.keys.sorted() == ["payment", "reimbursement"])
            #expect(messages["payment"]?.contains("paid, unpaid or none") == true)
            #expect(messages["reimbursement"]?.contains("reimbursed, unreimbursed or none") == true)
        }
    }

    @Test("/api/v1/tags lists every tag with its count, most used first, then by name")
    func tags() async throws {
        try await withWeb { world in
            let token = try await person(world)
            let response = try await get(world, "/api/v1/tags", token: token)
            #expect(response.status == .ok)
            let tags = try jsonArray(response).map { "\($0["tag"] as? String ?? "?") \($0["count"] as? Int ?? -1)" }
            #expect(tags == ["work 2", "coffee 1", "lunch 1", "travel 1"])
            let anonymous = try await world.client.execute(uri: "/api/v1/tags", method: .get)
            #expect(anonymous.status == .unauthorized)
        }
    }

    @Test("the month report takes tags: only tagged spending counts")
    func monthByTag() async throws {
        try await withWeb { world in
            let token = try await person(world)
            func spending(_ query: String) async throws -> String? {
                let response = try await get(world, "/api/v1/reports/month?month=2026-11" + query, token: token)
                #expect(response.status == .ok)
                return try json(response)["spending"] as? String
            }
            #expect(try await spending("") == "10.00")
            #expect(try await spending("&tag=work") == "5.00")
            #expect(try await spending("&tag=coffee&tag=travel") == "4.00")
        }
    }
}
