import Foundation

/// How a bank file writes the decimal point of its amounts, and reading amounts written that way.
///
/// Exporters vary by country and bank: `1,234.56`, `1.234,56`, `1 234,56`, `1'234.56`, `(12.50)` for a
/// negative, a trailing minus (`12.50-`), a currency sign or code beside the number. Each is turned into the
/// plain form `Money(parsing:)` reads, so the value itself is parsed exactly as everywhere else, never
/// through `Double`.
public enum DecimalMark: String, CaseIterable, Hashable, Sendable, Codable {
    /// `1,234.56`: a point before the decimals, commas (or spaces, apostrophes) between thousands.
    case point
    /// `1.234,56`: a comma before the decimals, points (or spaces, apostrophes) between thousands.
    case comma

    /// Reads an amount written with this mark; nil for an empty cell.
    public func amount(_ text: String, currency: Currency) throws(MoneyParseError) -> Money? {
        var body = text.trimmingWhitespace()
        guard !body.isEmpty else { return nil }
        var negative = false
        if body.hasPrefix("("), body.hasSuffix(")") {
            negative = true
            body = String(body.dropFirst().dropLast())
        }
        // Most cells are only digits, signs and marks: nothing to strip, so no character is looked up.
        let plain = body.utf8.allSatisfy { byte in
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: ",")
        }
        // Currency signs and codes around the number say nothing the account does not.
        if !plain {
            body = String(body.filter { !($0.isLetter || $0.isCurrencySymbol) })
            body = body.trimmingWhitespace()
        }
        if body.hasSuffix("-") {
            negative.toggle()
            body.removeLast()
        } else if body.hasSuffix("+") {
            body.removeLast()
        }
        // Thousands written with spaces (also narrow and no-break ones) or apostrophes.
        if !plain { body = String(body.filter { !($0.isWhitespace || $0 == "'" || $0 == "\u{2019}") }) }
        if self == .comma, plain {
            let bytes = body.utf8.compactMap { byte in
                byte == UInt8(ascii: ".") ? nil : byte == UInt8(ascii: ",") ? UInt8(ascii: ".") : byte
            }
            body = String(decoding: bytes, as: UTF8.self)
        } else if self == .comma {
            body = String(body.filter { $0 != "." }.map { $0 == "," ? "." : $0 })
        }
        guard !body.isEmpty else { throw MoneyParseError(input: text, reason: .notANumber) }
        body = Self.droppingExactZeros(body, exponent: currency.exponent)
        do {
            let value = try Money(parsing: body, currency: currency)
            return negative ? Money(minorUnits: -value.minorUnits, currency: currency) : value
        } catch {
            // Report the cell as the file wrote it.
            throw MoneyParseError(input: text, reason: error.reason)
        }
    }

    /// `body` (a plain decimal with a point) without the zeros its fraction has beyond `exponent` digits:
    /// `-1500.0000` is exactly -1500.00; a non-zero digit there is left for `Money(parsing:)` to refuse.
    static func droppingExactZeros(_ body: String, exponent: Int) -> String {
        guard let point = body.lastIndex(of: ".") else { return body }
        let fraction = body[body.index(after: point)...]
        guard fraction.count > exponent, fraction.dropFirst(exponent).allSatisfy({ $0 == "0" }) else { return body }
        let kept = fraction.prefix(exponent)
        return String(body[..<point]) + (kept.isEmpty ? "" : "." + kept)
    }

    /// The mark most of `samples` show: a comma followed by one or two final digits, or a point before a
    /// comma (`1.234,56`), means `comma`; otherwise `point`.
    public static func guess(_ samples: [String]) -> DecimalMark {
        var comma = 0
        var point = 0
        for sample in samples {
            let digits = sample.filter { $0.isNumber || $0 == "," || $0 == "." }
            guard let last = digits.lastIndex(where: { $0 == "," || $0 == "." }) else { continue }
            let decimals = digits.distance(from: last, to: digits.endIndex) - 1
            if digits[last] == "," {
                if decimals != 3 || digits.contains(".") { comma += 1 }
            } else if decimals != 3 || digits.contains(",") {
                point += 1
            }
        }
        return comma > point ? .comma : .point
    }
}

extension Character {
    fileprivate var isCurrencySymbol: Bool {
        unicodeScalars.allSatisfy { $0.properties.generalCategory == .currencySymbol }
    }
}
