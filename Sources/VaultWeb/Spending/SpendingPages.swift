import Foundation
import Hummingbird
import VaultCore
import VaultServices

/// Spending categories (spec `ghostvault.md` 7.6, issue 20): a month's breakdown as a donut and a list sorted by
/// amount, each category opening its detail with the month against the one before and its transactions.
struct SpendingPages {
    let environment: WebEnvironment

    /// How many transactions a category's page lists at once.
    static let pageSize = 50

    func addRoutes(to router: some RouterMethods<PageContext>) {
        router.get("/spending") { request, context in try await breakdown(request, context) }
        router.get("/spending/:category") { request, context in try await category(request, context) }
    }

    func breakdown(_ request: Request, _ context: PageContext) async throws -> Response {
        let report = try await environment.household(of: context.signedIn.user).reports.month(
            request.queryForm["month"], seriesMonths: 1)
        return .html(SpendingPage.render(report, signedIn: context.signedIn))
    }

    func category(_ request: Request, _ context: PageContext) async throws -> Response {
        let query = request.queryForm
        let id = try Self.categoryID(context.parameters.get("category"))
        let spending = try await environment.household(of: context.signedIn.user).reports.categorySpending(
            query["month"], category: id, page: try query.listPage(size: Self.pageSize))
        return .html(SpendingCategoryPage.render(spending, signedIn: context.signedIn))
    }

    /// A category from the path: its id, or `uncategorized` (nil); anything else is not found.
    static func categoryID(_ text: String?) throws -> Category.ID? {
        if text == SpendingPage.uncategorizedSlug { return nil }
        guard let text, let id = Category.ID(text) else {
            throw PageError(status: .notFound, title: "Not found", message: "There is no such category here.")
        }
        return id
    }
}
