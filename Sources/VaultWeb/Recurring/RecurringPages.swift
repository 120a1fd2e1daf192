import Foundation
import Hummingbird
import VaultCore
import VaultServices

/// Recurring bills (`budget-client.md` Recurring, `ghostvault.md` section 10): the patterns found, grouped
/// under NEEDS, WANTS and SAVINGS with their subtotals, the bills coming up, the monthly total; confirm,
/// dismiss, reclassify, stop tracking and restore.
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
        let recurring = environment.household(of: signedIn.user).recurring
        guard let key = form["series"], !key.isEmpty else {
            throw VaultError(.notFound, "Choose a pattern from the list.")
        }
        if form["action"] == "reclassify" {
            guard let bucket = form["bucket"].flatMap(LensBucket.init(rawValue:)) else {
                throw VaultError(InvalidInput(field: "bucket", "Choose Need, Want or Savings."))
            }
            let series = try await recurring.reclassify(key, as: bucket)
            return .seeOther(
                "/recurring",
                flash: Flash(
                    .notice,
                    "\(series.name) is now under \(bucket.displayName); the 50/30/20 lens counts its spending there too."
                ))
        }
        guard let action = form["action"].flatMap(RecurringService.Action.init(rawValue:)) else {
            throw VaultError(
                InvalidInput(field: "action", "Choose Confirm, Dismiss, Need, Want, Savings, Stop tracking or Restore.")
            )
        }
        let series = try await recurring.apply(action, to: key)
        let done = [
            "confirm": "confirmed", "dismiss": "dismissed", "delete": "no longer tracked", "restore": "restored",
        ]
        return .seeOther(
            "/recurring", flash: Flash(.notice, "\(series.name) is \(done[action.rawValue] ?? action.rawValue)."))
    }
}

/// The Recurring page's HTML.
enum RecurringPage {
    static func render(_ report: RecurringReport, tree: CategoryTree, signedIn: SignedIn) -> HTML {
        let csrf = Layout.csrfField(signedIn.csrfToken)
        func category(_ id: Category.ID?) -> String { id.flatMap { tree[$0]?.name } ?? "Uncategorized" }
        func money(_ bucket: LensBucket) -> Money { report.monthlyByBucket[bucket] ?? .zero(report.currency) }
        let groups = report.groups.map { group -> HTML in
            """
            <section class="card recurring-group" id="recurring-\(group.bucket.rawValue)" data-bucket="\(group.bucket.rawValue)" aria-labelledby="group-\(group.bucket.rawValue)">
            <h2 class="spread group-head" id="group-\(group.bucket.rawValue)"><span>\(heading(group.bucket))</span><span class="amount subtotal" data-subtotal="\(group.monthlyTotal.decimalString)">\(group.monthlyTotal.formatted())<span class="muted small"> a month</span></span></h2>
            <ul class="recurring-list">\(group.series.map { item($0, category: category($0.categoryID), csrf: csrf, signedIn: signedIn) })</ul></section>
            """
        }
        /// A list apart from the bills: paychecks, and the low-confidence "possible" series.
        func apart(_ id: String, _ title: String, _ note: String, _ members: [RecurringSeries]) -> HTML {
            guard !members.isEmpty else { return .empty }
            return """
                <section class="card recurring-group" id="recurring-\(id)" aria-labelledby="group-\(id)">
                <h2 class="group-head" id="group-\(id)">\(title)</h2><p class="muted small">\(note)</p>
                <ul class="recurring-list">\(members.map { item($0, category: category($0.categoryID), csrf: csrf, signedIn: signedIn) })</ul></section>
                """
        }
        let income = apart("income", "INCOME", "Listed, not counted in the monthly total.", report.income)
        let possible = apart(
            "possible", "POSSIBLE", "Low confidence: confirm what is recurring, dismiss what is not.", report.possible)
        let upcoming = report.upcoming.map { bill -> HTML in
            """
            <tr><td data-label="Name">\(bill.name)</td><td data-label="Amount" class="num amount">\(bill.amount.formatted())</td>
            <td data-label="Due Date">\(bill.dueDate.description)</td><td data-label="Days until due" class="num">\(bill.daysUntilDue)</td>
            <td data-label="Category">\(category(bill.categoryID))</td></tr>
            """
        }
        let horizon = report.today.adding(days: 366)
        let schedules = report.rules.map { rule -> HTML in
            let every =
                rule.interval == 1 ? "every \(rule.cadence.unit)" : "every \(rule.interval) \(rule.cadence.unit)s"
            let next = DateRange(start: report.today, end: horizon).flatMap { rule.occurrences(in: $0, limit: 1).first }
            return """
                <li class="spread" data-rule="\(rule.id.description)"><span><a href="/settings/recurring-rules/\(rule.id.description)">\(rule.payee ?? rule.description)</a><br><span class="muted small">\(every)\(next.map { " · next \(Charts.label($0)), \($0.year)" } ?? " · no entry in the next year") · \(category(rule.categoryID))</span></span>
                <span class="num"><span class="amount \(rule.amount.isNegative ? "out" : "in")">\(rule.amount.formatted())</span><br><a class="small" href="/transactions?rule=\(rule.id.description)&amp;when=scheduled">Scheduled entries</a></span></li>
                """
        }
        let dismissed = report.dismissed.map { series -> HTML in
            "<li class=\"spread\"><span>\(series.name) · \(series.cadence.displayName)</span>\(button(series, "restore", "Restore", csrf: csrf))</li>"
        }
        let savings = money(.savings)
        return Layout.page(
            title: "Recurring", signedIn: signedIn, current: "/recurring",
            body: """
                <h1>Recurring</h1>
                <section class="card"><p class="muted small">Monthly Recurring</p><p class="big amount" id="monthly-recurring" data-amount="\(report.monthlyTotal.decimalString)">\(report.monthlyTotal.formatted())</p>
                <p class="muted small">Needs \(money(.need).formatted()) + Wants \(money(.want).formatted()) · \(report.series.count) active patterns\(savings.isPositive ? " · \(savings.formatted()) a month to savings, not counted as spending" : "")</p>
                <p class="small"><a href="/settings/calendar">Reminders in your phone's calendar</a></p></section>
                \(groups.isEmpty && report.income.isEmpty ? "<section class=\"card\"><h2>Recurring Patterns</h2><p class=\"muted\">No recurring payments found yet; they show up after two or more regular charges.</p></section>" as HTML : .empty)
                \(groups)\(income)\(possible)
                \(schedules.isEmpty ? .empty : """
                <section class="card recurring-group" id="recurring-schedules" aria-labelledby="group-schedules"><h2 class="group-head" id="group-schedules">YOUR SCHEDULES</h2>
                <p class="muted small">Entries you set to repeat. Each is scheduled until its day, then counts like any entry; its bills are among Upcoming Bills and in your calendar link.</p>
                <ul class="recurring-list">\(schedules)</ul></section>
                """ as HTML)
                <section class="card" aria-labelledby="upcoming-title"><h2 id="upcoming-title">Upcoming Bills</h2>
                \(upcoming.isEmpty ? "<p class=\"muted\">No bills due in the next \(report.horizonDays) days.</p>" : """
                <div class="table-wrap"><table class="responsive" id="upcoming-bills"><thead><tr><th>Name</th><th class="num">Amount</th><th>Due Date</th><th class="num">Days until due</th><th>Category</th></tr></thead>
                <tbody>\(upcoming)</tbody></table></div>
                """ as HTML)</section>
                \(dismissed.isEmpty ? .empty : "<section class=\"card\"><h2>Dismissed</h2><ul class=\"menu-list\">\(dismissed)</ul></section>" as HTML)
                """)
    }

