import Foundation
import Testing
import VaultCore
import VaultServices
import VaultStore
import VaultTestSupport

@Suite struct CategoryServiceTests {
    @Test("a new household starts with the default tree", arguments: TestBackend.enabled)
    func defaults(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let f = try await ServiceFixture.make(database)
            let tree = try await f.scope.categories.tree()
            #expect(tree.categories.count == DefaultCategories.entries.count)
            let fuel = try await f.scope.categories.find("fuel")
            #expect(tree.path(of: fuel.id) == "Transportation / Fuel")
        }
    }

    @Test(
        "creating and moving keep the tree whole: types match, no loops, names distinct among siblings",
        arguments: TestBackend.enabled)
    func treeRules(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let f = try await ServiceFixture.make(database)
            let snacks = try await f.scope.categories.add(
                .init(name: "Snacks", parent: "Groceries", emoji: "🍿", color: "#aa00ff"))
            #expect(snacks.key == "snacks")
            #expect(snacks.color == "#AA00FF")
            let candy = try await f.scope.categories.add(.init(name: "Candy", parent: "Snacks"))
            for (changes, field) in [
                (CategoryService.Changes(parent: "Candy"), "parent"),
                (CategoryService.Changes(parent: "Salary"), "parent"),
                (CategoryService.Changes(name: "Candy", parent: "Snacks"), "name"),
                (CategoryService.Changes(color: "purple"), "color"),
            ] {
                do {
                    _ = try await f.scope.categories.edit("Snacks", changes)
                    Issue.record("an invalid change to Snacks was accepted")
                } catch let error as VaultError {
                    #expect(error.problems.map(\.field).contains(field))
                }
            }
            let (moved, changed) = try await f.scope.categories.edit("Snacks", .init(name: "Treats", parent: ""))
            #expect(moved.parentID == nil && moved.key == "snacks", "keys stay stable across renames")
            #expect(Set(changed) == ["name", "parentID"])
            #expect(try await f.scope.categories.tree().path(of: candy.id) == "Treats / Candy")
            await expectVaultError(.invalidInput) {
                try await f.scope.categories.add(.init(name: "Bonus", kind: "income", parent: "Dining"))
            }
        }
    }

    @Test(
        "removing a category says what happens first, then moves children up and uncategorises its transactions",
        arguments: TestBackend.enabled)
    func removal(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let f = try await ServiceFixture.make(database)
            let lunch = try await f.scope.transactions.add(
                TransactionInput(amount: "-9", account: "Cash", category: "Dining"))
            let latte = try await f.scope.transactions.add(
                TransactionInput(amount: "-4", account: "Cash", category: "Coffee"))
            let before = try await f.footprint()
            do {
                try await f.scope.categories.remove("Dining", confirmed: false)
                Issue.record("removal went ahead without confirmation")
            } catch let error as VaultError {
                #expect(error.code == .confirmationRequired)
                #expect(error.message.contains("Coffee") && error.message.contains("1 transaction"))
            }
            #expect(try await f.footprint() == before, "nothing changes before confirmation")
            let plan = try await f.scope.categories.remove("Dining", confirmed: true)
            #expect(plan.children.map(\.name) == ["Coffee"])
            let coffee = try await f.scope.categories.find("Coffee")
            #expect(coffee.parentID == nil)
            #expect(try await f.scope.transactions.find(lunch.transaction.id.description).transaction.categoryID == nil)
            #expect(
                try await f.scope.transactions.find(latte.transaction.id.description).transaction.categoryID
                    == coffee.id)
            await expectVaultError(.notFound) { try await f.scope.categories.find("Dining") }
        }
    }

    @Test("a removed category's transactions can move to another category", arguments: TestBackend.enabled)
    func removalWithTarget(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let f = try await ServiceFixture.make(database)
            let ride = try await f.scope.transactions.add(
                TransactionInput(amount: "-15", account: "Cash", category: "Transit & Parking"))
            try await f.scope.categories.remove("transit", moveTransactionsTo: "Transportation", confirmed: true)
            let moved = try await f.scope.transactions.find(ride.transaction.id.description)
            #expect(moved.categoryPath == "Transportation")
            #expect(moved.transaction.categorySource == .manual)
            await expectVaultError(.invalidInput) {
                try await f.scope.categories.remove("Travel", moveTransactionsTo: "Salary", confirmed: true)
            }
            // A category nothing refers to (no transactions, no rule: Housing has its built-in pattern) goes
            // without asking.
            try await f.scope.categories.remove("Insurance", confirmed: false)
            await expectVaultError(.notFound) { _ = try await f.scope.categories.find("Insurance") }
        }
    }

    @Test("uncategorised by a removal, a transaction is left open to rules again", arguments: TestBackend.enabled)
    func removalUnlocks(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let f = try await ServiceFixture.make(database)
            let gift = try await f.scope.transactions.add(
                TransactionInput(amount: "-30", account: "Cash", category: "Shopping"))
            try await f.scope.categories.remove("Shopping", confirmed: true)
            let after = try await f.scope.transactions.find(gift.transaction.id.description).transaction
            #expect(after.categoryID == nil)
            #expect(after.categorySource == .default)
        }
    }

    @Test("a new category takes its parent's type unless told otherwise", arguments: TestBackend.enabled)
    func defaultKind(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let f = try await ServiceFixture.make(database)
            #expect(try await f.scope.categories.add(.init(name: "Bonus", parent: "Salary")).kind == .income)
            #expect(try await f.scope.categories.add(.init(name: "Pets")).kind == .expense)
        }
    }

    @Test(
        "removing a category that rules file into says so, and takes the rules along or moves them",
        arguments: TestBackend.enabled)
    func removalWithRules(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let f = try await ServiceFixture.make(database)
            let rules = RuleService(scope: f.scope)
            _ = try await rules.add(
                .init(
                    name: "Bakery", category: "Dining", conditions: [RuleCondition(.description, .contains, "BAKERY")]))
            _ = try await rules.add(
                .init(
                    name: "Bus", category: "Transit & Parking",
                    conditions: [RuleCondition(.description, .contains, "BUS")]))
            let asked = await expectVaultError(.confirmationRequired) {
                try await f.scope.categories.remove("Transit & Parking", confirmed: false)
            }
            #expect(asked?.message.contains("'Bus'") == true)
            try await f.scope.categories.remove("Transit & Parking", confirmed: true)
            #expect(try await rules.list().filter { $0.origin == .user }.map(\.name) == ["Bakery"])
            try await f.scope.categories.remove("Dining", moveTransactionsTo: "Groceries", confirmed: true)
            let groceries = try await f.scope.categories.find("Groceries")
            #expect(try await rules.find("Bakery").categoryID == groceries.id)
        }
    }
}
