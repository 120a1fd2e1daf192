import Foundation
import VaultCore
import VaultStore

/// Runs the classification pipeline over a household's history and writes what changed, in one
/// database transaction (DESIGN section 3: pure engines decide, the service applies).
public struct ClassificationService: Sendable {
    let scope: HouseholdScope

    public init(scope: HouseholdScope) { self.scope = scope }

    /// One transaction whose derived fields changed.
    public struct Change: Sendable {
        public let transaction: Transaction
        public let before: Transaction
        public let fields: [String]
    }

    /// What a run did.
    public struct Result: Sendable {
        public var examined = 0
        public var changes: [Change] = []
        public var pairsAdded = 0
        public var pairsRemoved = 0
        /// Rules that could not run (an invalid filter), by name.
        public var skippedRules: [String] = []
    }

    /// Re-classifies every transaction; running it twice changes nothing the second time.
    @discardableResult
    public func run() async throws -> Result {
        try await scope.write { session in try await Self.run(in: session, newID: { scope.vault.newID() }) }
    }

    static func run(in session: HouseholdSession, newID: () -> Rule.ID) async throws -> Result {
        try await ensureBuiltIns(in: session, newID: newID)
        let plan = try await plan(in: session)
        for pair in plan.pairsRemoved { _ = try await session.transfers.delete(containing: pair.outflow) }
        try await session.transfers.insert(plan.pairsAdded, manual: false)
        var result = plan.result
        result.changes = []
        for change in plan.result.changes {
            let fields = try await session.transactions.update(change.transaction)
            result.changes.append(Change(transaction: change.transaction, before: change.before, fields: fields))
        }
        return result
    }

    /// What a run would change, decided from what is stored without writing anything: a preview reads it in a
    /// read session, so it never holds the database's writer while rules match. `adding` rules are run as if
    /// they were stored.
    struct Plan: Sendable {
        var result = Result()
        var pairsRemoved: [TransferMatcher.Pair] = []
        var pairsAdded: [TransferMatcher.Pair] = []
    }

    static func plan(in session: HouseholdSession, adding drafts: [Rule] = []) async throws -> Plan {
        var plan = Plan()
        let accounts = Dictionary(uniqueKeysWithValues: try await session.accounts.all().map { ($0.id, $0) })
        var matchers: [RuleMatcher] = []
        for rule in try await session.rules.all() + drafts {
            do { matchers.append(try RuleMatcher(rule)) } catch { plan.result.skippedRules.append(rule.name) }
        }
        let transactions = try await session.transactions.all()
        plan.result.examined = transactions.count

        // Transfers: a person's pairs stay; automatic ones are found afresh.
        let stored = try await session.transfers.all()
        let manual = stored.filter(\.isManual).map(\.pair)
        let storedAuto = Set(stored.filter { !$0.isManual }.map(\.pair))
        let found = Set(
            TransferMatcher.pairs(
                in: transactions, accounts: accounts, unlinked: try await session.transfers.unlinked(),
                alreadyPaired: Set(manual.flatMap(\.key))))
        plan.pairsRemoved = storedAuto.subtracting(found).sorted { $0.outflow < $1.outflow }
        plan.pairsAdded = found.subtracting(storedAuto).sorted { $0.outflow < $1.outflow }
        plan.result.pairsRemoved = plan.pairsRemoved.count
        plan.result.pairsAdded = plan.pairsAdded.count

        let outcomes = Classifier.classify(
            transactions, accounts: accounts, rules: matchers, transferPairs: manual + Array(found))
        for transaction in transactions {
            guard let outcome = outcomes[transaction.id] else { continue }
            let updated = outcome.applied(to: transaction)
            guard updated != transaction else { continue }
            plan.result.changes.append(Change(transaction: updated, before: transaction, fields: []))
        }
        return plan
    }

    /// Runs rules and patterns over one new transaction before it is stored (transfers are found by the
    /// next full run, which sees both sides).
    static func classifyNew(
        _ transaction: Transaction, account: Account, in session: HouseholdSession
    ) async throws
        -> Transaction
    {
        let matchers = try await session.rules.all().compactMap { try? RuleMatcher($0) }
        guard
            let outcome = Classifier.classify(
                [transaction], accounts: [account.id: account], rules: matchers, transferPairs: [])[transaction.id]
        else { return transaction }
        return outcome.applied(to: transaction)
    }

    /// Gives a household the built-in income and merchant rules once, filed under its default categories.
    static func ensureBuiltIns(in session: HouseholdSession, newID: () -> Rule.ID) async throws {
        guard try await !session.rules.all().contains(where: { $0.origin != .user }) else { return }
        let categories = try await session.categories.all()
        let byKey = Dictionary(categories.map { ($0.key, $0.id) }, uniquingKeysWith: { first, _ in first })
        try await session.rules.insert(
            BuiltInPatterns.rules(for: session.householdID, categoryIDs: byKey, newID: newID))
    }
}
