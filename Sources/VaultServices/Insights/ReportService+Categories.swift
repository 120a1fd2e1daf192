import Foundation
import VaultCore
import VaultStore

extension ReportService {
    /// One category's spending in a month (spec `ghostvault.md` 7.6, Category Detail): this month against last
    /// ("Dining: $450 vs $380 last month"), its children the same way, and a page of the transactions behind it.
    public struct CategorySpending: Sendable {
        /// The month (its series holds just the month).
        public let report: MonthReport
        /// The category; nil for the uncategorised spending.
        public let category: Category?
        /// This month against last; nil when the category had no spending either month.
        public let change: MonthReport.CategoryChange?
        /// The category's children with spending this month or last, largest this month first.
        public let children: [MonthReport.CategoryChange]
        /// The expenses the totals count, newest first: the category's and its descendants'.
        public let transactions: Page<TransactionService.Listed>
    }

    /// A category's spending in `month` (`YYYY-MM`, nil for this month); `category` is its id, or nil for the
    /// uncategorised spending. Not found for a category of another household.
    public func categorySpending(
        _ month: String?, category id: Category.ID?, page: PageRequest
    ) async throws -> CategorySpending {
        let report = try await self.month(month, seriesMonths: 1)
        return try await scope.read { session in
            let household = try await session.household()
            let tree = try await session.categories.tree()
            var category: Category?
            if let id {
                guard let found = tree[id] else {
                    throw VaultError(.notFound, "There is no category \(id) in this household.")
                }
                category = found
            }
            let change = report.changes.first { $0.categoryID == id }
            let childIDs = Set(id.map { tree.children(of: $0).map(\.id) } ?? [])
            let children = report.changes.filter { $0.categoryID.map(childIDs.contains) ?? false }
                .sorted { ($1.thisMonth.minorUnits, $0.name) < ($0.thisMonth.minorUnits, $1.name) }
            var filter = TransactionTiming.history.narrowing(
                TransactionFilter(from: report.month.first, through: report.month.last),
                today: household.today(at: scope.vault.now))
            if let id {
                filter.categoryIDs = Set([id] + tree.descendants(of: id).map(\.id))
            } else {
                filter.uncategorizedOnly = true
            }
            filter.classifications = [.expense]
            filter.includeExcluded = false
            filter.includePending = false
            Self.onlyCounted(&filter, accounts: try await session.accounts.all(), currency: household.baseCurrency)
            let listed = try await session.transactions.list(filter, page: page)
            return CategorySpending(
                report: report, category: category, change: change, children: children,
                transactions: Page(
                    items: try await TransactionService.listed(listed.items, session: session), request: page,
                    totalCount: listed.totalCount, countIsExact: listed.countIsExact))
        }
    }
}
