import Foundation
import VaultCore

/// `Money(parsing:currency:)` on decimal text; the first byte picks the currency's exponent (0 to 4).
///
/// What must hold: an accepted amount prints (`decimalString`) as text that parses back to the same amount,
/// and its formatted form for a person prints without trapping; the sign of the amount is the sign written.
enum MoneyTarget {
    static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let first = bytes.first else { return }
        let currency = Currency(code: "FUZ", exponent: Int(first) % (Currency.maximumExponent + 1))
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes.dropFirst()), as: UTF8.self)
        let money: Money
        do {
            money = try Money(parsing: text, currency: currency)
        } catch {
            require(!error.description.isEmpty, "an empty message for \(text.debugDescription)")
            return
        }
        let printed = money.decimalString
        let reparsed = try? Money(parsing: printed, currency: currency)
        require(
            reparsed == money,
            "\(text.debugDescription) parsed as \(printed), which reads back as \(String(describing: reparsed))")
        _ = money.formatted()
        let written = text.trimmingCharacters(in: .whitespaces).first
        if written == "-" || written == "−" {
            require(money.minorUnits <= 0, "\(text.debugDescription) is negative text but \(printed)")
        } else {
            require(money.minorUnits >= 0, "\(text.debugDescription) is positive text but \(printed)")
        }
    }
}
