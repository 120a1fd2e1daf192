import Foundation
import SQLKit
import Testing
import VaultCore
import VaultTestSupport

@testable import VaultStore

/// Migration 0016 gives households made before the Housing patterns their "Merchants: housing" rule.
@Suite struct HousingPatternsMigrationTests {
    @Test(
        "a household with built-in rules gets Housing's under its Housing category; one without built-ins or Housing does not",
        arguments: TestBackend.enabled)
    func housingRuleAdded(backend: TestBackend) async throws {
        // Given a database at 0015: one household with a built-in rule and a Housing category, one with a Housing
        // category but no built-in rules yet, one with built-in rules and no Housing category
        let location = try backend.freshLocation(file: true)
        let before = Array(Migration.all.prefix { $0.name != Migration.housingPatterns.name })
        let (ready, fresh, homeless) = (
            Fixture.household(name: "Ready"), Fixture.household(name: "Fresh"), Fixture.household(name: "Homeless")
        )
        var housing: [Household.ID: Category] = [:]
        try await VaultDatabase.using(try DatabaseLocation(parsing: location), migrations: before) { database in
            for household in [ready, fresh, homeless] {
                var extra: [Category] = []
                if household.id != homeless.id {
                    let home = Fixture.category(in: household.id, name: "Housing")
                    housing[household.id] = home
                    extra.append(home)
                }
                try await MigrationSeed.household(
                    household, in: database, extra: extra, builtIns: household.id != fresh.id)
            }
        }

        // When it is opened by this version
        let rules = try await VaultDatabase.using(try DatabaseLocation(parsing: location)) { database in
            var rules: [Household.ID: [Rule]] = [:]
            for household in [ready, fresh, homeless] {
                rules[household.id] = try await database.read(household: household.id) { try await $0.rules.all() }
            }
            return rules
        }

        // Then only the first has the Housing rule, as a new household's would be
        let added = try #require(rules[ready.id]?.first { $0.name == "Merchants: housing" })
        let expected = try #require(
            BuiltInPatterns.rules(for: ready.id, categoryIDs: ["housing": housing[ready.id]!.id]) { Fixture.newID() }
                .first { $0.name == "Merchants: housing" })
        #expect(added.categoryID == housing[ready.id]?.id)
        #expect(added.origin == .merchantPattern && added.isActive && added.join == .any)
        #expect(added.priority == expected.priority && added.conditions == expected.conditions)
        #expect(added.conditions.contains(RuleCondition(.description, .containsWord, "MORTGAGE")))
        #expect(rules[fresh.id]?.isEmpty == true)
        #expect(rules[homeless.id]?.contains { $0.name == "Merchants: housing" } == false)
    }
}
