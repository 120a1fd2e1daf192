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
        // Positions, not copies: a bank file's 100k rows pass through here, and a row is 300 bytes.
        let eligible = transactions.indices.filter {
            let row = transactions[$0]
            return !row.isPending && !row.amount.isZero && !alreadyPaired.contains(row.id)
                && (!row.classificationSource.isLocked || row.classification == .transfer)
        }
        // Rows of one account never pair: a bank file's batch alone has nothing to match.
        guard let first = eligible.first,
            eligible.contains(where: { transactions[$0].accountID != transactions[first].accountID })
        else { return [] }
        // Outflows indexed by (currency, size), so each inflow only meets outflows of its size.
        var outflows: [Size: [Int]] = [:]
        for index in eligible where transactions[index].amount.isNegative {
            outflows[Size(transactions[index].amount), default: []].append(index)
        }
        struct Candidate {
            let outflow: Transaction
            let inflow: Transaction
            let gap: Int
        }
        var candidates: [Candidate] = []
        for index in eligible where transactions[index].amount.isPositive {
            let inflow = transactions[index]
            for position in outflows[Size(inflow.amount)] ?? [] {
                let outflow = transactions[position]
                guard outflow.accountID != inflow.accountID else { continue }
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

    /// An amount's size and currency, as one key.
    private struct Size: Hashable {
        let currency: Currency
        let magnitude: UInt64

        init(_ amount: Money) {
            currency = amount.currency
            magnitude = amount.minorUnits.magnitude
        }
    }
}
