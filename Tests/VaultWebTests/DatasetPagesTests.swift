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

/// Settings › Your data and `/api/v1/dataset`: export, then import with a preview and Apply; the other
/// household never sees it; bad uploads are refused with nothing written.
@Suite struct DatasetPagesTests {
    func upload(
        _ browser: Browser, _ zip: Data, csrf: String, to uri: String = "/settings/your-data/import"
    )
        async throws -> TestResponse
    {
        try await browser.send(
            uri, method: .post, headers: [.contentType: ReceiptUploadBody.contentType],
            body: ReceiptUploadBody.file("dataset.zip", "application/zip", zip, csrf: csrf).buffer)
    }

    @Test("export from Your data, import it into another household through the preview and Apply")
    func exportPreviewApply() async throws {
        try await withWeb { world in
            // Given Jo with an account and a tagged expense
            let jo = try await world.signedUp("jo@example.com")
            let joScope = try await world.scope(of: "jo@example.com")
            _ = try await joScope.accounts.add(.init(name: "Wallet", kind: "cash", balance: "50.00"))
            _ = try await joScope.transactions.add(
                TransactionInput(amount: "-12.50", account: "Wallet", description: "Lunch", tags: "work"))
            let page = try await jo.page("/settings/your-data")
            #expect(page.status == .ok)
            #expect(page.html.contains("href=\"/settings/your-data/export\""))
            #expect(page.html.contains("href=\"/settings/your-data/bank-file\""))
            #expect(try await jo.page("/settings").html.contains("href=\"/settings/your-data\""))

            // When Jo exports
            let exported = try await jo.request("/settings/your-data/export")
            #expect(exported.status == .ok)
            #expect(exported.headers[.contentType] == "application/zip")
            #expect(exported.headers[.cacheControl] == "no-store")
            #expect(
                exported.headers[.contentDisposition]?.hasPrefix("attachment; filename=\"ghostvault-dataset-") == true)
            let zip = Data(exported.body.readableBytesView)
            #expect(zip.starts(with: [0x50, 0x4B, 0x03, 0x04]))

            // And Sam imports it: a preview first, nothing written
            let sam = try await world.signedUp("sam@example.com")
            let samScope = try await world.scope(of: "sam@example.com")
            let csrf = try await sam.csrfToken(on: "/settings/your-data")
            let preview = try await upload(sam, zip, csrf: csrf)
            let html = String(buffer: preview.body)
            #expect(preview.status == .ok)
            #expect(html.contains("Import this dataset?"))
            #expect(html.contains("<th scope=\"row\">Transactions</th><td class=\"num\">1</td>"))
            #expect(try await samScope.transactions.list(TransactionQuery(pageSize: 1)).totalCount == 0)
            let token = try #require(Browser.first(#"name="token" value="([0-9a-f]+)""#, in: html))

            // Jo cannot apply Sam's upload with Sam's token: it is staged for Sam's household only
            let stolen = try await jo.submit("/settings/your-data/import/apply", from: "/settings", ["token": token])
            #expect(stolen.status == .gone)
            #expect(try await joScope.transactions.list(TransactionQuery(pageSize: 1)).totalCount == 1)

            // Then Apply imports it
            let applied = try await sam.submit("/settings/your-data/import/apply", from: "/settings", ["token": token])
            #expect(applied.status == .seeOther)
            let listed = try await samScope.transactions.list(TransactionQuery(pageSize: 10)).items
            #expect(listed.map(\.transaction.description) == ["Lunch"])
            #expect(listed.first?.transaction.tags == ["work"])
            #expect(try await sam.page("/settings/your-data").html.contains("Imported: "))
            // The staged file is gone: applying again says so.
            let again = try await sam.submit("/settings/your-data/import/apply", from: "/settings", ["token": token])
            #expect(again.status == .gone)
        }
    }

    @Test("an upload that is not a dataset, or without the form's token, is refused; nothing is written")
    func refusals() async throws {
        try await withWeb { world in
            let jo = try await world.signedUp("jo@example.com")
            let scope = try await world.scope(of: "jo@example.com")
            let csrf = try await jo.csrfToken(on: "/settings/your-data")
            let notZip = try await upload(jo, Data("date,amount\n".utf8), csrf: csrf)
            #expect(notZip.status == .unprocessableContent)
            #expect(String(buffer: notZip.body).contains("not a .zip file"))
            let forged = try await upload(jo, Data("x".utf8), csrf: "wrong")
            #expect(forged.status == .forbidden)
            #expect(try await scope.transactions.list(TransactionQuery(pageSize: 1)).totalCount == 0)
        }
    }

    @Test("the API downloads the dataset, previews an upload and applies it with ?apply=true")
    func api() async throws {
        try await withWeb { world in
            let person = try await ReceiptsAPITests().person(world, "jo@example.com")
            let api = ReceiptsAPITests()
            let downloaded = try await api.send(world, "/api/v1/dataset", token: person.token)
            #expect(downloaded.status == .ok)
            let zip = Data(downloaded.body.readableBytesView)
            let preview = try await api.send(
                world, "/api/v1/dataset", method: .post, token: person.token, contentType: "application/zip",
                body: ByteBuffer(bytes: zip))
            #expect(preview.status == .ok)
            let body = try json(preview)
            #expect(body["applied"] as? Bool == false)
            let tabs = try #require(body["tabs"] as? [String: [String: Int]])
            #expect(tabs["Transactions"]?["unchanged"] == 1)
            let bad = try await api.send(
                world, "/api/v1/dataset?apply=true", method: .post, token: person.token, contentType: "application/zip",
                body: ByteBuffer(string: "nope"))
            #expect(bad.status == .unprocessableContent || bad.status == .badRequest)
            #expect(try json(bad)["error"] != nil)
        }
    }
}
