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

/// `POST /api/v1/accounts/{id}/import`: preview, import, re-import, mapping in the query, and every refusal.
@Suite struct BankImportAPITests {
    static let csv = "Date;Description;Amount\n05/11/2026;CAFE LUNA;-4,50\n06/11/2026;BOOKSHOP;(20,00)\n"

    func person(
        _ world: WebWorld, _ email: String
    ) async throws -> (token: String, scope: HouseholdScope, account: String) {
        let response = try await world.client.execute(
            uri: "/api/v1/auth/signup", method: .post, headers: [.contentType: "application/json"],
            body: ByteBuffer(string: #"{"email":"\#(email)","password":"correct horse battery"}"#))
        let token = try #require(try json(response)["token"] as? String)
        let user = try #require(try await world.environment.database.users.credentials(email: email)).user
        let scope = Fixture.vault(world.environment.database).household(user.householdID)
        let account = try await scope.accounts.add(.init(name: "Giro", kind: "checking"))
        return (token, scope, account.id.description)
    }

    func post(
        _ world: WebWorld, _ uri: String, token: String, _ body: Data, contentType: String = "text/csv"
    ) async throws -> TestResponse {
        try await world.client.execute(
            uri: uri, method: .post, headers: [.authorization: "Bearer \(token)", .contentType: contentType],
            body: ByteBuffer(bytes: body))
    }

    @Test("a preview writes nothing; the import adds both rows; importing again adds none")
    func previewImportAgain() async throws {
        try await withWeb { world in
            let jo = try await person(world, "jo@example.com")
            let uri = "/api/v1/accounts/\(jo.account)/import?format=csv"
            let preview = try await post(world, uri + "&preview=true", token: jo.token, Data(Self.csv.utf8))
            #expect(preview.status == .ok)
            let previewed = try json(preview)
            #expect(previewed["added"] as? Int == 2)
            #expect(previewed["preview"] as? Bool == true)
            let mapping = try #require(previewed["mapping"] as? [String: Any])
            #expect(mapping["dateFormat"] as? String == "DD/MM/YYYY")
            #expect(mapping["decimal"] as? String == "comma")
            let rows = try #require(previewed["rows"] as? [[String: Any]])
            #expect(rows.map { $0["amount"] as? String } == ["-4.50", "-20.00"])
            #expect(try await jo.scope.transactions.list(TransactionQuery()).totalCount == 0)

            let imported = try json(try await post(world, uri, token: jo.token, Data(Self.csv.utf8)))
            #expect(imported["added"] as? Int == 2)
            let again = try json(try await post(world, uri, token: jo.token, Data(Self.csv.utf8)))
            #expect(again["added"] as? Int == 0)
            #expect(again["skipped"] as? Int == 2)
        }
    }

    @Test("mapping fields in the query change the guess: month-first dates")
    func mappingInQuery() async throws {
        try await withWeb { world in
            let jo = try await person(world, "jo@example.com")
            let body = Data("Date,Description,Amount\n01/02/2026,Tea,-1.00\n".utf8)
            let response = try await post(
                world, "/api/v1/accounts/\(jo.account)/import?preview=true&format=csv&dateFormat=MM/DD/YYYY",
                token: jo.token, body)
            let rows = try #require(try json(response)["rows"] as? [[String: Any]])
            #expect(rows.first?["date"] as? String == "2026-01-02")
            let bad = try await post(
                world, "/api/v1/accounts/\(jo.account)/import?format=csv&amountColumn=zero", token: jo.token, body)
            #expect(bad.status == .unprocessableContent)
        }
    }

    @Test("not OFX, a broken CSV row, another household's account and an oversized body are refused")
    func refusals() async throws {
        try await withWeb { world in
            let jo = try await person(world, "jo@example.com")
            let kim = try await person(world, "kim@example.com")
            let notOFX = try await post(
                world, "/api/v1/accounts/\(jo.account)/import?format=ofx", token: jo.token, Data("hello".utf8))
            #expect(notOFX.status == .unprocessableContent)
            #expect(String(buffer: notOFX.body).contains("This is not an OFX file"))
            let broken = try await post(
                world, "/api/v1/accounts/\(jo.account)/import", token: jo.token,
                Data("Date,Description,Amount\n2026-11-05,Tea,-1\n2026-11-06,Cake,x\n".utf8))
            #expect(broken.status == .unprocessableContent)
            #expect(String(buffer: broken.body).contains("Line 3, column 'Amount'"))
            let theirs = try await post(
                world, "/api/v1/accounts/\(kim.account)/import?format=csv", token: jo.token, Data(Self.csv.utf8))
            #expect(theirs.status == .notFound)
            let huge = try await post(
                world, "/api/v1/accounts/\(jo.account)/import?format=csv", token: jo.token,
                Data(count: BankFileFormat.maximumBytes + ReceiptLimits.overhead + 1))
            #expect(huge.status == .contentTooLarge)
            #expect(try await jo.scope.transactions.list(TransactionQuery()).totalCount == 0)
        }
    }

    @Test("the OpenAPI document describes the import")
    func documented() async throws {
        try await withWeb { world in
            let yaml = String(buffer: try await world.client.execute(uri: "/api/v1/openapi.yaml", method: .get).body)
            #expect(yaml.contains("  /accounts/{id}/import:\n    post:"))
            #expect(yaml.contains("    BankImport:\n      type: object"))
            #expect(yaml.contains("\"413\""))
        }
    }
}

/// The multipart overhead the upload routes allow beyond a file (`ReceiptUpload.multipartOverhead`).
enum ReceiptLimits {
    static let overhead = 16 * 1024
}
