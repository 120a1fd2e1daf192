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

    @Test(
        "0010 switches off, with the engine's reason, active rules whose pattern is refused; good ones stay on",
        arguments: TestBackend.enabled)
    func rulePatternsSwitchedOff(backend: TestBackend) async throws {
        // Given a database at 0009 with rules saved when NSRegularExpression judged patterns
        let location = try backend.freshLocation(file: true)
        let household = Fixture.household()
        let (backreference, lookahead, good, alreadyOff) = (
            Fixture.newID() as Rule.ID, Fixture.newID() as Rule.ID, Fixture.newID() as Rule.ID,
            Fixture.newID() as Rule.ID
        )
        let before = Array(Migration.all.prefix { $0.name != "0010-rule-patterns" })
        #expect(before.count == 9)
        try await withOpened(location, migrations: before) { database async throws in
            try await database.households.create(household, actor: .system)
            try await database.withConnection { sql in
                for (id, pattern, active) in [
                    (backreference, "(a+)+\\1", true), (lookahead, "(?=x)", true), (good, "^SQ \\*.*COFFEE", true),
                    (alreadyOff, "(a+)+\\1", false),
                ] {
                    let conditions = String(
                        decoding: try JSONEncoder().encode([RuleCondition(.description, .regex, pattern)]),
                        as: UTF8.self)
                    try await sql.raw(
                        """
                        INSERT INTO rules (id, household_id, name, tags, exclude_from_totals, join_mode, priority, active,
                                           conditions, origin, classification, created_at, updated_at)
                        VALUES (\(bind: id.description), \(bind: household.id.description), \(bind: pattern), '[]',
                                \(bind: false), 'all', 0, \(bind: active), \(bind: conditions), 'user', 'expense', 0, 0)
                        """
                    ).run()
                }
            }
        }

        // When it is opened by this version
        let (rules, changes) = try await withOpened(location) { database async throws in
            try await database.read(household: household.id) { session in
                (try await session.rules.all(), try await session.changes())
            }
        }

        // Then the refused ones are off with the engine's message, the rest as they were
        let byID = Dictionary(uniqueKeysWithValues: rules.map { ($0.id, $0) })
        #expect(byID[backreference]?.isActive == false)
        #expect(byID[backreference]?.inactiveReason?.contains("Backreferences like '\\1'") == true)
        #expect(byID[lookahead]?.isActive == false)
        #expect(byID[lookahead]?.inactiveReason?.contains("Lookahead '(?='") == true)
        #expect(byID[good]?.isActive == true)
        #expect(byID[good]?.inactiveReason == nil)
        #expect(byID[alreadyOff]?.isActive == false)
        #expect(byID[alreadyOff]?.inactiveReason == nil, "a rule a person switched off keeps no reason")
        let ruleChanges = changes.filter { $0.entity == "rule" }
        #expect(Set(ruleChanges.map(\.entityID)) == [backreference.description, lookahead.description])
        #expect(ruleChanges.allSatisfy { $0.actor == .system && $0.fields == ["isActive", "inactiveReason"] })
    }
}
