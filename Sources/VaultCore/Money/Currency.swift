import Foundation

/// A currency: an ISO 4217 code (or a SimpleFIN custom currency URL) and how many minor-unit digits it has.
///
/// The exponent decides how amounts are parsed and printed: USD has 2 (cents), JPY 0, BHD 3 (fils).
public struct Currency: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The ISO 4217 code in upper case, or the custom currency's URL as SimpleFIN sent it.
    public let code: String
    /// The number of digits after the decimal point in this currency's minor unit.
    public let exponent: Int

    /// Creates a currency with an explicit exponent, for custom currencies (points, miles, a SimpleFIN URL).
    public init(code: String, exponent: Int) {
        precondition((0...Currency.maximumExponent).contains(exponent), "a currency exponent is 0 to 4")
        self.code = code
        self.exponent = exponent
    }

    /// Looks up an ISO 4217 code (any case); nil when it is not a current ISO 4217 code, so a typo
    /// such as `UDS` is caught rather than taken for a currency.
    ///
    /// Codes outside the table of exceptions have the common exponent of 2; the exceptions come from
    /// the ISO 4217 list.
    public init?(isoCode: String) {
        let upper = isoCode.trimmingCharacters(in: .whitespaces).uppercased()
        guard Currency.isoCodes.contains(upper) else { return nil }
        self.init(code: upper, exponent: Currency.exponentExceptions[upper] ?? 2)
    }

    public var description: String { code }

    /// The largest exponent we accept: ISO 4217 stops at 4 (CLF, UYW).
    public static let maximumExponent = 4

    /// The current ISO 4217 codes (list one, with the funds and precious-metal codes left out).
    static let isoCodes: Set<String> = Set(
        """
        AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BRL BSD BTN BWP BYN BZD CAD CDF
        CHF CLF CLP CNY COP CRC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GNF GTQ GYD
        HKD HNL HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW KRW KWD KYD KZT LAK LBP LKR LRD LSL
        LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MYR MZN NAD NGN NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR
        PLN PYG QAR RON RSD RUB RWF SAR SBD SCR SDG SEK SGD SHP SLE SLL SOS SRD SSP STN SVC SYP SZL THB TJS TMT TND
        TOP TRY TTD TWD TZS UAH UGX USD UYI UYU UYW UZS VED VES VND VUV WST XAF XCD XCG XOF XPF YER ZAR ZMW ZWG ZWL
        """.split(whereSeparator: \.isWhitespace).map(String.init))

    /// ISO 4217 currencies whose minor unit is not two digits.
    static let exponentExceptions: [String: Int] = [
        // Zero decimals.
        "BIF": 0, "CLP": 0, "DJF": 0, "GNF": 0, "ISK": 0, "JPY": 0, "KMF": 0, "KRW": 0, "PYG": 0,
        "RWF": 0, "UGX": 0, "UYI": 0, "VND": 0, "VUV": 0, "XAF": 0, "XOF": 0, "XPF": 0,
        // Three decimals.
        "BHD": 3, "IQD": 3, "JOD": 3, "KWD": 3, "LYD": 3, "OMR": 3, "TND": 3,
        // Four decimals.
        "CLF": 4, "UYW": 4,
    ]

    public static let usd = Currency(code: "USD", exponent: 2)
    public static let eur = Currency(code: "EUR", exponent: 2)
    public static let gbp = Currency(code: "GBP", exponent: 2)
    public static let sgd = Currency(code: "SGD", exponent: 2)
    public static let jpy = Currency(code: "JPY", exponent: 0)
    public static let bhd = Currency(code: "BHD", exponent: 3)

    /// The symbol printed before an amount, where one is unambiguous enough for a person.
    public var symbol: String? {
        switch code {
        case "USD": "$"
        case "EUR": "€"
        case "GBP": "£"
        case "JPY": "¥"
        case "SGD": "S$"
        case "CAD": "CA$"
        case "AUD": "A$"
        case "INR": "₹"
        case "CHF": "CHF "
        default: nil
        }
    }

    /// Ten to the power of the exponent: how many minor units make one major unit.
    public var minorUnitsPerMajor: Int64 {
        var result: Int64 = 1
        for _ in 0..<exponent { result *= 10 }
        return result
    }
}
