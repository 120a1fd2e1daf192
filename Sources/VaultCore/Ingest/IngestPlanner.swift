import Foundation

/// The ingest pipeline as one pure function (DESIGN section 3): rows from any source, and the stored rows
/// they can interact with, in; the actions to write, each with its reason, out.
///
/// Bank sync, manual entry and editing, rule apply and preview, and full re-classification all call it;
/// it never reads anything itself, so what it may touch is exactly what its input holds. The stages, in
/// order:
///
/// 1. **Normalise**: payee keys (`PayeeKey`) for identity and rules.
/// 2. **Identity** (`TransactionIdentity.match`, per account, for the whole batch at once): an incoming
///    bank row is a stored row under its bank id, the posted form of a stored pending row, a stored row
///    whose id the bank re-issued, a row a person deleted (skipped), or new. A complete answer from the
///    bank that no longer lists a stored pending row means it was cancelled: the row is dropped. Rows
///    without a bank id (manual entry, generated rows) are new. A bank file's batch (`matchesStoredContent`)
///    also skips a row that is already stored under another id (`TransactionIdentity.overlaps`).
/// 3. **Transfers** (`TransferMatcher`) over every row of the input: pairs a person made stay, automatic
///    pairs are found afresh, and the differences with the stored automatic pairs become pair and unpair
///    actions.
/// 4-6. **Rules, built-in patterns, default** (`Classifier`) for every row that came in, that the caller
///    asked to revisit, or whose pair changed.
///
/// The result equals a run over all history when `stored` is closed under the transfer window: for every
/// row in it, every stored row of the same amount size within `TransferMatcher.maximumDays` days, and the
/// partner of every stored pair it is in, are in it too (`IngestPlanner.Input.missingFromWindow` says
/// what a caller still has to read). Rows outside it are neither read nor changed.
public enum IngestPlanner {
    /// Incoming rows of one account from one source.
    public struct Batch: Hashable, Sendable {
        public var account: Account.ID
        /// The rows as the source gives them, each under the id it takes if it turns out to be new.
        public var rows: [Transaction]
        /// Whether the source answered for the whole period: then a stored pending row it no longer lists
        /// was cancelled, and stored rows it no longer lists may be earlier forms of incoming ones. False
        /// after a partial failure (only bank ids match), and for sources that are no bank list at all.
        public var listIsComplete: Bool
        /// Whether rows whose bank id is not stored are also matched by content against the account's stored
        /// rows (`TransactionIdentity.overlaps`) and skipped when found: for bank files, whose rows may be
        /// what sync or another file already brought under other ids.
        public var matchesStoredContent: Bool

        public init(account: Account.ID, rows: [Transaction], listIsComplete: Bool, matchesStoredContent: Bool = false)
        {
            self.account = account
            self.rows = rows
            self.listIsComplete = listIsComplete
            self.matchesStoredContent = matchesStoredContent
        }
    }

    /// Everything the planner looks at.
    public struct Input: Sendable {
        /// Incoming rows, by account.
        public var batches: [Batch]
        /// Stored rows whose derived fields are decided again, as the caller changed them (a manual edit)
        /// or as stored (rule apply, a full re-run). Each must also be in `stored`, as it was stored.
        public var revisit: [Transaction]
        /// The stored rows that can interact with the others: identity candidates (rows of the batches'
        /// accounts near their dates, rows holding their bank ids, the accounts' pending rows) and the
        /// transfer window.
        public var stored: [Transaction]
        /// Stored transfer pairs with a side among `stored`.
        public var pairs: [TransferMatcher.StoredPair]
        /// Pairs a person unlinked (never formed again).
        public var unlinked: Set<Set<Transaction.ID>>
        /// What is remembered of the bank rows a person deleted, by account.
        public var deleted: [Account.ID: [TransactionIdentity.Candidate]]
        public var accounts: [Account.ID: Account]
        /// The household's rules and built-in patterns, compiled.
        public var rules: [RuleMatcher]
        /// The categories payments into mortgages and loans are filed under (`Classifier.paymentCategories(from:)`).
        public var paymentCategories: [AccountKind: Category.ID]

