import Foundation
import VaultCore
import VaultStore

/// Receipts attached to a household's transactions (spec `expense-tracker.md` 2.5, 3.3 and 3.4): add one at
/// a time, list, read one back, delete. Every change is in the change log; a receipt of another household is
/// "not found", like any other row.
public struct ReceiptService: Sendable {
    let scope: HouseholdScope

    /// The most receipts one transaction keeps: a receipt is a photo a person takes, so 20 is far more than a
    /// purchase has, and a bound on what one request can make the store write.
    public static let maximumPerTransaction = 20

    static func tooMany(_ count: Int) -> VaultError {
        VaultError(
            InvalidInput(
                field: "receipts",
                "A transaction keeps at most \(maximumPerTransaction) receipts; this would have \(count). "
                    + "Delete some first, or attach fewer."))
    }

    /// The largest receipt kept (`ReceiptFile.maximumSize`).
    public static var maximumSize: Int { ReceiptFile.maximumSize }

    /// Attaches a file to a transaction, or refuses it whole and writes nothing: an empty file, one over
    /// the size limit (`tooLarge`), or one whose bytes are not JPEG, PNG, WebP or PDF (`invalidInput`).
    public func add(to transaction: String, fileName: String?, content: Data) async throws -> Receipt {
        let file = try Self.checked(Attachment(fileName: fileName, content: content), field: "file")
        return try await scope.write { session in
            let owner = try await TransactionService.find(transaction, session: session)
            let count = try await session.receipts.list(transaction: owner.id).count
            guard count < Self.maximumPerTransaction else { throw Self.tooMany(count + 1) }
            return try await Self.attach(file, to: owner.id, session: session, newID: scope.vault.newID())
        }
    }

    /// A file to attach, as it came.
    public struct Attachment: Sendable {
        public var fileName: String?
        public var content: Data

        public init(fileName: String?, content: Data) {
            self.fileName = fileName
            self.content = content
        }
    }

    /// An attachment whose type was read from its bytes.
    struct Checked: Sendable {
        let attachment: Attachment
        let type: ReceiptType
    }

    /// The attachment with its type, or the refusal: `tooLarge` over the limit, `invalidInput` (naming `field`)
    /// for an empty file or one that is not JPEG, PNG, WebP or PDF.
    static func checked(_ attachment: Attachment, field: String) throws -> Checked {
        do {
            return Checked(attachment: attachment, type: try ReceiptFile.check(attachment.content))
        } catch .tooLarge(let size) {
            throw VaultError(.tooLarge, ReceiptFile.Refusal.tooLarge(size: size).description)
        } catch {
            throw VaultError(InvalidInput(field: field, error.description))
        }
    }

    /// Stores a checked file as a receipt of `transaction`, in the caller's write.
    static func attach(
        _ file: Checked, to transaction: Transaction.ID, session: HouseholdSession, newID: Receipt.ID
    ) async throws -> Receipt {
        let receipt = Receipt(
            id: newID, householdID: session.householdID, transactionID: transaction,
            fileName: ReceiptFile.name(file.attachment.fileName, type: file.type), type: file.type,
            byteSize: file.attachment.content.count, createdAt: session.now)
        try await session.receipts.insert(receipt, content: file.attachment.content)
        return receipt
    }

    /// A transaction's receipts, oldest first, without their bytes.
    public func list(of transaction: String) async throws -> [Receipt] {
        try await scope.read { session in
            let owner = try await TransactionService.find(transaction, session: session)
            return try await session.receipts.list(transaction: owner.id)
        }
    }

    /// How many receipts a transaction has: what deleting it also deletes ("This deletes 2 receipts").
    /// How many receipts each transaction has (the paperclips of a list); those without any are left out.
    public func counts(of transactions: [Transaction.ID]) async throws -> [Transaction.ID: Int] {
        try await scope.read { try await $0.receipts.counts(transactions: transactions) }
    }

    public func count(of transaction: String) async throws -> Int {
        try await scope.read { session in
            let owner = try await TransactionService.find(transaction, session: session)
            return try await session.receipts.count(transaction: owner.id)
        }
    }

    /// One receipt's description.
    public func find(_ id: String) async throws -> Receipt {
        try await scope.read { session in
            guard let parsed = Receipt.ID(id), let receipt = try await session.receipts.find(parsed) else {
                throw Self.notFound(id)
            }
            return receipt
        }
    }

    /// One receipt with its bytes.
    public func content(_ id: String) async throws -> (receipt: Receipt, content: Data) {
        try await scope.read { session in
            guard let parsed = Receipt.ID(id), let found = try await session.receipts.content(parsed) else {
                throw Self.notFound(id)
            }
            return found
        }
    }

    /// Deletes one receipt; returns what was deleted.
    public func delete(_ id: String) async throws -> Receipt {
        try await scope.write { session in
            guard let parsed = Receipt.ID(id), let receipt = try await session.receipts.find(parsed) else {
                throw Self.notFound(id)
            }
            _ = try await session.receipts.delete(receipt.id)
            return receipt
        }
    }

    static func notFound(_ id: String) -> VaultError {
        VaultError(.notFound, "There is no receipt '\(id)' in this household.")
    }
}
