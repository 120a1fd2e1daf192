import Foundation

/// Ingest stage 2: is an incoming bank transaction one GhostVault already has? (DESIGN section 3.)
///
/// Banks do not make this easy (reference sections 5.10 and 5.11): a pending item posts under a new
/// id with no link to the old one, sometimes for a different amount (a tip); some banks re-issue
/// ids for whole blocks of history; and a row a person deleted must not return on the next sync.
/// The decision is taken in this order, the first that applies winning:
///
/// 1. the bank id is one a person deleted, or the incoming item is the posted form or re-issue of a
///    row a person deleted: skip it;
/// 2. the bank id is already stored in this account: the same transaction;
/// 3. a posted item matching a stored pending one that the bank no longer lists: same sign, the
///    posted amount within `tipTolerancePercent` of the pending one, posted 0 to `postingWindowDays`
///    after it, similar payee: the pending row becomes the posted one;
/// 4. a stored posted row the bank no longer lists with the same date, amount and payee: the bank
///    re-issued its id;
/// 5. otherwise it is new.
///
/// Among several candidates the closest date wins, then the closest amount, then the lowest id, so
/// the result never depends on the order rows were read in.
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

        public init(
            bankID: String, date: LocalDate, amount: Money, description: String, payee: String?, isPending: Bool
        ) {
            self.bankID = bankID
            self.date = date
            self.amount = amount
            self.description = description
            self.payee = payee
            self.isPending = isPending
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

        public init(
            id: Transaction.ID, bankID: String?, date: LocalDate, amount: Money, description: String, payee: String?,
            isPending: Bool
        ) {
            self.id = id
            self.bankID = bankID
            self.date = date
            self.amount = amount
            self.description = description
            self.payee = payee
            self.isPending = isPending
        }

        public init(_ transaction: Transaction) {
            id = transaction.id
            bankID = transaction.bankTransactionID
            date = transaction.date
            amount = transaction.amount
            description = transaction.description
            payee = transaction.payee
            isPending = transaction.isPending
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

    /// Decides what `incoming` is among `candidates` (stored rows of the same account).
    ///
    /// - Parameters:
    ///   - listedBankIDs: every bank id the bank sent for this account in this sync; a stored row whose
    ///     id is still listed is that transaction and cannot be another's earlier form.
    ///   - deletedBankIDs: bank ids of this account a person deleted.
    ///   - claimed: rows already matched to another incoming transaction in this sync (matching is one to one).
    ///   - deleted: what is remembered of deleted rows, so their posted form or re-issued id stays deleted too.
    ///   - listIsComplete: false when the bank reported a failure for the account; then nothing is inferred
    ///     from what the list leaves out, and only bank ids are matched.
    public static func decide(
        _ incoming: Incoming, candidates: [Candidate], listedBankIDs: Set<String>, deletedBankIDs: Set<String>,
        claimed: Set<Transaction.ID> = [], deleted: [Candidate] = [], listIsComplete: Bool = true
    ) -> Decision {
        if deletedBankIDs.contains(incoming.bankID) { return .deletedByPerson }
        if let known = candidates.first(where: { $0.bankID == incoming.bankID }) { return .known(known.id) }
        if !incoming.isPending, deleted.contains(where: { $0.isPending && postedMatches(incoming, pending: $0) }) {
            return .deletedByPerson
        }
        if deleted.contains(where: { !$0.isPending && sameContent($0, incoming) }) { return .deletedByPerson }
        guard listIsComplete else { return .new }
        let open = candidates.filter { candidate in
            !claimed.contains(candidate.id) && !(candidate.bankID.map(listedBankIDs.contains) ?? false)
        }
        if !incoming.isPending,
            let pending = best(open.filter { $0.isPending && postedMatches(incoming, pending: $0) }, for: incoming)
        {
            return .postedFromPending(pending.id)
        }
        let reissued = open.filter { !$0.isPending && sameContent($0, incoming) }
        if let match = best(reissued, for: incoming) { return .reissued(match.id) }
        return .new
    }

    /// Same date, amount and description: what a re-issued id leaves unchanged.
    static func sameContent(_ stored: Candidate, _ incoming: Incoming) -> Bool {
        stored.date == incoming.date && stored.amount == incoming.amount
            && PayeeKey.normalize(stored.description) == PayeeKey.normalize(incoming.description)
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

    /// The closest candidate: nearest date, then nearest amount, then lowest id.
    static func best(_ candidates: [Candidate], for incoming: Incoming) -> Candidate? {
        candidates.min { a, b in
            let (da, db) = (abs(a.date.days(until: incoming.date)), abs(b.date.days(until: incoming.date)))
            if da != db { return da < db }
            let (ma, mb) = (
                (a.amount.minorUnits - incoming.amount.minorUnits).magnitude,
                (b.amount.minorUnits - incoming.amount.minorUnits).magnitude
            )
            if ma != mb { return ma < mb }
            return a.id < b.id
        }
    }
}
