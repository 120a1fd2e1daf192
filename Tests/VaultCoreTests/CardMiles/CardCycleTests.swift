import Foundation
import Testing
import VaultCore

extension CardMilesTests {
    @Suite struct CardCycleTests {
        @Test(
            "a calendar-month card's cycle is the 1st to the last day, February in leap and other years",
            arguments: [
                ("2026-01-15", "2026-01-01", "2026-01-31"),
                ("2026-02-01", "2026-02-01", "2026-02-28"),
                ("2028-02-29", "2028-02-01", "2028-02-29"),
                ("2026-04-30", "2026-04-01", "2026-04-30"),
                ("2026-12-31", "2026-12-01", "2026-12-31"),
            ])
        func calendarMonth(today: String, start: String, end: String) throws {
            let range = try #require(CardCycle.calendarMonth.range(containing: try CardMilesFixture.date(today)))
            #expect(range.description == "\(start) to \(end)")
        }

        @Test(
            "a statement-month card's cycle runs from the statement day to the day before the next",
            arguments: [
                // The spec's example: statement date 15th is Dec 15 - Jan 14.
                (15, "2026-01-10", "2025-12-15", "2026-01-14"),
                (15, "2026-01-14", "2025-12-15", "2026-01-14"),
                (15, "2026-01-15", "2026-01-15", "2026-02-14"),
                (15, "2026-02-28", "2026-02-15", "2026-03-14"),
                (15, "2028-02-29", "2028-02-15", "2028-03-14"),
                (15, "2028-02-14", "2028-01-15", "2028-02-14"),
                (1, "2026-02-28", "2026-02-01", "2026-02-28"),
                (1, "2028-02-29", "2028-02-01", "2028-02-29"),
                (28, "2026-02-27", "2026-01-28", "2026-02-27"),
                (28, "2026-02-28", "2026-02-28", "2026-03-27"),
                (28, "2028-02-28", "2028-02-28", "2028-03-27"),
                (29, "2026-02-28", "2026-02-28", "2026-03-28"),
                (29, "2028-02-28", "2028-01-29", "2028-02-28"),
                (29, "2028-02-29", "2028-02-29", "2028-03-28"),
                (30, "2026-02-28", "2026-02-28", "2026-03-29"),
                (30, "2028-02-29", "2028-02-29", "2028-03-29"),
                (30, "2028-02-28", "2028-01-30", "2028-02-28"),
                // Day 31 in short months: the statement falls on the month's last day.
                (31, "2026-02-27", "2026-01-31", "2026-02-27"),
                (31, "2026-02-28", "2026-02-28", "2026-03-30"),
                (31, "2028-02-28", "2028-01-31", "2028-02-28"),
                (31, "2028-02-29", "2028-02-29", "2028-03-30"),
                (31, "2026-04-30", "2026-04-30", "2026-05-30"),
                (31, "2026-12-31", "2026-12-31", "2027-01-30"),
            ])
        func statementMonth(day: Int, today: String, start: String, end: String) throws {
            let cycle = CardCycle.statementMonth(day: day)
            let range = try #require(cycle.range(containing: try CardMilesFixture.date(today)))
            #expect(range.description == "\(start) to \(end)")
            #expect(cycle.isValid)
        }

        @Test("statement days outside 1 to 31 give no cycle", arguments: [0, 32, -5])
        func invalid(day: Int) throws {
            #expect(
                CardCycle.statementMonth(day: day).range(containing: try CardMilesFixture.date("2026-03-01")) == nil)
            #expect(!CardCycle.statementMonth(day: day).isValid)
        }

        @Test("an expense on the statement day starts the new cycle; the day before ends the old one")
        func expensesAtTheBoundary() throws {
            let card = try CardMilesFixture.custom(minimum: "500", cycle: .statementMonth(day: 15))
            let expenses = [
                try CardMilesFixture.spend("100", on: "2026-03-14"),
                try CardMilesFixture.spend("200", on: "2026-03-15"),
                try CardMilesFixture.spend("300", on: "2026-04-14"),
                try CardMilesFixture.spend("400", on: "2026-04-15"),
            ]
            let report = try CardMilesFixture.report(card, expenses, today: "2026-03-20")
            #expect(report.range.description == "2026-03-15 to 2026-04-14")
            #expect(report.spend == (try CardMilesFixture.sgd("500")))
            #expect(report.status == .minimumMet)
        }
    }
}
