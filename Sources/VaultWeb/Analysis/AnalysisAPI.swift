import Foundation
import Hummingbird
import VaultCore
import VaultServices

/// The Analysis tab through the API (spec `expense-tracker.md` 3.1 and 3.2): expense or income over a year, month
/// or week, with the chart's buckets, the breakdown by category and a page of the period's transactions.
struct AnalysisAPI: Sendable {
    let environment: WebEnvironment

    func addRoutes(to api: some RouterMethods<APIContext>) {
        api.get("/analysis") { request, context in
            let scope = environment.household(of: context.user)
            return try Response.json(try await AnalysisPayload.load(try Self.query(request.queryForm), in: scope))
        }
    }

    /// The query parameters: `type`, `timeframe`, `date`, `category` and `tag` (repeat for several), `payment`,
    /// `reimbursement`, `recurringRule`, `from`, `through`, `page` and `size`.
    static func query(_ form: Form) throws -> AnalysisQuery {
        var query = AnalysisQuery(
            type: form["type"] ?? "expense", timeframe: form["timeframe"] ?? "month", date: form["date"],
            categories: form.all("category"), tags: form.all("tag"), payment: form["payment"],
            reimbursement: form["reimbursement"], page: try APIController.number(form, "page", 1),
            pageSize: try APIController.number(form, "size", 50))
        query.recurringRule = form["recurringRule"]
        query.from = form["from"]
        query.through = form["through"]
        return query
    }
}
