import Foundation
import SQLKit
import VaultCore

/// What is remembered of each account's bank files (migration 0018): the CSV mapping, and the statement (OFX
/// `ACCTID`) or account (QIF `!Account` name) of a file that holds several. Both live in the one JSON object of
/// the row: the mapping's keys, and `statement` beside them.
public struct BankFileMappingRepository: Sendable {
    let session: HouseholdSession

    /// The longest statement name remembered (the column holds at most 4,000 characters with the mapping).
    static let maximumStatementLength = 200

    /// The row's JSON text, when the account has one.
    func stored(_ account: Account.ID) async throws -> String? {
        try await session.sql.raw(
            """
            SELECT mapping FROM bank_file_mappings
            WHERE household_id = \(bind: session.household) AND account_id = \(bind: account.description)
            """
        ).first().map { try $0.text("mapping") }
    }

    /// The statement or account of a file last imported into `account`, when one was named.
    public func statement(for account: Account.ID) async throws -> String? {
        guard let text = try await stored(account),
            let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        else { return nil }
        return object["statement"] as? String
    }

    /// Remembers `statement` for `account`, keeping the mapping kept beside it.
    public func setStatement(_ statement: String, for account: Account.ID, newID: String) async throws {
        guard statement.count <= Self.maximumStatementLength else { return }
        var object: [String: Any] = [:]
        if let text = try await stored(account),
            let kept = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        {
            object = kept
        }
        object["statement"] = statement
        try await save(object, for: account, newID: newID)
    }

    func save(_ object: [String: Any], for account: Account.ID, newID: String) async throws {
        let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        var values = RowValues()
        values.add("accountID", "account_id", .text(account.description))
        values.add("mapping", "mapping", .text(String(decoding: data, as: UTF8.self)))
        let existing = try await session.sql.raw(
            """
            SELECT id, account_id, mapping FROM bank_file_mappings
            WHERE household_id = \(bind: session.household) AND account_id = \(bind: account.description)
            """
        ).first()
        try await session.saveRow(
            "bank_file_mappings", entity: "bank-file-mapping", existing: existing, values: values, newID: newID)
    }

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

    /// Keeps `mapping` for `account`, replacing the one kept before (a remembered statement stays).
    public func setMapping(_ mapping: CSVMapping, for account: Account.ID, newID: String) async throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        var object = try JSONSerialization.jsonObject(with: try encoder.encode(mapping)) as? [String: Any] ?? [:]
        if let statement = try await statement(for: account) { object["statement"] = statement }
        try await save(object, for: account, newID: newID)
    }
}