        public init(
            batches: [Batch] = [], revisit: [Transaction] = [], stored: [Transaction] = [],
            pairs: [TransferMatcher.StoredPair] = [], unlinked: Set<Set<Transaction.ID>> = [],
            deleted: [Account.ID: [TransactionIdentity.Candidate]] = [:], accounts: [Account.ID: Account],
            rules: [RuleMatcher], paymentCategories: [AccountKind: Category.ID] = [:]
        ) {
            self.batches = batches
            self.revisit = revisit
            self.stored = stored
            self.pairs = pairs
            self.unlinked = unlinked
            self.deleted = deleted
            self.accounts = accounts
            self.rules = rules
            self.paymentCategories = paymentCategories
        }
    }

    /// Plans the input's rows through every stage.
    public static func plan(_ input: Input) -> IngestPlan {
        var current: [Transaction.ID: Transaction] = [:]
        current.reserveCapacity(input.stored.count + input.batches.reduce(0) { $0 + $1.rows.count })
        for row in input.stored { current[row.id] = row }
        let before = current
        // Only a row that differs is written into `current`, and its id kept in `dirty`: while none does (a pass over
        // stored rows), `before` and `current` share one table instead of copying it, and nothing is compared.
        var dirty: Set<Transaction.ID> = []
        for row in input.revisit where current[row.id] != row {
            current[row.id] = row
            dirty.insert(row.id)
        }
        var touched = Set(input.revisit.map(\.id))
        var reasons: [Transaction.ID: String] = [:]
        var inserted: [Transaction.ID] = []
        var head: [IngestPlan.Action] = []

        // Stage 2: identity, per account, for each batch as a whole.
        for batch in input.batches {
            let bankRows = batch.rows.indices.filter { batch.rows[$0].bankTransactionID != nil }
            // Rows without bank ids (generated, manual) meet no stored row here: the account's rows are not gathered.
            let candidates =
                bankRows.isEmpty && !batch.listIsComplete && !batch.matchesStoredContent
                ? [] : current.values.filter { $0.accountID == batch.account }.sorted { $0.id < $1.id }
            let deleted = input.deleted[batch.account] ?? []
            // Each bank row's decision, by its position in the batch (nil for a row without a bank id).
            var decided = [TransactionIdentity.Decision?](repeating: nil, count: batch.rows.count)
            let decisions = TransactionIdentity.match(
                bankRows.map { incoming(batch.rows[$0]) },
                candidates: candidates.map(TransactionIdentity.Candidate.init),
                deletedBankIDs: Set(deleted.compactMap(\.bankID)), deleted: deleted,
                listIsComplete: batch.listIsComplete)
            for (index, decision) in zip(bankRows, decisions) { decided[index] = decision }
            let overlapping = batch.matchesStoredContent ? overlaps(batch, decided, candidates) : [:]
            var claimed: Set<Transaction.ID> = []
            for (index, row) in batch.rows.enumerated() {
                if let (id, days) = overlapping[index] {
                    let reason = TransactionIdentity.overlapExplanation(days: days)
                    head.append(.skip(bankID: row.bankTransactionID ?? "", account: batch.account, reason: reason))
                    claimed.insert(id)
                    continue
                }
                let decision = decided[index] ?? .new
                switch decision {
                case .deletedByPerson:
                    head.append(
                        .skip(bankID: row.bankTransactionID ?? "", account: batch.account, reason: decision.explanation)
                    )
                case .new:
                    var new = row
                    if row.bankTransactionID != nil { new.identityNote = decision.explanation }
                    current[new.id] = new
                    inserted.append(new.id)
                    touched.insert(new.id)
                    reasons[new.id] = decision.explanation
                case .known(let id), .postedFromPending(let id), .reissued(let id):
                    guard let stored = current[id] else { continue }
                    claimed.insert(id)
                    var updated = merged(row, into: stored)
                    if case .known = decision {} else { updated.identityNote = decision.explanation }
                    // A row the bank lists again unchanged is left as it is (a re-imported file, a sync's overlap):
                    // it is not classified again unless its pair changes below.
                    if updated == stored { continue }
                    current[id] = updated
                    dirty.insert(id)
                    touched.insert(id)
                    reasons[id] = decision.explanation
                }
            }
            // Authorisations the bank stopped listing without posting were cancelled (reference 5.10). Only a
            // complete answer says anything by leaving a row out.
            guard batch.listIsComplete else { continue }
            let listed = Set(batch.rows.compactMap(\.bankTransactionID))
            for row in candidates
            where row.isPending && row.source == .bank && !claimed.contains(row.id)
                && !(row.bankTransactionID.map(listed.contains) ?? false)
            {
                current[row.id] = nil
                touched.remove(row.id)
                head.append(.drop(row, reason: "the bank stopped listing this pending transaction: it was cancelled"))
            }
        }

        // Stage 3: transfers over every row the input holds.
        let storedPairs = input.pairs.filter { before[$0.pair.outflow] != nil || before[$0.pair.inflow] != nil }
        let manual = storedPairs.filter {
            $0.isManual && current[$0.pair.outflow] != nil && current[$0.pair.inflow] != nil
        }
        .map(\.pair)
        // A pair whose other side the input does not hold is left as it is, and so is its side that is here.
        let outside = storedPairs.filter { before[$0.pair.outflow] == nil || before[$0.pair.inflow] == nil }
            .map(\.pair)
        let held = Set((manual + outside).flatMap(\.key))
        // In any order: the matcher's answer does not depend on it.
        let found = Set(
            TransferMatcher.pairs(
                in: Array(current.values), accounts: input.accounts, unlinked: input.unlinked, alreadyPaired: held)
        )
        let storedAuto = Set(
            storedPairs.filter { !$0.isManual && before[$0.pair.outflow] != nil && before[$0.pair.inflow] != nil }
                .map(\.pair))
        let removed = storedAuto.subtracting(found).sorted { $0.outflow < $1.outflow }
        let added = found.subtracting(storedAuto).sorted { $0.outflow < $1.outflow }
        for pair in removed + added {
            for id in pair.key where current[id] != nil { touched.insert(id) }
        }

        // Stages 4 to 6: rules, patterns and the default for every row that came in or changed.
        let ordered = input.rules.filter(\.rule.isActive).sorted { Rule.precedes($0.rule, $1.rule) }
        let ruleNames = Dictionary(input.rules.map { ($0.rule.id, $0.rule.name) }, uniquingKeysWith: { a, _ in a })
        var partner: [Transaction.ID: (Transaction.ID, Bool)] = [:]
        for pair in manual + outside + Array(found) {
            partner[pair.outflow] = (pair.inflow, pair.isCardPayment)
            partner[pair.inflow] = (pair.outflow, pair.isCardPayment)
        }
        for id in touched {
            guard let row = current[id], let account = input.accounts[row.accountID] else { continue }
            let other = partner[id]
            let otherAccount = other.flatMap { current[$0.0] }.flatMap { input.accounts[$0.accountID] }
            let outcome = Classifier.classify(
                row, account: account, rules: ordered, partner: other,
                paymentCategory: Classifier.paymentCategory(
                    row, account: account, partnerAccount: otherAccount, in: input.paymentCategories))
            let classified = outcome.applied(to: row)
            if classified != row {
                current[id] = classified
                dirty.insert(id)
            }
        }

        var actions = removed.map { IngestPlan.Action.unpair($0, reason: "no longer an equal and opposite pair") }
        actions += head
        for id in inserted {
            guard let row = current[id] else { continue }
            actions.append(.insert(row, reason: reason(reasons[id], row, ruleNames)))
        }
        for id in touched.intersection(dirty).sorted() {
            guard let old = before[id], let row = current[id], row != old else { continue }
            actions.append(
                .update(
                    before: old, after: row, fields: row.changedFields(from: old),
                    reason: reason(reasons[id], row, ruleNames)))
        }
        actions += added.map {
            IngestPlan.Action.pair(
                $0, reason: $0.isCardPayment ? "a card payment" : "equal and opposite amounts in two accounts")
        }
        return IngestPlan(actions: actions)
    }

