import Foundation
import SimpleFIN
import VaultCore

/// Translating SimpleFIN's wire values into the domain's (DESIGN section 2: mapping lives here, so the
/// protocol client never depends on VaultCore).
enum BankData {
    /// An account's currency: an ISO code, or a custom currency URL (points, miles) kept as its own
    /// currency with no decimals, shown by the name in its URL (`Currency.displayCode`).
    static func currency(_ code: String) -> Currency {
        Currency(isoCode: code) ?? Currency.custom(url: code)
    }

    /// An exact amount from the bank's decimal text. Trailing zeros beyond the currency's decimals
    /// are dropped exactly; real extra precision (`12.345` dollars) is rounded half to even, the one
    /// place money is rounded, because the bank's figure cannot be stored otherwise.
    static func money(_ text: String, _ currency: Currency) throws -> Money {
        var trimmed = text.trimmingCharacters(in: .whitespaces)
        if let point = trimmed.firstIndex(of: ".") {
            while trimmed.last == "0", trimmed.distance(from: point, to: trimmed.endIndex) > currency.exponent + 1 {
                trimmed.removeLast()
            }
            if trimmed.last == "." { trimmed.removeLast() }
        }
        do {
            return try Money(parsing: trimmed, currency: currency)
        } catch {
            guard case .tooManyDecimals = error.reason else { throw error }
            let extended = Currency(code: currency.code, exponent: Currency.maximumExponent)
            let precise = try Money(parsing: trimmed, currency: extended)
            let scale = Int64(pow(10, Double(Currency.maximumExponent - currency.exponent)))
            let rounded = try precise.share(1, of: scale, rounding: .toNearestOrEven)
            return Money(minorUnits: rounded.minorUnits, currency: currency)
        }
    }

    /// What kind an account probably is, from its name and holdings; a person can change it.
    static func kind(name: String, balance: Money, hasHoldings: Bool) -> AccountKind {
        // Points and miles are not a bank account: other, unless the name says what it is.
        let fallback: AccountKind = balance.currency.isCustom ? .other : .checking
        // Whole words only: "Credit Union Checking" is checking, "Miracle Savings" has no IRA in it.
        let words = Set(name.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init))
        func has(_ candidates: String...) -> Bool { !words.isDisjoint(with: candidates) }
        if hasHoldings || has("brokerage", "investment", "investments", "401k", "ira", "roth") { return .brokerage }
        if has("mortgage") { return .mortgage }
        if has("loan") { return .loan }
        if has("checking", "chequing") { return .checking }
        if has("savings", "saving") { return .savings }
        if has("card", "visa", "mastercard", "amex") || (has("credit") && !has("union")) { return .creditCard }
        return fallback
    }
}
