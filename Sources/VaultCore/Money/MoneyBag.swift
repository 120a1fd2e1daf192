import Foundation

/// Totals kept per currency, for sums over accounts or transactions in more than one currency.
///
/// Amounts in different currencies are never added together as if they were the same; a bag holds
/// one exact total for each currency it has seen.
public struct MoneyBag: Hashable, Sendable {
    private var totals: [Currency: Int64] = [:]

    public init() {}

    /// A bag holding the sum of `amounts`.
    public init(_ amounts: some Sequence<Money>) throws(MoneyError) {
        for amount in amounts { try add(amount) }
    }

    /// Adds an amount to the total of its currency.
    public mutating func add(_ amount: Money) throws(MoneyError) {
        let (sum, overflow) = (totals[amount.currency] ?? 0).addingReportingOverflow(amount.minorUnits)
        guard !overflow else { throw .overflow }
        totals[amount.currency] = sum
    }

    /// The total in one currency (zero when the bag has none of it).
    public subscript(currency: Currency) -> Money {
        Money(minorUnits: totals[currency] ?? 0, currency: currency)
    }

    /// Every currency's total, ordered by currency code so output is stable.
    public var amounts: [Money] {
        totals.keys.sorted { $0.code < $1.code }.map { self[$0] }
    }

    public var isEmpty: Bool { totals.isEmpty }
}
