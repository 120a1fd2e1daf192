import Foundation
import VaultCore
import VaultStore

extension ReportService {
    /// The Income vs Spending chart over a timeframe (spec `ghostvault.md` 7.3: "Same timeframe selectors as Net
    /// Worth chart"): one bar pair per calendar month the range touches, ending with the range's last month.
    public struct IncomeTrend: Sendable {
        /// The days asked for.
        public let range: DateRange
        /// The range's last month; its series holds the months from the range's first month.
        public let report: MonthReport
        /// Income, spending and net summed over the months shown.
        public let income: Money
        public let spending: Money
        public let net: Money
    }

    /// The most months the chart shows at once (the longest custom range is ten years and a little).
    public static let maximumTrendMonths = 120

    /// Income and spending month by month over a timeframe ending today, or a custom range.
    public func incomeTrend(_ timeframe: HistoryRange) async throws -> IncomeTrend {
        let today = try await scope.read { session in try await session.household().today(at: scope.vault.now) }
        let range = timeframe.dates(today: today)
        let last = CalendarMonth(containing: range.end)
        var count = 1
        var cursor = CalendarMonth(containing: range.start)
        while cursor < last, count < Self.maximumTrendMonths {
            cursor = cursor.next
            count += 1
        }
        let report = try await month(last.description, seriesMonths: count)
        return try await vaultOperation {
            IncomeTrend(
                range: range, report: report,
                income: try Money.sum(report.series.map(\.income), currency: report.currency),
                spending: try Money.sum(report.series.map(\.spending), currency: report.currency),
                net: try Money.sum(report.series.map(\.net), currency: report.currency))
        }
    }
}
