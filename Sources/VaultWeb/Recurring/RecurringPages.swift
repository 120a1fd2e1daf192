import Foundation
import Hummingbird
import VaultCore
import VaultServices

/// Recurring bills (`budget-client.md` Recurring, `ghostvault.md` section 10): the patterns found, the
/// bills coming up, the monthly total; confirm, dismiss and delete.
struct RecurringPages {
    let environment: WebEnvironment

    func addRoutes(to router: some RouterMethods<PageContext>) {
        router.get("/recurring") { request, context in try await show(request, context) }
        router.post("/recurring") { request, context in try await decide(request, context) }
    }

    func show(_ request: Request, _ context: PageContext) async throws -> Response {
        let signedIn = context.signedIn
        let scope = environment.household(of: signedIn.user)
        let report = try await scope.reports.recurring()
        let tree = try await scope.categories.tree()
        return .html(RecurringPage.render(report, tree: tree, signedIn: signedIn))
    }

    func decide(_ request: Request, _ context: PageContext) async throws -> Response {
        let form = try await context.form(request)
        let signedIn = context.signedIn
        guard let action = form["action"].flatMap(RecurringService.Action.init(rawValue:)) else {
            throw VaultError(InvalidInput(field: "action", "Choose Confirm, Dismiss, Delete or Restore."))
        }
        guard let key = form["series"] else { throw VaultError(.notFound, "Choose a pattern from the table.") }
        let series = try await environment.household(of: signedIn.user).recurring.apply(action, to: key)
        let done = [
            "confirm": "confirmed", "dismiss": "dismissed", "delete": "no longer tracked", "restore": "restored",
        ]
        return .seeOther(
            "/recurring", flash: Flash(.notice, "\(series.name) is \(done[action.rawValue] ?? action.rawValue)."))
    }
}

enum RecurringPage {
    static func render(_ report: RecurringReport, tree: CategoryTree, signedIn: SignedIn) -> HTML {
        let csrf = Layout.csrfField(signedIn.csrfToken)
        func category(_ id: Category.ID?) -> String { id.flatMap { tree[$0]?.name } ?? "Uncategorized" }
        func button(_ series: RecurringSeries, _ action: String, _ title: String, danger: Bool = false) -> HTML {
            """
            <form method="post" action="/recurring">\(csrf)<input type="hidden" name="series" value="\(series.key)"><input type="hidden" name="action" value="\(action)"><button type="submit" class="\(danger ? "danger" : "secondary")">\(title)</button></form>
            """
        }
        let patterns = (report.series + report.possible).map { series -> HTML in
            let change: HTML =
                series.priceChange.map { change -> HTML in
                    "<br><span class=\"small out\">was \(change.from.formatted()) until \(change.on.description)</span>"
                } ?? .empty
            let status: HTML =
                series.status == .confirmed
                ? " <span class=\"badge ok\">Confirmed</span>"
                : " <span class=\"badge\">\(series.tier.rawValue) confidence</span>"
            return """
                <tr><td data-label="Name"><strong>\(series.name)</strong>\(status)\(series.isIncome ? " <span class=\"badge ok\">Income</span>" : HTML.empty)</td>
                <td data-label="Amount" class="num amount\(series.isIncome ? " in" : "")">\(series.isIncome ? "+" : "")\(series.amount.formatted())\(change)</td>
                <td data-label="Frequency">\(series.cadence.displayName)</td>
                <td data-label="Next Expected">\(series.nextDate.description)</td>
                <td data-label="Category">\(category(series.categoryID))</td>
                <td data-label=""><div class="row">\(series.status == .confirmed ? .empty : button(series, "confirm", "Confirm"))\(button(series, "dismiss", "Dismiss"))\(Layout.confirmed("Delete", what: "This stops tracking <strong>\(series.name)</strong>: it leaves Recurring and Upcoming Bills. Its transactions stay.", confirm: "Stop tracking \(series.name)", action: "/recurring", fields: [("series", series.key), ("action", "delete")], csrfToken: signedIn.csrfToken))</div></td></tr>
                """
        }
        let upcoming = report.upcoming.map { bill -> HTML in
            """
            <tr><td data-label="Name">\(bill.name)</td><td data-label="Amount" class="num amount">\(bill.amount.formatted())</td>
            <td data-label="Due Date">\(bill.dueDate.description)</td><td data-label="Days until due" class="num">\(bill.daysUntilDue)</td>
            <td data-label="Category">\(category(bill.categoryID))</td></tr>
            """
        }
        let dismissed = report.dismissed.map { series -> HTML in
            "<li class=\"spread\"><span>\(series.name) · \(series.cadence.displayName)</span>\(button(series, "restore", "Restore"))</li>"
        }
        return Layout.page(
            title: "Recurring", signedIn: signedIn, current: "/recurring",
            body: """
                <h1>Recurring</h1>
                <section class="card"><p class="muted small">Monthly Recurring</p><p class="big amount" id="monthly-recurring">\(report.monthlyTotal.formatted())</p>
                <p class="muted small">\(report.series.count) active patterns</p></section>
                <section class="card" aria-labelledby="patterns-title"><h2 id="patterns-title">Recurring Patterns</h2>
                \(patterns.isEmpty ? "<p class=\"muted\">No recurring payments found yet; they show up after two or more regular charges.</p>" : """
                <div class="table-wrap"><table class="responsive" id="recurring-patterns"><thead><tr><th>Name</th><th class="num">Amount</th><th>Frequency</th><th>Next Expected</th><th>Category</th><th></th></tr></thead>
                <tbody>\(patterns)</tbody></table></div>
                """ as HTML)</section>
                <section class="card" aria-labelledby="upcoming-title"><h2 id="upcoming-title">Upcoming Bills</h2>
                \(upcoming.isEmpty ? "<p class=\"muted\">No bills due in the next \(report.horizonDays) days.</p>" : """
                <div class="table-wrap"><table class="responsive" id="upcoming-bills"><thead><tr><th>Name</th><th class="num">Amount</th><th>Due Date</th><th class="num">Days until due</th><th>Category</th></tr></thead>
                <tbody>\(upcoming)</tbody></table></div>
                """ as HTML)</section>
                \(dismissed.isEmpty ? .empty : "<section class=\"card\"><h2>Dismissed</h2><ul class=\"menu-list\">\(dismissed)</ul></section>" as HTML)
                """)
    }
}