    /// "NEEDS", "WANTS", "SAVINGS": the list view's group titles (spec section 10).
    static func heading(_ bucket: LensBucket) -> String {
        switch bucket {
        case .need: "NEEDS"
        case .want: "WANTS"
        case .savings: "SAVINGS"
        }
    }

    /// One series: its name and badges, its charge and cadence, when it comes next, and what can be done with it.
    static func item(_ series: RecurringSeries, category: String, csrf: HTML, signedIn: SignedIn) -> HTML {
        let status: HTML =
            series.status == .confirmed
            ? " <span class=\"badge ok\">Confirmed</span>"
            : series.tier == .high
                ? .empty : " <span class=\"badge\">\(series.tier == .medium ? "Likely recurring" : "Possible")</span>"
        let change: HTML =
            series.priceChange.map { change -> HTML in
                " · <span class=\"out\">was \(change.from.formatted()) until \(change.on.description)</span>"
            } ?? .empty
        let perMonth: HTML =
            series.cadence == .monthly || series.isIncome
            ? .empty : " <span class=\"muted small\">(\(series.monthlyAmount.formatted()) a month)</span>"
        let buckets: HTML =
            series.isIncome
            ? .empty
            : """
            <form method="post" action="/recurring" class="segmented bucket-choice" aria-label="Classify \(series.name)">\(csrf)<input type="hidden" name="series" value="\(series.key)"><input type="hidden" name="action" value="reclassify">\(LensBucket.allCases.map { bucket -> HTML in
                "<button type=\"submit\" name=\"bucket\" value=\"\(bucket.rawValue)\" aria-pressed=\"\(bucket == series.bucket ? "true" : "false")\">\(bucket == .savings ? "Savings" : bucket == .need ? "Need" : "Want")</button>"
            })</form>
            """
        return """
            <li class="recurring-item" data-series="\(series.key)" data-bucket="\(series.bucket.rawValue)">
            <div class="spread"><span><strong class="series-name">\(series.name)</strong>\(status)</span><span class="num amount\(series.isIncome ? " in" : "")">\(series.isIncome ? "+" : "")\(series.amount.formatted())\(perMonth)</span></div>
            <p class="muted small meta">\(series.cadence.displayName) · next \(series.nextDate.description) · \(category)\(change)</p>
            <div class="spread item-actions">\(buckets)<details class="row-menu"><summary aria-label="More for \(series.name)"><span aria-hidden="true">⋯</span><span class="visually-hidden">More</span></summary><div class="menu-panel row">\(series.status == .confirmed ? .empty : button(series, "confirm", "Confirm", csrf: csrf))\(button(series, "dismiss", "Dismiss", csrf: csrf))\(Layout.confirmed("Stop tracking", what: "This stops tracking <strong>\(series.name)</strong>: it leaves Recurring, Upcoming Bills and the calendar until a new charge comes. Its transactions stay.", confirm: "Stop tracking \(series.name)", action: "/recurring", fields: [("series", series.key), ("action", "delete")], csrfToken: signedIn.csrfToken))</div></details></div></li>
            """
    }

    static func button(_ series: RecurringSeries, _ action: String, _ title: String, csrf: HTML) -> HTML {
        """
        <form method="post" action="/recurring">\(csrf)<input type="hidden" name="series" value="\(series.key)"><input type="hidden" name="action" value="\(action)"><button type="submit" class="secondary">\(title)</button></form>
        """
    }
}
