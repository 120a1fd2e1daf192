import Foundation
import VaultCore
import VaultStore

extension ReportService {
    /// The Income vs Spending chart over a timeframe (spec `ghostvault.md` 7.3: "Same timeframe selectors as Net
    /// Worth chart"): exactly the window's days (`HistoryRange.dates`, history only), a bar per calendar month it
    /// touches, the first and last bars holding only the window's days of their months (`docs/figures.md`).
    public struct IncomeTrend: Sendable {
        /// The days summed: the timeframe's window, ending today at the latest.
        public let range: DateRange
        public let currency: Currency
        /// One bar per calendar month of the window, oldest first.
        public let series: [MonthReport.MonthPoint]
        /// Income, spending and net summed over the window.
        public let income: Money
        public let spending: Money
        public let net: Money
    }

    /// Income and spending over a timeframe ending today, or a custom range.
    public func incomeTrend(_ timeframe: HistoryRange) async throws -> IncomeTrend {
        try await scope.read { session in
            let household = try await session.household()
            let today = household.today(at: scope.vault.now)
            let window = timeframe.dates(today: today)
            // History only: a custom range reaching past today sums through today, one wholly after today sums nothing.
            let history = DateRange(start: window.start, end: min(window.end, today))
            let range = history ?? window
            let tallies =
                history == nil
                ? []
                : try await session.tallies.tallies(
                    TransactionFilter(from: range.start, through: range.end), grouping: .month)
            let series = try MonthReport.points(
                tallies, from: CalendarMonth(containing: range.start), through: CalendarMonth(containing: range.end),
                accounts: try await session.accounts.all(), currency: household.baseCurrency)
            let currency = household.baseCurrency
            return IncomeTrend(
                range: range, currency: currency, series: series,
                income: try Money.sum(series.map(\.income), currency: currency),
                spending: try Money.sum(series.map(\.spending), currency: currency),
                net: try Money.sum(series.map(\.net), currency: currency))
        }
    }
}
