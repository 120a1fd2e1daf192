import Testing
import VaultCore

@Suite struct MoneyTests {
    @Test(
        "formatting keeps every minor digit, groups thousands and puts the sign first",
        arguments: [
            (Int64(-123_450), Currency.usd, "-$1,234.50", "-1234.50"),
            (5, .usd, "$0.05", "0.05"),
            (0, .usd, "$0.00", "0.00"),
            (1_235, .jpy, "¥1,235", "1235"),
            (12_345, .bhd, "12.345 BHD", "12.345"),
            (-1, .bhd, "-0.001 BHD", "-0.001"),
            (100_000_000, .eur, "€1,000,000.00", "1000000.00"),
            (Int64.min, .usd, "-$92,233,720,368,547,758.08", "-92233720368547758.08"),
        ])
    func formatting(minorUnits: Int64, currency: Currency, formatted: String, decimal: String) {
        let money = Money(minorUnits: minorUnits, currency: currency)
        #expect(money.formatted() == formatted)
        #expect(money.decimalString == decimal)
    }

    @Test("decimal strings round-trip exactly")
    func roundTrip() throws {
        for units: Int64 in [-100_001, -1, 0, 7, 99, 100, 123_456_789] {
            for currency in [Currency.usd, .jpy, .bhd] {
                let money = Money(minorUnits: units, currency: currency)
                #expect(try Money(parsing: money.decimalString, currency: currency) == money)
            }
        }
    }

    @Test("arithmetic is exact and refuses to overflow")
    func arithmetic() throws {
        let a = Money(minorUnits: 1_050, currency: .usd)
        let b = Money(minorUnits: -2_000, currency: .usd)
        #expect(try a.adding(b) == Money(minorUnits: -950, currency: .usd))
        #expect(try a.subtracting(b) == Money(minorUnits: 3_050, currency: .usd))
        #expect(try b.negated() == Money(minorUnits: 2_000, currency: .usd))
        #expect(try b.magnitude() == Money(minorUnits: 2_000, currency: .usd))
        #expect(try a.multiplied(by: 3) == Money(minorUnits: 3_150, currency: .usd))
        #expect(throws: MoneyError.overflow) {
            try Money(minorUnits: .max, currency: .usd).adding(Money(minorUnits: 1, currency: .usd))
        }
        #expect(throws: MoneyError.overflow) { try Money(minorUnits: .min, currency: .usd).negated() }
        #expect(throws: MoneyError.overflow) { try Money(minorUnits: .max / 2 + 1, currency: .usd).multiplied(by: 2) }
    }

    @Test("amounts in different currencies are never combined")
    func currencyMismatch() {
        let dollars = Money(minorUnits: 100, currency: .usd)
        let euros = Money(minorUnits: 100, currency: .eur)
        #expect(throws: MoneyError.currencyMismatch(.usd, .eur)) { try dollars.adding(euros) }
        #expect(throws: MoneyError.currencyMismatch(.usd, .eur)) { try dollars.isLess(than: euros) }
    }

    @Test("a money bag keeps one exact total per currency")
    func bag() throws {
        var bag = try MoneyBag([
            Money(minorUnits: 1_000, currency: .usd), Money(minorUnits: 500, currency: .eur),
            Money(minorUnits: -250, currency: .usd),
        ])
        try bag.add(Money(minorUnits: 100, currency: .jpy))
        #expect(bag[.usd] == Money(minorUnits: 750, currency: .usd))
        #expect(bag[.gbp].isZero)
        #expect(bag.amounts.map(\.currency.code) == ["EUR", "JPY", "USD"])
    }
}
