import Foundation
import VaultCore
import VaultStore

/// The service side of the ingest pipeline (DESIGN section 3): reads from one session what
/// `IngestPlanner` needs for some incoming or revisited rows, and nothing more, and writes the plan's
/// actions in that same session, so the data and its classification commit together.
///
/// What it reads for a plan: the accounts and rules (small); for the incoming batches, all accounts at once,
/// each account's bank rows (and imported ones, for a bank file's batch) within `identityMarginDays` of the
/// batch's dates, the rows holding its bank ids, its pending rows and its deleted-row memory; then the transfer
/// window, closed: every row that could pair with a row already read (the opposite amount, another account,
/// within `TransferMatcher.maximumDays` days), and the other side of every stored pair of one, until nothing
/// new turns up. That is the connected part of the household's possible pairs around the input, which
/// is all the greedy matcher's answer for those rows depends on; following every row of the same size
/// instead would chain through a dense household's whole history.
struct Ingest {
    let session: HouseholdSession
    let accounts: [Account.ID: Account]
    let rules: [RuleMatcher]
    /// The categories payments into mortgages and loans are filed under.
    let paymentCategories: [AccountKind: Category.ID]
    /// Rules that could not run (an invalid filter), by name.
    let skippedRules: [String]
    let unlinked: Set<Set<Transaction.ID>>
    /// The household's stored pairs in memory, for a pass over all history (which keeps it current); without
    /// it, pairs are read for the rows at hand.
    var pairIndex: PairIndex?

    /// How far around the incoming dates stored rows are read as identity candidates (the posting window and then some).
    static let identityMarginDays = 10
    /// Above this many distinct amounts, the transfer window reads every row in its date ranges instead of
    /// asking for each amount (the query's list of amounts would cost more than the rows).
    static let amountListLimit = 300

    /// Prepares to plan in `session`, with `drafts` run as if they were stored rules (a preview).
    static func open(in session: HouseholdSession, adding drafts: [Rule] = []) async throws -> Ingest {
        var matchers: [RuleMatcher] = []
        var skipped: [String] = []
        for rule in try await session.rules.all() + drafts {
            do { matchers.append(try RuleMatcher(rule)) } catch { skipped.append(rule.name) }
        }
        return Ingest(
            session: session,
            accounts: Dictionary(uniqueKeysWithValues: try await session.accounts.all().map { ($0.id, $0) }),
            rules: matchers,
            paymentCategories: Classifier.paymentCategories(from: try await session.categories.all()),
            skippedRules: skipped, unlinked: try await session.transfers.unlinked())
    }

