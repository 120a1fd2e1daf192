import Foundation
import Testing
import VaultCore

extension CardMilesTests {
    @Suite struct CardMilesCalculatorTests {
        typealias F = CardMilesFixture

        @Test(
            "each library card earns its rates: $100 local, $100 foreign, $100 general on a card with caps",
            arguments: [
                ("dbs-altitude-visa", 120, 200), ("dbs-altitude-amex", 120, 200), ("dbs-womans-world", 40, 40),
                ("uob-prvi-visa", 140, 240), ("uob-prvi-mastercard", 140, 240), ("uob-visa-signature", 40, 40),
                ("uob-preferred-platinum", 40, 40), ("uob-ladys-solitaire", 40, 40), ("ocbc-90n", 130, 210),
                ("ocbc-rewards", 400, 400), ("citibank-rewards", 400, 400), ("citibank-premiermiles", 120, 200),
                ("hsbc-revolution", 40, 40), ("hsbc-travelone", 100, 250),
                // Below its $2k minimum the Visa Infinite earns its base rate on foreign spend too.
                ("sc-visa-infinite", 140, 140), ("sc-x-card", 0, 0), ("amex-krisflyer", 110, 200),
                ("amex-platinum", 160, 160), ("maybank-horizon", 160, 320),
            ] as [(String, Int64, Int64)])
        func libraryRates(id: String, local: Int64, foreign: Int64) throws {
            let card = try F.library(id, chosen: id == "uob-ladys-solitaire" ? [.dining, .travel] : [])
            #expect(try F.miles(card, [try F.spend("100")]) == local)
            #expect(try F.miles(card, [try F.spend("100", foreign: true)]) == foreign)
            #expect(try F.miles(card, [try F.spend("100", .general)]) == local)
        }

        @Test(
            "a cap with a minimum: base below it, bonus from it up to the cap, base above (UOB Visa Signature)",
            arguments: [
                ("999.99", 399),  // 999.99 x 0.4 = 399.996
                ("1000.00", 4_000),
                ("1000.01", 4_000),  // 4000.04
                ("1199.99", 4_799),  // 4799.96
                ("1200.00", 4_800),
                ("1200.01", 4_800),  // 4800 + 0.004
                ("1300.00", 4_840),
            ] as [(String, Int64)])
        func capWithMinimum(amount: String, miles: Int64) throws {
            let card = try F.library("uob-visa-signature")
            #expect(try F.miles(card, [try F.spend(amount, .contactless)]) == miles)
            // Split into two purchases, the minimum reached by the second, the bonus still covers the first.
            let half = try F.sgd(amount).share(1, of: 2, rounding: .down)
            let rest = try F.sgd(amount).subtracting(half)
            let split = [
                CardExpense(amount: half, date: try F.date("2026-03-02"), bonusCategory: .contactless),
                CardExpense(amount: rest, date: try F.date("2026-03-03"), bonusCategory: .contactless),
            ]
            #expect(try F.miles(card, split) == miles)
        }

        @Test(
            "a cap without a minimum: bonus up to the cap, base above (UOB Preferred Platinum, $600)",
            arguments: [
                ("0.01", 0), ("599.99", 2_399), ("600.00", 2_400), ("600.01", 2_400), ("700.00", 2_440),
            ] as [(String, Int64)])
        func capWithoutMinimum(amount: String, miles: Int64) throws {
            let card = try F.library("uob-preferred-platinum")
            #expect(try F.miles(card, [try F.spend(amount, .online)]) == miles)
        }

        @Test("caps are independent: spend in one never unlocks or fills another")
        func independentCaps() throws {
            let card = try F.library("uob-visa-signature")
            // $1,100 contactless earns the bonus; $900 foreign is below its own minimum and earns base.
            let expenses = [try F.spend("1100", .contactless), try F.spend("900", .foreignCurrency)]
            #expect(try F.miles(card, expenses) == 4_400 + 360)
            let preferred = try F.library("uob-preferred-platinum")
            #expect(try F.miles(preferred, [try F.spend("600", .online), try F.spend("600", .contactless)]) == 4_800)
        }

        @Test("HSBC Revolution's $1.5k cap is shared by online and contactless spend")
        func sharedCap() throws {
            let card = try F.library("hsbc-revolution")
            #expect(try F.miles(card, [try F.spend("1000", .online), try F.spend("500", .contactless)]) == 6_000)
            #expect(
                try F.miles(card, [try F.spend("1000", .online), try F.spend("600", .contactless)]) == 6_000 + 40)
            // Dining is not one of its caps: base.
            #expect(try F.miles(card, [try F.spend("100", .dining)]) == 40)
        }

