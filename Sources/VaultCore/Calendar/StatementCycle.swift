import Foundation

/// A credit card statement cycle for a statement day of 1 to 31 (spec `card-miles.md`, Statement Month Cycle).
///
/// A cycle starts on the statement day of one month and ends the day before the statement day of the
/// next: with day 15 the cycle is Dec 15 to Jan 14. In a month too short for the statement day the
/// statement falls on the month's last day, so with day 31 the cycles around February 2026 are
/// Jan 31 to Feb 27, then Feb 28 to Mar 30, then Mar 31 to Apr 29.
public struct StatementCycle: CalendarPeriod, Comparable, CustomStringConvertible {
    /// The day of the month the statement is cut, 1 to 31.
    public let statementDay: Int
    /// The first day of the cycle.
    public let start: LocalDate

    /// The cycle containing `date` for a card whose statement day is `statementDay`; nil when the day is not 1 to 31.
    public init?(containing date: LocalDate, statementDay: Int) {
        guard (1...31).contains(statementDay) else { return nil }
        self.statementDay = statementDay
        let thisMonthsStart = StatementCycle.statementDate(in: CalendarMonth(containing: date), day: statementDay)
        self.start =
            date >= thisMonthsStart
            ? thisMonthsStart
            : StatementCycle.statementDate(in: CalendarMonth(containing: date).previous, day: statementDay)
    }

    /// The statement date in `month`: the statement day, or the month's last day when the month is shorter.
    static func statementDate(in month: CalendarMonth, day: Int) -> LocalDate {
        LocalDate(unchecked: month.year, month.month, min(day, LocalDate.daysIn(month: month.month, year: month.year)))
    }

    /// The last day of the cycle: the day before the next statement date.
    public var end: LocalDate {
        StatementCycle.statementDate(in: CalendarMonth(containing: start).next, day: statementDay).adding(days: -1)
    }

    public var range: DateRange { DateRange(unchecked: start, end) }
    public var next: StatementCycle { StatementCycle(containing: end.adding(days: 1), statementDay: statementDay)! }
    public var previous: StatementCycle {
        StatementCycle(containing: start.adding(days: -1), statementDay: statementDay)!
    }

    public static func < (lhs: StatementCycle, rhs: StatementCycle) -> Bool { lhs.start < rhs.start }
    public var description: String { range.description }
}
