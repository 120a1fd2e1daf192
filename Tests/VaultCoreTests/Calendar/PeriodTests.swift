import Testing
import VaultCore

@Suite struct PeriodTests {
    @Test(
        "a statement cycle runs from the statement day to the day before the next one",
        arguments: [
            // The spec's example: statement date 15th gives Dec 15 - Jan 14.
            (15, "2026-01-10", "2025-12-15", "2026-01-14"),
            (15, "2026-01-15", "2026-01-15", "2026-02-14"),
            (15, "2026-01-14", "2025-12-15", "2026-01-14"),
            // Day 31 in February: the statement falls on the 28th (29th in a leap year).
            (31, "2026-02-15", "2026-01-31", "2026-02-27"),
            (31, "2026-02-28", "2026-02-28", "2026-03-30"),
            (31, "2026-03-30", "2026-02-28", "2026-03-30"),
            (31, "2026-03-31", "2026-03-31", "2026-04-29"),
            (31, "2026-04-30", "2026-04-30", "2026-05-30"),
            (31, "2028-02-15", "2028-01-31", "2028-02-28"),
            (31, "2028-02-29", "2028-02-29", "2028-03-30"),
            (30, "2026-01-31", "2026-01-30", "2026-02-27"),
            (30, "2026-03-01", "2026-02-28", "2026-03-29"),
            (29, "2026-02-28", "2026-02-28", "2026-03-28"),
            (29, "2028-02-28", "2028-01-29", "2028-02-28"),
            (1, "2026-03-01", "2026-03-01", "2026-03-31"),
            (1, "2026-02-28", "2026-02-01", "2026-02-28"),
            (31, "2026-12-31", "2026-12-31", "2027-01-30"),
            (31, "2027-01-05", "2026-12-31", "2027-01-30"),
        ])
    func statementCycle(day: Int, date: String, start: String, end: String) throws {
        let cycle = try #require(StatementCycle(containing: try localDate(date), statementDay: day))
        #expect(cycle.start.description == start)
        #expect(cycle.end.description == end)
        #expect(cycle.range.contains(try localDate(date)))
    }

    @Test("statement cycles tile the calendar with no gap or overlap", arguments: [1, 15, 28, 29, 30, 31])
    func cyclesTile(day: Int) throws {
        var cycle = try #require(StatementCycle(containing: try localDate("2027-11-20"), statementDay: day))
        for _ in 0..<40 {
            let next = cycle.next
            #expect(next.start == cycle.end.adding(days: 1))
            #expect(next.previous == cycle)
            cycle = next
        }
    }

    @Test("statement days outside 1 to 31 are refused", arguments: [0, 32, -1])
    func invalidStatementDay(day: Int) throws {
        #expect(StatementCycle(containing: try localDate("2026-01-01"), statementDay: day) == nil)
    }

    @Test(
        "ISO weeks start on Monday and belong to the year of their Thursday",
        arguments: [
            ("2026-11-21", "2026-11-16", 2026, 47),
            ("2026-01-01", "2025-12-29", 2026, 1),
            ("2027-01-01", "2026-12-28", 2026, 53),
            ("2027-01-04", "2027-01-04", 2027, 1),
            ("2024-12-30", "2024-12-30", 2025, 1),
            ("2021-01-03", "2020-12-28", 2020, 53),
        ])
    func isoWeeks(date: String, start: String, year: Int, number: Int) throws {
        let week = Week(containing: try localDate(date))
        #expect(week.start.description == start)
        #expect(week.start.weekday == .monday)
        #expect(week.numbered.year == year)
        #expect(week.numbered.number == number)
    }

    @Test(
        "weeks can start on any weekday; week 1 is the one holding January 1st",
        arguments: [
            ("2026-11-21", Weekday.sunday, "2026-11-15", 2026, 47),
            ("2026-01-01", .sunday, "2025-12-28", 2026, 1),
            ("2026-01-04", .sunday, "2026-01-04", 2026, 2),
            ("2026-11-21", .saturday, "2026-11-21", 2026, 48),
            ("2026-12-31", .sunday, "2026-12-27", 2027, 1),
        ])
    func configurableWeeks(date: String, first: Weekday, start: String, year: Int, number: Int) throws {
        let week = Week(containing: try localDate(date), firstWeekday: first)
        #expect(week.start.description == start)
        #expect(week.start.weekday == first)
        #expect(week.range.dayCount == 7)
        #expect(week.numbered.year == year)
        #expect(week.numbered.number == number)
    }

    @Test("months know their length and neighbours")
    func months() throws {
        let february = try #require(CalendarMonth(year: 2028, month: 2))
        #expect(february.last.description == "2028-02-29")
        #expect(february.range.dayCount == 29)
        #expect(february.previous.description == "2028-01")
        #expect(try #require(CalendarMonth(year: 2026, month: 12)).next.description == "2027-01")
        #expect(CalendarMonth(year: 2026, month: 13) == nil)
        #expect(CalendarYear(2026).months.count == 12)
        #expect(CalendarYear(2024).range.dayCount == 366)
    }

    @Test(
        "a month is read from YYYY-MM exactly, nothing else (found by scripts/fuzz dates)",
        arguments: ["0001--01", "2026--01", "-2026-01", "2026-01-", "+026-01", "2026-+1", "2026-1", "２０２６-01", ""])
    func monthText(text: String) throws {
        #expect(CalendarMonth(iso: text) == nil)
        #expect(try #require(CalendarMonth(iso: "2026-01")).description == "2026-01")
    }

    @Test("date ranges include both ends and refuse to run backwards")
    func ranges() throws {
        let start = try localDate("2026-02-27")
        let end = try localDate("2026-03-02")
        let range = try #require(DateRange(start: start, end: end))
        #expect(range.dayCount == 4)
        #expect(range.contains(start) && range.contains(end))
        #expect(range.dates.map(\.description) == ["2026-02-27", "2026-02-28", "2026-03-01", "2026-03-02"])
        #expect(DateRange(start: end, end: start) == nil)
    }
}

/// The date in `text`, failing the test when it is not one.
private func localDate(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> LocalDate {
    try #require(LocalDate(iso: text), sourceLocation: sourceLocation)
}
