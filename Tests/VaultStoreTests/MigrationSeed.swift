import Foundation
import VaultCore
import VaultTestSupport

@testable import VaultStore

/// Households as an earlier version made them, for the tests of a migration that adds a category or a rule.
enum MigrationSeed {
    /// Creates `household` with a Dining category and `extra` categories, and (`builtIns`) the built-in rules a
    /// household with only Dining would have had.
    static func household(
        _ household: Household, in database: VaultDatabase, extra: [Category] = [], builtIns: Bool
    ) async throws {
        try await database.households.create(household, actor: .system)
        let dining = Fixture.category(in: household.id, name: "Dining")
        let rules =
            builtIns
            ? BuiltInPatterns.rules(for: household.id, categoryIDs: ["dining": dining.id]) { Fixture.newID() } : []
        try await database.write(household: household.id, actor: .system) { session in
            try await session.categories.insert([dining] + extra)
            try await session.rules.insert(rules)
        }
    }
}
