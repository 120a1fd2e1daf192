import Testing
import VaultCore

@Suite struct ExportRoundingTests {
    @Test(
        "amounts round half away from zero to the step",
        arguments: [
            (ExportRounding.off, Int64(124_567), Int64(124_567)),
            (.nearest10, 124_567, 125_000),
            (.nearest10, -124_567, -125_000),
            (.nearest10, 500, 1_000),
            (.nearest10, 499, 0),
            (.nearest50, 124_567, 125_000),
            (.nearest50, 122_499, 120_000),
            (.twoSignificant, 124_567, 120_000),
            (.twoSignificant, 456, 460),
            (.twoSignificant, 99, 99),
            (.twoSignificant, -95_000, -95_000),
        ])
    func rounds(rounding: ExportRounding, minor: Int64, expected: Int64) {
        #expect(rounding.rounded(Money(minorUnits: minor, currency: .usd)).minorUnits == expected)
    }

    @Test("a currency without minor units rounds in whole units")
    func yen() {
        #expect(ExportRounding.nearest50.rounded(Money(minorUnits: 1_274, currency: .jpy)).minorUnits == 1_250)
    }

    @Test("names read from forms and the command line")
    func names() {
        #expect(ExportRounding(name: "10") == .nearest10)
        #expect(ExportRounding(name: "Nearest-50") == .nearest50)
        #expect(ExportRounding(name: "2sf") == .twoSignificant)
        #expect(ExportRounding(name: "exact") == .off)
        #expect(ExportRounding(name: "100") == nil)
    }

    @Test("an amount already on the grid is a fixed point")
    func fixedPoint() {
        #expect(ExportRounding.nearest10.isFixedPoint(Money(minorUnits: 5_000, currency: .usd)))
        #expect(!ExportRounding.nearest10.isFixedPoint(Money(minorUnits: 5_001, currency: .usd)))
    }

    @Test("relative dates count months from the period's first and days back from its last")
    func relativeDates() throws {
        let range = try #require(DateRange(start: LocalDate(iso: "2026-09-10")!, end: LocalDate(iso: "2026-11-30")!))
        #expect(ExportDateStyle.monthDay.label(LocalDate(iso: "2026-11-15")!, in: range) == "Month 3, Day 15")
        #expect(ExportDateStyle.monthDay.label(LocalDate(iso: "2026-09-10")!, in: range) == "Month 1, Day 10")
        #expect(ExportDateStyle.daysBeforeEnd.label(LocalDate(iso: "2026-11-16")!, in: range) == "T-Minus 14 Days")
    }
}
