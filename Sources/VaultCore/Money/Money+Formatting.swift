import Foundation

extension Money {
    /// The exact decimal text with no symbol or grouping, as used in JSON and CSV: `-12.50`, `1000`, `0.125`.
    public var decimalString: String {
        let exponent = currency.exponent
        let magnitude = minorUnits.magnitude
        let sign = minorUnits < 0 ? "-" : ""
        guard exponent > 0 else { return sign + String(magnitude) }
        let scale = UInt64(currency.minorUnitsPerMajor)
        let whole = magnitude / scale
        let fraction = String(magnitude % scale)
        return sign + String(whole) + "." + String(repeating: "0", count: exponent - fraction.count) + fraction
    }

    /// The amount for a person: sign, symbol (or code), thousands grouping and every minor digit.
    ///
    /// `-$1,234.50`, `¥1,235`, `12.345 BHD`. The minus sign comes first so columns of amounts line up.
    public func formatted() -> String {
        let plain = decimalString
        let negative = plain.hasPrefix("-")
        let unsigned = negative ? String(plain.dropFirst()) : plain
        let parts = unsigned.split(separator: ".", omittingEmptySubsequences: false)
        let grouped = Self.grouped(parts[0]) + (parts.count > 1 ? "." + parts[1] : "")
        let sign = negative ? "-" : ""
        if let symbol = currency.symbol {
            return sign + symbol + grouped
        }
        return sign + grouped + " " + currency.displayCode
    }

    /// Inserts a comma every three digits from the right.
    static func grouped(_ digits: Substring) -> String {
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return result
    }
}

extension Int64 {
    /// The number with its thousands separated by commas, as amounts are written: `12,345`, `-4,232`.
    public var grouped: String {
        (self < 0 ? "-" : "") + Money.grouped(Substring(String(magnitude)))
    }
}
