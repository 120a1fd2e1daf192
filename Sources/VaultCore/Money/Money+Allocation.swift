import Foundation

extension Money {
    /// Splits the amount into parts proportional to `weights`, exactly: the parts always add up to the whole.
    ///
    /// Each part is rounded toward zero and whatever is left over goes to the last part, so
    /// `10.00` split three ways is `3.33, 3.33, 3.34` (DESIGN section 3).
    public func allocated(weights: [Int64]) throws(MoneyError) -> [Money] {
        guard !weights.isEmpty, weights.allSatisfy({ $0 >= 0 }) else { throw .invalidWeights }
        let total = weights.reduce(Int128(0)) { $0 + Int128($1) }
        guard total > 0 else { throw .invalidWeights }
        var parts: [Money] = []
        parts.reserveCapacity(weights.count)
        var allocated = Int128(0)
        for weight in weights.dropLast() {
            // |minorUnits * weight / total| <= |minorUnits|, so each part fits in Int64.
            let part = Int128(minorUnits) * Int128(weight) / total
            allocated += part
            parts.append(Money(minorUnits: Int64(part), currency: currency))
        }
        parts.append(Money(minorUnits: Int64(Int128(minorUnits) - allocated), currency: currency))
        return parts
    }

    /// Splits the amount into `count` equal parts, the remainder going to the last one.
    public func split(into count: Int) throws(MoneyError) -> [Money] {
        guard count > 0 else { throw .invalidWeights }
        return try allocated(weights: Array(repeating: 1, count: count))
    }

    /// The amount times `numerator / denominator`, rounded to a whole minor unit by `rule`.
    ///
    /// 15% of 10.05 is `share(15, of: 100)`: 1.5075 is 1.51 to the nearest cent (ties to even by default,
    /// the banker's rounding that keeps repeated roundings unbiased).
    public func share(
        _ numerator: Int64,
        of denominator: Int64,
        rounding rule: FloatingPointRoundingRule = .toNearestOrEven
    ) throws(MoneyError) -> Money {
        guard denominator != 0 else { throw .invalidWeights }
        let result = Self.divide(Int128(minorUnits) * Int128(numerator), by: Int128(denominator), rounding: rule)
        guard let units = Int64(exactly: result) else { throw .overflow }
        return Money(minorUnits: units, currency: currency)
    }

    /// Integer division with an explicit rounding rule.
    static func divide(_ dividend: Int128, by divisor: Int128, rounding rule: FloatingPointRoundingRule) -> Int128 {
        let quotient = dividend / divisor
        let remainder = dividend % divisor
        guard remainder != 0 else { return quotient }
        let positive = (dividend < 0) == (divisor < 0)
        let away = positive ? quotient + 1 : quotient - 1
        let twiceRemainder = remainder.magnitude * 2
        switch rule {
        case .towardZero: return quotient
        case .awayFromZero: return away
        case .down: return positive ? quotient : away
        case .up: return positive ? away : quotient
        case .toNearestOrAwayFromZero:
            return twiceRemainder >= divisor.magnitude ? away : quotient
        case .toNearestOrEven:
            if twiceRemainder == divisor.magnitude { return quotient % 2 == 0 ? quotient : away }
            return twiceRemainder > divisor.magnitude ? away : quotient
        @unknown default:
            return twiceRemainder >= divisor.magnitude ? away : quotient
        }
    }
}
