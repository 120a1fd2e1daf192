import Foundation
import Testing
import VaultCore
import VaultServices
import VaultStore
import VaultTestSupport

@Suite struct RuleServiceTests {
    @Test(
        "a deleted built-in rule is listed as deleted and restored; one switched off or kept is left alone",
        arguments: TestBackend.enabled)
    func restoreBuiltIns(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let f = try await ServiceFixture.make(database)
            let rules = RuleService(scope: f.scope)
            let builtIns = try await rules.list().filter { $0.origin != .user }
            try #require(builtIns.count > 2)
            #expect(try await rules.deletedBuiltIns().isEmpty)
            // Given one built-in deleted and another switched off
            try await rules.delete("Merchants: dining")
            _ = try await rules.setActive("Merchants: groceries", false)
            #expect(try await rules.deletedBuiltIns() == ["Merchants: dining"])
            // When restored
            let restored = try await rules.restoreBuiltIns()
            // Then only the deleted one comes back, under its default category; the switched-off one stays off
            #expect(restored.map(\.name) == ["Merchants: dining"])
            let back = try await rules.find("Merchants: dining")
            #expect(back.origin == .merchantPattern && back.isActive)
            #expect(try await f.scope.categories.tree()[try #require(back.categoryID)]?.name == "Dining")
            #expect(try await rules.find("Merchants: groceries").isActive == false)
            #expect(try await rules.list().filter { $0.origin != .user }.count == builtIns.count)
            #expect(try await rules.restoreBuiltIns().isEmpty, "a second restore has nothing to do")
        }
    }

    @Test(
        "a rule is refused whole: empty name, unknown category, invalid regex, a filter with no value",
        arguments: TestBackend.enabled)
    func validation(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let f = try await ServiceFixture.make(database)
            let refused = await expectVaultError(.invalidInput) {
                _ = try await RuleService(scope: f.scope).add(
                    .init(
                        name: " ", category: "Nope",
                        conditions: [
                            RuleCondition(.description, .regex, "(oops"), RuleCondition(.payee, .contains, ""),
                        ]))
            }
            #expect(Set(refused?.problems.map(\.field) ?? []) == ["category", "name", "filters[1]", "filters[2]"])
            #expect(try await RuleService(scope: f.scope).list().filter { $0.origin == .user }.isEmpty)
        }
    }

    @Test(
        "preview changes nothing; apply files existing transactions; a person's category stays",
        arguments: TestBackend.enabled)
    func previewAndApply(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let f = try await ServiceFixture.make(database)
            let bakery = try await f.scope.transactions.add(
                TransactionInput(amount: "-6.50", account: "Cash", description: "LOCAL BAKERY"))
            let chosen = try await f.scope.transactions.add(
                TransactionInput(
                    amount: "-3.00", account: "Cash", category: "Groceries", description: "LOCAL BAKERY BREAD"))
            let rules = RuleService(scope: f.scope)
            let draft = RuleService.Input(
                name: "Bakery", category: "Dining", conditions: [RuleCondition(.description, .contains, "bakery")])
            let preview = try await rules.preview(adding: draft)
            #expect(preview.map(\.transaction.id) == [bakery.transaction.id])
            #expect(try await rules.list().filter { $0.origin == .user }.isEmpty, "a preview saves nothing")
            #expect(
                try await f.scope.transactions.find(bakery.transaction.id.description).transaction.categoryID == nil)
            _ = try await rules.add(draft)
            let applied = try await rules.apply()
            #expect(applied.changes.map(\.transaction.id) == [bakery.transaction.id])
            let filed = try await f.scope.transactions.find(bakery.transaction.id.description)
            #expect(filed.categoryPath == "Dining" && filed.transaction.categorySource == .rule)
            #expect(filed.transaction.ruleID == (try await rules.find("Bakery")).id)
            #expect(try await f.scope.transactions.find(chosen.transaction.id.description).categoryPath == "Groceries")
            _ = try await rules.setActive("Bakery", false)
            _ = try await rules.apply()
            #expect(
                try await f.scope.transactions.find(bakery.transaction.id.description).transaction.categoryID == nil)
        }
    }

    @Test(
        "a preview that reads only what the draft can match reads only this household's rows, though the trigram index holds every household's",
        arguments: TestBackend.enabled)
    func previewKeepsToItsHousehold(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let ours = try await ServiceFixture.make(database)
            let theirs = try await ServiceFixture.make(database)
            let mine = try await ours.scope.transactions.add(
                TransactionInput(amount: "-6.50", account: "Cash", description: "LOCAL BAKERY"))
            for _ in 0..<3 {
                _ = try await theirs.scope.transactions.add(
                    TransactionInput(amount: "-4.00", account: "Cash", description: "LOCAL BAKERY"))
            }
            let current = try await ours.vault.database.read(household: ours.household.id) {
                try await $0.classificationIsCurrent()
            }
            #expect(current, "manual entries go through the pipeline: the preview reads only what the draft reaches")
            let preview = try await RuleService(scope: ours.scope).preview(
                adding: .init(
                    name: "Bakery", category: "Dining", conditions: [RuleCondition(.description, .contains, "bakery")]))
            #expect(preview.map(\.transaction.id) == [mine.transaction.id])
        }
    }

    @Test(
        "a rule switched off for a refused pattern stays off with its reason until an edit fixes the pattern",
        arguments: TestBackend.enabled)
    func switchedOffPattern(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            // Given a rule GhostVault switched off (as migration 0010 does)
            let f = try await ServiceFixture.make(database)
            let rules = RuleService(scope: f.scope)
            let saved = try await rules.add(
                .init(name: "Coffee", category: "Dining", conditions: [RuleCondition(.description, .contains, "x")]))
            var broken = saved
            broken.conditions = [RuleCondition(.description, .regex, "(?=COFFEE)")]
            broken.isActive = false
            broken.inactiveReason = "Lookahead '(?=' at position 1 is not supported"
            let stored = broken
            try await database.write(household: f.household.id, actor: .system) {
                _ = try await $0.rules.update(stored)
            }
            #expect(try await rules.find("Coffee").inactiveReason == stored.inactiveReason)

            // When a person switches it on, it is refused with the engine's message, and nothing changes
            await expectVaultError(.invalidInput, "Lookahead '(?='") { _ = try await rules.setActive("Coffee", true) }
            let after = try await rules.find("Coffee")
            #expect(after.isActive == false && after.inactiveReason == stored.inactiveReason)
            #expect(RuleView(after, tree: try await f.scope.categories.tree()).inactiveReason == stored.inactiveReason)

            // An edit with the same pattern is refused too; one that fixes it clears the reason
            await expectVaultError(.invalidInput, "Lookahead") {
                _ = try await rules.edit(
                    "Coffee", .init(name: "Coffee", category: "Dining", conditions: stored.conditions))
            }
            let fixed = try await rules.edit(
                "Coffee",
                .init(name: "Coffee", category: "Dining", conditions: [RuleCondition(.description, .regex, "COFFEE")]))
            #expect(fixed.isActive && fixed.inactiveReason == nil)
            #expect(try await rules.find("Coffee").inactiveReason == nil)
            #expect(try await rules.setActive("Coffee", true).isActive)
        }
    }

    /// Runs `body`, failing the test if it takes longer than `seconds` (it is then cancelled).
    func within<T: Sendable>(_ seconds: Double, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
        try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask { try await body() }
            group.addTask {
                try await Task.sleep(for: .seconds(seconds))
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let value = first else {
                Issue.record("did not finish within \(seconds) s")
                throw CancellationError()
            }
            return value
        }
    }

    /// How long a step that must not wait may take: the session it must not wait for is held until the test lets
    /// it go, so waiting would never end; the bound is long enough for a machine busy with every other test.
    static let bound = 30.0

    @Test(
        "a rule preview runs while another session holds the writer, and a write runs while a reader holds its session")
    func previewNeverWaits() async throws {
        try await TestBackend.sqlite.withDatabase(file: true) { database async throws in
            let f = try await ServiceFixture.make(database)
            let rules = RuleService(scope: f.scope)
            _ = try await f.scope.transactions.add(
                TransactionInput(amount: "-6.50", account: "Cash", description: "LOCAL BAKERY"))
            let draft = RuleService.Input(
                name: "Bakery", category: "Dining", conditions: [RuleCondition(.description, .contains, "bakery")])

            // Given a writer holding SQLite's write lock
            let (held, holding) = AsyncStream<Void>.makeStream()
            let (release, releasing) = AsyncStream<Void>.makeStream()
            let writer = Task {
                try await database.write(household: f.household.id, actor: .commandLine) { _ in
                    holding.yield()
                    for await _ in release { break }
                }
            }
            for await _ in held { break }
            // When a preview runs, then it answers without waiting for the writer
            let preview = try await within(Self.bound) { try await rules.preview(adding: draft) }
            #expect(preview.count == 1)
            releasing.yield()
            try await within(Self.bound) { try await writer.value }

            // Given a reader holding its session open
            let (reading, readerHolding) = AsyncStream<Void>.makeStream()
            let (stopReading, stop) = AsyncStream<Void>.makeStream()
            let reader = Task {
                try await database.read(household: f.household.id) { session in
                    _ = try await session.transactions.chunk(after: nil, limit: 10)
                    readerHolding.yield()
                    for await _ in stopReading { break }
                }
            }
            for await _ in reading { break }
            // When a rule is saved and applied, then both write without waiting for the reader
            _ = try await within(Self.bound) { try await rules.add(draft) }
            _ = try await within(Self.bound) { try await rules.apply() }
            stop.yield()
            try await within(Self.bound) { try await reader.value }
        }
    }
}
