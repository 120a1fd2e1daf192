import Foundation
import VaultCore

/// The Analysis tab (spec `expense-tracker.md` 3.1 and 3.2) as JSON, for `GET /api/v1/analysis` and
/// `ghostvault report analysis --json`: the period with its neighbours, the total, the chart's buckets, the
/// breakdown by category and one page of the period's transactions with their receipt counts.
public struct AnalysisPayload: Codable, Sendable {
    /// The year, month or week shown, and where the arrows go.
    public struct Period: Codable, Hashable, Sendable {
        /// `year`, `month` or `week`.
        public let timeframe: String
        /// `2026`, `Nov 2026`, `Wk 47 (Nov 16–Nov 22)`.
        public let label: String
        public let start: String
        public let end: String
        /// The first day of the period before, and of the one after.
        public let previous: String
        public let next: String
    }

    /// One part of the chart: a month of a year, a week of a month, a day of a week.
    public struct Bucket: Codable, Hashable, Sendable {
        public let label: String
        public let start: String
        public let end: String
        public let amount: String
        public let count: Int
    }

    /// `expense` or `income`.
    public let type: String
    public let period: Period
    public let currency: String
    /// Spending net of refunds for expenses; income received for income.
    public let total: String
    public let count: Int
    public let buckets: [Bucket]
    public let byCategory: [CategoryLineView]
    /// The period's transactions, newest first.
    public let transactions: PageView<AnalysisTransactionPayload>

    /// `receiptCounts` holds the receipts of the page's transactions (`ReceiptService.counts(of:)`); one left out
    /// has none.
    public init(
        _ report: AnalysisReport, transactions: Page<TransactionService.Listed>, receiptCounts: [Transaction.ID: Int]
    ) {
        type = report.type.rawValue
        let period = report.period
        self.period = Period(
            timeframe: period.timeframe.rawValue, label: period.label, start: period.range.start.description,
            end: period.range.end.description, previous: period.previous.range.start.description,
            next: period.next.range.start.description)
        currency = report.currency.code
        total = report.total.decimalString
        count = report.count
        buckets = report.buckets.map {
            Bucket(
                label: $0.label, start: $0.range.start.description, end: $0.range.end.description,
                amount: $0.amount.decimalString, count: $0.count)
        }
        byCategory = report.byCategory.map(CategoryLineView.init)
        self.transactions = PageView(transactions) {
            AnalysisTransactionPayload($0, receiptCount: receiptCounts[$0.transaction.id] ?? 0)
        }
    }
}

extension AnalysisPayload {
    /// Runs the analysis and counts the receipts of its page of transactions.
    public static func load(_ query: AnalysisQuery, in scope: HouseholdScope) async throws -> AnalysisPayload {
        let (report, transactions) = try await scope.reports.analysis(query)
        let counts = try await scope.receipts.counts(of: transactions.items.map(\.transaction.id))
        return AnalysisPayload(report, transactions: transactions, receiptCounts: counts)
    }
}
