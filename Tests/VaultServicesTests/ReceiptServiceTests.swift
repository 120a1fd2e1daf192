import Foundation
import Testing
import VaultCore
import VaultServices
import VaultStore
import VaultTestSupport

@Suite struct ReceiptServiceTests {
    /// A manual expense in the fixture's Cash account to attach receipts to.
    func expense(_ f: ServiceFixture) async throws -> String {
        try await f.scope.transactions.add(TransactionInput(amount: "-12.50", account: "Cash", payee: "Corner Cafe"))
            .transaction.id.description
    }

    /// The receipts in the household's change log: (operation, id) in order.
    func logged(_ f: ServiceFixture) async throws -> [(ChangeOperation, String)] {
        try await f.vault.database.read(household: f.household.id) { try await $0.changes(limit: 10_000) }
            .filter { $0.entity == "receipt" }.map { ($0.operation, $0.entityID) }
    }

    @Test(
        "a JPEG and a PNG are kept with their checked type, listed, read back exactly, and deleted",
        arguments: TestBackend.enabled)
    func roundTrip(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let f = try await ServiceFixture.make(database)
            let transaction = try await expense(f)
            // Given: a JPEG, and a PNG whose name claims it is a JPEG
            let jpeg = try await f.scope.receipts.add(
                to: transaction, fileName: "/home/jo/IMG_0001.JPG", content: SampleFiles.jpeg())
            let png = try await f.scope.receipts.add(to: transaction, fileName: "scan.jpg", content: SampleFiles.png())
            // Then
            #expect(jpeg.type == .jpeg)
            #expect(jpeg.fileName == "IMG_0001.JPG")
            #expect(png.type == .png)
            #expect(png.byteSize == SampleFiles.png().count)
            // The fixture clock stands still, so both have one creation time and their order is their ids'.
            #expect(try await f.scope.receipts.list(of: transaction).map(\.id) == [jpeg.id, png.id].sorted())
            #expect(try await f.scope.receipts.count(of: transaction) == 2)
            let read = try await f.scope.receipts.content(png.id.description)
            #expect(read.content == SampleFiles.png())
            #expect(read.receipt == png)
            #expect(try await f.scope.receipts.content(jpeg.id.description).content == SampleFiles.jpeg())
            // When one is deleted
            #expect(try await f.scope.receipts.delete(jpeg.id.description) == jpeg)
            #expect(try await f.scope.receipts.list(of: transaction) == [png])
            await #expect(throws: VaultError.self) { try await f.scope.receipts.content(jpeg.id.description) }
            // Then every change is in the log
            let log = try await logged(f)
            #expect(log.map(\.0) == [.insert, .insert, .delete])
            #expect(log.map(\.1) == [jpeg.id.description, png.id.description, jpeg.id.description])
        }
    }

    @Test(
        "a text file renamed .jpg is refused, saying what is accepted, and nothing is written",
        arguments: TestBackend.enabled)
    func textRenamed(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let f = try await ServiceFixture.make(database)
            let transaction = try await expense(f)
            let before = try await f.footprint()
            let error = await #expect(throws: VaultError.self) {
                try await f.scope.receipts.add(to: transaction, fileName: "receipt.jpg", content: SampleFiles.text())
            }
            #expect(error?.code == .invalidInput)
            #expect(error?.problems.first?.field == "file")
            #expect(error?.message.contains("JPEG, PNG, WebP or PDF") == true)
            #expect(try await f.footprint() == before)
            #expect(try await f.scope.receipts.count(of: transaction) == 0)
        }
    }

    @Test(
        "a file over 10 MiB is refused as too large, with the limit, and nothing is written",
        arguments: TestBackend.enabled)
    func tooLarge(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let f = try await ServiceFixture.make(database)
            let transaction = try await expense(f)
            let before = try await f.footprint()
            var huge = SampleFiles.jpeg()
            huge.append(Data(count: ReceiptFile.maximumSize))
            let error = await #expect(throws: VaultError.self) {
                try await f.scope.receipts.add(to: transaction, fileName: "big.jpg", content: huge)
            }
            #expect(error?.code == .tooLarge)
            #expect(error?.message.contains("10 MiB") == true)
            #expect(try await f.footprint() == before)
        }
    }

    @Test(
        "another household's transaction and receipts are not found, and nothing of theirs changes",
        arguments: TestBackend.enabled)
    func otherHousehold(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let f = try await ServiceFixture.make(database)
            let transaction = try await expense(f)
            let receipt = try await f.scope.receipts.add(to: transaction, fileName: "a.png", content: SampleFiles.png())
            let other = try await f.vault.households.create(
                .init(name: "Next door", timeZone: "America/New_York", currency: "USD"))
            let them = f.vault.household(other.id)
            let before = try await f.footprint()
            for attempt in [
                { _ = try await them.receipts.content(receipt.id.description) },
                { _ = try await them.receipts.find(receipt.id.description) },
                { _ = try await them.receipts.delete(receipt.id.description) },
                { _ = try await them.receipts.list(of: transaction) },
                { _ = try await them.receipts.add(to: transaction, fileName: "x.png", content: SampleFiles.png()) },
            ] as [@Sendable () async throws -> Void] {
                let error = await #expect(throws: VaultError.self) { try await attempt() }
                #expect(error?.code == .notFound)
            }
            #expect(try await f.footprint() == before)
            #expect(try await f.scope.receipts.list(of: transaction) == [receipt])
        }
    }

    @Test("deleting a transaction deletes its receipts in the same write, each logged", arguments: TestBackend.enabled)
    func deletedWithTransaction(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let f = try await ServiceFixture.make(database)
            let transaction = try await expense(f)
            let kept = try await expense(f)
            let first = try await f.scope.receipts.add(to: transaction, fileName: nil, content: SampleFiles.jpeg())
            let second = try await f.scope.receipts.add(to: transaction, fileName: nil, content: SampleFiles.png())
            let other = try await f.scope.receipts.add(to: kept, fileName: nil, content: SampleFiles.png())
            #expect(first.fileName == "receipt.jpg")
            // The confirmation's count
            #expect(try await f.scope.receipts.count(of: transaction) == 2)
            _ = try await f.scope.transactions.delete(transaction)
            for id in [first.id, second.id] {
                let error = await #expect(throws: VaultError.self) {
                    try await f.scope.receipts.content(id.description)
                }
                #expect(error?.code == .notFound)
            }
            #expect(try await f.scope.receipts.list(of: kept) == [other])
            let deletes = try await logged(f).filter { $0.0 == .delete }.map(\.1)
            #expect(Set(deletes) == [first.id.description, second.id.description])
        }
    }
}
