import Foundation
import Logging
import Metrics
import NIOCore
import NIOPosix
import PostgresKit
import PostgresNIO
import SQLKit
import SQLiteNIO

/// The open database: a pool of connections to SQLite or PostgreSQL, migrated to the current schema.
///
/// Everything above the store reaches rows through this type's household sessions (`read` and
/// `write`), which scope every query to one household. Close it when done.
public final class VaultDatabase: Sendable {
    /// Which SQL dialect the database speaks; the few places where they differ branch on it.
    public enum Dialect: String, Sendable { case sqlite, postgres }

    public let dialect: Dialect
    public let location: DatabaseLocation
    private let backend: Backend
    let logger: Logger
    /// Queues SQLite writers in this process (see `WriteGate`); PostgreSQL needs no such queue.
    private let writeGate = WriteGate()
    /// Runs claimed in this process (`exclusively`).
    let localClaims = LocalClaims()
    /// Logs a PostgreSQL outage once when it starts and once when it ends.
    private let outages: OutageLog
    private let statements = StatementCount()
    /// Whether the schema has the classification stamp (migration 0023); tests open older schemas.
    let stampsClassification: Bool

    /// How many statements this process has sent to PostgreSQL through this database, each a round trip (0 on
    /// SQLite, whose statements are calls within the process): what a change to a path costs the server.
    public var statementsSent: Int { statements.value }

    private enum Backend: Sendable {
        case sqlite(SQLitePool)
        case postgres(PostgresClient, Task<Void, Never>)
    }

    /// Readers that may share a file database at once; SQLite in WAL mode serves them in parallel.
    static let sqliteFileConnections = 4

    private init(
        dialect: Dialect, location: DatabaseLocation, backend: Backend, logger: Logger, migrations: [Migration]
    ) {
        self.stampsClassification = migrations.contains { $0.name == Migration.classificationStamp.name }
        self.dialect = dialect
        self.location = location
        self.backend = backend
        self.logger = logger
        self.outages = OutageLog(logger: logger)
    }

    /// Opens (creating an SQLite file and its folder if needed) and migrates the database.
    public static func open(
        _ location: DatabaseLocation,
        logger: Logger = VaultDatabase.quietLogger
    ) async throws -> VaultDatabase {
        try await open(location, logger: logger, migrations: Migration.all)
    }

    /// Opens the database, runs `body` with it, and closes it, also when `body` throws.
    public static func using<T>(
        _ location: DatabaseLocation, logger: Logger = VaultDatabase.quietLogger,
        _ body: (VaultDatabase) async throws -> T
    ) async throws -> T {
        try await using(location, logger: logger, migrations: Migration.all, body)
    }

    static func using<T>(
        _ location: DatabaseLocation, logger: Logger = VaultDatabase.quietLogger, migrations: [Migration],
        _ body: (VaultDatabase) async throws -> T
    ) async throws -> T {
        let database = try await open(location, logger: logger, migrations: migrations)
        do {
            let result = try await body(database)
            await database.close()
            return result
        } catch {
            await database.close()
            throw error
        }
    }

    /// The store's default logger: errors only, so drivers' retries do not flood a terminal.
    public static var quietLogger: Logger {
        var logger = Logger(label: "ghostvault.store")
        logger.logLevel = .error
        return logger
    }

    /// How long opening waits for the database to answer before saying it cannot be reached.
    static let openTimeout: Duration = .seconds(10)

