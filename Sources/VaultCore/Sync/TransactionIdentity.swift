import Foundation

/// Ingest stage 2: is an incoming bank transaction one GhostVault already has? (DESIGN section 3.)
///
/// Banks do not make this easy (reference sections 5.10 and 5.11): a pending item posts under a new
/// id with no link to the old one, sometimes for a different amount (a tip); some banks re-issue
/// ids for whole blocks of history; and a row a person deleted must not return on the next sync.
///
/// The decision is taken for a whole incoming batch of one account at once, never row by row:
///
/// 1. an incoming item whose bank id a person deleted, or that is the posted form or re-issue of a
///    row a person deleted, is skipped;
/// 2. an incoming item whose bank id is already stored in this account is that transaction;
/// 3. the rest are matched one to one against the stored rows the bank no longer lists, through
///    links of two kinds: a re-issued id (a stored *posted* row with the same date, amount and
///    description) and a posted form (a stored *pending* row: same sign, the posted amount within
///    `tipTolerancePercent` of the pending one, posted 0 to `postingWindowDays` after it, similar
///    payee). Links are ranked exact first (a re-issue, or a posted form with the pending row's
///    amount, transacted-at and description), then by the gap between dates, the gap between
///    amounts, the stored row's id and the incoming bank id, and taken greedily; so an exact posted
///    form wins over a near one whatever order the bank listed them in, and a stored posted row is
///    never taken for a pending row's posted form;
/// 4. otherwise it is new.
public enum TransactionIdentity {
    /// Days after the pending date within which the posted item may appear (reference 5.10: "a few days").
    public static let postingWindowDays = 5
    /// How much larger than the authorisation a posted amount may be (a restaurant tip): 25%.
    public static let tipTolerancePercent: Int64 = 25

    /// A transaction as the bank sent it, already dated in the household's time zone.
    public struct Incoming: Hashable, Sendable {
        public var bankID: String
        public var date: LocalDate
        public var amount: Money
        public var description: String
        public var payee: String?
        public var isPending: Bool
        /// When the purchase happened, when the bank says: equal on a pending row and its exact posted form.
        public var transactedAt: Date?

        public init(
            bankID: String, date: LocalDate, amount: Money, description: String, payee: String?, isPending: Bool,
            transactedAt: Date? = nil
        ) {
            self.bankID = bankID
            self.date = date
            self.amount = amount
            self.description = description
            self.payee = payee
            self.isPending = isPending
            self.transactedAt = transactedAt
        }

        var payeeKey: String { PayeeKey.normalize(payee ?? description) }
    }

    /// A stored transaction of the same account that the incoming one might be.
    public struct Candidate: Hashable, Sendable {
        public var id: Transaction.ID
        public var bankID: String?
        public var date: LocalDate
        public var amount: Money
        public var description: String
        public var payee: String?
        public var isPending: Bool
        public var transactedAt: Date?

        public init(
            id: Transaction.ID, bankID: String?, date: LocalDate, amount: Money, description: String, payee: String?,
            isPending: Bool, transactedAt: Date? = nil
        ) {
            self.id = id
            self.bankID = bankID
            self.date = date
            self.amount = amount
            self.description = description
            self.payee = payee
            self.isPending = isPending
            self.transactedAt = transactedAt
        }

        public init(_ transaction: Transaction) {
            id = transaction.id
            bankID = transaction.bankTransactionID
            date = transaction.date
            amount = transaction.amount
            description = transaction.description
            payee = transaction.payee
            isPending = transaction.isPending
            transactedAt = transaction.transactedAt
        }

        var payeeKey: String { PayeeKey.normalize(payee ?? description) }
    }

