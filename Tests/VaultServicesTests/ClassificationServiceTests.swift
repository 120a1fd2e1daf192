import Foundation
import SimpleFIN
import SimpleFINBridge
import Testing
import VaultCore
import VaultServices
import VaultStore
import VaultTestSupport

@Suite struct ClassificationServiceTests {
    static let now: Int64 = 1_795_273_200

    /// The demo household synced into a fresh household, classification run by the sync.
    func withDemo(_ backend: TestBackend, _ body: @Sendable (HouseholdScope) async throws -> Void) async throws {
        let clock = TestClock(Date(timeIntervalSince1970: TimeInterval(Self.now)))
        let state = BridgeState(scenario: DemoHousehold.scenario(now: clock.now), clock: { clock.now })
        try await backend.withDatabase { database async throws in
            let vault = Vault(database: database, actor: .commandLine, clock: { clock.now })
            let household = try await vault.households.create(
                .init(name: "Demo", timeZone: "America/New_York", currency: "USD"))
            let scope = vault.household(household.id)
            try await SimpleFINClient.using(policy: .allowPrivate) { client in
                let sync = SyncService(
                    scope: scope, secrets: SecretBox(key: Data(repeating: 3, count: 32)), client: client)
                try await BridgeHarness.withBridge(state: state) { root, _ in
                    _ = try await sync.connect(
                        setupToken: BridgeHarness.token(root, DemoHousehold.claimToken), historyDays: 548)
                }
            }
            try await body(scope)
        }
    }

    func all(_ scope: HouseholdScope, _ search: String) async throws -> [Transaction] {
        try await scope.transactions.list(TransactionQuery(search: search, includeTransfers: true, pageSize: 1_000))
            .items
            .map(\.transaction)
    }

    @Test(
        "demo household: paychecks are income, card payments and savings transfers are transfers, a rerun changes nothing",
        arguments: TestBackend.enabled)
    func demo(backend: TestBackend) async throws {
        try await withDemo(backend) { scope in
            let payroll = try await all(scope, "payroll")
            #expect(payroll.count >= 36)
            #expect(payroll.allSatisfy { $0.classification == .income && $0.classificationSource == .incomePattern })
            let cardPayments =
                try await all(scope, "card payment") + all(scope, "rewards payment") + all(scope, "payment thank you")
            #expect(cardPayments.count >= 60)
            #expect(
                cardPayments.allSatisfy { $0.classification == .transfer && $0.classificationSource == .cardPayment })
            let savings = try await all(scope, "transfer to savings") + all(scope, "transfer from checking")
            #expect(savings.count >= 34)
            #expect(savings.allSatisfy { $0.classification == .transfer && $0.classificationSource == .transferMatch })
            // The full re-run, in chunks small enough that their edges cut through transfer windows, agrees
            // with what the sync planned incrementally.
            for chunkSize in [ClassificationService.defaultChunkSize, 97] {
                let again = try await ClassificationService(scope: scope, chunkSize: chunkSize).run()
                #expect(again.changes.isEmpty)
                #expect(again.pairsAdded == 0 && again.pairsRemoved == 0)
            }
        }
    }

    @Test("an unlinked pair stays unlinked across runs; a hand-made pair holds", arguments: TestBackend.enabled)
    func unlinkAndMark(backend: TestBackend) async throws {
        try await withDemo(backend) { scope in
            let transfer = try #require(try await all(scope, "transfer to savings").first)
            try await TransferService(scope: scope).unlink(transfer.id.description)
            try await ClassificationService(scope: scope).run()
            let after = try #require(try await all(scope, "transfer to savings").first { $0.id == transfer.id })
            #expect(after.classification == .expense, "unlinked, it counts as spending again")
            let pairs = try await TransferService(scope: scope).list()
            #expect(!pairs.contains { $0.outflow.transaction.id == transfer.id })
            let partner = try #require(
                try await all(scope, "transfer from checking").first {
                    $0.date.days(until: transfer.date).magnitude <= 1
                })
            try await TransferService(scope: scope).mark(transfer.id.description, with: partner.id.description)
            let marked = try await TransferService(scope: scope).list().first {
                $0.outflow.transaction.id == transfer.id
            }
            #expect(marked?.isManual == true)
            try await ClassificationService(scope: scope).run()
            #expect(
                try await all(scope, "transfer to savings").first { $0.id == transfer.id }?.classification == .transfer)
            await expectVaultError(.invalidInput) {
                try await TransferService(scope: scope).mark(transfer.id.description, with: transfer.id.description)
            }
        }
    }

    @Test(
        "a correction applied to all from a payee becomes a rule that files the others; valid partners are offered",
        arguments: TestBackend.enabled)
    func applyToPayee(backend: TestBackend) async throws {
        try await withDemo(backend) { scope in
            let chipotle = try await all(scope, "chipotle")
            #expect(chipotle.count > 3)
            var changes = TransactionChanges(category: "Coffee")
            changes.applyToPayee = true
            _ = try await scope.transactions.edit(chipotle[0].id.description, changes)
            let rule = try await RuleService(scope: scope).find("Payee: CHIPOTLE")
            #expect(rule.priority == RuleService.payeeRulePriority)
            let coffee = try await scope.categories.find("Coffee")
            let after = try await all(scope, "chipotle")
            #expect(after.allSatisfy { $0.categoryID == coffee.id })
            #expect(after.filter { $0.categorySource == .rule }.count == after.count - 1)
            let savings = try #require(try await all(scope, "transfer to savings").first)
            try await TransferService(scope: scope).unlink(savings.id.description)
            let candidates = try await TransferService(scope: scope).candidates(for: savings.id.description)
            #expect(!candidates.isEmpty)
            #expect(
                candidates.allSatisfy {
                    $0.transaction.amount.minorUnits == -savings.amount.minorUnits
                        && $0.transaction.accountID != savings.accountID
                })
        }
    }
}
