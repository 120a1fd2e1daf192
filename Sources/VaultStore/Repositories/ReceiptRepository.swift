import Foundation
import SQLKit
import VaultCore

/// A household's receipts: their descriptions, and their bytes read one receipt at a time.
///
/// Lists never select the bytes, so showing a transaction with ten photos reads kilobytes, not megabytes.
public struct ReceiptRepository: Sendable {
    let session: HouseholdSession

    /// The columns of a receipt's description, without its bytes.
    static let described = "id, household_id, transaction_id, file_name, content_type, byte_size, created_at"

    /// Keeps a receipt and its bytes, and logs it. The schema refuses a transaction of another household.
    public func insert(_ receipt: Receipt, content: Data) async throws {
        try session.requireOwn(receipt.householdID, "receipt")
        let log = try session.log()
        try await session.sql.insert(into: "receipts")
            .columns(
                "id", "household_id", "transaction_id", "file_name", "content_type", "byte_size", "content",
                "created_at"
            )
            .values(
                SQLBind(receipt.id.description), SQLBind(session.household),
                SQLBind(receipt.transactionID.description), SQLBind(receipt.fileName),
                SQLBind(receipt.type.mediaType), SQLBind(Int64(receipt.byteSize)), SQLBind(content),
                SQLBind(receipt.createdAt.unixSeconds)
            )
            .run()
        try await log.record(
            "receipt", receipt.id, .insert, fields: [])
    }

    /// One receipt's description, nil when this household has none by that id.
    public func find(_ id: Receipt.ID) async throws -> Receipt? {
        try await session.sql.raw(
            """
            SELECT \(unsafeRaw: Self.described) FROM receipts
            WHERE household_id = \(bind: session.household) AND id = \(bind: id.description)
            """
        ).first().map(Self.receipt(from:))
    }

    /// One receipt with its bytes, nil when this household has none by that id.
    public func content(_ id: Receipt.ID) async throws -> (receipt: Receipt, content: Data)? {
        guard
            let row = try await session.sql.raw(
                """
                SELECT \(unsafeRaw: Self.described), content FROM receipts
                WHERE household_id = \(bind: session.household) AND id = \(bind: id.description)
                """
            ).first()
        else { return nil }
        return (try Self.receipt(from: row), try row.decode(column: "content", as: Data.self))
    }

    /// A transaction's receipts, oldest first (then by id, which is time-ordered too).
    public func list(transaction: Transaction.ID) async throws -> [Receipt] {
        try await session.sql.raw(
            """
            SELECT \(unsafeRaw: Self.described) FROM receipts
            WHERE household_id = \(bind: session.household) AND transaction_id = \(bind: transaction.description)
            ORDER BY created_at, id
            """
        ).all().map(Self.receipt(from:))
    }

    /// How many receipts a transaction has.
    public func count(transaction: Transaction.ID) async throws -> Int {
        let row = try await session.sql.raw(
            """
            SELECT COUNT(*) AS n FROM receipts
            WHERE household_id = \(bind: session.household) AND transaction_id = \(bind: transaction.description)
            """
        ).first()
        return Int(try row?.int("n") ?? 0)
    }

    /// How many receipts each of `transactions` has; those without any are left out. One query per 400 ids.
    public func counts(transactions: [Transaction.ID]) async throws -> [Transaction.ID: Int] {
        var counts: [Transaction.ID: Int] = [:]
        for chunk in transactions.chunked(by: 400) where !chunk.isEmpty {
            for row in try await session.sql.raw(
                """
                SELECT transaction_id, COUNT(*) AS n FROM receipts
                WHERE household_id = \(bind: session.household) AND transaction_id IN (\(binds: chunk.map(\.description)))
                GROUP BY transaction_id
                """
            ).all() {
                counts[try row.id("transaction_id")] = Int(try row.int("n"))
            }
        }
        return counts
    }

    /// Deletes one receipt and logs it; false when this household has none by that id.
    public func delete(_ id: Receipt.ID) async throws -> Bool {
        try await session.deleteRow("receipts", entity: "receipt", id: id)
    }

    /// Deletes every receipt of a transaction, logging each; returns how many there were.
    @discardableResult
    public func deleteAll(transaction: Transaction.ID) async throws -> Int {
        let log = try session.log()
        let ids = try await list(transaction: transaction).map(\.id)
        guard !ids.isEmpty else { return 0 }
        try await session.sql.delete(from: "receipts")
            .where("household_id", .equal, session.household)
            .where("transaction_id", .equal, transaction.description)
            .run()
        try await log.record(
            ids.map { ChangeLog.Entry(entity: "receipt", entityID: $0.description, operation: .delete, fields: []) })
        return ids.count
    }

    static func receipt(from row: any SQLRow) throws -> Receipt {
        Receipt(
            id: try row.id("id"), householdID: try row.id("household_id"), transactionID: try row.id("transaction_id"),
            fileName: try row.text("file_name"), type: try row.value("content_type"),
            byteSize: Int(try row.int("byte_size")),
            createdAt: Date(timeIntervalSince1970: TimeInterval(try row.int("created_at"))))
    }
}
