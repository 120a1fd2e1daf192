import Foundation
import Testing
import VaultCore

extension CardMilesTests {
    /// The pure-computation steps of spec `card-miles.md`'s Verification Plan, numbered as there. Steps 1, 16 and 17
    /// (adding to the dashboard, cascade delete, persistence) belong to the store and service tests.
    @Suite struct CardMilesVerificationPlanTests {
        typealias F = CardMilesFixture

        @Test("1: DBS Altitude from the library with last four digits")
        func step1() throws {
            let template = try #require(CardLibrary.card(id: "dbs-altitude-visa"))
            let card = try template.makeCard(
                id: MilesCard.ID(UUID()), householdID: F.household, lastFourDigits: "4321")
            #expect(card.title == "DBS Altitude Visa Signature ···4321")
            #expect(card.earnRatesLine == "1.2 / 2.0 / 1.2 mpd")
        }

        @Test("2 and 6: a custom card with a statement cycle on the 15th and a $500 minimum")
        func steps2And6() throws {
            let card = try F.custom(minimum: "500", cycle: .statementMonth(day: 15))
            #expect(try F.report(card, [], today: "2026-01-10").range.description == "2025-12-15 to 2026-01-14")
            #expect(try F.report(card, [], today: "2026-01-15").range.description == "2026-01-15 to 2026-02-14")
            #expect(try F.report(card, [], today: "2026-01-10").status == .belowMinimum)
        }

        @Test("3 and 4: $100 updates the spend; crossing the minimum turns the badge green")
        func steps3And4() throws {
            let card = try F.custom(minimum: "500", cycle: .statementMonth(day: 15))
            var expenses = [try F.spend("100", on: "2026-03-16")]
            var report = try F.report(card, expenses)
            #expect(report.spend.decimalString == "100.00")
            #expect(report.minimumBar?.colour == .orange)
            for day in ["2026-03-17", "2026-03-18", "2026-03-19"] { expenses.append(try F.spend("100", on: day)) }
            report = try F.report(card, expenses)
            #expect(report.status == .belowMinimum)
            expenses.append(try F.spend("100", on: "2026-03-20"))
            report = try F.report(card, expenses)
            #expect(report.status == .minimumMet)
            #expect(report.status?.colour == .green)
            #expect(report.minimumBar?.colour == .green)
        }

        @Test("5: the monthly overview totals every card's spend in the calendar month")
        func step5() throws {
            let statement = [try F.spend("120", on: "2026-03-14"), try F.spend("80", on: "2026-03-16")]
            let calendar = [try F.spend("45.50", on: "2026-03-31"), try F.spend("999", on: "2026-04-01")]
            let total = try CardMilesCalculator.calendarMonthSpend(
                of: statement + calendar, month: try #require(CalendarMonth(year: 2026, month: 3)))
            #expect(total[.sgd].decimalString == "245.50")
        }

        @Test("7 to 10: UOB Preferred Platinum's two caps fill independently")
        func steps7To10() throws {
            let card = try F.library("uob-preferred-platinum")
            var report = try F.report(card, [])
            #expect(
                report.caps.map { "\($0.cap.name) \($0.cap.cap.decimalString)" } == [
                    "Online 600.00", "Contactless 600.00",
                ])
            var expenses = [try F.spend("100", .online)]
            report = try F.report(card, expenses)
            #expect(report.caps[0].spend.decimalString == "100.00")
            #expect(report.caps[0].bar.target.decimalString == "600.00")
            expenses.append(try F.spend("600", .online))
            report = try F.report(card, expenses)
            #expect(report.caps[0].stage == .maxed)
            #expect(report.caps[0].bar.colour == .green)
            #expect(report.caps[1].spend.isZero)
            expenses.append(try F.spend("300", .contactless))
            report = try F.report(card, expenses)
            #expect(report.caps[0].spend.decimalString == "700.00")
            #expect(report.caps[1].spend.decimalString == "300.00")
            #expect(report.caps[1].stage == .earningBonus)
            // Online: 600 x 4 + 100 x 0.4; contactless 300 x 4.
            #expect(report.miles == Int64(2_400 + 40 + 1_200))
        }

        @Test("11 to 14: UOB Visa Signature: orange below the $1k minimum, green past it, the other cap untouched")
        func steps11To14() throws {
            let card = try F.library("uob-visa-signature")
            var report = try F.report(card, [])
            #expect(report.caps.map(\.cap.minimumSpend?.decimalString) == ["1000.00", "1000.00"])
            var expenses = [try F.spend("500", .contactless)]
            report = try F.report(card, expenses)
            let contactless = try #require(report.caps.first { $0.cap.covers(.contactless) })
            #expect(contactless.spend.decimalString == "500.00")
            #expect(contactless.bar.target.decimalString == "1000.00")
            #expect(contactless.isTowardMinimum)
            #expect(contactless.bar.colour == .orange)
            #expect(report.miles == 200)
            expenses.append(try F.spend("600", .contactless))
            report = try F.report(card, expenses)
            let met = try #require(report.caps.first { $0.cap.covers(.contactless) })
            #expect(met.spend.decimalString == "1100.00")
            #expect(met.bar.target.decimalString == "1200.00")
            #expect(met.bar.colour == .green)
            #expect(report.miles == 4_400)
            let foreign = try #require(report.caps.first { $0.cap.covers(.foreignCurrency) })
            #expect(foreign.spend.isZero)
            #expect(foreign.bar.target.decimalString == "1000.00")
            #expect(foreign.bar.colour == .orange)
        }

        @Test("15: changed thresholds change the bars at once")
        func step15() throws {
            var card = try F.custom(minimum: "500", maximum: "1000")
            let expenses = [try F.spend("800")]
            #expect(try F.report(card, expenses).status == .inRange)
            card.maximumSpend = try F.sgd("700")
            #expect(try F.report(card, expenses).status == .overMaximum)
            card.minimumSpend = try F.sgd("900")
            card.maximumSpend = nil
            #expect(try F.report(card, expenses).status == .belowMinimum)
            #expect(try F.report(card, expenses).minimumBar?.target.decimalString == "900.00")
        }
    }
}
