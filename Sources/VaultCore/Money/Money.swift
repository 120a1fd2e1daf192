import Foundation

/// An exact amount of one currency, held as a whole number of minor units (cents, yen, fils).
///
/// Positive amounts are money into an account and negative amounts money out, for every kind of
/// account, liabilities included (DESIGN section 3). Arithmetic traps nothing: it throws
/// `MoneyError` on overflow or on a currency mismatch instead of producing a wrong number.
public struct Money: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The amount in minor units of `currency`.
    public let minorUnits: Int64
    /// The currency the amount is in.
    public let currency: Currency

    /// Creates an amount from minor units: `Money(minorUnits: -1250, currency: .usd)` is -12.50 USD.
    public init(minorUnits: Int64, currency: Currency) {
        self.minorUnits = minorUnits
        self.currency = currency
    }

    /// Zero in the given currency.
    public static func zero(_ currency: Currency) -> Money { Money(minorUnits: 0, currency: currency) }

    public var isZero: Bool { minorUnits == 0 }
    public var isNegative: Bool { minorUnits < 0 }
    public var isPositive: Bool { minorUnits > 0 }

    /// The same amount with the opposite sign.
    public func negated() throws(MoneyError) -> Money {
        guard minorUnits != .min else { throw .overflow }
        return Money(minorUnits: -minorUnits, currency: currency)
    }

    /// The amount without its sign.
    public func magnitude() throws(MoneyError) -> Money {
        minorUnits < 0 ? try negated() : self
    }

    /// The sum of two amounts of the same currency.
    public func adding(_ other: Money) throws(MoneyError) -> Money {
        try requireSameCurrency(other)
        let (sum, overflow) = minorUnits.addingReportingOverflow(other.minorUnits)
        guard !overflow else { throw .overflow }
        return Money(minorUnits: sum, currency: currency)
    }

    /// The difference of two amounts of the same currency.
    public func subtracting(_ other: Money) throws(MoneyError) -> Money {
        try requireSameCurrency(other)
        let (difference, overflow) = minorUnits.subtractingReportingOverflow(other.minorUnits)
        guard !overflow else { throw .overflow }
        return Money(minorUnits: difference, currency: currency)
    }

    /// The amount multiplied by a whole number.
    public func multiplied(by factor: Int64) throws(MoneyError) -> Money {
        let (product, overflow) = minorUnits.multipliedReportingOverflow(by: factor)
        guard !overflow else { throw .overflow }
        return Money(minorUnits: product, currency: currency)
    }

    /// Compares two amounts of the same currency.
    public func isLess(than other: Money) throws(MoneyError) -> Bool {
        try requireSameCurrency(other)
        return minorUnits < other.minorUnits
    }

    /// The sum of amounts that must all be in `currency`.
    public static func sum(_ amounts: some Sequence<Money>, currency: Currency) throws(MoneyError) -> Money {
        var total = Money.zero(currency)
        for amount in amounts { total = try total.adding(amount) }
        return total
    }

    public var description: String { formatted() }

    private func requireSameCurrency(_ other: Money) throws(MoneyError) {
        guard currency == other.currency else {
            throw .currencyMismatch(currency, other.currency)
        }
    }
}

/// Why an operation on money could not give an exact answer.
public enum MoneyError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The result does not fit in 64-bit minor units.
    case overflow
    /// Two different currencies were combined; convert first, or keep them apart in a `MoneyBag`.
    case currencyMismatch(Currency, Currency)
    /// A split or share was asked for with no parts or with weights that are negative or all zero.
    case invalidWeights

    public var description: String {
        switch self {
        case .overflow:
            "The amount is too large to represent exactly."
        case .currencyMismatch(let a, let b):
            "Cannot combine \(a.code) with \(b.code); amounts in different currencies are kept apart."
        case .invalidWeights:
            "A split needs at least one part and weights that are not negative and not all zero."
        }
    }
}
