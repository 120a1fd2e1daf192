import Foundation
import SQLKit
import VaultCore

extension HouseholdSession {
    /// Every table that holds a household's data, in an order that deletes rows before the rows they refer to
    /// without a cascade (transactions before categories, rules before categories, accounts before
    /// institutions). The household row, its members with their sessions, and its change log are not here:
    /// erasing a household's data keeps the household and the people in it, and the log records the erase.
    ///
    /// Rows of `sync_requests` go with their connection, and SQLite's search index with its transactions
    /// (foreign keys and triggers, in the same statements).
    ///
    /// - warning: a table added by a later migration that holds household data must be added here, or an
    ///   erase leaves its rows behind (`HouseholdEraseTests` counts every table of the schema).
    public static let erasedTables = [
        "card_payee_choices", "card_expense_choices", "miles_cards", "recurring_instances", "recurring_rules",
        "receipts", "transaction_tags", "lens_transaction_choices",
        "transfer_pairs", "unlinked_transfers", "transactions", "deleted_bank_transactions", "balance_snapshots",
        "bank_file_mappings", "accounts", "institutions", "connections", "budgets", "recurring_decisions",
        "recurring_cache",
        "lens_overrides", "lens_targets", "rules", "categories",
    ]

    /// Deletes every row of this household's data (`erasedTables`), sends its members back to first-run setup,
    /// and records one `household-data` deletion in the change log naming the tables that had rows. Returns how
    /// many rows each table lost.
    ///
    /// The caller seeds what a new household starts with (default categories, built-in rules) in the same
    /// transaction.
    ///
    /// - warning: this loses data for good. Run it only in a `write` session, after the person confirmed.
    public func eraseData() async throws -> [String: Int] {
        let log = try log()
        let household = householdID.description
        var erased: [String: Int] = [:]
        for table in Self.erasedTables {
            let count = try await sql.raw(
                "SELECT COUNT(*) AS n FROM \(ident: table) WHERE household_id = \(bind: household)"
            ).first()?.int("n")
            guard let count, count > 0 else { continue }
            try await sql.raw("DELETE FROM \(ident: table) WHERE household_id = \(bind: household)").run()
            erased[table] = Int(count)
        }
        try await sql.raw("UPDATE users SET onboarded_at = NULL WHERE household_id = \(bind: household)").run()
        try await log.record("household-data", householdID, .delete, fields: erased.keys.sorted())
        return erased
    }

    /// How many rows of this household each table of `erasedTables` holds (tests, and what an erase would take).
    public func dataCounts() async throws -> [String: Int] {
        var counts: [String: Int] = [:]
        for table in Self.erasedTables {
            counts[table] = Int(
                try await sql.raw(
                    "SELECT COUNT(*) AS n FROM \(ident: table) WHERE household_id = \(bind: householdID.description)"
                ).first()?.int("n") ?? 0)
        }
        return counts
    }
}
