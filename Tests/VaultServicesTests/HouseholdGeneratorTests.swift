import Foundation
import Testing
import VaultCore
import VaultServices
import VaultStore
import VaultTestSupport

@Suite struct HouseholdGeneratorTests {
    @Test(
        "a generated household is the same for the same seed, already classified, with balances that add up",
        arguments: TestBackend.enabled)
    func generate(backend: TestBackend) async throws {
        func run() async throws -> (Int, [String], Int) {
            try await backend.withDatabase { database async throws in
                let f = try await ServiceFixture.make(database)
                let summary = try await HouseholdGenerator(scope: f.scope).generate(
                    transactions: 2_000, years: 2, seed: 7)
                #expect(summary.transferPairs > 40, "card payments and savings transfers pair up")
                // A full re-run in small chunks (their edges cut through transfer windows) agrees with the one plan.
                let again = try await ClassificationService(scope: f.scope, chunkSize: 250).run()
                #expect(
                    again.changes.isEmpty && again.pairsAdded == 0 && again.pairsRemoved == 0,
                    "generated rows already went through the pipeline")
                let accounts = try await f.scope.accounts.list(includeHidden: true).filter {
                    $0.account.name.hasPrefix("Generated")
                }
                let balances = accounts.map { "\($0.account.name)=\($0.account.balance.decimalString)" }.sorted()
                let payroll = try await f.scope.transactions.list(TransactionQuery(search: "payroll", pageSize: 1_000))
                    .items
                #expect(payroll.allSatisfy { $0.transaction.classification == .income })
                return (summary.transactions, balances, payroll.count)
            }
        }
        let first = try await run()
        let second = try await run()
        #expect(first.0 >= 2_000 && first.0 < 2_400)
        #expect(first == second)
    }
}
