import Foundation
import SQLKit
import VaultCore

/// The CSV mapping remembered for each account (migration 0016).
public struct BankFileMappingRepository: Sendable {
    let session: HouseholdSession

    /// The mapping last used for `account`; nil when none was kept, or when the kept one no longer decodes
    /// (a mapping is a convenience: the guess takes over).
    public func mapping(for account: Account.ID) async throws -> CSVMapping? {
        guard
            let row = try await session.sql.raw(
                """
                SELECT mapping FROM bank_file_mappings
                WHERE household_id = \(bind: session.household) AND account_id = \(bind: account.description)
                """
            ).first()
        else { return nil }
        return try? JSONDecoder().decode(CSVMapping.self, from: Data(try row.text("mapping").utf8))
    }

    /// Keeps `mapping` for `account`, replacing the one kept before.
    public func setMapping(_ mapping: CSVMapping, for account: Account.ID, newID: String) async throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        var values = RowValues()
        values.add("accountID", "account_id", .text(account.description))
        values.add("mapping", "mapping", .text(String(decoding: try encoder.encode(mapping), as: UTF8.self)))
        let existing = try await session.sql.raw(
            """
            SELECT id, account_id, mapping FROM bank_file_mappings
            WHERE household_id = \(bind: session.household) AND account_id = \(bind: account.description)
            """
        ).first()
        try await session.saveRow(
            "bank_file_mappings", entity: "bank-file-mapping", existing: existing, values: values, newID: newID)
    }
}
