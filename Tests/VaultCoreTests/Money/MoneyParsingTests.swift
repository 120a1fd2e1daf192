import Testing
import VaultCore

@Suite struct MoneyParsingTests {
    @Test(
        "decimal strings parse straight to minor units",
        arguments: [
            ("-05.50", Currency.usd, Int64(-550)),
            ("+3", .usd, 300),
            ("3", .usd, 300),
            ("12.345", .bhd, 12_345),
            ("0.5", .usd, 50),
            (".5", .usd, 50),
            ("5.", .usd, 500),
            ("-0.01", .usd, -1),
            ("1,234.56", .usd, 123_456),
            ("1,234,567", .jpy, 1_234_567),
            ("  42.10 ", .usd, 4_210),
            ("−7.25", .usd, -725),
            ("92233720368547758.07", .usd, Int64.max),
        ])
    func parses(text: String, currency: Currency, minorUnits: Int64) throws {
        #expect(try Money(parsing: text, currency: currency) == Money(minorUnits: minorUnits, currency: currency))
    }

    @Test(
        "text that is not an exact amount is refused with a reason",
        arguments: [
            ("12.345", Currency.usd, MoneyParseError.Reason.tooManyDecimals(allowed: 2, currency: .usd)),
            ("1.5", .jpy, .tooManyDecimals(allowed: 0, currency: .jpy)),
            ("12.3456", .bhd, .tooManyDecimals(allowed: 3, currency: .bhd)),
            ("abc", .usd, .notANumber),
            ("", .usd, .empty),
            ("-", .usd, .notANumber),
            (".", .usd, .notANumber),
            ("1.2.3", .usd, .notANumber),
            ("1e5", .usd, .notANumber),
            ("$5", .usd, .notANumber),
            ("--5", .usd, .notANumber),
            ("12,34", .usd, .misplacedComma),
            ("1,2345", .usd, .misplacedComma),
            (",123", .usd, .misplacedComma),
            ("92233720368547758.08", .usd, .tooLarge),
        ])
    func refuses(text: String, currency: Currency, reason: MoneyParseError.Reason) {
        #expect(throws: MoneyParseError(input: text, reason: reason)) {
            try Money(parsing: text, currency: currency)
        }
    }

    @Test("too many decimals says what the currency allows instead of rounding")
    func tooManyDecimalsMessage() {
        let error = MoneyParseError(input: "12.345", reason: .tooManyDecimals(allowed: 2, currency: .usd))
        #expect(error.description.contains("more than 2 decimals"))
        #expect(error.description.contains("USD"))
    }

    @Test(
        "ISO codes get their exponent from ISO 4217",
        arguments: [
            ("usd", 2), ("JPY", 0), ("KWD", 3), ("BHD", 3), ("SGD", 2), ("CLF", 4), ("EUR", 2),
        ])
    func isoExponents(code: String, exponent: Int) throws {
        let currency = try #require(Currency(isoCode: code))
        #expect(currency.exponent == exponent)
        #expect(currency.code == code.uppercased())
    }

    @Test("currency codes must be current ISO 4217 codes", arguments: ["US", "USDX", "U$D", "", "12A", "UDS", "XYZ"])
    func invalidCodes(code: String) {
        #expect(Currency(isoCode: code) == nil)
    }
}
