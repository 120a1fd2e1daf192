import Foundation

/// How an LLM export writes days (spec `ghostvault.md` section 14, Relative Dates): counted from the period's
/// first month (`Month 1, Day 15`) or as days before its last day (`T-Minus 14 Days`), never as calendar dates.
public enum ExportDateStyle: String, CaseIterable, Hashable, Sendable, Codable, CustomStringConvertible {
    case monthDay = "month-day"
    case daysBeforeEnd = "days-before-end"

    /// Reads `month-day`, `relative`, `days-before-end`, `t-minus`, any case.
    public init?(name: String) {
        switch name.lowercased().trimmingCharacters(in: .whitespaces) {
        case "month-day", "monthday", "relative": self = .monthDay
        case "days-before-end", "t-minus", "tminus": self = .daysBeforeEnd
        default: return nil
        }
    }

    public var displayName: String {
        switch self {
        case .monthDay: "Month and day (Month 1, Day 15)"
        case .daysBeforeEnd: "Days before the end (T-Minus 14 Days)"
        }
    }

    public var description: String { rawValue }

    /// `date` written relative to `range`: `Month 2, Day 15` (month 1 is the month the range starts in) or
    /// `T-Minus 14 Days` (days before the range's last day).
    public func label(_ date: LocalDate, in range: DateRange) -> String {
        switch self {
        case .monthDay:
            "\(Self.monthLabel(CalendarMonth(containing: date), in: range)), Day \(date.day)"
        case .daysBeforeEnd:
            "T-Minus \(date.days(until: range.end)) Days"
        }
    }

    /// `Month 3`: the month's place counted from the range's first month.
    public static func monthLabel(_ month: CalendarMonth, in range: DateRange) -> String {
        "Month \(monthIndex(month, in: range))"
    }

    /// 1 for the month the range starts in, 2 for the next, and so on.
    public static func monthIndex(_ month: CalendarMonth, in range: DateRange) -> Int {
        let first = CalendarMonth(containing: range.start)
        return (month.year - first.year) * 12 + (month.month - first.month) + 1
    }
}
