import Foundation

extension Money {
    /// Parses a decimal string straight into minor units, never through floating point.
    ///
    /// Accepted: an optional sign (`+`, `-` or `−`), digits with optional thousands commas in groups of
    /// three, and an optional fraction of at most `currency.exponent` digits: `"-05.50"`, `"+3"`,
    /// `"1,234.56"`, `".5"`. A fraction longer than the currency allows is an error, not a rounding.
    public init(parsing text: String, currency: Currency) throws(MoneyParseError) {
        let trimmed = text.trimmingWhitespace()
        guard !trimmed.isEmpty else { throw MoneyParseError(input: text, reason: .empty) }

        var rest = Substring(trimmed)
        var negative = false
        if let first = rest.first, first == "-" || first == "+" || first == "−" {
            negative = first != "+"
            rest = rest.dropFirst()
        }
        let parts = rest.split(separator: ".", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count <= 2 else { throw MoneyParseError(input: text, reason: .notANumber) }
        let wholeText = parts[0]
        let fractionText = parts.count == 2 ? parts[1] : ""
        guard !(wholeText.isEmpty && fractionText.isEmpty) else {
            throw MoneyParseError(input: text, reason: .notANumber)
        }
        guard fractionText.allSatisfy(\.isASCIIDigit) else { throw MoneyParseError(input: text, reason: .notANumber) }
        let wholeDigits = try Self.wholeDigits(of: wholeText, input: text)
        guard fractionText.count <= currency.exponent else {
            throw MoneyParseError(input: text, reason: .tooManyDecimals(allowed: currency.exponent, currency: currency))
        }

        var units: Int64 = 0
        for digit in wholeDigits + fractionText.padding(toLength: currency.exponent) {
            let value = Int64(digit.asciiValue! - 48)
            let (shifted, o1) = units.multipliedReportingOverflow(by: 10)
            let (next, o2) = shifted.addingReportingOverflow(value)
            guard !o1, !o2 else { throw MoneyParseError(input: text, reason: .tooLarge) }
            units = next
        }
        self.init(minorUnits: negative ? -units : units, currency: currency)
    }

    /// The digits of the whole part, with thousands commas checked and removed.
    private static func wholeDigits(of whole: Substring, input: String) throws(MoneyParseError) -> String {
        guard whole.contains(",") else {
            guard whole.allSatisfy(\.isASCIIDigit) else { throw MoneyParseError(input: input, reason: .notANumber) }
            return String(whole)
        }
        let groups = whole.split(separator: ",", omittingEmptySubsequences: false)
        let wellFormed =
            (1...3).contains(groups[0].count)
            && groups.dropFirst().allSatisfy { $0.count == 3 }
            && groups.allSatisfy { $0.allSatisfy(\.isASCIIDigit) }
        guard wellFormed else { throw MoneyParseError(input: input, reason: .misplacedComma) }
        return groups.joined()
    }
}

/// A decimal string that is not an exact amount of its currency.
public struct MoneyParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was wrong with the text.
    public enum Reason: Hashable, Sendable {
        case empty
        case notANumber
        case misplacedComma
        case tooManyDecimals(allowed: Int, currency: Currency)
        case tooLarge
    }

    /// The text as it was given.
    public let input: String
    public let reason: Reason

    public init(input: String, reason: Reason) {
        self.input = input
        self.reason = reason
    }

    public var description: String {
        switch reason {
        case .empty:
            "An amount is required, for example 12.50 or -12.50."
        case .notANumber:
            "'\(input)' is not an amount; write digits with an optional sign and decimal point, like -12.50."
        case .misplacedComma:
            "'\(input)' has a comma out of place; commas may only separate thousands, like 1,234.50."
        case .tooManyDecimals(let allowed, let currency):
            allowed == 0
                ? "'\(input)' has decimals, but \(currency.code) amounts are whole numbers."
                : "'\(input)' has more than \(allowed) decimal\(allowed == 1 ? "" : "s"), "
                    + "the most \(currency.code) allows; amounts are never rounded silently."
        case .tooLarge:
            "'\(input)' is too large to store exactly."
        }
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}

extension Substring {
    /// Right-pads with zeros to `length` characters.
    func padding(toLength length: Int) -> String {
        String(self) + String(repeating: "0", count: Swift.max(0, length - count))
    }
}