        @Test("DBS Woman's World: 4 mpd online up to $2,000, then base; other spend base")
        func womansWorld() throws {
            let card = try F.library("dbs-womans-world")
            #expect(try F.miles(card, [try F.spend("2000", .online)]) == 8_000)
            #expect(try F.miles(card, [try F.spend("2000.01", .online)]) == 8_000)
            #expect(try F.miles(card, [try F.spend("2100", .online)]) == 8_040)
            #expect(try F.miles(card, [try F.spend("2100", .dining)]) == 840)
        }

        @Test(
            "a simple card's thresholds: base below the minimum, local rate up to the maximum, base above",
            arguments: [
                ("499.99", 199), ("500.00", 2_000), ("500.01", 2_000), ("999.99", 3_999), ("1000.00", 4_000),
                ("1000.01", 4_000), ("1100.00", 4_040),
            ] as [(String, Int64)])
        func simpleThresholds(amount: String, miles: Int64) throws {
            let card = try F.custom(local: "4.0", base: "0.4", minimum: "500", maximum: "1000")
            #expect(try F.miles(card, [try F.spend(amount)]) == miles)
        }

        @Test("Standard Chartered Visa Infinite: foreign spend earns 3.0 once the $2k minimum is met")
        func visaInfiniteMinimum() throws {
            let card = try F.library("sc-visa-infinite")
            #expect(try F.miles(card, [try F.spend("1999.99", foreign: true)]) == 2_799)
            #expect(try F.miles(card, [try F.spend("2000", foreign: true)]) == 6_000)
            #expect(try F.miles(card, [try F.spend("1000"), try F.spend("1000", foreign: true)]) == 1_400 + 3_000)
        }

        @Test("under a maximum, purchases fill the room in date order, not in the order given")
        func dateOrder() throws {
            let card = try F.custom(local: "1.0", foreign: "2.0", base: "0.5", maximum: "1000")
            let local = try F.spend("800", on: "2026-03-01")
            let foreign = try F.spend("400", on: "2026-03-02", foreign: true)
            // Local 800 x 1, then foreign 200 x 2 under the maximum and 200 x 0.5 above it.
            #expect(try F.miles(card, [foreign, local]) == 800 + 400 + 100)
            let earlyForeign = try F.spend("400", on: "2026-02-28", foreign: true)
            #expect(try F.miles(card, [local, earlyForeign]) == 800 + 600 + 100)
        }

        @Test("a refund takes its spend and miles back")
        func refund() throws {
            let card = try F.library("uob-preferred-platinum")
            let expenses = [try F.spend("700", .online), try F.spend("-200", .online, on: "2026-03-11")]
            #expect(try F.miles(card, expenses) == 2_000)
            #expect(try F.miles(card, [try F.spend("-50", .online)]) == 0)
        }

        @Test("miles are rounded down once per cycle, not per purchase")
        func roundingPerCycle() throws {
            let card = try F.library("uob-prvi-visa")
            // Three purchases of $0.50 at 1.4 mpd are 0.7 miles each: 0 each if rounded per purchase, 2.1 in all.
            #expect(try F.miles(card, Array(repeating: try F.spend("0.50"), count: 3)) == 2)
            #expect(try F.miles(card, [try F.spend("0.71")]) == 0)
            #expect(try F.miles(card, [try F.spend("0.72")]) == 1)
        }

        @Test("missing rates fall back: no base is the local rate, no foreign is the local rate, none is no miles")
        func missingRates() throws {
            let localOnly = try F.custom(local: "1.5", base: nil, minimum: "100")
            #expect(try F.miles(localOnly, [try F.spend("50")]) == 75)
            #expect(try F.miles(localOnly, [try F.spend("50", foreign: true)]) == 75)
            let none = try F.custom(local: nil, base: nil)
            #expect(!none.earnsMiles)
            #expect(try F.miles(none, [try F.spend("50")]) == 0)
        }

        @Test("an expense in another currency is refused rather than converted")
        func currencyMismatch() throws {
            let card = try F.library("uob-prvi-visa")
            let dollars = CardExpense(amount: Money(minorUnits: 100_00, currency: .usd), date: try F.date("2026-03-01"))
            #expect(throws: MoneyError.currencyMismatch(.sgd, .usd)) { try F.miles(card, [dollars]) }
        }

        @Test("the month's total counts every card's spend in the calendar month, whatever their cycles")
        func monthTotal() throws {
            let expenses = [
                try F.spend("100", on: "2026-02-28"), try F.spend("200", on: "2026-03-01"),
                try F.spend("300", on: "2026-03-31"), try F.spend("400", on: "2026-04-01"),
            ]
            let month = try #require(CalendarMonth(year: 2026, month: 3))
            let total = try CardMilesCalculator.calendarMonthSpend(of: expenses, month: month)
            #expect(total[.sgd] == (try F.sgd("500")))
        }
    }
}
