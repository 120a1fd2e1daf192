import Foundation

/// A calendar month of a year: January 2026 runs from the 1st to the 31st.
public struct CalendarMonth: CalendarPeriod, Comparable, Codable, CustomStringConvertible {
    public let year: Int
    public let month: Int

    /// Creates a month; nil when `month` is not 1 to 12.
    public init?(year: Int, month: Int) {
        guard (1...12).contains(month), (1...9999).contains(year) else { return nil }
        self.year = year
        self.month = month
    }

    /// The month a date falls in.
    public init(containing date: LocalDate) {
        year = date.year
        month = date.month
    }

    /// Parses `YYYY-MM` exactly; nil for anything else (`2026--01`, `-2026-01`, `+026-01`, `2026-1`).
    public init?(iso text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 4, parts[1].count == 2,
            parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }),
            let year = Int(parts[0]), let month = Int(parts[1])
        else { return nil }
        self.init(year: year, month: month)
    }

    public var first: LocalDate { LocalDate(unchecked: year, month, 1) }
    public var last: LocalDate { LocalDate(unchecked: year, month, LocalDate.daysIn(month: month, year: year)) }
    public var range: DateRange { DateRange(unchecked: first, last) }
    public var next: CalendarMonth { CalendarMonth(containing: first.adding(months: 1)) }
    public var previous: CalendarMonth { CalendarMonth(containing: first.adding(months: -1)) }

    public static func < (lhs: CalendarMonth, rhs: CalendarMonth) -> Bool {
        (lhs.year, lhs.month) < (rhs.year, rhs.month)
    }

    /// `2026-02`.
    public var description: String { "\(year.zeroPadded(4))-\(month.zeroPadded(2))" }
}

/// A calendar year, January 1st to December 31st.
public struct CalendarYear: CalendarPeriod, Comparable, Codable, CustomStringConvertible {
    public let year: Int

    public init(_ year: Int) { self.year = year }
    public init(containing date: LocalDate) { year = date.year }

    public var range: DateRange {
        DateRange(unchecked: LocalDate(unchecked: year, 1, 1), LocalDate(unchecked: year, 12, 31))
    }
    public var next: CalendarYear { CalendarYear(year + 1) }
    public var previous: CalendarYear { CalendarYear(year - 1) }
    /// The twelve months of the year in order.
    public var months: [CalendarMonth] { (1...12).map { CalendarMonth(year: year, month: $0)! } }

    public static func < (lhs: CalendarYear, rhs: CalendarYear) -> Bool { lhs.year < rhs.year }
    public var description: String { String(year) }
}
