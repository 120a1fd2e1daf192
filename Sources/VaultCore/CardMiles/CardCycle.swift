import Foundation

/// When a card's spending resets (spec `card-miles.md`, CycleType and Spending Calculations).
public enum CardCycle: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The 1st to the last day of each calendar month.
    case calendarMonth
    /// From the statement day of one month to the day before the next month's, for a statement day of 1 to 31;
    /// in a month too short for the day the statement falls on its last day (`StatementCycle`).
    case statementMonth(day: Int)

    /// The dates of the cycle that contains `date`; nil only for a statement day outside 1 to 31.
    public func range(containing date: LocalDate) -> DateRange? {
        switch self {
        case .calendarMonth: CalendarMonth(containing: date).range
        case .statementMonth(let day): StatementCycle(containing: date, statementDay: day)?.range
        }
    }

    /// Whether the cycle can be computed: a statement day is 1 to 31.
    public var isValid: Bool {
        switch self {
        case .calendarMonth: true
        case .statementMonth(let day): (1...31).contains(day)
        }
    }

    public var description: String {
        switch self {
        case .calendarMonth: "Calendar month"
        case .statementMonth(let day): "Statement month (day \(day))"
        }
    }
}
