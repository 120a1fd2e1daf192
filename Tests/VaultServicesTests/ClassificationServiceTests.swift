import Foundation
import SQLKit
import SimpleFIN
import SimpleFINBridge
import Testing
import VaultCore
import VaultTestSupport

@testable import VaultServices
@testable import VaultStore

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

    @Test(
        "a pass in chunks whose plans pair rows of the chunks after them gives the one-chunk answer",
        arguments: TestBackend.enabled)
    func passAcrossChunks(backend: TestBackend) async throws {
        try await withDemo(backend) { scope in
            let household = scope.householdID.description
            // Forget every automatic pair and how it filed its rows, so a pass forms them again: in chunks of seven,
            // many across a chunk's edge, while the next chunk is already being read.
            func forget() async throws {
                try await scope.vault.database.withConnection { sql in
                    try await sql.raw(
                        "DELETE FROM transfer_pairs WHERE household_id = \(bind: household) AND kind = 'auto'"
                    ).run()
                    try await sql.raw(
                        """
                        UPDATE transactions SET classification = 'expense', classification_source = 'default',
                          category_id = NULL, category_source = 'default'
                        WHERE household_id = \(bind: household)
                          AND classification_source IN ('transfer-match', 'card-payment')
                        """
                    ).run()
                }
            }
            func stored() async throws -> [Transaction] {
                try await scope.read { try await $0.transactions.chunk(after: nil, limit: 100_000) }
            }
            func logged() async throws -> Int { try await scope.read { try await $0.changes(limit: 1_000_000).count } }
            try await forget()
            var start = try await logged()
            let chunked = try await ClassificationService(scope: scope, chunkSize: 7).run()
            let afterChunked = try await stored()
            let loggedChunked = try await logged() - start
            try await forget()
            start = try await logged()
            let whole = try await ClassificationService(scope: scope, chunkSize: 100_000).run()
            // A row a chunk's plan paired is taken into the next chunk, read ahead, as written: it is not written again.
            #expect(loggedChunked == (try await logged()) - start)
            #expect(chunked.changes.map(\.fields) == whole.changes.map(\.fields))
            #expect(chunked.pairsAdded >= 60, "the pass formed the pairs again (\(chunked.pairsAdded))")
            #expect(chunked.pairsAdded == whole.pairsAdded && chunked.pairsRemoved == whole.pairsRemoved)
            #expect(chunked.changes.map(\.transaction) == whole.changes.map(\.transaction))
            #expect(chunked.changes.map(\.before) == whole.changes.map(\.before))
            #expect(afterChunked == (try await stored()))
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

    /// Drafts of every kind of reach: text, words, a pattern of literals, any-of, an account with a text, an
    /// account alone, an amount (no index: all history is planned), and a text with an amount (a reach wider than
    /// what the draft matches).
    static func drafts(_ scope: HouseholdScope, account: Account, category: Category.ID) -> [Rule] {
        let conditions: [([RuleCondition], Rule.Join)] = [
            ([RuleCondition(.description, .contains, "chipotle")], .all),
            ([RuleCondition(.description, .containsWord, "whole foods")], .all),
            ([RuleCondition(.description, .regex, "STAR.*STORE")], .all),
            ([RuleCondition(.payee, .contains, "netflix"), RuleCondition(.description, .startsWith, "SPOTIFY")], .any),
            (
                [
                    RuleCondition(.account, .equals, account.displayName),
                    RuleCondition(.description, .contains, "payroll"),
                ], .all
            ),
            ([RuleCondition(.account, .contains, account.displayName)], .all),
            ([RuleCondition(.amount, .greaterThan, "1000")], .all),
            // Wider reach than match: every row with "store", of which only the larger amounts match.
            ([RuleCondition(.description, .contains, "store"), RuleCondition(.amount, .greaterThan, "8")], .all),
        ]
        return conditions.map { conditions, join in
            Rule(
                id: Rule.ID(UUID()), householdID: scope.householdID, name: "Draft", categoryID: category,
                join: join, priority: 100, conditions: conditions)
        }
    }

    @Test(
        "a preview on a household whose classification is current plans only the rows a draft can reach, as all history would",
        arguments: TestBackend.enabled)
    func previewReach(backend: TestBackend) async throws {
        try await withDemo(backend) { scope in
            try await expectReachAgrees(scope, household: "the demo household, synced through the pipeline")
        }
    }

    @Test(
        "a generated household is current, and its previews plan only the rows a draft can reach, as all history would",
        arguments: TestBackend.enabled)
    func previewReachGenerated(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let f = try await ServiceFixture.make(database)
            _ = try await HouseholdGenerator(scope: f.scope).generate(transactions: 3_000, years: 2, seed: 11)
            // Another household of the same merchants in the same database: none of its rows is read or planned.
            let other = try await ServiceFixture.make(database)
            _ = try await HouseholdGenerator(scope: other.scope).generate(transactions: 3_000, years: 2, seed: 12)
            try await expectReachAgrees(f.scope, household: "a generated household beside another")
        }
    }

    /// Every draft of `drafts` gives the same changes from the rows it can reach as from all history, reading fewer
    /// rows unless no index can find what it matches.
    func expectReachAgrees(_ scope: HouseholdScope, household: String) async throws {
        let coffee = try await scope.categories.find("Coffee")
        let payroll = try #require(try await all(scope, "payroll").first)
        try await scope.read { session in
            #expect(try await session.classificationIsCurrent(), "\(household) is current")
            let account = try #require(try await session.accounts.find(payroll.accountID))
            var filing = 0
            for draft in Self.drafts(scope, account: account, category: coffee.id) {
                let reached = try await ClassificationService.plan(in: session, adding: [draft])
                // In chunks of 7, shared among workers planning at once, the answer is the same.
                let shared = try await ClassificationService.plan(in: session, adding: [draft], reachChunkSize: 7)
                #expect(shared.changes.map(\.transaction) == reached.changes.map(\.transaction))
                #expect(shared.changes.map(\.before) == reached.changes.map(\.before))
                #expect(shared.examined == reached.examined)
                let whole = try await ClassificationService.pass(
                    try await Ingest.open(in: session, adding: [draft]),
                    chunkSize: ClassificationService.defaultChunkSize
                ) { _ in }
                let label = "\(household): \(draft.conditions.map(\.value)) \(draft.join)"
                if !whole.changes.isEmpty { filing += 1 }
                #expect(reached.changes.map(\.transaction) == whole.changes.map(\.transaction), "\(label)")
                #expect(reached.changes.map(\.before) == whole.changes.map(\.before), "\(label)")
                #expect(reached.pairsAdded == 0 && reached.pairsRemoved == 0, "\(label)")
                if RuleReach(draft, accounts: try await session.accounts.all()) == nil {
                    #expect(reached.examined == whole.examined, "no index finds what it matches: \(label)")
                } else {
                    #expect(reached.examined < whole.examined, "\(label) read \(reached.examined) rows")
                }
            }
            #expect(filing >= 5, "\(household): most drafts file something (\(filing) did)")
            // Without a draft, a current household has nothing to apply: nothing is read.
            #expect(try await ClassificationService.plan(in: session).examined == 0)
        }
    }

    @Test(
        "a rule saved without applying or a renamed account makes a preview plan all history until the next full pass",
        arguments: TestBackend.enabled)
    func previewAfterStaleInputs(backend: TestBackend) async throws {
        try await withDemo(backend) { scope in
            func current() async throws -> Bool { try await scope.read { try await $0.classificationIsCurrent() } }
            let rules = RuleService(scope: scope)
            _ = try await rules.add(
                .init(
                    name: "Saved", category: "Coffee", conditions: [RuleCondition(.description, .contains, "payroll")]))
            #expect(try await current() == false, "the saved rule has not been applied")
            // The preview still answers for every rule: the saved one's changes are in it, though the draft names
            // other rows.
            let preview = try await rules.preview(
                adding: .init(
                    name: "Draft", category: "Coffee", conditions: [RuleCondition(.description, .contains, "chipotle")])
            )
            #expect(preview.contains { $0.transaction.description.lowercased().contains("payroll") })
            #expect(preview.contains { $0.transaction.description.lowercased().contains("chipotle") })
            try await rules.apply()
            #expect(try await current())
            #expect(try await rules.preview().isEmpty)

            // A renamed account changes what account rules match.
            let payroll = try #require(try await all(scope, "payroll").first)
            try await scope.write { session in
                var account = try #require(try await session.accounts.find(payroll.accountID))
                account.nickname = "Renamed"
                _ = try await session.accounts.update(account)
            }
            #expect(try await current() == false)
            try await ClassificationService(scope: scope).run()
            #expect(try await current())
            // A sync's balance update does not.
            try await scope.write { session in
                var account = try #require(try await session.accounts.find(payroll.accountID))
                account.balance = Money(minorUnits: account.balance.minorUnits + 1, currency: account.currency)
                _ = try await session.accounts.update(account)
            }
            #expect(try await current())
        }
    }
}
