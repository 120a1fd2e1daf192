import Foundation
import SQLKit
import VaultCore

/// What bank sync keeps besides accounts and transactions: the request count per connection per UTC
/// day, one balance snapshot per account per day, and the bank ids of transactions a person deleted.
public struct SyncRecordRepository: Sendable {
    let session: HouseholdSession

    /// Requests made for a connection on a UTC day (see `RequestBudget.day(of:)`).
    public func requestsUsed(by connection: BankConnection.ID, on day: Int64) async throws -> Int {
        let row = try await session.sql.raw(
            """
            SELECT r.count FROM sync_requests r JOIN connections c ON c.id = r.connection_id
            WHERE r.connection_id = \(bind: connection.description) AND r.day = \(bind: day)
              AND c.household_id = \(bind: session.household)
            """
        ).first()
        return Int(try row?.int("count") ?? 0)
    }

    /// Records an account's balance for a day, replacing that day's earlier snapshot.
    public func recordBalance(of account: Account.ID, on date: LocalDate, minorUnits: Int64) async throws {
        try await recordBalances([(account, date, minorUnits)])
    }

    /// Records accounts' balances, each replacing its day's earlier snapshot, in one statement (per thousand);
    /// of two for one account and day, the later counts.
    public func recordBalances(_ snapshots: [(account: Account.ID, date: LocalDate, minorUnits: Int64)]) async throws {
        _ = try session.log()
        var latest: [String: Int] = [:]
        for (index, snapshot) in snapshots.enumerated() {
            latest["\(snapshot.account) \(snapshot.date.compactValue)"] = index
        }
        let kept = latest.values.sorted().map { snapshots[$0] }
        for chunk in kept.chunked(by: 1_000) where !chunk.isEmpty {
            let rows = chunk.map { snapshot -> SQLQueryString in
                """
                (\(bind: session.household), \(bind: snapshot.account.description), \(bind: Int64(snapshot.date.compactValue)), \(bind: snapshot.minorUnits))
                """
            }.joined(separator: ", ")
            try await session.sql.raw(
                "INSERT INTO balance_snapshots (household_id, account_id, date, balance_minor) VALUES " + rows
                    + " ON CONFLICT (account_id, date) DO UPDATE SET balance_minor = excluded.balance_minor"
            ).run()
        }
    }

    /// An account's balance snapshots in a date range, oldest first.
    public func balances(
        of account: Account.ID, from: LocalDate, through: LocalDate
    ) async throws -> [(LocalDate, Int64)] {
        try await session.sql.raw(
            """
            SELECT date, balance_minor FROM balance_snapshots
            WHERE household_id = \(bind: session.household) AND account_id = \(bind: account.description)
              AND date BETWEEN \(bind: Int64(from.compactValue)) AND \(bind: Int64(through.compactValue))
            ORDER BY date
            """
        ).all().map { (try $0.localDate("date"), try $0.int("balance_minor")) }
    }

    /// Remembers a bank transaction a person deleted, with enough of it to recognise its posted form
    /// or a re-issued id later, so a re-sync does not bring it back.
    public func rememberDeleted(_ transaction: Transaction) async throws {
        _ = try session.log()
        guard let bankID = transaction.bankTransactionID else { return }
        try await session.sql.raw(
            """
            INSERT INTO deleted_bank_transactions
                (household_id, account_id, bank_transaction_id, date, amount_minor, description, payee, pending, deleted_at)
            VALUES (\(bind: session.household), \(bind: transaction.accountID.description), \(bind: bankID),
                    \(bind: Int64(transaction.date.compactValue)), \(bind: transaction.amount.minorUnits),
                    \(bind: transaction.description), \(bind: transaction.payee), \(bind: transaction.isPending),
                    \(bind: session.now.unixSeconds))
            ON CONFLICT (account_id, bank_transaction_id) DO NOTHING
            """
        ).run()
    }

    /// The bank transactions a person deleted from these accounts, by account, so sync does not bring them back.
    public func deletedTransactions(
        in accounts: [Account]
    ) async throws -> [Account.ID: [TransactionIdentity.Candidate]] {
        guard !accounts.isEmpty else { return [:] }
        let byID = Dictionary(accounts.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var found: [Account.ID: [TransactionIdentity.Candidate]] = [:]
        for row in try await session.sql.raw(
            """
            SELECT account_id, bank_transaction_id, date, amount_minor, description, payee, pending
            FROM deleted_bank_transactions
            WHERE household_id = \(bind: session.household) AND account_id IN (\(binds: byID.keys.sorted().map(\.description)))
            """
        ).all() {
            guard let account = byID[try row.id("account_id")] else { continue }
            found[account.id, default: []].append(
                TransactionIdentity.Candidate(
                    id: Transaction.ID(UUID()), bankID: try row.text("bank_transaction_id"),
                    date: try row.localDate("date"),
                    amount: Money(minorUnits: try row.int("amount_minor"), currency: account.currency),
                    description: try row.text("description"), payee: try row.optionalText("payee"),
                    isPending: try row.bool("pending")))
        }
        return found
    }

}

extension VaultDatabase {
    /// Takes one request from a bank connection's budget for a UTC day (see `RequestBudget.day(of:)`) if fewer
    /// than `limit` were used; false when none is left, or when the connection is not the household's.
    ///
    /// The check and the count are one statement, atomic on its own, so syncs running at once (the CLI beside
    /// the server) can never spend more than the limit between them; it runs outside a transaction. A request
    /// taken then moves the household's data version, so answers kept with the requests left (the dashboard)
    /// are read again. Call it before sending, so a crash mid-request still counts.
    public func reserveSyncRequest(
        household: Household.ID, connection: BankConnection.ID, on day: Int64, limit: Int
    ) async throws -> Bool {
        guard limit > 0 else { return false }
        return try await autocommit { sql in
            let taken =
                try await sql.raw(
                    """
                    INSERT INTO sync_requests (connection_id, day, count)
                    SELECT id, \(bind: day), 1 FROM connections
                    WHERE id = \(bind: connection.description) AND household_id = \(bind: household.description)
                    ON CONFLICT (connection_id, day) DO UPDATE SET count = sync_requests.count + 1
                    WHERE sync_requests.count < \(bind: Int64(limit))
                    RETURNING count
                    """
                ).first() != nil
            if taken {
                try await sql.raw(
                    "UPDATE households SET data_version = data_version + 1 WHERE id = \(bind: household.description)"
                ).run()
            }
            return taken
        }
    }
}
