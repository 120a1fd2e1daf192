import Foundation
import Testing
import VaultCore
import VaultServices
import VaultStore
import VaultTestSupport

@Suite struct RuleServiceTests {
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
}
