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
    /// A session from `keepDerived`: it may store derived answers (caches) but not change the household.
    var derivedOnly = false

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
    public var receipts: ReceiptRepository { ReceiptRepository(session: self) }
    public var milesCards: MilesCardRepository { MilesCardRepository(session: self) }
    public var recurringRules: RecurringRuleRepository { RecurringRuleRepository(session: self) }
    public var bankFileMappings: BankFileMappingRepository { BankFileMappingRepository(session: self) }

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

    /// The household with its data version: a number every write transaction of the household moves
    /// (`VaultDatabase.write`), so an answer computed from its data stays right while the number is unchanged.
    public func versioned() async throws -> (household: Household, dataVersion: Int64) {
        let read = try await logged()
        return (read.household, read.dataVersion)
    }

    /// The household with its data version and the last sequence number of its change log, read together: every
    /// change after that number is in the log (`changes(after:)`), so an answer kept at one version can be
    /// brought up to a later one by what changed in between.
    public func logged() async throws -> (household: Household, dataVersion: Int64, changeSequence: Int64) {
        guard
            let row = try await sql.raw("SELECT * FROM households WHERE id = \(bind: householdID.description)").first()
        else { throw StoreError(.notFound, "The household \(householdID) does not exist.") }
        return (try HouseholdDirectory.household(from: row), try row.int("data_version"), try row.int("change_seq"))
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
        guard let changeLog, !derivedOnly else {
            throw StoreError(.readOnly, "A write was attempted in a read-only session; use VaultDatabase.write.")
        }
        return changeLog
    }

    /// Refuses unless this session may store derived answers: one from `write` or `keepDerived`.
    func requireDerivedWrite() throws {
        guard changeLog != nil else {
            throw StoreError(.readOnly, "A write was attempted in a read-only session; use VaultDatabase.keepDerived.")
        }
    }
}

extension VaultDatabase {
    /// Reads one household's data on one connection; the session's `now` (what "today" means in it) is `now`.
    public func read<T: Sendable>(
        household: Household.ID,
        at now: Date = Date(),
        _ body: (HouseholdSession) async throws -> T
    ) async throws -> T {
        try await withConnection { sql in
            try await body(HouseholdSession(sql: sql, householdID: household, changeLog: nil, now: now))
        }
    }

    /// Reads one household's data as of one moment, however long `body` takes: a read-only transaction
    /// (SQLite's deferred `BEGIN` on a reader, which sees the database as of its first read in WAL mode;
    /// PostgreSQL's `REPEATABLE READ READ ONLY`). Writers go on meanwhile. For a dataset export, whose tables
    /// must agree with each other.
    public func readSnapshot<T: Sendable>(
        household: Household.ID, at now: Date = Date(), _ body: (HouseholdSession) async throws -> T
    ) async throws -> T {
        try await withConnection { sql in
            try await sql.raw(dialect == .sqlite ? "BEGIN" : "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY").run()
            do {
                let result = try await body(
                    HouseholdSession(sql: sql, householdID: household, changeLog: nil, now: now))
                try await sql.raw("COMMIT").run()
                return result
            } catch {
                try? await sql.raw("ROLLBACK").run()
                throw error
            }
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
            // Moving the data version first also checks that the household exists.
            guard
                try await sql.raw(
                    """
                    UPDATE households SET data_version = data_version + 1
                    WHERE id = \(bind: household.description) RETURNING id
                    """
                ).first() != nil
            else { throw StoreError(.notFound, "The household \(household) does not exist.") }
            let log = ChangeLog(
                sql: sql, householdID: household, actor: actor, now: now, held: true, movesInputs: stampsClassification)
            let result = try await body(HouseholdSession(sql: sql, householdID: household, changeLog: log, now: now))
            try await log.flush()
            return result
        }
    }

    /// Stores derived answers of one household (the recurring detector's, kept until the household changes)
    /// in one transaction. Unlike `write`, it neither logs nor moves the household's data version: a derived
    /// answer is not a change to the household, and storing one must not make the others out of date. The
    /// session refuses any other write.
    public func keepDerived<T: Sendable>(
        household: Household.ID, at now: Date = Date(), _ body: (HouseholdSession) async throws -> T
    ) async throws -> T {
        try await transaction { sql in
            guard try await HouseholdDirectory.find(household, in: sql) != nil else {
                throw StoreError(.notFound, "The household \(household) does not exist.")
            }
            let log = ChangeLog(sql: sql, householdID: household, actor: .system, now: now)
            return try await body(
                HouseholdSession(sql: sql, householdID: household, changeLog: log, now: now, derivedOnly: true))
        }
    }

    /// The households in this database: creating one, and finding them.
    public var households: HouseholdDirectory { HouseholdDirectory(database: self) }
}
