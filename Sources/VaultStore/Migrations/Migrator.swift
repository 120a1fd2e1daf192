import Foundation
import SQLKit

/// Brings a database's schema up to date by running, in order, each migration it has not had yet.
///
/// Each migration runs in its own transaction with its record in `schema_migrations`, so a failure
/// leaves the schema at the previous version. Two processes starting at once are serialised (see
/// `migrate()`), and each re-reads what was applied once it holds the lock.
struct Migrator {
    let database: VaultDatabase
    var migrations: [Migration] = Migration.all

    /// The first half of the advisory lock key PostgreSQL migrations take (an arbitrary constant: "GVMI" in
    /// ASCII); the second half is a hash of the schema, so deployments (or tests) in different schemas of one
    /// database migrate side by side, and only servers sharing a schema wait for each other.
    static let postgresLockKey: Int32 = 0x4756_4D49

    /// The schema whose migrations the lock serialises.
    private var lockedSchema: String {
        guard case .postgres(let postgres) = database.location else { return "" }
        return postgres.schema ?? "public"
    }

    /// Applies what is missing; returns the names it applied.
    ///
    /// The whole run holds one connection. On PostgreSQL it holds a session advisory lock from before
    /// the schema and the migrations table are created until the last migration commits, so two
    /// servers starting together never race; SQLite's `BEGIN IMMEDIATE` serialises them on its own.
    @discardableResult
    func migrate() async throws -> [String] {
        try await database.withConnection { db in
            guard database.dialect == .postgres else { return try await migrate(on: db) }
            let key: SQLQueryString = "\(bind: Self.postgresLockKey), hashtext(\(bind: lockedSchema))"
            try await db.raw("SELECT pg_advisory_lock(\(key))").run()
            do {
                let applied = try await migrate(on: db)
                try await db.raw("SELECT pg_advisory_unlock(\(key))").run()
                return applied
            } catch {
                try? await db.raw("SELECT pg_advisory_unlock(\(key))").run()
                throw error
            }
        }
    }

    private func migrate(on db: any SQLDatabase) async throws -> [String] {
        if case .postgres(let postgres) = database.location, let schema = postgres.schema {
            // A deployment (or a test) may keep GhostVault in a schema of its own.
            try await db.raw("CREATE SCHEMA IF NOT EXISTS \(ident: schema)").run()
        }
        try await db.raw(
            """
            CREATE TABLE IF NOT EXISTS schema_migrations (
                name TEXT PRIMARY KEY,
                applied_at BIGINT NOT NULL
            )
            """
        ).run()
        // Read once: a migration recorded as applied stays applied, so only the missing ones are checked again
        // inside their own transaction (another process may have applied one meanwhile).
        let recorded = try await names(on: db)
        let before = Set(recorded)
        var applied: [String] = []
        for migration in migrations where !before.contains(migration.name) {
            let ran = try await database.inTransaction(on: db) { db in
                let done =
                    try await db.raw("SELECT name FROM schema_migrations WHERE name = \(bind: migration.name)").first()
                    != nil
                guard !done else { return false }
                for statement in migration.statements(database.dialect) {
                    try await db.raw("\(unsafeRaw: statement)").run()
                }
                try await migration.data?(db)
                try await db.raw(
                    """
                    INSERT INTO schema_migrations (name, applied_at)
                    VALUES (\(bind: migration.name), \(bind: Int64(Date().timeIntervalSince1970)))
                    """
                ).run()
                return true
            }
            if ran { applied.append(migration.name) }
        }
        let known = Set(migrations.map(\.name))
        let unknown = try await (applied.isEmpty ? recorded : names(on: db)).filter { !known.contains($0) }
        guard unknown.isEmpty else {
            throw StoreError(
                .migration,
                "The database was upgraded by a newer GhostVault (migrations " + unknown.joined(separator: ", ")
                    + "); upgrade this program before using it.")
        }
        return applied
    }

    /// The names recorded as applied, in order.
    func appliedNames() async throws -> [String] {
        try await database.withConnection { try await names(on: $0) }
    }

    private func names(on db: any SQLDatabase) async throws -> [String] {
        try await db.raw("SELECT name FROM schema_migrations ORDER BY name").all()
            .map { try $0.decode(column: "name", as: String.self) }
    }
}

extension VaultDatabase {
    /// What `/readyz` reports: whether a query reaches the database, and the migrations this program knows that
    /// the database has not had (empty when its schema is current).
    public func readiness() async throws -> (reachable: Bool, pendingMigrations: [String]) {
        let applied = Set(try await Migrator(database: self).appliedNames())
        return (true, Migration.all.map(\.name).filter { !applied.contains($0) })
    }
}
