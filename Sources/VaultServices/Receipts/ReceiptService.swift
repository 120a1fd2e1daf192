import Foundation
import VaultCore
import VaultStore

/// Receipts attached to a household's transactions (spec `expense-tracker.md` 2.5, 3.3 and 3.4): add one at
/// a time, list, read one back, delete. Every change is in the change log; a receipt of another household is
/// "not found", like any other row.
public struct ReceiptService: Sendable {
    let scope: HouseholdScope

    /// The largest receipt kept (`ReceiptFile.maximumSize`).
    public static var maximumSize: Int { ReceiptFile.maximumSize }

    /// Attaches a file to a transaction, or refuses it whole and writes nothing: an empty file, one over
    /// the size limit (`tooLarge`), or one whose bytes are not JPEG, PNG, WebP or PDF (`invalidInput`).
    public func add(to transaction: String, fileName: String?, content: Data) async throws -> Receipt {
        let type: ReceiptType
        do {
            type = try ReceiptFile.check(content)
        } catch .tooLarge(let size) {
            throw VaultError(.tooLarge, ReceiptFile.Refusal.tooLarge(size: size).description)
        } catch {
            throw VaultError(InvalidInput(field: "file", error.description))
        }
        return try await scope.write { session in
            let owner = try await TransactionService.find(transaction, session: session)
            let receipt = Receipt(
                id: scope.vault.newID(), householdID: session.householdID, transactionID: owner.id,
                fileName: ReceiptFile.name(fileName, type: type), type: type, byteSize: content.count,
                createdAt: session.now)
            try await session.receipts.insert(receipt, content: content)
            return receipt
        }
    }

    /// A transaction's receipts, oldest first, without their bytes.
    public func list(of transaction: String) async throws -> [Receipt] {
        try await scope.read { session in
            let owner = try await TransactionService.find(transaction, session: session)
            return try await session.receipts.list(transaction: owner.id)
        }
    }

    /// How many receipts a transaction has: what deleting it also deletes ("This deletes 2 receipts").
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
