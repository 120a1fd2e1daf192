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

    @Test("money out positive, a type column and notes in the query; the sign in words; UTF-16 and a chosen encoding")
    func readRight() async throws {
        try await withWeb { world in
            let jo = try await person(world, "jo@example.com")
            let base = "/api/v1/accounts/\(jo.account)/import?preview=true"
            let card = Data("Date,Description,Amount\n2026-11-05,GROCER,54.20\n2026-11-20,PAYMENT,-94.20\n".utf8)
            let flipped = try json(try await post(world, base + "&moneyOut=positive", token: jo.token, card))
            let rows = try #require(flipped["rows"] as? [[String: Any]])
            #expect(rows.map { $0["amount"] as? String } == ["-54.20", "94.20"])
            #expect((flipped["sign"] as? String)?.hasPrefix("Purchases are written as positive numbers") == true)
            #expect((flipped["mapping"] as? [String: Any])?["moneyOut"] as? String == "positive")
            let mint = Data("Date,Text,Amount,Kind,Notes\n2026-11-05,,4.50,DR,coffee\n2026-11-06,PAY,10.00,CR,\n".utf8)
            let typed = try json(
                try await post(
                    world, base + "&amountColumn=3&typeColumn=4&descriptionColumn=2&memoColumn=5", token: jo.token, mint
                ))
            let typedRows = try #require(typed["rows"] as? [[String: Any]])
            #expect(typedRows.map { $0["amount"] as? String } == ["-4.50", "10.00"])
            #expect(typedRows.map { $0["description"] as? String } == ["coffee", "PAY"])
            // UTF-16 little-endian without a byte order mark, as a spreadsheet's "Unicode text" saves it
            var utf16: [UInt8] = []
            for unit in "Date\tDescription\tAmount\n2026-11-05\tCafé\t-4.50\n".utf16 {
                utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)]
            }
            let unicode = try json(try await post(world, base, token: jo.token, Data(utf16)))
            #expect(unicode["encoding"] as? String == "utf-16le")
            #expect((unicode["rows"] as? [[String: Any]])?.first?["description"] as? String == "Café")
            // Bytes that read as Chinese or Korean: refused until the encoding is chosen
            let ambiguous = Data(
                Array("Date,Description,Amount\n2026-11-05,".utf8) + [0xC4, 0xE3, 0xBA, 0xC3] + Array(",-1\n".utf8))
            let refused = try await post(world, base, token: jo.token, ambiguous)
            #expect(refused.status == .unprocessableContent)
            #expect(String(buffer: refused.body).contains("encoding"))
            let chosen = try json(try await post(world, base + "&encoding=gb18030", token: jo.token, ambiguous))
            #expect((chosen["rows"] as? [[String: Any]])?.first?["description"] as? String == "你好")
        }
    }
}

/// The multipart overhead the upload routes allow beyond a file (`ReceiptUpload.multipartOverhead`).
enum ReceiptLimits {
    static let overhead = 16 * 1024
}
