import Foundation
import VaultCore
import VaultStore

/// The 50/30/20 lens (spec `ghostvault.md` section 9): the target shares, a person's choices for payees and for
/// single transactions, and the transactions behind each segment with why each landed there.
public struct LensService: Sendable {
    /// The longest payee name a lens choice is kept under.
    public static let maximumPayeeLength = 200

    let scope: HouseholdScope

    /// One transaction in the lens: where it landed and why, with what a list shows of it.
    public struct Entry: Sendable {
        public let transaction: LensTransaction
        public let placement: LensPlacement
        /// What it adds to its bucket (spending positive, a refund negative).
        public let amount: Money
        public let accountName: String
        /// The category's path, nil when uncategorised.
        public let categoryPath: String?

        /// The payee (or description) the transaction goes by.
        public var name: String { transaction.group.name }
        /// The bucket a person chose for this transaction by hand, if any.
        public var choice: LensBucket? { transaction.group.choice }
    }

    /// One segment of a month: the whole month's lens and a page of the segment's transactions, largest first.
    public struct Segment: Sendable {
        public let report: LensReport
        public let bucket: LensBucket
        public let entries: Page<Entry>
    }

    /// The household's targets (50/30/20 unless changed).
    public func targets() async throws -> LensTargets {
        try await scope.read { try await $0.lens.targets() ?? .standard }
    }

    /// Changes the target shares; they must be whole percentages adding up to 100.
    public func setTargets(needs: Int, wants: Int, savings: Int) async throws -> LensTargets {
        let targets = try await vaultOperation { try LensTargets.make(needs: needs, wants: wants, savings: savings) }
        try await scope.write { session in
            try await session.lens.setTargets(targets, newID: scope.vault.newID(LensBucket.self).description)
        }
        return targets
    }

    /// The payees a person put in a bucket, by payee key.
    public func payeeChoices() async throws -> [(payeeKey: String, bucket: LensBucket)] {
        try await scope.read { session in
            try await session.lens.overrides().sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        }
    }

    /// Always puts a payee's spending in a bucket ("Always classify [payee] as [category]"), or with nil
    /// returns it to the automatic rules. Returns the payee key the choice is stored under.
    @discardableResult
    public func classify(payee: String, as bucket: LensBucket?) async throws -> String {
        let key = PayeeKey.normalize(payee)
        guard !key.isEmpty else {
            throw VaultError.wrap(
                InvalidInput(field: "payee", "Give a payee name with letters in it, like \"Netflix\"."))
        }
        guard key.count <= Self.maximumPayeeLength else {
            throw VaultError.wrap(
                InvalidInput(field: "payee", "A payee name is at most \(Self.maximumPayeeLength) characters."))
        }
        try await scope.write { session in
            try await session.lens.setOverride(
                payeeKey: key, bucket: bucket, newID: scope.vault.newID(LensBucket.self).description)
        }
        return key
    }

    /// Puts one transaction in a bucket, or with nil returns it to the payee choice and the automatic rules;
    /// returns where it lands now. Refused for a transaction the lens does not count (income, a transfer
    /// between everyday accounts, a pending or excluded one); not found for another household's.
    @discardableResult
    public func choose(transaction id: String, as bucket: LensBucket?) async throws -> Entry {
        try await scope.write { session in
            let transaction = try await TransactionService.find(id, session: session)
            guard try await Self.entry(of: transaction, session: session) != nil else {
                throw InvalidInput(
                    field: "transaction",
                    "The 50/30/20 lens counts spending, savings and loan payments that are posted and counted; "
                        + "this transaction is none of those, so it has no bucket to change.")
            }
            try await session.lens.choose(bucket, for: transaction.id)
            guard let entry = try await Self.entry(of: transaction, session: session) else {
                throw VaultError(.notFound, "There is no transaction '\(id)' in this household.")
            }
            return entry
        }
    }

    /// Where one transaction lands in the lens, or nil when the lens does not count it.
    public func entry(of id: String) async throws -> Entry? {
        try await scope.read { session in
            try await Self.entry(of: try await TransactionService.find(id, session: session), session: session)
        }
    }

    /// A month's segment (`YYYY-MM`, nil for this month): the lens and a page of the transactions in `bucket`,
    /// largest first (then newest, then id).
    public func segment(_ month: String?, bucket: LensBucket, page: PageRequest) async throws -> Segment {
        // One snapshot: the count (from the groups) and the rows (read a window at a time) must agree.
        try await scope.readSnapshot { session in
            let household = try await session.household()
            let today = household.today(at: scope.vault.now)
            let chosen = try ReportService.month(month, today: today).mapError { InvalidInput([$0]) }.get()
            // History only: scheduled entries count from their day on, as in every report.
            let last = min(chosen.last, today)
            let accounts = try await session.accounts.all()
            let tree = try await session.categories.tree()
            let overrides = try await session.lens.overrides()
            let groups = try await session.tallies.lensGroups(from: chosen.first, through: last)
            let report = try LensReport(
                month: chosen, currency: household.baseCurrency, accounts: accounts, tree: tree, groups: groups,
                targets: try await session.lens.targets() ?? .standard, overrides: overrides)
            let counted = Dictionary(
                accounts.filter { $0.currency == household.baseCurrency }.map { ($0.id, $0) },
                uniquingKeysWith: { first, _ in first })
            // Every row of a group lands alike, so the groups say how many rows the segment holds; its rows are
            // then read in the segment's order, a growing window at a time, until the page is full.
            var total = 0
            for group in groups {
                guard let account = counted[group.accountID],
                    try LensPlacement.of(group, account: account, tree: tree, overrides: overrides)?.bucket == bucket
                else { continue }
                total += group.count
            }
            var entries: [Entry] = []
            var matched = 0
            var read = 0
            var window = max(512, 2 * (page.offset + page.size))
            while entries.count < page.size, matched < total {
                let transactions = try await session.tallies.lensTransactions(
                    from: chosen.first, through: last, window: (read, window))
                read += transactions.count
                let placements = try LensPlacement.each(
                    transactions, accounts: counted, tree: tree, overrides: overrides)
                for (transaction, placement) in zip(transactions, placements) {
                    guard let placement, placement.bucket == bucket, let account = counted[transaction.group.accountID]
                    else { continue }
                    matched += 1
                    if matched > page.offset, entries.count < page.size {
                        entries.append(Self.entry(transaction, placement: placement, account: account, tree: tree))
                    }
                }
                if transactions.count < window { break }
                window *= 4
            }
            return Segment(
                report: report, bucket: bucket, entries: Page(items: entries, request: page, totalCount: total))
        }
    }

    static func entry(of transaction: Transaction, session: HouseholdSession) async throws -> Entry? {
        guard
            let found = try await session.tallies.lensTransactions(
                from: transaction.date, through: transaction.date, only: transaction.id
            ).first,
            let account = try await session.accounts.find(transaction.accountID)
        else { return nil }
        let tree = try await session.categories.tree()
        guard
            let placement = try LensPlacement.each(
                [found], accounts: [account.id: account], tree: tree, overrides: try await session.lens.overrides()
            ).first ?? nil
        else { return nil }
        return entry(found, placement: placement, account: account, tree: tree)
    }

    static func entry(
        _ transaction: LensTransaction, placement: LensPlacement, account: Account, tree: CategoryTree
    ) -> Entry {
        Entry(
            transaction: transaction, placement: placement,
            amount: Money(minorUnits: placement.minorUnits, currency: account.currency),
            accountName: account.displayName, categoryPath: transaction.group.categoryID.map { tree.path(of: $0) })
    }
}
