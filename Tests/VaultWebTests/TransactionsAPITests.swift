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

/// Creating, changing and deleting transactions with every field through the API (issue 16).
@Suite struct TransactionsAPITests {
    let api = APIControllerTests()

    func send(
        _ world: WebWorld, _ method: HTTPRequest.Method, _ uri: String, _ body: String? = nil, token: String
    ) async throws -> TestResponse {
        var headers: HTTPFields = [.authorization: "Bearer \(token)"]
        if body != nil { headers[.contentType] = "application/json" }
        return try await world.client.execute(
            uri: uri, method: method, headers: headers, body: body.map { ByteBuffer(string: $0) })
    }

    func wallet(_ world: WebWorld, email: String = "jo@example.com") async throws {
        let scope = try await world.scope(of: email)
        _ = try await scope.accounts.add(.init(name: "Wallet", kind: "cash", balance: "100"))
    }

    @Test("create with every field, change them, delete with its receipts")
    func roundTrip() async throws {
        try await withWeb { world in
            let token = try await api.token(world)
            try await wallet(world)
            let created = try await send(
                world, .post, "/api/v1/transactions",
                #"""
                {"amount":"-12.50","account":"Wallet","date":"2026-11-03","category":"Dining","description":"Lunch",
                 "payee":"Deli","tags":["Work"," Team Lunch "],"notes":"with Sam","payment":"unpaid",
                 "reimbursement":"reimbursed","excluded":false}
                """#, token: token)
            #expect(created.status == .created)
            let body = try json(created)
            let id = try #require(body["id"] as? String)
            #expect(body["amount"] as? String == "-12.50")
            #expect(body["tags"] as? [String] == ["work", "team lunch"])
            #expect(body["payment"] as? String == "unpaid" && body["reimbursement"] as? String == "reimbursed")
            #expect(body["category"] as? String == "Dining")

            let changed = try await send(
                world, .patch, "/api/v1/transactions/\(id)",
                #"{"amount":"-15","tags":"coffee","payment":"","excluded":true}"#, token: token)
            #expect(changed.status == .ok)
            let after = try json(changed)
            #expect(after["amount"] as? String == "-15.00")
            #expect(after["tags"] as? [String] == ["coffee"])
            #expect(after["payment"] == nil || after["payment"] is NSNull)
            #expect(after["reimbursement"] as? String == "reimbursed")
            #expect(after["excluded"] as? Bool == true)
            #expect(after["notes"] as? String == "with Sam")

            let receipt = try await world.client.execute(
                uri: "/api/v1/transactions/\(id)/receipts?name=till.png", method: .post,
                headers: [.authorization: "Bearer \(token)", .contentType: "image/png"],
                body: ByteBuffer(bytes: SampleFiles.png()))
            #expect(receipt.status == .created)
            let deleted = try await send(world, .delete, "/api/v1/transactions/\(id)", token: token)
            #expect(deleted.status == .ok)
            #expect(try json(deleted)["receiptsDeleted"] as? Int == 1)
            #expect(
                try await send(world, .get, "/api/v1/transactions/\(id)/receipts", token: token).status == .notFound)
        }
    }

    @Test("a refused entry names every problem and writes nothing; another household's transaction is 404")
    func refused() async throws {
        try await withWeb { world in
            let token = try await api.token(world)
            try await wallet(world)
            let bad = try await send(
                world, .post, "/api/v1/transactions",
                #"{"amount":"12.3.4","account":"Wallet","date":"2026-02-30","category":"Nope","payment":"maybe"}"#,
                token: token)
            #expect(bad.status == .unprocessableContent)
            let text = String(buffer: bad.body)
            for field in ["amount", "date", "category", "payment"] {
                #expect(text.contains(#""\#(field)""#), "\(field)")
            }
            let missing = try await send(world, .post, "/api/v1/transactions", #"{"notes":"x"}"#, token: token)
            #expect(missing.status == .unprocessableContent)
            let list = try json(try await send(world, .get, "/api/v1/transactions?transfers=true", token: token))
            #expect(list["totalCount"] as? Int == 0)

            let created = try await send(
                world, .post, "/api/v1/transactions", #"{"amount":"-1","account":"Wallet"}"#, token: token)
            let id = try #require(try json(created)["id"] as? String)
            let other = try await api.token(world, "mallory@example.com")
            #expect(
                try await send(world, .patch, "/api/v1/transactions/\(id)", #"{"notes":"mine"}"#, token: other).status
                    == .notFound)
            #expect(try await send(world, .delete, "/api/v1/transactions/\(id)", token: other).status == .notFound)
        }
    }

    @Test(
        "text with a direction override or a zero-width space is refused with the field named; a joined emoji stays",
        arguments: ["Coffee\u{202E}gpj.exe", "Cof\u{200B}fee", "\u{2067}Rent\u{2069}", "Tea\u{FEFF}"])
    func invisibleCharacters(_ description: String) async throws {
        try await withWeb { world in
            let token = try await api.token(world)
            try await wallet(world)
            for field in ["description", "payee", "notes"] {
                let body = try String(
                    decoding: JSONSerialization.data(withJSONObject: [
                        "amount": "-4.50", "account": "Wallet", field: description,
                    ]), as: UTF8.self)
                let refused = try await send(world, .post, "/api/v1/transactions", body, token: token)
                #expect(refused.status == .unprocessableContent, "\(field)")
                let text = String(buffer: refused.body)
                #expect(text.contains(#""\#(field)""#) && text.contains("invisible character"), "\(text)")
            }
            let list = try json(try await send(world, .get, "/api/v1/transactions?transfers=true", token: token))
            #expect(list["totalCount"] as? Int == 0)
            let family = try await send(
                world, .post, "/api/v1/transactions",
                #"{"amount":"-4.50","account":"Wallet","notes":"Zoo with \u200d: 👨‍👩‍👧"}"#, token: token)
            #expect(family.status == .created)
        }
    }

    @Test("an amount with a comma is refused with a 422 that says the API takes plain decimals; nothing is written")
    func groupedAmount() async throws {
        try await withWeb { world in
            let token = try await api.token(world)
            try await wallet(world)
            for amount in ["1,000.00", "-1,000", "1,50"] {
                let refused = try await send(
                    world, .post, "/api/v1/transactions", #"{"amount":"\#(amount)","account":"Wallet"}"#, token: token)
                #expect(refused.status == .unprocessableContent, "\(amount)")
                #expect(String(buffer: refused.body).contains("plain decimal strings"), "\(amount)")
            }
            let list = try json(try await send(world, .get, "/api/v1/transactions?transfers=true", token: token))
            #expect(list["totalCount"] as? Int == 0)
            let created = try await send(
                world, .post, "/api/v1/transactions", #"{"amount":"-1000.00","account":"Wallet"}"#, token: token)
            let id = try #require(try json(created)["id"] as? String)
            let patched = try await send(
                world, .patch, "/api/v1/transactions/\(id)", #"{"amount":"-2,000.00"}"#, token: token)
            #expect(patched.status == .unprocessableContent)
            let kept = try json(try await send(world, .get, "/api/v1/transactions?transfers=true", token: token))
            let items = try #require(kept["items"] as? [[String: Any]])
            #expect(items.map { $0["amount"] as? String } == ["-1000.00"], "\(kept)")
        }
    }
}
