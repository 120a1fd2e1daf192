import Foundation
import Testing
import VaultCore

@Suite struct LocalDateTests {
    @Test(
        "ISO dates parse only when the day exists",
        arguments: [
            ("2026-02-28", true), ("2026-02-29", false), ("2028-02-29", true), ("2100-02-29", false),
            ("2000-02-29", true),
            ("2026-04-31", false), ("2026-13-01", false), ("2026-00-10", false), ("2026-1-01", false),
            ("26-01-01", false),
            ("2026/01/01", false), ("2026-01-01T00:00", false), ("", false), ("abcd-ef-gh", false),
            ("2026-12-31", true),
        ])
    func parsing(text: String, valid: Bool) {
        #expect((LocalDate(iso: text) != nil) == valid)
        if valid { #expect(LocalDate(iso: text)?.description == text) }
    }

    @Test("day numbers count from 1970-01-01 and round-trip")
    func dayNumbers() throws {
        #expect(try localDate("1970-01-01").dayNumber == 0)
        #expect(try localDate("2026-11-21").dayNumber == 20_778)
        #expect(try localDate("1969-12-31").dayNumber == -1)
        for day in stride(from: -800_000, through: 2_900_000, by: 997) {
            #expect(LocalDate(dayNumber: day).dayNumber == day)
        }
    }

    @Test(
        "adding months clamps to the end of shorter months",
        arguments: [
            ("2026-01-31", 1, "2026-02-28"), ("2028-01-31", 1, "2028-02-29"), ("2026-03-31", -1, "2026-02-28"),
            ("2026-12-15", 1, "2027-01-15"), ("2026-01-15", -1, "2025-12-15"), ("2026-05-31", 12, "2027-05-31"),
            ("2026-08-31", -18, "2025-02-28"),
        ])
    func addingMonths(start: String, months: Int, expected: String) throws {
        #expect(try localDate(start).adding(months: months).description == expected)
    }

    @Test(
        "weekdays follow the calendar",
        arguments: [
            ("2026-11-21", Weekday.saturday), ("1970-01-01", .thursday), ("2024-02-29", .thursday),
            ("2027-01-04", .monday),
        ])
    func weekdays(date: String, weekday: Weekday) throws {
        #expect(try localDate(date).weekday == weekday)
    }

    @Test("an instant becomes the calendar date of the household's time zone")
    func fromInstant() throws {
        // 2026-11-21 03:30 UTC is still the 20th in New York and already the 21st in Singapore.
        let instant = Date(timeIntervalSince1970: 1_795_231_800)
        #expect(
            LocalDate(instant, in: try #require(TimeZone(identifier: "America/New_York"))).description == "2026-11-20")
        #expect(
            LocalDate(instant, in: try #require(TimeZone(identifier: "Asia/Singapore"))).description == "2026-11-21")
    }

    @Test("compact values are YYYYMMDD and refuse impossible days")
    func compact() throws {
        #expect(try localDate("2026-03-09").compactValue == 20_260_309)
        #expect(LocalDate(compactValue: 20_260_230) == nil)
        #expect(LocalDate(compactValue: 20_260_309)?.description == "2026-03-09")
    }
}

/// The date in `text`, failing the test when it is not one.
private func localDate(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> LocalDate {
    try #require(LocalDate(iso: text), sourceLocation: sourceLocation)
}
