import Foundation
import Testing
import VaultCore
import VaultTestSupport

@testable import VaultStore

@Suite struct CategoryRepositoryTests {
    @Test(
        "the schema refuses keys used twice, a parent in a loop of one, and deleting a category in use",
        arguments: TestBackend.enabled)
    func constraints(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let household = Fixture.household()
            let account = Fixture.account(in: household.id)
            let food = Fixture.category(in: household.id, name: "Food")
            try await database.households.create(household, actor: .system) { session async throws in
                try await session.accounts.insert(account)
                try await session.categories.insert(food)
                try await session.transactions.insert(
                    Fixture.transaction(in: account, date: "2026-11-01", cents: -5, category: food.id))
            }
            let sameKey = VaultCore.Category(
                id: Fixture.newID(), householdID: household.id, name: "Food again", key: food.key, kind: .expense)
            await expectStoreError(.duplicate) {
                try await database.write(household: household.id, actor: .commandLine) {
                    try await $0.categories.insert(sameKey)
                }
            }
            var loop = food
            loop.parentID = food.id
            await expectStoreError(.invalidValue) {
                try await database.write(household: household.id, actor: .commandLine) {
                    _ = try await $0.categories.update(loop)
                }
            }
            await expectStoreError(.reference) {
                try await database.write(household: household.id, actor: .commandLine) {
                    _ = try await $0.categories.delete(food.id)
                }
            }
        }
    }

    @Test("moving a category's transactions re-files them as a person's choice", arguments: TestBackend.enabled)
    func moveTransactions(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let household = Fixture.household()
            let account = Fixture.account(in: household.id)
            let food = Fixture.category(in: household.id, name: "Food")
            let dining = Fixture.category(in: household.id, name: "Dining")
            let transaction = Fixture.transaction(in: account, date: "2026-11-01", cents: -5, category: food.id)
            try await database.households.create(household, actor: .system) { session async throws in
                try await session.accounts.insert(account)
                try await session.categories.insert([food, dining])
                try await session.transactions.insert(transaction)
            }
            try await database.write(household: household.id, actor: .commandLine) { session async throws in
                #expect(try await session.categories.moveTransactions(from: food.id, to: dining.id) == 1)
                #expect(try await session.categories.delete(food.id))
            }
            let moved = try await database.read(household: household.id) {
                try await $0.transactions.find(transaction.id)
            }
            #expect(moved?.categoryID == dining.id)
            #expect(moved?.categorySource == .manual)
        }
    }
}