    /// Plans incoming `batches` (each with the extra dates its identity candidates must cover, such as
    /// the period a bank answered for) and stored rows to `revisit` (as stored, and as the caller changed them).
    ///
    /// `covered`: days all of whose stored rows are among `revisit` already (a chunk of a pass over all
    /// history), so the transfer window need not read them again.
    ///
    /// `pairsAreCurrent`: the stored pairs are what the matcher gives (the stored classification is current) and
    /// only rules change (a rule preview revisiting stored rows as stored): the rows' stored partners are all the
    /// matcher needs, and no window is read. Greedy matching over rows closed under their stored pairs forms those
    /// same pairs: a candidate passed over in the whole household was passed over for a pair whose sides are here.
    func plan(
        _ batches: [(batch: IngestPlanner.Batch, dates: [LocalDate])] = [],
        revisit: [(stored: Transaction, changed: Transaction)] = [], covered: ClosedRange<LocalDate>? = nil,
        pairsAreCurrent: Bool = false
    ) async throws -> IngestPlan {
        var loaded: [Transaction.ID: Transaction] = [:]
        loaded.reserveCapacity(revisit.count)
        for (stored, _) in revisit { loaded[stored.id] = stored }
        // Every batch's stored rows are read together: by date, then by the bank ids the dates did not turn up
        // (with the accounts' pending rows), then the deleted ones; a sync of many accounts is three statements.
        var spans: [TransactionRepository.BankSpan] = []
        for (batch, extra) in batches {
            let dates = batch.rows.map(\.date) + extra
            guard let earliest = dates.min(), let latest = dates.max(), accounts[batch.account] != nil else { continue }
            spans.append(
                .init(
                    account: batch.account, from: earliest.adding(days: -Self.identityMarginDays),
                    through: latest.adding(days: Self.identityMarginDays), orImported: batch.matchesStoredContent))
        }
        for row in try await session.transactions.bankTransactions(in: spans) { loaded[row.id] = row }
        // A bank id held by a row already read is that row (bank ids are unique within an account): a
        // re-imported file's rows, all read by date just now, are not read again one id at a time.
        var held: [Account.ID: Set<String>] = [:]
        if !batches.isEmpty {
            for row in loaded.values {
                if let id = row.bankTransactionID { held[row.accountID, default: []].insert(id) }
            }
        }
        var wanted: [Account.ID: [String]] = [:]
        for (batch, _) in batches where accounts[batch.account] != nil {
            wanted[batch.account, default: []] += batch.rows.compactMap(\.bankTransactionID).filter {
                held[batch.account]?.contains($0) != true
            }
        }
        let read = Set(spans.map(\.account))
        for row in try await session.transactions.bankTransactions(bankIDs: wanted, pendingIn: read) {
            loaded[row.id] = row
        }
        let deleted = try await session.syncRecords.deletedTransactions(in: read.compactMap { accounts[$0] })
        // A revisited row as stored is in `loaded` already.
        let seeds =
            Array(loaded.values) + batches.flatMap(\.batch.rows)
            + revisit.lazy.filter { $0.changed != $0.stored }.map(\.changed)
        if pairsAreCurrent {
            let partners = try await pairs(involving: Array(loaded.keys)).flatMap(\.pair.key).filter {
                loaded[$0] == nil
            }
            for row in try await session.transactions.find(Array(Set(partners))) { loaded[row.id] = row }
        } else {
            try await closeTransferWindow(around: seeds, loaded: &loaded, covered: covered)
        }
        // In any order: the planner's answer does not depend on it.
        let stored = Array(loaded.values)
        return IngestPlanner.plan(
            IngestPlanner.Input(
                batches: batches.map(\.batch), revisit: revisit.map(\.changed), stored: stored,
                pairs: try await pairs(involving: stored.map(\.id)), unlinked: unlinked, deleted: deleted,
                accounts: accounts, rules: rules, paymentCategories: paymentCategories))
    }

    /// Adds to `loaded` every stored row that can pair with `seeds` or with a row added, transitively.
    func closeTransferWindow(
        around seeds: [Transaction], loaded: inout [Transaction.ID: Transaction], covered: ClosedRange<LocalDate>?
    ) async throws {
        var frontier = seeds
        var pairsRead: Set<Transaction.ID> = []
        let gap = TransferMatcher.maximumDays
        while !frontier.isEmpty {
            // What each frontier row could pair with: the opposite amount, in another account, within the gap.
            // By amount, then by account, so a row read from the frontier's own account (all of them, for a
            // large bank file) is passed over without scanning that account's entries.
            var wanted: [Int64: [Account.ID: [(date: LocalDate, currency: Currency)]]] = [:]
            for row in frontier where !row.amount.isZero {
                wanted[-row.amount.minorUnits, default: [:]][row.accountID, default: []].append(
                    (row.date, row.amount.currency))
            }
            var next: [Transaction] = []
            if !wanted.isEmpty {
                let amounts = wanted.count > Self.amountListLimit ? nil : Set(wanted.keys)
                // When the frontier is all one account (a bank file, and the rows read for its identity), that
                // account's rows cannot pair with it: they are not read (for a re-import, every row again).
                let accounts = Set(frontier.lazy.filter { !$0.amount.isZero }.map(\.accountID))
                let excluded = accounts.count == 1 ? accounts.first : nil
                var read: [Transaction] = []
                for range in Self.ranges(around: frontier.map(\.date), gap: gap, skipping: covered) {
                    read += try await session.transactions.window(
                        amounts: amounts, from: range.lowerBound, through: range.upperBound, excluding: excluded)
                }
                for row in read where loaded[row.id] == nil {
                    let pairable = wanted[row.amount.minorUnits]?.contains { account, entries in
                        account != row.accountID
                            && entries.contains {
                                $0.currency == row.amount.currency && abs($0.date.days(until: row.date)) <= gap
                            }
                    }
                    guard pairable == true else { continue }
                    loaded[row.id] = row
                    next.append(row)
                }
            }
            // The other side of a stored pair may lie outside the window once a row's date or amount changed.
            let unread = loaded.keys.filter { !pairsRead.contains($0) }
            pairsRead.formUnion(unread)
            let partners = try await pairs(involving: Array(unread)).flatMap(\.pair.key)
                .filter { loaded[$0] == nil }
            for row in try await session.transactions.find(Array(Set(partners))) {
                loaded[row.id] = row
                next.append(row)
            }
            frontier = next
        }
    }

