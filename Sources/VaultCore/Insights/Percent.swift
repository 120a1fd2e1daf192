import Foundation

/// A percentage held exactly in hundredths of a percent (`1234` is 12.34%), rounded half away from zero.
public struct Percent: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// Hundredths of a percent.
    public let hundredths: Int64

    public init(hundredths: Int64) { self.hundredths = hundredths }

    /// `part` as a percentage of `whole`, or nil when `whole` is zero (a share of nothing is undefined).
    public static func of(_ part: Int64, in whole: Int64) -> Percent? {
        guard whole != 0 else { return nil }
        let value = Money.divide(Int128(part) * 10_000, by: Int128(whole), rounding: .toNearestOrAwayFromZero)
        guard let hundredths = Int64(exactly: value) else { return nil }
        return Percent(hundredths: hundredths)
    }

    /// Shares of positive parts that add up to exactly 100%, in tenths of a percent (what `description` shows):
    /// each is rounded down to a tenth and the tenths left over go one each to the parts with the largest
    /// remainders (ties to the earlier part), so a column of them never adds up to 99.9% or 100.1%. Empty when
    /// there are no parts.
    public static func shares(of parts: [Int64]) -> [Percent] {
        precondition(parts.allSatisfy { $0 > 0 }, "shares are of positive parts")
        let whole = parts.reduce(Int128(0)) { $0 + Int128($1) }
        guard whole > 0 else { return [] }
        var tenths = parts.map { Int128($0) * 1_000 / whole }
        let remainders = parts.map { Int128($0) * 1_000 % whole }
        let left = 1_000 - tenths.reduce(0, +)
        let order = parts.indices.sorted { (remainders[$1], $0) < (remainders[$0], $1) }
        for index in order.prefix(Int(left)) { tenths[index] += 1 }
        return tenths.map { Percent(hundredths: Int64($0) * 10) }
    }

    /// A whole number of percent.
    public static func whole(_ percent: Int) -> Percent { Percent(hundredths: Int64(percent) * 100) }

    public static func < (lhs: Percent, rhs: Percent) -> Bool { lhs.hundredths < rhs.hundredths }

    /// The percentage with two decimals and no sign for positive values: `12.34`, `-5.00`.
    public var decimalString: String {
        let sign = hundredths < 0 ? "-" : ""
        let magnitude = hundredths.magnitude
        let cents = magnitude % 100
        return sign + "\(magnitude / 100)." + cents.zeroPadded(2)
    }

    /// `12.3%`: one decimal, for people.
    public var description: String {
        let tenths = Money.divide(Int128(hundredths), by: 10, rounding: .toNearestOrAwayFromZero)
        let sign = tenths < 0 ? "-" : ""
        return sign + "\(tenths.magnitude / 10).\(tenths.magnitude % 10)%"
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let value = Decimal(string: text) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "not a percentage"))
        }
        hundredths = NSDecimalNumber(decimal: value * 100).int64Value
    }

    /// Encoded as a decimal string (`"12.34"`) so no reader sees a binary float.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(decimalString)
    }
}

/// Sums of minor units that refuse to overflow instead of trapping.
enum Exact {
    static func add(_ a: Int64, _ b: Int64) throws(MoneyError) -> Int64 {
        let (sum, overflow) = a.addingReportingOverflow(b)
        guard !overflow else { throw .overflow }
        return sum
    }

    static func negate(_ a: Int64) throws(MoneyError) -> Int64 {
        guard a != .min else { throw .overflow }
        return -a
    }
}
