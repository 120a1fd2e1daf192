import Foundation

/// Seven days starting on a chosen weekday: Monday for ISO 8601 weeks, Sunday in the United States.
///
/// Numbering: with a Monday start a week carries its ISO 8601 number and week-based year (week 1 is
/// the week with the year's first Thursday, so 2026-12-31 can be in week 53 of 2026 and 2027-01-01 in
/// week 53 of 2026 too). With any other first day, week 1 is the week that contains January 1st,
/// the convention of calendars that start weeks on Sunday or Saturday.
public struct Week: CalendarPeriod, Comparable, CustomStringConvertible {
    /// The first day of the week.
    public let start: LocalDate
    /// The weekday weeks start on.
    public let firstWeekday: Weekday

    /// The week that contains `date`, for weeks starting on `firstWeekday`.
    public init(containing date: LocalDate, firstWeekday: Weekday = .monday) {
        let offset = (date.weekday.rawValue - firstWeekday.rawValue + 7) % 7
        self.start = date.adding(days: -offset)
        self.firstWeekday = firstWeekday
    }

    public var end: LocalDate { start.adding(days: 6) }
    public var range: DateRange { DateRange(unchecked: start, end) }
    public var next: Week { Week(containing: start.adding(days: 7), firstWeekday: firstWeekday) }
    public var previous: Week { Week(containing: start.adding(days: -7), firstWeekday: firstWeekday) }

    /// The year the week is numbered in, and its number in that year (see the type's comment).
    public var numbered: (year: Int, number: Int) {
        if firstWeekday == .monday {
            // ISO 8601: the week belongs to the year of its Thursday.
            let thursday = start.adding(days: 3)
            return (thursday.year, (thursday.ordinal - 1) / 7 + 1)
        }
        // The week of January 1st is week 1 of the year the week ends in.
        let year = end.year
        let firstWeek = Week(containing: LocalDate(unchecked: year, 1, 1), firstWeekday: firstWeekday)
        return (year, firstWeek.start.days(until: start) / 7 + 1)
    }

    public static func < (lhs: Week, rhs: Week) -> Bool { lhs.start < rhs.start }

    /// `2026-W03 (2026-01-12 to 2026-01-18)`.
    public var description: String {
        let (year, number) = numbered
        return "\(year.zeroPadded(4))-W\(number.zeroPadded(2))" + " (\(start) to \(end))"
    }
}
