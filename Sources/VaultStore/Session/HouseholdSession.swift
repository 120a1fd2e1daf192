import Foundation
import SQLKit
import VaultCore

/// One household's view of the database on one connection: the only way to its rows.
///
/// Every repository a session hands out is bound to the session's household; there is no query
/// path without a household id (DESIGN section 3, Tenancy). A session from `write` runs inside one
/// transaction and records every change in the change log; one from `read` refuses to write.
public struct HouseholdSession: Sendable {
    let sql: any SQLDatabase
    public let householdID: Household.ID
    let changeLog: ChangeLog?
    /// The instant the session's writes are stamped with.
    public let now: Date

    public var accounts: AccountRepository { AccountRepository(session: self) }
    public var institutions: InstitutionRepository { InstitutionRepository(session: self) }
    public var categories: CategoryRepository { CategoryRepository(session: self) }
    public var transactions: TransactionRepository { TransactionRepository(session: self) }
    public var connections: ConnectionRepository { ConnectionRepository(session: self) }
    public var syncRecords: SyncRecordRepository { SyncRecordRepository(session: self) }
    public var rules: RuleRepository { RuleRepository(session: self) }
    public var transfers: TransferRepository { TransferRepository(session: self) }
    public var tallies: TallyRepository { TallyRepository(session: self) }
    public var budgets: BudgetRepository { BudgetRepository(session: self) }
    public var recurring: RecurringRepository { RecurringRepository(session: self) }
    public var lens: LensRepository { LensRepository(session: self) }

    /// The household this session belongs to.
    public func household() async throws -> Household {
        guard let household = try await HouseholdDirectory.find(householdID, in: sql) else {
            throw StoreError(.notFound, "The household \(householdID) does not exist.")
        }
        return household
    }

    /// The household's position in its change log: the sequence number of its latest change.
    public func changeSequence() async throws -> Int64 {
        guard
            let row = try await sql.raw("SELECT change_seq FROM households WHERE id = \(bind: householdID.description)")
                .first()
        else { throw StoreError(.notFound, "The household \(householdID) does not exist.") }
        return try row.int("change_seq")
    }

    /// The household's change log after `sequence`, oldest first, at most `limit` entries.
    public func changes(after sequence: Int64 = 0, limit: Int = 1_000) async throws -> [ChangeRecord] {
        try await sql.raw(
            """
            SELECT seq, entity, entity_id, operation, fields, actor, at FROM changes
            WHERE household_id = \(bind: householdID.description) AND seq > \(bind: sequence)
            ORDER BY seq LIMIT \(bind: Int64(max(1, limit)))
            """
        ).all().map { row in
            ChangeRecord(
                sequence: try row.int("seq"), entity: try row.text("entity"), entityID: try row.text("entity_id"),
                operation: try row.value("operation"), fields: ChangeLog.decode(fields: try row.text("fields")),
                actor: ChangeActor(rawValue: try row.text("actor")),
                at: Date(timeIntervalSince1970: TimeInterval(try row.int("at"))))
        }
    }

    /// The change log of a write session; a read session has none and refuses to write.
    func log() throws -> ChangeLog {
        guard let changeLog else {
            throw StoreError(.readOnly, "A write was attempted in a read-only session; use VaultDatabase.write.")
        }
        return changeLog
    }
}

extension VaultDatabase {
    /// Reads one household's data on one connection.
    public func read<T: Sendable>(
        household: Household.ID,
        _ body: (HouseholdSession) async throws -> T
    ) async throws -> T {
        try await withConnection { sql in
            try await body(HouseholdSession(sql: sql, householdID: household, changeLog: nil, now: Date()))
        }
    }

    /// Changes one household's data in one transaction, every change logged under `actor` at `now`.
    ///
    /// If `body` throws, nothing it wrote is kept.
    public func write<T: Sendable>(
        household: Household.ID,
        actor: ChangeActor,
        at now: Date = Date(),
        _ body: (HouseholdSession) async throws -> T
    ) async throws -> T {
        try await transaction { sql in
            guard try await HouseholdDirectory.find(household, in: sql) != nil else {
                throw StoreError(.notFound, "The household \(household) does not exist.")
            }
            let log = ChangeLog(sql: sql, householdID: household, actor: actor, now: now)
            return try await body(HouseholdSession(sql: sql, householdID: household, changeLog: log, now: now))
        }
    }

    /// The households in this database: creating one, and finding them.
    public var households: HouseholdDirectory { HouseholdDirectory(database: self) }
}
