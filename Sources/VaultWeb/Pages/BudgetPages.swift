import Foundation
import Hummingbird
import VaultCore
import VaultServices

/// Budgets (`budget-client.md`): Monthly Targets saved as a person types, Budget vs Actual, and this month's
/// uncategorised spending with the category control of the transactions table.
struct BudgetPages {
    let environment: WebEnvironment

    func addRoutes(to router: some RouterMethods<PageContext>) {
        router.get("/budgets") { request, context in try await show(request, context) }
        router.post("/budgets") { request, context in try await save(request, context) }
        router.post("/budgets/clear") { request, context in try await clear(request, context) }
        router.post("/transactions/:id/category") { request, context in try await categorize(request, context) }
    }

    func show(
        _ request: Request, _ context: PageContext, problems: [String: [String]] = [:], typed: [String: String] = [:]
    ) async throws -> Response {
        let signedIn = context.signedIn
        let scope = environment.household(of: signedIn.user)
        // A month that is not one (`?month=2026-13`) is refused with the reason, not quietly replaced.
        let (report, uncategorized) = try await scope.reports.budget(request.queryForm["month"])
        let tree = try await scope.categories.tree()
        return .html(
            BudgetPage.render(
                report, uncategorized: uncategorized, tree: tree, signedIn: signedIn, problems: problems, typed: typed),
            status: problems.isEmpty ? .ok : .unprocessableContent)
    }

    /// One row's Save (without JavaScript; the page's script saves through the API as a person types).
    func save(_ request: Request, _ context: PageContext) async throws -> Response {
        let form = try await context.form(request)
        let signedIn = context.signedIn
        let category = try Self.categoryID(form)
        do {
            try await environment.household(of: signedIn.user).budgets.set(
                category: category, target: form["target"] ?? "", notes: form.raw("notes"))
        } catch let error as VaultError where error.code == .invalidInput {
            return try await show(
                request, context, problems: [category: error.problems.map(\.message)],
                typed: ["target": form.raw("target"), "notes": form.raw("notes"), "category": category])
        }
        return .seeOther("/budgets", flash: Flash(.notice, "Saved."))
    }

    func clear(_ request: Request, _ context: PageContext) async throws -> Response {
        let form = try await context.form(request)
        let signedIn = context.signedIn
        try await environment.household(of: signedIn.user).budgets.clear(category: try Self.categoryID(form))
        return .seeOther("/budgets", flash: Flash(.notice, "Cleared."))
    }

    /// The category dropdown of a transaction row (Budgets and Transactions): saves on change.
    func categorize(_ request: Request, _ context: PageContext) async throws -> Response {
        let form = try await context.form(request)
        let signedIn = context.signedIn
        guard let id = context.parameters.get("id"), UUID(uuidString: id) != nil else {
            throw VaultError(.notFound, "There is no such transaction.")
        }
        var changes = TransactionChanges()
        changes.category = form["category"] ?? ""
        let listed: TransactionService.Listed
        do {
            (listed, _) = try await environment.household(of: signedIn.user).transactions.edit(id, changes)
        } catch let error as VaultError where RowChangePayload.wanted(by: request) {
            return try RowChangePayload.failure(error)
        }
        let message = "\(listed.transaction.description) is now in \(listed.categoryPath ?? "Uncategorized")."
        if RowChangePayload.wanted(by: request) { return try .json(RowChangePayload(listed, message: message)) }
        let back = form["back"].flatMap(AuthPages.localPath) ?? "/budgets"
        return .seeOther(back, flash: Flash(.notice, message))
    }

    static func categoryID(_ form: Form) throws -> String {
        guard let id = form["category"], UUID(uuidString: id) != nil else {
            throw VaultError(.notFound, "Choose a category from the Monthly Targets table.")
        }
        return id
    }
}

