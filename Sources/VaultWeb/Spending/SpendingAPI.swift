import Foundation
import Hummingbird
import VaultCore
import VaultServices

/// The spending categories' and income trend's API (issue 20): a category's month against the last with its
/// transactions, and income and spending by month over a timeframe. The breakdown itself is `/reports/month`.
struct SpendingAPI: Sendable {
    let environment: WebEnvironment

    func addRoutes(to api: some RouterMethods<APIContext>) {
        api.get("/spending/:category") { request, context in
            let query = request.queryForm
            let text = context.parameters.get("category")
            let id: Category.ID?
            if text == SpendingPage.uncategorizedSlug {
                id = nil
            } else {
                guard let text, let parsed = Category.ID(text) else {
                    throw VaultError(.notFound, "No such category; use a category id or 'uncategorized'.")
                }
                id = parsed
            }
            let page = try APIController.pageRequest(query, size: SpendingPages.pageSize)
            let spending = try await environment.household(of: context.user).reports.categorySpending(
                query["month"], category: id, page: page)
            return try Response.json(CategorySpendingPayload(spending))
        }
        api.get("/reports/income") { request, context in
            let query = request.queryForm
            let range = try TimeframeSelector.parse(query).range
            return try Response.json(
                IncomeTrendPayload(try await environment.household(of: context.user).reports.incomeTrend(range)))
        }
    }
}

/// A category's month: this month against last, its children, and a page of its transactions.
struct CategorySpendingPayload: Encodable, Sendable {
    let month: String
    let categoryId: String?
    let name: String
    let thisMonth: String
    let lastMonth: String
    let change: String
    let percent: Percent?
    let children: [MonthReportView.Change]
    let transactions: PageView<TransactionView>

    init(_ spending: ReportService.CategorySpending) {
        let zero = Money(minorUnits: 0, currency: spending.report.currency).decimalString
        month = spending.report.month.description
        categoryId = spending.category?.id.description
        name = spending.category?.name ?? CategoryLine.uncategorizedName
        thisMonth = spending.change?.thisMonth.decimalString ?? zero
        lastMonth = spending.change?.lastMonth.decimalString ?? zero
        change = spending.change?.change.decimalString ?? zero
        percent = spending.change?.percent
        children = spending.children.map(MonthReportView.Change.init)
        transactions = PageView(spending.transactions, transform: TransactionView.init)
    }
}

/// Income and spending by month over a timeframe, with the totals.
struct IncomeTrendPayload: Encodable, Sendable {
    let from: String
    let to: String
    let income: String
    let spending: String
    let net: String
    let months: [MonthReportView.MonthPoint]

    init(_ trend: ReportService.IncomeTrend) {
        from = trend.range.start.description
        to = trend.range.end.description
        income = trend.income.decimalString
        spending = trend.spending.decimalString
        net = trend.net.decimalString
        months = trend.series.map(MonthReportView.MonthPoint.init)
    }
}