    /// For a batch that matches stored content: the stored row (and how many days apart) that each new
    /// incoming row already is, by the row's index in the batch; stored rows its bank ids found are not offered.
    static func overlaps(
        _ batch: Batch, _ decided: [TransactionIdentity.Decision?], _ candidates: [Transaction]
    ) -> [Int: (Transaction.ID, Int)] {
        guard !candidates.isEmpty else { return [:] }
        var claimed: Set<Transaction.ID> = []
        for decision in decided {
            switch decision {
            case .known(let id), .postedFromPending(let id), .reissued(let id): claimed.insert(id)
            case .new, .deletedByPerson, nil: break
            }
        }
        let open = batch.rows.indices.filter { decided[$0].map { $0 == .new } ?? true }
        let stored = candidates.filter { !claimed.contains($0.id) }
        let found = TransactionIdentity.overlaps(
            open.map { incoming(batch.rows[$0]) }, candidates: stored.map(TransactionIdentity.Candidate.init))
        let dates = Dictionary(uniqueKeysWithValues: stored.map { ($0.id, $0.date) })
        var result: [Int: (Transaction.ID, Int)] = [:]
        for (position, id) in found {
            let row = batch.rows[open[position]]
            result[open[position]] = (id, abs((dates[id] ?? row.date).days(until: row.date)))
        }
        return result
    }