    /// Opens the database and applies `migrations` (tests pass a prefix to build an older schema).
    static func open(
        _ location: DatabaseLocation, logger: Logger = VaultDatabase.quietLogger, migrations: [Migration]
    ) async throws -> VaultDatabase {
        let database: VaultDatabase
        switch location {
        case .sqliteMemory:
            // One connection: an in-memory SQLite database exists only on the connection that made it.
            let pool = SQLitePool(storage: .memory, maximum: 1, logger: logger)
            database = VaultDatabase(
                dialect: .sqlite, location: location, backend: .sqlite(pool), logger: logger,
                migrations: migrations)
        case .sqliteFile(let path):
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
            do {
                try SQLiteFiles.prepare(path: path, logger: logger)
            } catch {
                throw StoreError(
                    .unavailable,
                    "Could not create or secure the database file in \(folder.path): "
                        + "\(error.localizedDescription). Choose another place with --database.")
            }
            let pool = SQLitePool(storage: .file(path: path), maximum: sqliteFileConnections, logger: logger)
            database = VaultDatabase(
                dialect: .sqlite, location: location, backend: .sqlite(pool), logger: logger,
                migrations: migrations)
        case .postgres(let postgres):
            let configuration = try postgres.clientConfiguration()
            // One direct connection first: when TLS, a certificate or a password is refused it says so at
            // once, where the pool would retry until the open deadline and report only a timeout.
            // A server still starting (refused, or 57P03) is tried again until the deadline, as the pool would;
            // a refused certificate, TLS or password fails at once.
            try await withDeadline(openTimeout, location: location) {
                while true {
                    do {
                        return try await postgres.checkConnection(logger: logger)
                    } catch let error as StoreError where error.code == .unreachable {
                        try await Task.sleep(for: .milliseconds(250))
                    }
                }
            }
            let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
            // Started immediately so the client is running before the first connection is leased.
            let runner = Task.immediate { await client.run() }
            database = VaultDatabase(
                dialect: .postgres, location: location, backend: .postgres(client, runner), logger: logger,
                migrations: migrations)
        }
        do {
            try await withDeadline(openTimeout, location: location) {
                try await database.withConnection { db in try await db.raw("SELECT 1").run() }
            }
            try await Migrator(database: database, migrations: migrations).migrate()
        } catch {
            await database.close()
            // An outage while opening is not retried: the server is not running yet.
            if let error = error as? StoreError, error.code != .unreachable { throw error }
            throw StoreError(
                .unavailable,
                "Could not open the database at \(location): \(error). "
                    + "Check that the path is writable, or that the server is running and the URL is right.")
        }
        return database
    }

    /// Closes every connection.
    public func close() async {
        switch backend {
        case .sqlite(let pool): await pool.close()
        case .postgres(_, let runner): runner.cancel(); _ = await runner.value
        }
    }

    /// Brings PostgreSQL's planner statistics and visibility map up to date after a bulk write (a generated
    /// or imported history), so the next reports are planned on the data as it is and read their covering
    /// indexes without visiting the table (a month report over a million fresh rows took 313 ms before,
    /// mostly heap visits). Autovacuum gets there on its own, later; SQLite needs nothing.
    public func settleAfterBulkWrite() async throws {
        guard dialect == .postgres else { return }
        try await withConnection { sql in
            try await sql.raw("VACUUM (ANALYZE) transactions, changes, transfer_pairs").run()
        }
    }

    /// Runs `body` on one connection, outside any transaction.
    func withConnection<T: Sendable>(_ body: (any SQLDatabase) async throws -> T) async throws -> T {
        do {
            switch backend {
            case .sqlite(let pool):
                return try await pool.withConnection(body)
            case .postgres(let client, _):
                let result = try await Self.lease(client, waiting: connectionWait) { connection in
                    try await body(OpenConnectionSQL(connection, counting: statements))
                }
                outages.answered()
                return result
            }
        } catch let poisoned as PoisonedConnection {
            throw StoreError.constraint(from: poisoned.underlying) ?? outage(poisoned.underlying)
        } catch {
            throw StoreError.constraint(from: error) ?? outage(error)
        }
    }

    /// How long a query waits for a PostgreSQL connection (`connect_timeout`); SQLite never waits on a server.
    var connectionWait: Duration {
        guard case .postgres(let postgres) = location else { return .seconds(5) }
        return postgres.connectTimeout
    }

    /// `error` as an outage when it is one (PostgreSQL only: a file database does not go away), else itself.
    /// Each failed try is counted once: a `StoreError` comes from a call nested in this one, which counted it.
    private func outage(_ error: any Error) -> any Error {
        guard dialect == .postgres, !(error is StoreError), let outage = StoreError.outage(from: error) else {
            return error
        }
        outages.failed(cause: outage.message)
        return outage
    }

    /// How long queries wait for a pooled PostgreSQL connection (a metric; see `serve --metrics-port`).
    private static let connectionWaits = Metrics.Timer(label: "ghostvault_database_connection_wait")

