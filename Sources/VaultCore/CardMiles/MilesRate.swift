import Foundation

/// An earn rate in miles per dollar (major unit of the card's currency), held exactly in hundredths: 1.4 mpd is 140.
///
/// The spec's `Double` rates are held as exact decimals (issue 17): every rate in the library has at most one
/// decimal, and a custom rate may have two (`1.25`).
public struct MilesRate: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// Hundredths of a mile per major unit of currency.
    public let hundredths: Int64

    /// A rate of `hundredths` / 100 miles per dollar.
    public init(hundredths: Int64) { self.hundredths = hundredths }

    /// Parses `4`, `1.4` or `1.25` exactly; nil for anything else (negative, more than two decimals, not a number).
    public init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), !parts[0].isEmpty, parts[0].count <= 6,
            parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }),
            let whole = Int64(parts[0])
        else { return nil }
        var fraction: Int64 = 0
        if parts.count == 2 {
            guard (1...2).contains(parts[1].count), let digits = Int64(parts[1]) else { return nil }
            fraction = parts[1].count == 1 ? digits * 10 : digits
        }
        hundredths = whole * 100 + fraction
    }

    /// No miles at all.
    public static let zero = MilesRate(hundredths: 0)

    public static func < (lhs: MilesRate, rhs: MilesRate) -> Bool { lhs.hundredths < rhs.hundredths }

    /// `1.4`, `4.0`, `1.25`: at least one decimal, as the spec's tables write rates, and every digit there is.
    public var description: String {
        let whole = hundredths / 100
        let fraction = hundredths % 100
        if fraction % 10 == 0 { return "\(whole).\(fraction / 10)" }
        return "\(whole).\(fraction.zeroPadded(2))"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let rate = MilesRate(text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "'\(text)' is not a miles-per-dollar rate like 1.4")
        }
        self = rate
    }

    /// Encoded as a decimal string (`"1.4"`) so no reader sees a binary float.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