    /// What the incoming transaction is, with the reason a person can read.
    public enum Decision: Hashable, Sendable {
        /// A person deleted this bank transaction; it stays deleted.
        case deletedByPerson
        /// Already stored under the same bank id.
        case known(Transaction.ID)
        /// The posted form of a stored pending item; update that row.
        case postedFromPending(Transaction.ID)
        /// A stored row whose bank id the bank replaced; update its bank id.
        case reissued(Transaction.ID)
        /// Not seen before.
        case new

        /// Why, in words for the transaction's history.
        public var explanation: String {
            switch self {
            case .deletedByPerson: "skipped: deleted by a person before"
            case .known: "matched by the bank's id"
            case .postedFromPending:
                "the posted form of a pending transaction (new bank id, same account, amount and payee)"
            case .reissued: "the bank re-issued this transaction's id (same account, date, amount and description)"
            case .new: "new"
            }
        }
    }

    /// Decides what one incoming transaction is among `candidates` (stored rows of the same account):
    /// `match` for a batch of one, with `claimed` rows already taken by others.
    public static func decide(
        _ incoming: Incoming, candidates: [Candidate], listedBankIDs: Set<String>, deletedBankIDs: Set<String>,
        claimed: Set<Transaction.ID> = [], deleted: [Candidate] = [], listIsComplete: Bool = true
    ) -> Decision {
        match(
            [incoming], candidates: candidates.filter { !claimed.contains($0.id) }, listedBankIDs: listedBankIDs,
            deletedBankIDs: deletedBankIDs, deleted: deleted, listIsComplete: listIsComplete)[0]
    }

    /// Decides what each of a batch of incoming transactions of one account is, all at once; the result
    /// holds one decision per incoming transaction, in the same order.
    ///
    /// - Parameters:
    ///   - candidates: stored rows of the account that the incoming ones might be.
    ///   - listedBankIDs: every bank id the bank sent for this account in this sync (the batch's own ids are
    ///     added); a stored row whose id is still listed is that transaction and cannot be another's earlier form.
    ///   - deletedBankIDs: bank ids of this account a person deleted.
    ///   - deleted: what is remembered of deleted rows, so their posted form or re-issued id stays deleted too.
    ///   - listIsComplete: false when the bank reported a failure for the account; then nothing is inferred
    ///     from what the list leaves out, and only bank ids are matched.
    public static func match(
        _ incoming: [Incoming], candidates: [Candidate], listedBankIDs: Set<String> = [],
        deletedBankIDs: Set<String>, deleted: [Candidate] = [], listIsComplete: Bool = true
    ) -> [Decision] {
        let listed = listedBankIDs.union(incoming.map(\.bankID))
        var byBankID: [String: Candidate] = [:]
        for candidate in candidates.sorted(by: { $0.id < $1.id }) {
            if let bankID = candidate.bankID, byBankID[bankID] == nil { byBankID[bankID] = candidate }
        }
        var decisions = [Decision?](repeating: nil, count: incoming.count)
        var claimed: Set<Transaction.ID> = []
        var open: [Int] = []
        for (index, item) in incoming.enumerated() {
            if deletedBankIDs.contains(item.bankID) {
                decisions[index] = .deletedByPerson
            } else if let known = byBankID[item.bankID], !claimed.contains(known.id) {
                decisions[index] = .known(known.id)
                claimed.insert(known.id)
            } else if !item.isPending, deleted.contains(where: { $0.isPending && postedMatches(item, pending: $0) }) {
                decisions[index] = .deletedByPerson
            } else if deleted.contains(where: { !$0.isPending && sameContent($0, item) }) {
                decisions[index] = .deletedByPerson
            } else {
                open.append(index)
            }
        }
        if listIsComplete {
            let unlisted = candidates.filter { candidate in
                !claimed.contains(candidate.id) && !(candidate.bankID.map(listed.contains) ?? false)
            }
            for link in links(from: open.map { ($0, incoming[$0]) }, to: unlisted)
            where decisions[link.incoming] == nil && !claimed.contains(link.stored) {
                decisions[link.incoming] = link.isReissue ? .reissued(link.stored) : .postedFromPending(link.stored)
                claimed.insert(link.stored)
            }
        }
        return decisions.map { $0 ?? .new }
    }

