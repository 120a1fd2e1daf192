import Foundation

/// How amounts are blurred in an LLM export (spec `ghostvault.md` section 14, Precision Scaling): exact, to the
/// nearest 10 or 50 of the currency's major unit, or to two significant figures.
public enum ExportRounding: String, CaseIterable, Hashable, Sendable, Codable, CustomStringConvertible {
    case off
    case nearest10 = "nearest-10"
    case nearest50 = "nearest-50"
    case twoSignificant = "two-significant"

    /// Reads `off`, `exact`, `10`, `nearest-10`, `50`, `nearest-50`, `2sf`, `two-significant`, any case.
    public init?(name: String) {
        switch name.lowercased().trimmingCharacters(in: .whitespaces) {
        case "off", "exact", "none": self = .off
        case "10", "nearest-10", "nearest10": self = .nearest10
        case "50", "nearest-50", "nearest50": self = .nearest50
        case "2sf", "two-significant", "significant": self = .twoSignificant
        default: return nil
        }
    }

    /// "Off (exact amounts)", "Nearest 10", ...
    public var displayName: String {
        switch self {
        case .off: "Off (exact amounts)"
        case .nearest10: "Nearest 10"
        case .nearest50: "Nearest 50"
        case .twoSignificant: "Two significant figures"
        }
    }

    public var description: String { rawValue }

    /// Whether amounts are blurred at all.
    public var isOn: Bool { self != .off }

    /// The amount rounded half away from zero to this precision; exact when off.
    public func rounded(_ money: Money) -> Money {
        let step: Int64
        switch self {
        case .off:
            return money
        case .nearest10:
            step = 10 * money.currency.minorUnitsPerMajor
        case .nearest50:
            step = 50 * money.currency.minorUnitsPerMajor
        case .twoSignificant:
            // Two significant figures of the amount as written, minor digits included: 1,245.67 -> 1,200, 4.56 -> 4.6.
            let digits = String(money.minorUnits.magnitude).count
            guard digits > 2 else { return money }
            var power: Int64 = 1
            for _ in 0..<(digits - 2) { power *= 10 }
            step = power
        }
        let steps = Money.divide(Int128(money.minorUnits), by: Int128(step), rounding: .toNearestOrAwayFromZero)
        // Rounding to a multiple of `step` can only overflow at the very edge of Int64; keep the exact value then.
        guard let units = Int64(exactly: steps * Int128(step)) else { return money }
        return Money(minorUnits: units, currency: money.currency)
    }

    /// Whether rounding leaves the amount as it is: such an amount says no more than any rounded figure.
    public func isFixedPoint(_ money: Money) -> Bool { rounded(money) == money }
}
