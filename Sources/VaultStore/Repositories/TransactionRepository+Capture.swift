import SQLKit
import VaultCore

extension TransactionRepository {
    /// The household's tags with how many transactions carry each, most used first, then by name: the
    /// TagStat that feeds the Add page's suggestion chips (spec `expense-tracker.md` 2.3.1).
    public func tagCounts(limit: Int) async throws -> [TagStat] {
        let rows = try await session.sql.raw(
            """
            SELECT tag, COUNT(*) AS n FROM transaction_tags WHERE household_id = \(bind: session.household)
            GROUP BY tag ORDER BY n DESC, tag LIMIT \(bind: max(0, limit))
            """
        ).all()
        return try rows.map { TagStat(tag: try $0.text("tag"), count: Int(try $0.int("n"))) }
    }

    /// The account of the manual entry made last (by when it was entered, not its date), if any: where the
    /// next entry most likely goes.
    public func lastManualAccount() async throws -> Account.ID? {
        let row = try await session.sql.raw(
            """
            SELECT account_id FROM transactions
            WHERE household_id = \(bind: session.household) AND source = 'manual'
            ORDER BY created_at DESC, id DESC LIMIT 1
            """
        ).first()
        return try row.map { try $0.id("account_id", as: Account.self) }
    }
}
