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

    /// Takes one request from the day's budget if fewer than `limit` were used; false when none is
    /// left. The check and the count are one statement, so syncs running at once (the CLI beside the
    /// server) can never spend more than the limit between them. Call it before sending, so a crash
    /// mid-request still counts.
    public func reserveRequest(by connection: BankConnection.ID, on day: Int64, limit: Int) async throws -> Bool {
        _ = try session.log()
        guard limit > 0 else { return false }
        let row = try await session.sql.raw(
            """
            INSERT INTO sync_requests (connection_id, day, count) VALUES (\(bind: connection.description), \(bind: day), 1)
            ON CONFLICT (connection_id, day) DO UPDATE SET count = sync_requests.count + 1
            WHERE sync_requests.count < \(bind: Int64(limit))
            RETURNING count
            """
        ).first()
        return row != nil
    }

    /// Records an account's balance for a day, replacing that day's earlier snapshot.
    public func recordBalance(of account: Account.ID, on date: LocalDate, minorUnits: Int64) async throws {
        _ = try session.log()
        try await session.sql.raw(
            """
            INSERT INTO balance_snapshots (household_id, account_id, date, balance_minor)
            VALUES (\(bind: session.household), \(bind: account.description), \(bind: Int64(date.compactValue)), \(bind: minorUnits))
            ON CONFLICT (account_id, date) DO UPDATE SET balance_minor = excluded.balance_minor
            """
        ).run()
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

    /// What is remembered of the bank transactions a person deleted in an account.
    public func deletedTransactions(in account: Account) async throws -> [TransactionIdentity.Candidate] {
        try await session.sql.raw(
            """
            SELECT bank_transaction_id, date, amount_minor, description, payee, pending FROM deleted_bank_transactions
            WHERE household_id = \(bind: session.household) AND account_id = \(bind: account.id.description)
            """
        ).all().map { row in
            TransactionIdentity.Candidate(
                id: Transaction.ID(UUID()), bankID: try row.text("bank_transaction_id"),
                date: try row.localDate("date"),
                amount: Money(minorUnits: try row.int("amount_minor"), currency: account.currency),
                description: try row.text("description"), payee: try row.optionalText("payee"),
                isPending: try row.bool("pending"))
        }
    }

}