    /// Runs `body` on a pooled PostgreSQL connection, waiting at most `wait` to be given one.
    ///
    /// PostgresNIO's pool queues a request until a connection exists, and while the server is down it keeps
    /// retrying with growing pauses: without a bound a request hung for about a minute. Past `wait` without a
    /// connection the request fails as `.unreachable`; once it has its connection, the query takes as long
    /// as it takes.
    private static func lease<T: Sendable>(
        _ client: PostgresClient, waiting wait: Duration, _ body: (PostgresConnection) async throws -> T
    ) async throws -> T {
        try await withoutActuallyEscaping(body) { body in
            // Sound to send: the task group below ends before `withoutActuallyEscaping` returns.
            let work = UncheckedSendable(body)
            let leased = LeaseFlag()
            let asked = ContinuousClock.now
            return try await withThrowingTaskGroup(of: LeaseOutcome<T>.self) { group in
                group.addTask {
                    .done(
                        try await client.withConnection { connection in
                            guard leased.lease() else { throw CancellationError() }
                            connectionWaits.record(duration: ContinuousClock.now - asked)
                            return try await work.value(connection)
                        })
                }
                group.addTask {
                    try await Task.sleep(for: wait)
                    if leased.giveUp() { throw ConnectionWaitExpired(wait: wait) }
                    return .waited
                }
                while let outcome = try await group.next() {
                    if case .done(let value) = outcome {
                        group.cancelAll()
                        return value
                    }
                }
                throw CancellationError()
            }
        }
    }

    /// Runs `body` in one database transaction: all of its writes land, or none do.
    ///
    /// SQLite starts with `BEGIN IMMEDIATE` so the write lock is taken up front and two writers never
    /// deadlock upgrading a read lock; PostgreSQL's plain `BEGIN` is enough.
    func transaction<T: Sendable>(_ body: (any SQLDatabase) async throws -> T) async throws -> T {
        guard dialect == .sqlite else { return try await transactionOnConnection(body) }
        return try await writeGate.withTurn { try await transactionOnConnection(body) }
    }

    /// Runs `body`'s one statement outside a transaction (it commits on its own), in the writers' turn on SQLite.
    func autocommit<T: Sendable>(_ body: (any SQLDatabase) async throws -> T) async throws -> T {
        guard dialect == .sqlite else { return try await withConnection(body) }
        return try await writeGate.withTurn { try await withConnection(body) }
    }

    private func transactionOnConnection<T: Sendable>(_ body: (any SQLDatabase) async throws -> T) async throws -> T {
        try await withConnection { db in try await inTransaction(on: db, body) }
    }

    /// Runs `body` between BEGIN and COMMIT on one connection the caller holds, rolling back on error.
    /// When even the rollback fails, the connection is marked poisoned so the pool closes it rather than
    /// hand a half-open transaction to the next caller.
    func inTransaction<T: Sendable>(
        on db: any SQLDatabase, _ body: (any SQLDatabase) async throws -> T
    ) async throws -> T {
        try await db.raw(dialect == .sqlite ? "BEGIN IMMEDIATE" : "BEGIN").run()
        do {
            let result = try await body(db)
            try await db.raw("COMMIT").run()
            return result
        } catch {
            do {
                try await db.raw("ROLLBACK").run()
            } catch {
                throw PoisonedConnection(underlying: error)
            }
            throw error
        }
    }
}

/// An error after which a connection's state is unknown; the pool closes the connection instead of reusing it.
struct PoisonedConnection: Error {
    let underlying: any Error
}

/// Runs `body`, giving up with an `unavailable` error once `limit` has passed.
private func withDeadline(
    _ limit: Duration, location: DatabaseLocation, _ body: @escaping @Sendable () async throws -> Void
) async throws {
    try await withThrowingTaskGroup(of: Bool.self) { group in
        group.addTask {
            try await body()
            return true
        }
        group.addTask {
            try await Task.sleep(for: limit)
            return false
        }
        let finished = try await group.next() ?? false
        group.cancelAll()
        guard finished else {
            throw StoreError(
                .unavailable,
                "The database at \(location) did not answer within \(limit.components.seconds) s. "
                    + "Check that the server is running and the URL is right.")
        }
    }
}