    /// The identity stage's view of an incoming row.
    static func incoming(_ row: Transaction) -> TransactionIdentity.Incoming {
        TransactionIdentity.Incoming(
            bankID: row.bankTransactionID ?? "", date: row.date, amount: row.amount, description: row.description,
            payee: row.payee, isPending: row.isPending, transactedAt: row.transactedAt)
    }

    /// A stored row with what the bank now says about it; a person's fields stay.
    static func merged(_ bank: Transaction, into stored: Transaction) -> Transaction {
        var row = stored
        row.bankTransactionID = bank.bankTransactionID
        row.date = bank.date
        row.postedAt = bank.postedAt
        row.transactedAt = bank.transactedAt ?? stored.transactedAt
        row.amount = bank.amount
        row.description = bank.description
        row.payee = bank.payee ?? stored.payee
        row.memo = bank.memo ?? stored.memo
        row.isPending = bank.isPending
        // An entry a person made on a synced account (an expectation) becomes the bank's row, with their fields and
        // the payee they typed (the name it goes by); the bank's text is its description.
        // It stays the person's (source manual) while the bank's row is pending, so an authorisation the bank
        // cancels takes nothing of theirs with it.
        if stored.source == .manual || stored.source == .recurring {
            row.payee = stored.payee ?? bank.payee
            if !bank.isPending { row.source = bank.source }
        }
        return row
    }

    /// Why a row ends as it does: its identity, then what classified it.
    static func reason(_ identity: String?, _ row: Transaction, _ ruleNames: [Rule.ID: String]) -> String {
        let classified =
            if let rule = row.ruleID.flatMap({ ruleNames[$0] }) {
                "matched rule '\(rule)'"
            } else {
                "classified \(row.classification.rawValue) (\(row.classificationSource.rawValue))"
            }
        return [identity, classified].compactMap { $0 }.joined(separator: "; ")
    }
}
