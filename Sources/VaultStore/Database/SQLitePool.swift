import Logging
import NIOCore
import NIOPosix
import SQLKit
import SQLiteKit
import SQLiteNIO

/// A small pool of SQLite connections to one file (or the single connection of an in-memory database).
///
/// Every connection is set up the same way (DESIGN section 4): foreign keys on, WAL for files,
/// `synchronous=NORMAL`, and a busy timeout so a writer waits for another instead of failing.
/// Waiters are served first come, first served.
actor SQLitePool {
    private let storage: SQLiteConnection.Storage
    private let maximum: Int
    private let logger: Logger
    private var idle: [SQLiteConnection] = []
    private var all: [SQLiteConnection] = []
    private var waiters: [CheckedContinuation<SQLiteConnection, any Error>] = []
    private var opening = 0
    private var closed = false

    /// How long a connection waits for another's write lock before giving up (milliseconds).
    static let busyTimeoutMilliseconds = 10_000

    init(storage: SQLiteConnection.Storage, maximum: Int, logger: Logger) {
        self.storage = storage
        self.maximum = maximum
        self.logger = logger
    }

    /// Runs `body` with a connection of its own, returned to the pool afterwards.
    nonisolated func withConnection<T: Sendable>(_ body: (any SQLDatabase) async throws -> T) async throws -> T {
        let connection = try await checkOut()
        do {
            let result = try await body(SQLiteConnectionSQL(connection))
            await checkIn(connection)
            return result
        } catch let poisoned as PoisonedConnection {
            await discard(connection)
            throw poisoned
        } catch {
            await checkIn(connection)
            throw error
        }
    }

    /// Closes every connection; later calls fail.
    func close() async {
        closed = true
        for waiter in waiters { waiter.resume(throwing: StoreError(.unavailable, "The database was closed.")) }
        waiters.removeAll()
        for connection in all { try? await connection.close() }
        all.removeAll()
        idle.removeAll()
    }

    private func checkOut() async throws -> SQLiteConnection {
        guard !closed else { throw StoreError(.unavailable, "The database was closed.") }
        if let connection = idle.popLast() { return connection }
        if all.count + opening < maximum {
            opening += 1
            defer { opening -= 1 }
            let connection: SQLiteConnection
            do {
                connection = try await open()
            } catch {
                // Callers queued behind this attempt would otherwise wait for a connection that never comes.
                for waiter in waiters { waiter.resume(throwing: error) }
                waiters.removeAll()
                throw error
            }
            guard !closed else {
                try? await connection.close()
                throw StoreError(.unavailable, "The database was closed.")
            }
            all.append(connection)
            return connection
        }
        return try await withCheckedThrowingContinuation { waiters.append($0) }
    }

    /// Closes a connection whose state is unknown and frees its place in the pool.
    private func discard(_ connection: SQLiteConnection) async {
        all.removeAll { $0 === connection }
        try? await connection.close()
    }

    private func checkIn(_ connection: SQLiteConnection) {
        guard !closed else { return }
        if waiters.isEmpty {
            idle.append(connection)
        } else {
            waiters.removeFirst().resume(returning: connection)
        }
    }

    private func open() async throws -> SQLiteConnection {
        let connection = try await SQLiteConnection.open(storage: storage, logger: logger)
        do {
            let sql = connection.sql(queryLogLevel: .trace)
            try await sql.raw("PRAGMA foreign_keys = ON").run()
            try await sql.raw("PRAGMA busy_timeout = \(unsafeRaw: String(Self.busyTimeoutMilliseconds))").run()
            if case .file = storage {
                try await sql.raw("PRAGMA journal_mode = WAL").run()
                try await sql.raw("PRAGMA synchronous = NORMAL").run()
            }
            return connection
        } catch {
            try? await connection.close()
            throw error
        }
    }
}
