import Foundation

/// Finds transfers between a household's own accounts (spec `ghostvault.md` section 8, Transfer
/// Detection Logic; DESIGN section 3, stage 3).
///
/// Two transactions are a transfer pair when all hold: equal and opposite amounts in one currency,
/// different accounts, dates at most `maximumDays` apart, neither pending. Matching is one to one:
/// all possible pairs are ranked by the gap between their dates (closest first), then by the earlier
/// date, then by the two ids, and taken greedily, so each transaction ends in at most one pair and the
/// result never depends on input order. Pairs a person unlinked are never formed again, transactions
/// already in a manual pair are left alone, and so is a transaction a person classified by hand as
/// anything but a transfer (one they marked a transfer can still be paired). A pair with a credit card on one side and a
/// non-card account on the other is a card payment.
public enum TransferMatcher {
    /// At most this many calendar days between the two sides (spec section 8: "within 3 calendar days").
    public static let maximumDays = 3

    /// A matched pair: `outflow` is the negative side.
    public struct Pair: Hashable, Sendable {
        public let outflow: Transaction.ID
        public let inflow: Transaction.ID
        /// Whether it pays a credit card from another account.
        public let isCardPayment: Bool

        public init(outflow: Transaction.ID, inflow: Transaction.ID, isCardPayment: Bool) {
            self.outflow = outflow
            self.inflow = inflow
            self.isCardPayment = isCardPayment
        }

        /// The pair as an unordered key, for remembering unlinked pairs.
        public var key: Set<Transaction.ID> { [outflow, inflow] }
    }

    /// A pair as stored, with who made it.
    public struct StoredPair: Hashable, Sendable {
        public let pair: Pair
        /// True when a person made it: automatic matching leaves it alone.
        public let isManual: Bool

        public init(pair: Pair, isManual: Bool) {
            self.pair = pair
            self.isManual = isManual
        }
    }

    /// The pairs among `transactions`.
    ///
    /// - Parameters:
    ///   - unlinked: pairs a person broke up; never formed again.
    ///   - alreadyPaired: transactions in pairs a person made; left out.
    public static func pairs(
        in transactions: [Transaction], accounts: [Account.ID: Account], unlinked: Set<Set<Transaction.ID>> = [],
        alreadyPaired: Set<Transaction.ID> = []
    ) -> [Pair] {
        let eligible = transactions.filter {
            !$0.isPending && !$0.amount.isZero && !alreadyPaired.contains($0.id)
                && (!$0.classificationSource.isLocked || $0.classification == .transfer)
        }
        // Outflows indexed by (currency, size), so each inflow only meets outflows of its size.
        var outflows: [String: [Transaction]] = [:]
        for transaction in eligible where transaction.amount.isNegative {
            outflows[key(transaction.amount), default: []].append(transaction)
        }
        struct Candidate {
            let outflow: Transaction
            let inflow: Transaction
            let gap: Int
        }
        var candidates: [Candidate] = []
        for inflow in eligible where inflow.amount.isPositive {
            for outflow in outflows[key(inflow.amount)] ?? [] where outflow.accountID != inflow.accountID {
                let gap = abs(outflow.date.days(until: inflow.date))
                guard gap <= maximumDays, !unlinked.contains([outflow.id, inflow.id]) else { continue }
                candidates.append(Candidate(outflow: outflow, inflow: inflow, gap: gap))
            }
        }
        candidates.sort { a, b in
            if a.gap != b.gap { return a.gap < b.gap }
            let (aDate, bDate) = (min(a.outflow.date, a.inflow.date), min(b.outflow.date, b.inflow.date))
            if aDate != bDate { return aDate < bDate }
            if a.outflow.id != b.outflow.id { return a.outflow.id < b.outflow.id }
            return a.inflow.id < b.inflow.id
        }
        var used: Set<Transaction.ID> = []
        var pairs: [Pair] = []
        for candidate in candidates where !used.contains(candidate.outflow.id) && !used.contains(candidate.inflow.id) {
            used.insert(candidate.outflow.id)
            used.insert(candidate.inflow.id)
            let kinds = [candidate.outflow.accountID, candidate.inflow.accountID].map { accounts[$0]?.kind }
            let cardPayment = kinds.contains(.creditCard) && kinds.contains { $0 != .creditCard }
            pairs.append(Pair(outflow: candidate.outflow.id, inflow: candidate.inflow.id, isCardPayment: cardPayment))
        }
        return pairs
    }

    /// The amount's size and currency as one key.
    private static func key(_ amount: Money) -> String {
        "\(amount.currency.code)|\(amount.minorUnits.magnitude)"
    }
}
