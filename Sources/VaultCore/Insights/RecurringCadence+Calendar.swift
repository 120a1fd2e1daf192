import Foundation

/// Calendar cadences: a bill due on the same day each month (or on the month's last day) is paid on a
/// business day, so the gap between two payments can be 32 days (October 1st, then Monday November 2nd
/// when the 1st is a Sunday) or 26 (the last business day of February, then of March). Day-count windows
/// alone miss these; `fits(from:to:)` also accepts the date the calendar says, moved to a business day.
///
/// Business days are Monday to Friday; public holidays are not known here, so a bill moved past a holiday
/// still has to fall within the cadence's day window.
extension RecurringCadence {
    /// Whether a charge on `next` can follow one on `previous` at this cadence: the days between them are in
    /// the cadence's window, or, for calendar cadences, `next` is the same day of the month (or the month's
    /// last day) `months` later, moved to the business day before or after when that day is a weekend.
    public func fits(from previous: LocalDate, to next: LocalDate) -> Bool {
        if interval.contains(previous.days(until: next)) { return true }
        guard let months else { return false }
        return Self.expectedDates(after: previous, months: months).contains {
            next == $0 || next == $0.followingBusinessDay || next == $0.precedingBusinessDay
        }
    }

    /// The first cadence, shortest first, that a charge on `next` can follow one on `previous` at.
    public static func fitting(from previous: LocalDate, to next: LocalDate) -> RecurringCadence? {
        allCases.first { $0.fits(from: previous, to: next) }
    }

    /// The calendar dates a charge on `date` points to `months` later: its own day of the month, the weekend
    /// days it may have been moved from (a Monday can stand for the Saturday or Sunday before it, a Friday for
    /// the weekend after it), and the month's last day when `date` was its month's last business day.
    static func expectedDates(after date: LocalDate, months: Int) -> [LocalDate] {
        let length = LocalDate.daysIn(month: date.month, year: date.year)
        var days = [date.day]
        if date.weekday == .monday { days += [date.day - 1, date.day - 2].filter { $0 >= 1 } }
        if date.weekday == .friday { days += [date.day + 1, date.day + 2].filter { $0 <= length } }
        var dates = days.map { RecurringDetector.date(date, plusMonths: months, day: $0) }
        if date.isLastBusinessDayOfMonth {
            dates.append(RecurringDetector.date(date, plusMonths: months, day: 31))
        }
        return dates
    }
}

extension LocalDate {
    /// Saturday or Sunday.
    public var isWeekend: Bool { weekday == .saturday || weekday == .sunday }

    /// This day, or the Monday after it when it falls on a weekend.
    public var followingBusinessDay: LocalDate {
        switch weekday {
        case .saturday: adding(days: 2)
        case .sunday: adding(days: 1)
        default: self
        }
    }

    /// This day, or the Friday before it when it falls on a weekend.
    public var precedingBusinessDay: LocalDate {
        switch weekday {
        case .saturday: adding(days: -1)
        case .sunday: adding(days: -2)
        default: self
        }
    }

    /// Whether this is a weekday with only weekend days after it in its month.
    public var isLastBusinessDayOfMonth: Bool {
        !isWeekend
            && LocalDate(unchecked: year, month, LocalDate.daysIn(month: month, year: year)).precedingBusinessDay
                == self
    }
}
