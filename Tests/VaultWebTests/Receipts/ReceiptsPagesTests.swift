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

/// The Receipts section of a transaction's page and the routes behind it, as a person in a browser uses them.
@Suite struct ReceiptsPagesTests {
    /// A person signed up in a browser, with a Wallet and one expense in it.
    func person(_ world: WebWorld, _ email: String) async throws -> (Browser, HouseholdScope, String) {
        let browser = try await world.signedUp(email)
        let user = try #require(try await world.environment.database.users.credentials(email: email)).user
        let scope = Fixture.vault(world.environment.database).household(user.householdID)
        _ = try await scope.accounts.add(.init(name: "Wallet", kind: "cash", balance: "50.00"))
        let listed = try await scope.transactions.add(
            TransactionInput(amount: "-4.20", account: "Wallet", payee: "Corner Cafe"))
        return (browser, scope, listed.transaction.id.description)
    }

    func attach(_ browser: Browser, _ transaction: String, _ body: ReceiptUploadBody) async throws -> TestResponse {
        try await browser.send(
            "/transactions/\(transaction)/receipts", method: .post,
            headers: [.contentType: ReceiptUploadBody.contentType], body: body.buffer)
    }

    @Test("a photo attached from the page shows as a thumbnail with the count, opens sandboxed, and is deleted")
    func attachShowDelete() async throws {
        try await withWeb { world in
            let (jo, scope, transaction) = try await person(world, "jo@example.com")
            let page = "/transactions/\(transaction)"
            let empty = try await jo.page(page).html
            #expect(empty.contains("Receipts <span class=\"muted\">(0)</span>"))
            #expect(empty.contains("capture=\"environment\""))
            #expect(empty.contains("Choose from library"))
            #expect(empty.contains("accept=\"image/jpeg,image/png,image/webp,application/pdf\""))
            #expect(empty.contains("enctype=\"multipart/form-data\""))
            let csrf = try await jo.csrfToken(on: page)

            // When a photo is attached from the page
            let attached = try await attach(
                jo, transaction, .file("lunch.png", "image/png", SampleFiles.png(), csrf: csrf))
            #expect(attached.status == .seeOther)
            #expect(attached.headers[.location] == "\(page)#receipts")
            let receipt = try #require(try await scope.receipts.list(of: transaction).first)

            // Then the page shows it, with the count and the message
            let shown = try await jo.page(page).html
            #expect(shown.contains("Attached lunch.png; this transaction has 1 receipt."))
            #expect(shown.contains("Receipts <span class=\"muted\">(1)</span>"))
            #expect(shown.contains("<img src=\"/receipts/\(receipt.id)\""))
            #expect(shown.contains("action=\"/receipts/\(receipt.id)/delete\""))

            // And it opens on its own, sandboxed
            let served = try await jo.request("/receipts/\(receipt.id)")
            #expect(served.status == .ok)
            #expect(Data(served.body.readableBytesView) == SampleFiles.png())
            #expect(served.headers[.contentType] == "image/png")
            #expect(served.headers[.contentDisposition]?.hasPrefix("inline; filename=\"lunch.png\"") == true)
            #expect(served.headers[.contentSecurityPolicy] == ReceiptsAPITests.sandbox)
            #expect(served.headers[.xContentTypeOptions] == "nosniff")

            // When it is deleted (the page asks first, in the Delete menu)
            let deleted = try await jo.submit("/receipts/\(receipt.id)/delete", from: page, [:])
            #expect(deleted.status == .seeOther)
            #expect(deleted.headers[.location] == "\(page)#receipts")
            #expect(try await scope.receipts.count(of: transaction) == 0)
            #expect(try await jo.page(page).html.contains("Deleted the receipt lunch.png."))
        }
    }

    @Test("a refused file goes back with the reason; a form without its token is refused; nothing is written")
    func refusals() async throws {
        try await withWeb { world in
            let (jo, scope, transaction) = try await person(world, "jo@example.com")
            let page = "/transactions/\(transaction)"
            let csrf = try await jo.csrfToken(on: page)
            let renamed = try await attach(
                jo, transaction, .file("receipt.jpg", "image/jpeg", SampleFiles.text(), csrf: csrf))
            #expect(renamed.status == .seeOther)
            #expect(try await jo.page(page).html.contains("JPEG, PNG, WebP or PDF"))
            let forged = try await attach(jo, transaction, .file("a.png", "image/png", SampleFiles.png(), csrf: "nope"))
            #expect(forged.status == .forbidden)
            let tokenless = try await attach(jo, transaction, .file("a.png", "image/png", SampleFiles.png()))
            #expect(tokenless.status == .forbidden)
            var huge = SampleFiles.jpeg()
            huge.append(Data(count: 30_000_000))
            let tooLarge = try await attach(jo, transaction, .file("huge.jpg", "image/jpeg", huge, csrf: csrf))
            #expect(tooLarge.status == .contentTooLarge)
            #expect(String(buffer: tooLarge.body).contains("10 MiB"))
            #expect(try await scope.receipts.count(of: transaction) == 0)
        }
    }

    @Test("another household's receipt is not found on the pages, and cannot be deleted or added to")
    func otherHousehold() async throws {
        try await withWeb { world in
            let (jo, scope, transaction) = try await person(world, "jo@example.com")
            let csrf = try await jo.csrfToken(on: "/transactions/\(transaction)")
            _ = try await attach(jo, transaction, .file("a.png", "image/png", SampleFiles.png(), csrf: csrf))
            let receipt = try #require(try await scope.receipts.list(of: transaction).first)
            let (sam, _, samTransaction) = try await person(world, "sam@example.com")

            #expect(try await sam.page("/receipts/\(receipt.id)").status == .notFound)
            let delete = try await sam.submit(
                "/receipts/\(receipt.id)/delete", from: "/transactions/\(samTransaction)", [:])
            #expect(delete.status == .notFound)
            let samCSRF = try await sam.csrfToken(on: "/transactions/\(samTransaction)")
            let into = try await attach(sam, transaction, .file("b.png", "image/png", SampleFiles.png(), csrf: samCSRF))
            #expect(into.status == .notFound)
            #expect(try await scope.receipts.list(of: transaction) == [receipt])
            #expect(try await sam.page("/transactions/\(transaction)").status == .notFound)
        }
    }
}
