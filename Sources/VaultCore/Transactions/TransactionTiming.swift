import Foundation

/// Which side of today a list shows (issue 34: scheduled entries flooded history).
///
/// Entries dated after the household's today are *scheduled*: they belong to upcoming bills and the calendar, not
/// to history, reports or balances (`docs/figures.md`, "Scheduled"). A list shows history unless asked otherwise.
public enum TransactionTiming: String, CaseIterable, Hashable, Sendable {
    /// Dated today or before: what happened (the default everywhere).
    case history
    /// Dated after today: what a recurring rule or a person scheduled.
    case scheduled
    /// Both.
    case all

    /// The words a list accepts, for messages.
    public static let words = allCases.map(\.rawValue)

    /// `filter` narrowed to this side of `today`: history ends at today, the scheduled begin the day after.
    public func narrowing(_ filter: TransactionFilter, today: LocalDate) -> TransactionFilter {
        var narrowed = filter
        switch self {
        case .history: narrowed.through = min(filter.through ?? today, today)
        case .scheduled:
            let tomorrow = today.adding(days: 1)
            narrowed.from = max(filter.from ?? tomorrow, tomorrow)
        case .all: break
        }
        return narrowed
    }
}
