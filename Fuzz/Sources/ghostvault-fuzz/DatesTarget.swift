import Foundation
import VaultCore

/// Date text: `LocalDate(iso:)`, `CalendarMonth(iso:)`, `Weekday(name:)` and `HistoryRange.parse` (the input's
/// lines are its timeframe, from and to).
///
/// What must hold: an accepted date or month is exactly its printed form (`YYYY-MM-DD`, `YYYY-MM`), so what a
/// person typed and what GhostVault stored and shows never differ; a date survives its day number and its
/// compact integer form; a custom history runs forward.
enum DatesTarget {
    static func run(_ text: String) {
        if let date = LocalDate(iso: text) {
            require(date.description == text, "\(text.debugDescription) was read as the date \(date)")
            require(LocalDate(dayNumber: date.dayNumber) == date, "\(date) changes through its day number")
            require(LocalDate(compactValue: date.compactValue) == date, "\(date) changes through its compact value")
            _ = date.weekday
        }
        if let month = CalendarMonth(iso: text) {
            require(month.description == text, "\(text.debugDescription) was read as the month \(month)")
            require(month.first <= month.last, "\(month) ends before it starts")
        }
        if let weekday = Weekday(name: text) {
            require(
                weekday.description == text.lowercased() || weekday.description.prefix(3) == text.lowercased(),
                "\(text.debugDescription) was read as \(weekday)")
        }
        let lines = text.split(separator: "\n", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
        let timeframe = lines.first.flatMap { $0.isEmpty ? nil : $0 }
        let from = lines.count > 1 && !lines[1].isEmpty ? lines[1] : nil
        let to = lines.count > 2 && !lines[2].isEmpty ? lines[2] : nil
        if case .custom(let range)? = try? HistoryRange.parse(timeframe: timeframe, from: from, to: to) {
            require(range.start <= range.end, "the history \(range) runs backwards")
        }
    }
}