enum BudgetPage {
    static func render(
        _ report: BudgetReport, uncategorized: [TransactionService.Listed], tree: CategoryTree, signedIn: SignedIn,
        problems: [String: [String]], typed: [String: String]
    ) -> HTML {
        let csrf = Layout.csrfField(signedIn.csrfToken)
        let targets = report.lines.map { line -> HTML in
            let id = line.categoryID.description
            let mine = typed["category"] == id
            let target = mine ? typed["target"] ?? "" : line.target?.decimalString ?? ""
            let notes = mine ? typed["notes"] ?? "" : line.notes ?? ""
            let left = line.remaining?.formatted() ?? ""
            let rowProblems = problems[id] ?? []
            return """
                <tr data-category="\(id)" data-actual="\(line.actual.decimalString)" data-currency="\(line.actual.currency.code)"><td data-label="Category">\(String(repeating: "\u{00A0}\u{00A0}", count: line.depth))\(line.emoji.map { $0 + " " } ?? "")\(line.name)</td>
                <td data-label="Target"><form id="budget-\(id)" method="post" action="/budgets" class="budget-row" data-autosave="/api/v1/budgets/\(id)">\(csrf)<input type="hidden" name="category" value="\(id)">
                <input name="target" type="text" inputmode="decimal" value="\(target)" aria-label="Target for \(line.name)" placeholder="0.00" size="8"\(rowProblems.isEmpty ? .empty : " aria-invalid=\"true\"" as HTML)></form></td>
                <td data-label="Actual" class="num amount">\(line.actual.formatted())</td>
                <td data-label="Left" class="num amount budget-left \(line.status == .over ? "out" : "in")">\(left)</td>
                <td data-label="Notes"><input name="notes" form="budget-\(id)" type="text" value="\(notes)" aria-label="Notes for \(line.name)" maxlength="\(BudgetTarget.maximumNotesLength)"></td>
                <td data-label=""><button form="budget-\(id)" type="submit" class="secondary save-button js-hidden">Save</button>
                \(line.target == nil && (line.notes ?? "").isEmpty ? .empty : Layout.confirmed("Clear", what: "This clears the target and notes of <strong>\(line.name)</strong>.", confirm: "Clear \(line.name)", action: "/budgets/clear", fields: [("category", id)], csrfToken: signedIn.csrfToken))
                <span class="save-state small muted" aria-live="polite">\(rowProblems.isEmpty ? "" : rowProblems.joined(separator: " "))</span></td></tr>
                """
        }
        let budgeted = report.lines.filter { $0.target != nil }.map { line -> HTML in
            let left = line.remaining?.formatted() ?? ""
            let over = line.status == .over
            return """
                <tr><td data-label="Category">\(line.name)</td><td data-label="Target" class="num amount">\(line.target?.formatted() ?? "")</td>
                <td data-label="Actual" class="num amount">\(line.actual.formatted())</td><td data-label="Left" class="num amount \(over ? "out" : "in")">\(left)</td>
                <td data-label="Status"><span class="badge \(over ? "bad" : "ok")">\(over ? "Over" : "Under")</span></td></tr>
                """
        }
        let problemList = problems.values.flatMap { $0 }
        return Layout.page(
            title: "Budgets", signedIn: signedIn, current: "/budgets",
            body: """
                <h1>Budgets · \(Charts.label(report.month))</h1>
                \(Layout.problems(problemList))
                <section class="card" aria-labelledby="targets-title"><h2 id="targets-title">Monthly Targets</h2>
                <p class="muted small">Changes save as you type. Left is the target minus what was spent: below zero, the category is over.</p>
                <div class="table-wrap"><table class="responsive" id="monthly-targets"><thead><tr><th>Category</th><th>Target</th><th class="num">Actual</th><th class="num">Left</th><th>Notes</th><th></th></tr></thead>
                <tbody>\(targets)</tbody></table></div></section>
                <section class="card" aria-labelledby="vs-title"><h2 id="vs-title">Budget vs Actual</h2>
                \(budgeted.isEmpty ? "<p class=\"muted\">No targets yet: set one above.</p>" : """
                <div class="table-wrap"><table class="responsive" id="budget-vs-actual"><thead><tr><th>Category</th><th class="num">Target</th><th class="num">Actual</th><th class="num">Left</th><th>Status</th></tr></thead>
                <tbody>\(budgeted)</tbody></table></div>
                <p>Targeted \(report.targeted.formatted()) · spent \(report.actual.formatted()) · left \(report.leftToSpend.formatted())</p>
                """ as HTML)</section>
                <section class="card" aria-labelledby="uncategorized-title"><h2 id="uncategorized-title">Uncategorized Spending</h2>
                \(TransactionRows.table(uncategorized, tree: tree, signedIn: signedIn, back: "/budgets", empty: "Everything this month has a category."))
                </section>
                """)
    }
}

/// Rows of transactions with the category dropdown that saves on change (Budgets, and later Transactions).
enum TransactionRows {
    static func table(
        _ rows: [TransactionService.Listed], tree: CategoryTree, signedIn: SignedIn, back: String, empty: String
    ) -> HTML {
        guard !rows.isEmpty else { return "<p class=\"muted\">\(empty)</p>" }
        let body = rows.map { listed -> HTML in
            let t = listed.transaction
            let choices = Layout.categoryOptions(tree, selected: t.categoryID?.description)
            return """
                <tr id="tx-\(t.id.description)" data-transaction="\(t.id.description)"><td data-label="Transaction"><strong>\(listed.name)</strong><br><span class="muted small">\(t.date.description) · \(listed.account.displayName) · \(listed.reason)</span></td>
                <td data-label="Amount" class="num amount \(t.amount.minorUnits < 0 ? "out" : "in")">\(t.amount.formatted())</td>
                <td data-label="Category"><form method="post" action="/transactions/\(t.id.description)/category" class="row" data-submit-on-change data-inplace>\(Layout.csrfField(signedIn.csrfToken))
                <input type="hidden" name="back" value="\(back)#tx-\(t.id.description)">
                <select name="category" aria-label="Category of \(listed.name)"><option value="">Uncategorized</option>\(choices)</select>
                <button type="submit" class="secondary js-hidden">Save</button></form><span class="save-state small" aria-live="polite"></span>
                <p class="small row-links"><a href="/rules/new?from=\(t.id.description)">Add Rule</a> · <a href="/transactions/\(t.id.description)#mark-transfer">Mark Transfer</a></p></td></tr>
                """
        }
        return "<div class=\"table-wrap\"><table class=\"responsive\"><tbody>\(body)</tbody></table></div>"
    }
}
