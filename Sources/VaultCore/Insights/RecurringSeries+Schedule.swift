import Foundation

extension RecurringSeries {
    /// The dates the series is expected to charge on from `start` through `end`, oldest first.
    ///
    /// The first is `nextDate`; calendar cadences then keep their due day (the 31st stays the 31st after a
    /// short month) and move off weekends when the bank does; day cadences add the interval between the last
    /// charge and the next. An expected date that passed without its charge is not listed (it is before
    /// `start` when `start` is today), but the dates after it are.
    public func dueDates(from start: LocalDate, through end: LocalDate) -> [LocalDate] {
        var dates: [LocalDate] = []
        let step = max(1, lastDate.days(until: nextDate))
        // Bounded: a daily series over a year is 366 dates; the guard only stops a malformed series.
        for index in 0..<Self.maximumDueDates {
            let date: LocalDate
            if let months = cadence.months, let dueDay {
                let calendarDate = RecurringDetector.date(lastDate, plusMonths: months * (index + 1), day: dueDay)
                date = movesOffWeekends ? calendarDate.followingBusinessDay : calendarDate
            } else {
                date = nextDate.adding(days: step * index)
            }
            if date > end { break }
            if date >= start { dates.append(date) }
        }
        return dates
    }

    /// The most dates `dueDates` lists (a daily series over a year and then some).
    static let maximumDueDates = 400
}
