import Foundation
import SQLKit
import Testing
import VaultCore
import VaultTestSupport

@testable import VaultStore

/// Migration 0015 gives each existing household an owner: its first member.
@Suite struct MemberRolesMigrationTests {
    @Test("each household's earliest member becomes its owner, the others members", arguments: TestBackend.enabled)
    func firstMemberOwns(backend: TestBackend) async throws {
        // Given a database at 0013 with two households, one of them with three members joined at different times
        let location = try backend.freshLocation(file: true)
        let before = Array(Migration.all.prefix { $0.name != Migration.memberRoles.name })
        let first = Fixture.household(name: "First")
        let second = Fixture.household(name: "Second")
        let members: [(String, Household.ID, Int64)] = [
            ("b@example.com", first.id, 200), ("a@example.com", first.id, 100), ("c@example.com", first.id, 300),
            ("d@example.com", second.id, 400),
        ]
        try await VaultDatabase.using(try DatabaseLocation(parsing: location), migrations: before) { database in
            for household in [first, second] { try await database.households.create(household, actor: .system) }
            try await database.withConnection { sql in
                for (email, household, created) in members {
                    try await sql.raw(
                        """
                        INSERT INTO users (id, email, password_hash, household_id, created_at)
                        VALUES (\(bind: Fixture.newID(User.self).description), \(bind: email), 'x',
                                \(bind: household.description), \(bind: created))
                        """
                    ).run()
                }
            }
        }
        // When it is opened by this version
        let roles = try await VaultDatabase.using(try DatabaseLocation(parsing: location)) { database in
            var roles: [String: MemberRole] = [:]
            for household in [first.id, second.id] {
                for user in try await database.users.members(of: household) { roles[user.email] = user.role }
            }
            return roles
        }
        // Then
        #expect(
            roles == [
                "a@example.com": .owner, "b@example.com": .member, "c@example.com": .member, "d@example.com": .owner,
            ])
    }
}
