import Foundation
import SQLKit
import VaultCore

/// The 50/30/20 lens's targets and a person's payee overrides.
public struct LensRepository: Sendable {
    let session: HouseholdSession

    /// The household's targets, or nil when it keeps the standard 50/30/20.
    public func targets() async throws -> LensTargets? {
        guard
            let row = try await session.sql.raw(
                "SELECT * FROM lens_targets WHERE household_id = \(bind: session.household)"
            ).first()
        else { return nil }
        return try LensTargets.make(
            needs: Int(try row.int("needs")), wants: Int(try row.int("wants")), savings: Int(try row.int("savings")))
    }

    public func setTargets(_ targets: LensTargets, newID: String) async throws {
        var values = RowValues()
        values.add("needs", "needs", .int(Int64(targets.needs)))
        values.add("wants", "wants", .int(Int64(targets.wants)))
        values.add("savings", "savings", .int(Int64(targets.savings)))
        let existing = try await session.sql.raw(
            "SELECT * FROM lens_targets WHERE household_id = \(bind: session.household)"
        ).first()
        try await session.saveRow(
            "lens_targets", entity: "lens-targets", existing: existing, values: values, newID: newID)
    }

    /// A person's bucket choices by payee key.
    public func overrides() async throws -> [String: LensBucket] {
        let rows = try await session.sql.raw(
            "SELECT payee_key, bucket FROM lens_overrides WHERE household_id = \(bind: session.household)"
        ).all()
        var overrides: [String: LensBucket] = [:]
        for row in rows { overrides[try row.text("payee_key")] = try row.value("bucket") }
        return overrides
    }

    /// Puts a payee's spending in a bucket, or (with nil) back to the automatic rules.
    public func setOverride(payeeKey: String, bucket: LensBucket?, newID: String) async throws {
        let existing = try await session.sql.raw(
            """
            SELECT id, payee_key, bucket FROM lens_overrides
            WHERE household_id = \(bind: session.household) AND payee_key = \(bind: payeeKey)
            """
        ).first()
        guard let bucket else {
            if let existing {
                _ = try await session.deleteRow("lens_overrides", entity: "lens-override", id: try existing.text("id"))
            }
            return
        }
        var values = RowValues()
        values.add("payeeKey", "payee_key", .text(payeeKey))
        values.add("bucket", "bucket", .text(bucket.rawValue))
        try await session.saveRow(
            "lens_overrides", entity: "lens-override", existing: existing, values: values, newID: newID)
    }

    /// Puts one transaction in a bucket, or (with nil) returns it to the payee choice and the automatic rules.
    /// The caller has checked the transaction is this household's.
    public func choose(_ bucket: LensBucket?, for transaction: Transaction.ID) async throws {
        let log = try session.log()
        try await session.sql.raw(
            """
            DELETE FROM lens_transaction_choices
            WHERE household_id = \(bind: session.household) AND transaction_id = \(bind: transaction.description)
            """
        ).run()
        if let bucket {
            try await session.sql.insert(into: "lens_transaction_choices")
                .columns("household_id", "transaction_id", "bucket")
                .values(SQLBind(session.household), SQLBind(transaction.description), SQLBind(bucket.rawValue))
                .run()
        }
        try await log.record("transaction", transaction, .update, fields: ["lensBucket"])
    }

    /// Every transaction a person put in a bucket by hand.
    public func transactionChoices() async throws -> [Transaction.ID: LensBucket] {
        var choices: [Transaction.ID: LensBucket] = [:]
        for row in try await session.sql.raw(
            """
            SELECT transaction_id, bucket FROM lens_transaction_choices WHERE household_id = \(bind: session.household)
            """
        ).all() {
            choices[try row.id("transaction_id")] = try row.value("bucket")
        }
        return choices
    }
}
