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

/// The receipts API: upload (multipart and raw), list, download with its headers, delete; and every refusal
/// leaves nothing behind.
@Suite struct ReceiptsAPITests {
    static let sandbox = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox"

    /// A person signed up through the API, with a Wallet and one expense in it.
    struct Person {
        let token: String
        let household: Household.ID
        let transaction: String
    }

    func person(_ world: WebWorld, _ email: String) async throws -> Person {
        let response = try await world.client.execute(
            uri: "/api/v1/auth/signup", method: .post, headers: [.contentType: "application/json"],
            body: ByteBuffer(string: #"{"email":"\#(email)","password":"correct horse battery"}"#))
        #expect(response.status == .created)
        let token = try #require(try json(response)["token"] as? String)
        let user = try #require(try await world.environment.database.users.credentials(email: email)).user
        let scope = Fixture.vault(world.environment.database).household(user.householdID)
        _ = try await scope.accounts.add(.init(name: "Wallet", kind: "cash", balance: "50.00"))
        let listed = try await scope.transactions.add(
            TransactionInput(amount: "-4.20", account: "Wallet", payee: "Corner Cafe"))
        return Person(token: token, household: user.householdID, transaction: listed.transaction.id.description)
    }

    func send(
        _ world: WebWorld, _ uri: String, method: HTTPRequest.Method = .get, token: String,
        contentType: String? = nil, body: ByteBuffer? = nil
    ) async throws -> TestResponse {
        var headers: HTTPFields = [.authorization: "Bearer \(token)"]
        if let contentType { headers[.contentType] = contentType }
        return try await world.client.execute(uri: uri, method: method, headers: headers, body: body)
    }

    func upload(_ world: WebWorld, _ person: Person, _ body: ReceiptUploadBody) async throws -> TestResponse {
        try await send(
            world, "/api/v1/transactions/\(person.transaction)/receipts", method: .post, token: person.token,
            contentType: ReceiptUploadBody.contentType, body: body.buffer)
    }

    /// The household's change-log length and receipt count: both stay put when an upload is refused.
    func footprint(_ world: WebWorld, _ person: Person) async throws -> (changes: Int, receipts: Int) {
        let changes = try await world.environment.database.read(household: person.household) {
            try await $0.changes(limit: 100_000).count
        }
        let receipts = try await Fixture.vault(world.environment.database).household(person.household).receipts
            .count(of: person.transaction)
        return (changes, receipts)
    }

    func errorCode(_ response: TestResponse) throws -> (code: String?, message: String?) {
        let error = try json(response)["error"] as? [String: Any]
        return (error?["code"] as? String, error?["message"] as? String)
    }

    @Test("a JPEG (multipart) and a PNG (raw body) are uploaded, listed, served with their headers, and deleted")
    func roundTrip() async throws {
        try await withWeb { world in
            let jo = try await person(world, "jo@example.com")
            // When a JPEG is posted as a form and a PNG as the raw body
            let jpeg = try await upload(world, jo, .file("IMG 1.jpg", "image/jpeg", SampleFiles.jpeg()))
            #expect(jpeg.status == .created)
            let jpegView = try json(jpeg)
            #expect(jpegView["contentType"] as? String == "image/jpeg")
            #expect(jpegView["fileName"] as? String == "IMG 1.jpg")
            #expect(jpegView["byteSize"] as? Int == SampleFiles.jpeg().count)
            let jpegID = try #require(jpegView["id"] as? String)
            #expect(jpeg.headers[.location] == "/api/v1/receipts/\(jpegID)")
            let png = try await send(
                world, "/api/v1/transactions/\(jo.transaction)/receipts?name=scan.png", method: .post,
                token: jo.token, contentType: "image/png", body: ByteBuffer(bytes: SampleFiles.png()))
            #expect(png.status == .created)
            let pngID = try #require(try json(png)["id"] as? String)

            // Then both are listed (oldest first; the test clock stands still, so in the order of their ids)
            let list = try await send(world, "/api/v1/transactions/\(jo.transaction)/receipts", token: jo.token)
            #expect(list.status == .ok)
            #expect(try jsonArray(list).compactMap { $0["id"] as? String } == [jpegID, pngID].sorted())
            let names = Dictionary(
                uniqueKeysWithValues: try jsonArray(list).map { ($0["id"] as? String ?? "", $0["fileName"] as? String) }
            )
            #expect(names == [jpegID: "IMG 1.jpg", pngID: "scan.png"])

            // And each comes back exactly, sandboxed
            let served = try await send(world, "/api/v1/receipts/\(jpegID)", token: jo.token)
            #expect(served.status == .ok)
            #expect(Data(served.body.readableBytesView) == SampleFiles.jpeg())
            #expect(served.headers[.contentType] == "image/jpeg")
            #expect(
                served.headers[.contentDisposition] == #"inline; filename="IMG 1.jpg"; filename*=UTF-8''IMG%201.jpg"#)
            #expect(served.headers[.contentSecurityPolicy] == Self.sandbox)
            #expect(served.headers[.xContentTypeOptions] == "nosniff")
            let servedPNG = try await send(world, "/api/v1/receipts/\(pngID)", token: jo.token)
            #expect(servedPNG.headers[.contentType] == "image/png")
            #expect(Data(servedPNG.body.readableBytesView) == SampleFiles.png())

            // When one is deleted, the other stays
            let deleted = try await send(world, "/api/v1/receipts/\(jpegID)", method: .delete, token: jo.token)
            #expect(deleted.status == .noContent)
            #expect(try await send(world, "/api/v1/receipts/\(jpegID)", token: jo.token).status == .notFound)
            let after = try await send(world, "/api/v1/transactions/\(jo.transaction)/receipts", token: jo.token)
            #expect(try jsonArray(after).compactMap { $0["id"] as? String } == [pngID])
        }
    }

    @Test("a PDF is served as a download, still sandboxed")
    func pdfDownload() async throws {
        try await withWeb { world in
            let jo = try await person(world, "jo@example.com")
            let pdf = try await upload(world, jo, .file("bill.pdf", "application/pdf", SampleFiles.pdfHeader()))
            #expect(pdf.status == .created)
            let served = try await send(
                world, "/api/v1/receipts/\(try json(pdf)["id"] as? String ?? "")", token: jo.token)
            #expect(served.headers[.contentType] == "application/pdf")
            #expect(served.headers[.contentDisposition]?.hasPrefix("attachment; filename=\"bill.pdf\"") == true)
            #expect(served.headers[.contentSecurityPolicy] == Self.sandbox)
        }
    }

    @Test("a 30 MB upload is refused with 413 and the limit, and nothing is written", arguments: ["multipart", "raw"])
    func thirtyMegabytes(kind: String) async throws {
        try await withWeb { world in
            let jo = try await person(world, "jo@example.com")
            let before = try await footprint(world, jo)
            var huge = SampleFiles.jpeg()
            huge.append(Data(count: 30_000_000 - huge.count))
            let response =
                kind == "raw"
                ? try await send(
                    world, "/api/v1/transactions/\(jo.transaction)/receipts", method: .post, token: jo.token,
                    contentType: "image/jpeg", body: ByteBuffer(bytes: huge))
                : try await upload(world, jo, .file("huge.jpg", "image/jpeg", huge))
            #expect(response.status == .contentTooLarge)
            let (code, message) = try errorCode(response)
            #expect(code == "too_large")
            #expect(message?.contains("10 MiB") == true)
            #expect(try await footprint(world, jo) == before)
        }
    }

    @Test("a file just over 10 MiB inside the body limit is refused 413 too; nothing is written")
    func justOver() async throws {
        try await withWeb { world in
            let jo = try await person(world, "jo@example.com")
            let before = try await footprint(world, jo)
            var over = SampleFiles.jpeg()
            over.append(Data(count: ReceiptFile.maximumSize + 1 - over.count))
            // A raw body: the multipart parser takes seconds over 10 MiB in a debug build, and the limit is the same.
            let response = try await send(
                world, "/api/v1/transactions/\(jo.transaction)/receipts", method: .post, token: jo.token,
                contentType: "image/jpeg", body: ByteBuffer(bytes: over))
            #expect(response.status == .contentTooLarge)
            let (code, message) = try errorCode(response)
            #expect(code == "too_large")
            #expect(message?.contains("10.0 MiB, larger than the 10 MiB") == true)
            #expect(try await footprint(world, jo) == before)
        }
    }

    @Test(
        "file names are read from the form as browsers and curl send them, and served back safely",
        arguments: [
            (#"form-data; name="file"; filename="a;b \"c\".jpg""#, "a;b \"c\".jpg", #"filename="a;b _c_.jpg""#),
            (
                #"form-data; name="file"; filename="Quittung.jpg"; filename*=UTF-8''Quittung%20M%C3%BCller.jpg"#,
                "Quittung Müller.jpg", "filename*=UTF-8''Quittung%20M%C3%BCller.jpg"
            ),
            (#"form-data; name=file; filename=C:\\fakepath\\IMG_7.JPG"#, "IMG_7.JPG", #"filename="IMG_7.JPG""#),
        ])
    func fileNames(disposition: String, kept: String, served: String) async throws {
        try await withWeb { world in
            let jo = try await person(world, "jo@example.com")
            let boundary = ReceiptUploadBody.boundary
            var body = Data("--\(boundary)\r\nContent-Disposition: \(disposition)\r\n\r\n".utf8)
            body.append(SampleFiles.jpeg())
            body.append(Data("\r\n--\(boundary)--\r\n".utf8))
            let response = try await send(
                world, "/api/v1/transactions/\(jo.transaction)/receipts", method: .post, token: jo.token,
                contentType: ReceiptUploadBody.contentType, body: ByteBuffer(bytes: body))
            #expect(response.status == .created)
            #expect(try json(response)["fileName"] as? String == kept)
            let id = try #require(try json(response)["id"] as? String)
            let header = try await send(world, "/api/v1/receipts/\(id)", token: jo.token).headers[.contentDisposition]
            #expect(header?.contains(served) == true, "\(header ?? "")")
        }
    }

    @Test("a text file renamed .jpg is refused 422 with what is accepted, and nothing is written")
    func textRenamed() async throws {
        try await withWeb { world in
            let jo = try await person(world, "jo@example.com")
            let before = try await footprint(world, jo)
            let response = try await upload(world, jo, .file("receipt.jpg", "image/jpeg", SampleFiles.text()))
            #expect(response.status == .unprocessableContent)
            let (code, message) = try errorCode(response)
            #expect(code == "invalid_input")
            #expect(message?.contains("JPEG, PNG, WebP or PDF") == true)
            #expect(try await footprint(world, jo) == before)
            let missing = try await upload(world, jo, ReceiptUploadBody(fields: [("note", "no file")]))
            #expect(missing.status == .unprocessableContent)
            #expect(try await footprint(world, jo) == before)
        }
    }

    @Test("another household's receipts and transactions answer 404 and stay as they are")
    func otherHousehold() async throws {
        try await withWeb { world in
            let jo = try await person(world, "jo@example.com")
            let sam = try await person(world, "sam@example.com")
            let receipt = try #require(
                try json(try await upload(world, jo, .file("a.png", "image/png", SampleFiles.png())))["id"] as? String)
            let before = try await footprint(world, jo)
            for (uri, method) in [
                ("/api/v1/receipts/\(receipt)", HTTPRequest.Method.get),
                ("/api/v1/receipts/\(receipt)", .delete),
                ("/api/v1/transactions/\(jo.transaction)/receipts", .get),
            ] {
                let response = try await send(world, uri, method: method, token: sam.token)
                #expect(response.status == .notFound, "\(method) \(uri)")
                #expect(try errorCode(response).code == "not_found")
            }
            let intoJo = try await send(
                world, "/api/v1/transactions/\(jo.transaction)/receipts", method: .post, token: sam.token,
                contentType: "image/png", body: ByteBuffer(bytes: SampleFiles.png()))
            #expect(intoJo.status == .notFound)
            #expect(try await footprint(world, jo) == before)
            #expect(try await send(world, "/api/v1/receipts/\(receipt)", token: jo.token).status == .ok)
        }
    }

    @Test("the OpenAPI document describes the receipt routes")
    func documented() async throws {
        try await withWeb { world in
            let yaml = String(buffer: try await world.client.execute(uri: "/api/v1/openapi.yaml", method: .get).body)
            #expect(yaml.contains("/transactions/{id}/receipts:"))
            #expect(yaml.contains("/receipts/{id}:"))
            #expect(yaml.contains("multipart/form-data"))
        }
    }
}
