import Foundation
import SQLKit
import Testing
import VaultCore
import VaultTestSupport

@testable import VaultStore

@Suite struct MigratorTests {
    /// Opens `location` with `migrations`, runs `body`, and closes the database whatever happens.
    func withOpened<T>(
        _ location: String, migrations: [Migration] = Migration.all,
        _ body: (VaultDatabase) async throws -> T = { _ in }
    ) async throws -> T {
        try await VaultDatabase.using(try DatabaseLocation(parsing: location), migrations: migrations, body)
    }

    @Test(
        "an empty database is migrated to the current schema, and reopening changes nothing",
        arguments: TestBackend.enabled)
    func fromEmpty(backend: TestBackend) async throws {
        let location = try backend.freshLocation(file: true)
        let applied = try await withOpened(location) { try await Migrator(database: $0).appliedNames() }
        #expect(applied == Migration.all.map(\.name))
        let second = try await withOpened(location) { try await Migrator(database: $0).migrate() }
        #expect(second == [])
    }

    @Test("every earlier schema version migrates forward to the current one", arguments: TestBackend.enabled)
    func fromEveryVersion(backend: TestBackend) async throws {
        for count in 0..<Migration.all.count {
            let location = try backend.freshLocation(file: true)
            try await withOpened(location, migrations: Array(Migration.all.prefix(count)))
            let applied = try await withOpened(location) { try await Migrator(database: $0).appliedNames() }
            #expect(applied == Migration.all.map(\.name))
        }
    }

    @Test("a database from a newer GhostVault is refused, not written", arguments: TestBackend.enabled)
    func newerSchemaRefused(backend: TestBackend) async throws {
        let location = try backend.freshLocation(file: true)
        let future = Migration(name: "9999-future") { _ in ["CREATE TABLE future_table (id TEXT)"] }
        try await withOpened(location, migrations: Migration.all + [future])
        await expectStoreError(.migration) { try await withOpened(location) }
    }

    @Test("a failing migration leaves the schema as it was", arguments: TestBackend.enabled)
    func failingMigrationRollsBack(backend: TestBackend) async throws {
        let location = try backend.freshLocation(file: true)
        let broken = Migration(name: "0002-broken") { _ in ["CREATE TABLE half_done (id TEXT)", "THIS IS NOT SQL"] }
        await #expect(throws: (any Error).self) { try await withOpened(location, migrations: Migration.all + [broken]) }
        try await withOpened(location) { database async throws in
            #expect(try await Migrator(database: database).appliedNames() == Migration.all.map(\.name))
            await #expect(throws: (any Error).self, "the half-done table should not exist") {
                try await database.withConnection { sql in
                    try await sql.raw("SELECT COUNT(*) AS n FROM half_done").run()
                }
            }
        }
    }
}