    /// The days within `gap` of any of `dates`, as few ranges as they make, less the days in `skipping`
    /// (already read whole): the window is read per range, never across the months between two far dates.
    static func ranges(
        around dates: [LocalDate], gap: Int, skipping: ClosedRange<LocalDate>?
    ) -> [ClosedRange<LocalDate>] {
        var merged: [ClosedRange<LocalDate>] = []
        for date in Set(dates).sorted() {
            let range = date.adding(days: -gap)...date.adding(days: gap)
            if let last = merged.last, range.lowerBound <= last.upperBound.adding(days: 1) {
                merged[merged.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        guard let skip = skipping else { return merged }
        return merged.flatMap { range -> [ClosedRange<LocalDate>] in
            let parts = [
                (range.lowerBound, min(range.upperBound, skip.lowerBound.adding(days: -1))),
                (max(range.lowerBound, skip.upperBound.adding(days: 1)), range.upperBound),
            ]
            return parts.filter { $0.0 <= $0.1 }.map { $0.0...$0.1 }
        }
    }

    /// The stored pairs with a side among `ids`.
    func pairs(involving ids: [Transaction.ID]) async throws -> [TransferMatcher.StoredPair] {
        if let pairIndex { return pairIndex.involving(ids) }
        return try await session.transfers.involving(ids)
    }

    /// Writes a plan's actions, in the order `IngestPlan` documents.
    func apply(_ plan: IngestPlan) async throws {
        try await session.transfers.delete(plan.unpairs)
        for row in plan.drops { _ = try await session.transactions.delete(row.id) }
        try await session.transactions.insert(plan.inserts)
        try await session.transactions.update(plan.updates.map { ($0.before, $0.after) })
        try await session.transfers.insert(plan.pairs, manual: false)
    }
}

/// A household's stored transfer pairs by transaction, for a pass over all history: one read instead of a
/// query per chunk. The pass applies each chunk's plan to it, so later chunks see the pairs as planned.
struct PairIndex: Sendable {
    private var byTransaction: [Transaction.ID: TransferMatcher.StoredPair] = [:]

    init(_ pairs: [TransferMatcher.StoredPair]) {
        for pair in pairs { add(pair) }
    }

    func involving(_ ids: [Transaction.ID]) -> [TransferMatcher.StoredPair] {
        Set(ids.compactMap { byTransaction[$0] }).sorted { $0.pair.outflow < $1.pair.outflow }
    }

    /// Takes in what a plan pairs and unpairs (and the pairs of rows it drops).
    mutating func apply(_ plan: IngestPlan) {
        for pair in plan.unpairs { remove(pair) }
        for row in plan.drops { if let stored = byTransaction[row.id] { remove(stored.pair) } }
        for pair in plan.pairs { add(TransferMatcher.StoredPair(pair: pair, isManual: false)) }
    }

    private mutating func add(_ stored: TransferMatcher.StoredPair) {
        byTransaction[stored.pair.outflow] = stored
        byTransaction[stored.pair.inflow] = stored
    }

    private mutating func remove(_ pair: TransferMatcher.Pair) {
        for id in pair.key where byTransaction[id]?.pair == pair { byTransaction[id] = nil }
    }
}