    /// A possible match between an incoming item and an unlisted stored row, with its rank.
    struct Link {
        let incoming: Int
        let stored: Transaction.ID
        let isReissue: Bool
        let isExact: Bool
        let dateGap: Int
        let amountGap: UInt64
        let bankID: String
    }

    /// Every possible re-issue and posted-form link, best first (see the type's documentation).
    static func links(from incoming: [(Int, Incoming)], to stored: [Candidate]) -> [Link] {
        var links: [Link] = []
        for (index, item) in incoming {
            for candidate in stored {
                let isReissue = !candidate.isPending && sameContent(candidate, item)
                // An expectation (an entry a person made on a synced account, pending with no bank id) is claimed
                // by the bank's first row for it, pending or posted; a bank's pending row only by its posted form.
                let isExpectation = candidate.isPending && candidate.bankID == nil
                let isPosted =
                    !isReissue && candidate.isPending
                    && (isExpectation
                        ? expectationMatches(item, expected: candidate)
                        : !item.isPending && postedMatches(item, pending: candidate))
                guard isReissue || isPosted else { continue }
                let exact =
                    isReissue
                    || (candidate.amount == item.amount && candidate.transactedAt == item.transactedAt
                        && PayeeKey.normalize(candidate.description) == PayeeKey.normalize(item.description))
                links.append(
                    Link(
                        incoming: index, stored: candidate.id, isReissue: isReissue, isExact: exact,
                        dateGap: abs(candidate.date.days(until: item.date)),
                        amountGap: (candidate.amount.minorUnits - item.amount.minorUnits).magnitude, bankID: item.bankID
                    ))
            }
        }
        return links.sorted { a, b in
            if a.isExact != b.isExact { return a.isExact }
            if a.dateGap != b.dateGap { return a.dateGap < b.dateGap }
            if a.amountGap != b.amountGap { return a.amountGap < b.amountGap }
            if a.stored != b.stored { return a.stored < b.stored }
            return a.bankID < b.bankID
        }
    }

    /// Same date, amount and description: what a re-issued id leaves unchanged.
    static func sameContent(_ stored: Candidate, _ incoming: Incoming) -> Bool {
        stored.date == incoming.date && stored.amount == incoming.amount
            && PayeeKey.normalize(stored.description) == PayeeKey.normalize(incoming.description)
    }

    /// Days before an expectation's date that the bank's row may be dated: a person often logs a purchase a day or
    /// two after the card was charged.
    public static let expectationDaysBefore = 2

    /// Whether the bank's row (pending or posted) can be what a person logged by hand: the posted-form test, with
    /// the bank's date up to `expectationDaysBefore` days before the person's.
    static func expectationMatches(_ item: Incoming, expected: Candidate) -> Bool {
        let days = expected.date.days(until: item.date)
        guard (-expectationDaysBefore...postingWindowDays).contains(days) else { return false }
        var moved = expected
        moved.date = item.date
        return postedMatches(item, pending: moved)
    }

    /// Whether a posted item can be the settled form of a pending one.
    static func postedMatches(_ posted: Incoming, pending: Candidate) -> Bool {
        let days = pending.date.days(until: posted.date)
        guard (0...postingWindowDays).contains(days), posted.amount.currency == pending.amount.currency,
            posted.amount.isNegative == pending.amount.isNegative
        else { return false }
        let pendingSize = pending.amount.minorUnits.magnitude
        let postedSize = posted.amount.minorUnits.magnitude
        let allowance = pendingSize * UInt64(tipTolerancePercent) / 100
        guard postedSize >= pendingSize, postedSize <= pendingSize + allowance else { return false }
        return PayeeKey.similar(posted.payeeKey, pending.payeeKey)
    }
}
