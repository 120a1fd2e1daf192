import Foundation
import SQLKit
import Testing
import VaultCore
import VaultTestSupport

@testable import VaultStore

/// Migration 0022 gives households made before the Loans category that category, and its built-in rule to those
/// that have built-in rules.
@Suite struct LoansCategoryMigrationTests {
    @Test(
        "each household gets a Loans category (another name when Loans is taken); one with built-ins gets its rule",
        arguments: TestBackend.enabled)
    func loansAdded(backend: TestBackend) async throws {
        // Given a database at 0021: a household with built-in rules, one without, and one whose person made a
        // top-level category named Loans under another key
        let location = try backend.freshLocation(file: true)
        let before = Array(Migration.all.prefix { $0.name != Migration.loansCategory.name })
        let (ready, fresh, named) = (
            Fixture.household(name: "Ready"), Fixture.household(name: "Fresh"), Fixture.household(name: "Named")
        )
        try await VaultDatabase.using(try DatabaseLocation(parsing: location), migrations: before) { database in
            for household in [ready, fresh, named] {
                let taken =
                    household.id == named.id
                    ? [
                        Category(
                            id: Fixture.newID(), householdID: household.id, name: "Loans", key: "my-debts",
                            kind: .expense)
                    ] : []
                try await MigrationSeed.household(
                    household, in: database, extra: taken, builtIns: household.id != fresh.id)
            }
        }

        // When it is opened by this version
        let found = try await VaultDatabase.using(try DatabaseLocation(parsing: location)) { database in
            var found: [Household.ID: (categories: [Category], rules: [Rule])] = [:]
            for household in [ready, fresh, named] {
                found[household.id] = try await database.read(household: household.id) { session in
                    (try await session.categories.all(), try await session.rules.all())
                }
            }
            return found
        }

        // Then each has a Loans category keyed "loans", and the rule where built-ins were already there
        for household in [ready, fresh, named] {
            let loans = try #require(found[household.id]?.categories.first { $0.key == "loans" })
            #expect(loans.name == (household.id == named.id ? "Loan payments" : "Loans"))
            #expect(loans.kind == .expense && loans.parentID == nil && loans.isActive)
            let rule = found[household.id]?.rules.first { $0.name == "Merchants: loans" }
            #expect((rule != nil) == (household.id != fresh.id))
            if let rule {
                let expected = try #require(
                    BuiltInPatterns.rules(for: household.id, categoryIDs: ["loans": loans.id]) { Fixture.newID() }
                        .first { $0.name == rule.name })
                #expect(rule.categoryID == loans.id && rule.priority == expected.priority)
                #expect(rule.conditions.contains(RuleCondition(.description, .containsWord, "STUDENT LOAN")))
            }
        }
        #expect(
            Classifier.paymentCategories(from: found[ready.id]?.categories ?? [])[.loan]
                == found[ready.id]?.categories.first { $0.key == "loans" }?.id)
    }
}
