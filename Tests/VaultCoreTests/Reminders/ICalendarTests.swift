import Foundation
import Testing
import VaultCore

/// iCalendar text (RFC 5545): escaping, folding at 75 octets without splitting a character, CRLF everywhere.
@Suite struct ICalendarTests {
    @Test(
        "TEXT escapes backslash, semicolon, comma and line breaks, and drops other control characters",
        arguments: [
            ("Netflix", "Netflix"),
            ("Rent; June, July", "Rent\\; June\\, July"),
            (#"C:\bills"#, #"C:\\bills"#),
            ("two\nlines", "two\\nlines"),
            ("windows\r\nbreak", "windows\\nbreak"),
            ("old mac\rbreak", "old mac\\nbreak"),
            ("bell\u{07} and tab\t", "bell and tab\t"),
            ("Café: 12€", "Café: 12€"),
        ])
    func escape(text: String, escaped: String) {
        #expect(ICalendar.escape(text) == escaped)
    }

    @Test(
        "a line folds to 75 octets, then a space and 74, never inside a character",
        arguments: [
            (String(repeating: "a", count: 75), [75]),
            (String(repeating: "a", count: 76), [75, 2]),
            (String(repeating: "a", count: 75 + 74), [75, 75]),
            (String(repeating: "a", count: 75 + 75), [75, 75, 2]),
            // "é" is two octets: the 38th would end at octet 76, so it starts the next line whole.
            (String(repeating: "é", count: 40), [74, 7]),
            // "€" is three octets: 25 fill 75 exactly.
            (String(repeating: "€", count: 26), [75, 4]),
            // An emoji is four octets: 18 make 72, the 19th would reach 76.
            (String(repeating: "🧾", count: 20), [72, 9]),
            ("a" + String(repeating: "🧾", count: 19), [73, 5]),
        ])
    func fold(line: String, octets: [Int]) throws {
        let folded = ICalendar.fold(line)
        let parts = folded.components(separatedBy: "\r\n")
        #expect(parts.map(\.utf8.count) == octets)
        // Every piece is whole UTF-8 on its own, and unfolding gives the line back.
        for part in parts { #expect(String(validating: Array(part.utf8), as: UTF8.self) != nil) }
        #expect(parts.dropFirst().allSatisfy { $0.hasPrefix(" ") })
        #expect(Self.unfold(folded) == line)
    }

    @Test("a calendar is CRLF throughout, folded, balanced, with an all-day event and its alarm the day before")
    func calendar() throws {
        // Given: a summary long enough to fold, with characters to escape.
        let summary = "Société Générale; mortgage, escrow & insurance — the monthly one: $1,850.00 📅 due"
        let event = ICalendar.Event(
            uid: "abc-20261201@ghostvault", date: LocalDate(iso: "2026-12-01")!, summary: summary,
            description: "line one\nline two", alarmDaysBefore: 1)
        // When
        let text = ICalendar.calendar(
            productID: "-//GhostVault//Test//EN", name: "Bills", refreshHours: 6, events: [event],
            stamp: Date(timeIntervalSince1970: 1_795_300_000))
        // Then: every line ends in CRLF, no bare LF or CR, and no line is longer than 75 octets.
        #expect(text.hasSuffix("END:VCALENDAR\r\n"))
        let lines = Array(text.components(separatedBy: "\r\n").dropLast())
        #expect(!lines.contains { $0.unicodeScalars.contains { $0 == "\n" || $0 == "\r" } })
        #expect(lines.allSatisfy { $0.utf8.count <= 75 })
        #expect(lines.contains { $0.hasPrefix(" ") }, "the summary should have folded")
        let properties = Self.unfold(text).components(separatedBy: "\r\n").dropLast()
        #expect(
            Array(properties) == [
                "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//GhostVault//Test//EN", "CALSCALE:GREGORIAN",
                "METHOD:PUBLISH", "X-WR-CALNAME:Bills", "REFRESH-INTERVAL;VALUE=DURATION:PT6H", "X-PUBLISHED-TTL:PT6H",
                "BEGIN:VEVENT", "UID:abc-20261201@ghostvault", "DTSTAMP:20261121T222640Z",
                "DTSTART;VALUE=DATE:20261201", "DTEND;VALUE=DATE:20261202",
                "SUMMARY:Société Générale\\; mortgage\\, escrow & insurance — the monthly one: $1\\,850.00 📅 due",
                "DESCRIPTION:line one\\nline two", "TRANSP:TRANSPARENT",
                "BEGIN:VALARM", "ACTION:DISPLAY",
                "DESCRIPTION:Société Générale\\; mortgage\\, escrow & insurance — the monthly one: $1\\,850.00 📅 due",
                "TRIGGER:-P1D", "END:VALARM", "END:VEVENT", "END:VCALENDAR",
            ])
    }

    /// RFC 5545 unfolding: a CRLF followed by one space or tab is removed.
    static func unfold(_ text: String) -> String {
        text.replacingOccurrences(of: "\r\n ", with: "").replacingOccurrences(of: "\r\n\t", with: "")
    }
}
