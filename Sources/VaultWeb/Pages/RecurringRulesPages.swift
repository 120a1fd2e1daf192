import Foundation
import Hummingbird
import VaultCore
import VaultServices

/// Settings › Recurring Rules (spec `expense-tracker.md` 2.6.3, 2.6.4 and 4.3, issue 18): the rules with their
/// summaries, Generate Next Year, each rule's detail with every field editable, and Delete with the choice of
/// keeping its transactions (the default) or deleting those from today on. Rules are made from the Add page.
struct RecurringRulesPages {
    let environment: WebEnvironment

    func addRoutes(to router: some RouterMethods<PageContext>) {
        router.get("/settings/recurring-rules") { request, context in try await list(request, context) }
        router.post("/settings/recurring-rules/generate") { request, context in try await generate(request, context) }
        router.get("/settings/recurring-rules/:id") { request, context in try await detail(request, context) }
        router.post("/settings/recurring-rules/:id") { request, context in try await save(request, context) }
        router.post("/settings/recurring-rules/:id/delete") { request, context in try await delete(request, context) }
        router.post("/transactions/:id/recurrence") { request, context in try await makeRecurring(request, context) }
    }

    func list(_ request: Request, _ context: PageContext) async throws -> Response {
        let scope = environment.household(of: context.signedIn.user)
        let rules = try await scope.recurringRules.list()
        let next = try await scope.details().today(at: environment.clock()).year + 1
        return .html(
            Layout.page(
                title: "Recurring rules", signedIn: context.signedIn, current: "/settings",
                body: RecurringRulesPage.list(rules, nextYear: next, signedIn: context.signedIn)))
    }

    func generate(_ request: Request, _ context: PageContext) async throws -> Response {
        _ = try await context.form(request)
        let results = try await environment.household(of: context.signedIn.user).recurringRules.generateNextYear()
        let made = results.filter { !$0.years.isEmpty }
        let count = made.map(\.count).reduce(0, +)
        let message =
            results.isEmpty
            ? "There are no enabled rules to generate."
            : made.isEmpty
                ? "Nothing to do: every enabled rule already has next year's entries."
                : "Added \(count) entr\(count == 1 ? "y" : "ies") for \(made.count) rule\(made.count == 1 ? "" : "s") "
                    + "(\(Set(made.flatMap(\.years)).sorted().map(String.init).joined(separator: ", ")))."
        return .seeOther("/settings/recurring-rules", flash: Flash(.notice, message))
    }

    func detail(_ request: Request, _ context: PageContext) async throws -> Response {
        let scope = environment.household(of: context.signedIn.user)
        let listed = try await scope.recurringRules.find(try Self.id(context))
        return .html(try await page(listed, problems: [], form: nil, context: context))
    }

    func save(_ request: Request, _ context: PageContext) async throws -> Response {
        let form = try await context.form(request)
        let scope = environment.household(of: context.signedIn.user)
        let id = try Self.id(context)
        let listed = try await scope.recurringRules.find(id)
        var problems: [Problem] = []
        let income = form["type"] == "income"
        var amount: String?
        switch AddTransactionPages.signedAmount(form["amount"] ?? "", income: income) {
        case .success(let signed): amount = signed
        case .failure(let problem): problems.append(problem)
        }
        if problems.isEmpty {
            do {
                let edited = try await scope.recurringRules.edit(
                    id,
                    .init(
                        amount: amount, category: form["category"] ?? "", description: form["description"] ?? "",
                        payee: form["payee"] ?? "", tags: form["tags"] ?? "", notes: form.raw("notes"),
                        cadence: form["cadence"], interval: form["interval"], start: form["start"],
                        end: form["end"] ?? "", isEnabled: form.isOn("enabled")))
                let message =
                    edited.changed.isEmpty
                    ? "Nothing changed."
                    : "Saved. \(edited.removed) upcoming entr\(edited.removed == 1 ? "y was" : "ies were") replaced "
                        + "by \(edited.generated); past and edited entries stay as they are."
                return .seeOther("/settings/recurring-rules/\(id)", flash: Flash(.notice, message))
            } catch let error as VaultError where error.code == .invalidInput {
                problems = error.problems
            }
        }
        return .html(
            try await page(listed, problems: problems, form: form, context: context), status: .unprocessableContent)
    }

    func delete(_ request: Request, _ context: PageContext) async throws -> Response {
        let form = try await context.form(request)
        let (rule, deleted) = try await environment.household(of: context.signedIn.user).recurringRules.delete(
            try Self.id(context), futureTransactions: form["keep"] == "future")
        let message =
            form["keep"] == "future"
            ? "Deleted the rule \(rule.description) and its \(deleted) entr\(deleted == 1 ? "y" : "ies") from today on."
            : "Deleted the rule \(rule.description); its entries stay."
        return .seeOther("/settings/recurring-rules", flash: Flash(.notice, message))
    }

    /// Make Recurring on a transaction's page.
    func makeRecurring(_ request: Request, _ context: PageContext) async throws -> Response {
        let form = try await context.form(request)
        let id = try TransactionsPages.id(context)
        do {
            let (rule, generated) = try await environment.household(of: context.signedIn.user).recurringRules.make(
                from: id,
                .init(
                    cadence: form["cadence"] ?? "", interval: form["interval"], start: form["start"], end: form["end"]))
            return .seeOther(
                "/settings/recurring-rules/\(rule.id)",
                flash: Flash(.notice, "It repeats \(rule.cadenceText) now; \(generated) more entries added this year."))
        } catch let error as VaultError where error.code == .invalidInput || error.code == .conflict {
            return .seeOther("/transactions/\(id)#recurrence", flash: Flash(.error, error.description))
        }
    }

    private func page(
        _ listed: RecurringRuleService.Listed, problems: [Problem], form: Form?, context: PageContext
    ) async throws -> HTML {
        let scope = environment.household(of: context.signedIn.user)
        return Layout.page(
            title: listed.rule.description, signedIn: context.signedIn, current: "/settings",
            body: RecurringRulesPage.detail(
                listed, tree: try await scope.categories.tree(), problems: problems, form: form,
                signedIn: context.signedIn))
    }

    static func id(_ context: PageContext) throws -> String {
        guard let id = context.parameters.get("id"), UUID(uuidString: id) != nil else {
            throw VaultError(.notFound, "There is no such recurring rule.")
        }
        return id
    }
}

enum RecurringRulesPage {
    static func list(_ rules: [RecurringRuleService.Listed], nextYear: Int, signedIn: SignedIn) -> HTML {
        let rows = rules.map { listed -> HTML in
            let rule = listed.rule
            let state: HTML = rule.isEnabled ? .empty : " <span class=\"badge\">Off</span>"
            return """
                <li><a href="/settings/recurring-rules/\(rule.id.description)"><strong>\(listed.summary)</strong>\(state)</a>
                <span class="muted small">\(listed.account?.displayName ?? "") · from \(rule.start.description)\(rule.end.map { " to \($0)" } ?? "") · \(listed.instanceCount) entr\(listed.instanceCount == 1 ? "y" : "ies") · through \(String(rule.generatedThroughYear))</span></li>
                """
        }
        let empty: HTML = """
            <p class="muted">No recurring rules yet. Turn on Recurrence when you add an entry (rent, a subscription, \
            a salary) and it repeats on its own.</p>
            """
        return """
            <h1>Recurring rules</h1>
            <p class="muted small">Scheduled entries you make. Patterns found in your bank's history are under <a href="/recurring">Recurring</a>.</p>
            <section class="card">
            \(rules.isEmpty ? empty : "<ul class=\"rule-list\">\(rows)</ul>" as HTML)
            <p><a class="button secondary" href="/transactions/new?recurring=1">Add rule</a></p>
            </section>
            <section class="card"><h2>Generate Next Year</h2>
            <p class="small">Adds \(String(nextYear))'s entries for every enabled rule that does not have them yet. Running it again adds nothing.</p>
            <form method="post" action="/settings/recurring-rules/generate">\(Layout.csrfField(signedIn.csrfToken))
            <button type="submit">Generate \(String(nextYear))</button></form></section>
            """
    }

    static func detail(
        _ listed: RecurringRuleService.Listed, tree: CategoryTree, problems: [Problem], form: Form?, signedIn: SignedIn
    ) -> HTML {
        let rule = listed.rule
        let id = rule.id.description
        let csrf = Layout.csrfField(signedIn.csrfToken)
        func value(_ name: String, _ stored: String?) -> String { form.map { $0.raw(name) } ?? stored ?? "" }
        let income = form.map { $0["type"] == "income" } ?? (rule.amount.minorUnits > 0)
        let type = [("expense", "Expense", !income), ("income", "Income", income)].map { key, label, on -> HTML in
            "<label><input type=\"radio\" name=\"type\" value=\"\(key)\"\(on ? " checked" : "")><span>\(label)</span></label>"
        }
        let magnitude = rule.amount.decimalString.trimmingCharacters(in: CharacterSet(charactersIn: "-"))
        let chosenCategory = form?["category"] ?? rule.categoryID?.description
        let cadence = form?["cadence"] ?? rule.cadence.rawValue
        let cadences = Cadence.allCases.map { item -> HTML in
            "<option value=\"\(item.rawValue)\"\(cadence == item.rawValue ? " selected" : "")>\(item.rawValue.capitalized)</option>"
        }
        let enabled = form.map { $0.isOn("enabled") } ?? rule.isEnabled
        return """
            <p><a href="/settings/recurring-rules">← Recurring rules</a></p>
            <h1>\(listed.summary)</h1>
            \(Layout.problems(problems.map(\.message)))
            <section class="card">
            <form method="post" action="/settings/recurring-rules/\(id)" class="stack">\(csrf)
            <fieldset class="segmented"><legend class="visually-hidden">Type</legend>\(type)</fieldset>
            <label for="rule-amount">Amount (\(rule.amount.currency.displayCode))</label>
            <input type="text" id="rule-amount" name="amount" inputmode="decimal" autocomplete="off" value="\(value("amount", magnitude))">
            <label for="rule-category">Category</label>
            <select id="rule-category" name="category"><option value="">Uncategorized</option>\(Layout.categoryOptions(tree, selected: chosenCategory))</select>
            <label for="rule-description">Description</label>
            <input type="text" id="rule-description" name="description" value="\(value("description", rule.description))">
            <label for="rule-payee">Payee</label><input type="text" id="rule-payee" name="payee" value="\(value("payee", rule.payee))">
            <label for="rule-tags">Tags</label>
            <input type="text" id="rule-tags" name="tags" placeholder="Separate tags with commas" value="\(value("tags", rule.tags.joined(separator: ", ")))">
            <label for="rule-notes">Note</label><textarea id="rule-notes" name="notes" rows="2">\(value("notes", rule.notes))</textarea>
            <div class="row">
            <div><label for="rule-cadence">Repeats</label><select id="rule-cadence" name="cadence">\(cadences)</select></div>
            <div><label for="rule-interval">Every</label><input type="number" id="rule-interval" name="interval" min="1" max="\(RecurringRule.maximumInterval)" value="\(value("interval", String(rule.interval)))"></div>
            </div>
            <div class="row">
            <div><label for="rule-start">Starts</label><input type="date" id="rule-start" name="start" value="\(value("start", rule.start.description))"></div>
            <div><label for="rule-end">Ends (optional)</label><input type="date" id="rule-end" name="end" value="\(value("end", rule.end?.description))"></div>
            </div>
            <label class="small"><input type="checkbox" name="enabled" value="on"\(enabled ? " checked" : "")> Enabled</label>
            <p class="muted small">Saving replaces this rule's upcoming entries (today on) that nobody changed; past entries and ones you edited stay.</p>
            <p><button type="submit">Save changes</button></p>
            </form>
            <p class="small"><a href="/transactions?rule=\(id)&amp;transfers=1">See its \(listed.instanceCount) entr\(listed.instanceCount == 1 ? "y" : "ies")</a> · generated through \(String(rule.generatedThroughYear))</p>
            </section>
            <section class="card"><details id="delete-rule"><summary>Delete rule…</summary>
            <form method="post" action="/settings/recurring-rules/\(id)/delete" class="stack">\(csrf)
            <label class="choice"><input type="radio" name="keep" value="all" checked> <strong>Delete rule only</strong><br><span class="muted small">Its entries stay as ordinary transactions.</span></label>
            <label class="choice"><input type="radio" name="keep" value="future"> <strong>Delete rule and future transactions</strong><br><span class="muted small">Its entries dated today or later are deleted too, edited ones included.</span></label>
            <button type="submit" class="danger">Delete</button>
            </form></details></section>
            """
    }

    /// The Recurring section of a transaction's page (spec 3.3): its rule with Edit Rule, or Make Recurring.
    static func section(_ listed: RecurringRuleService.Listed?, transaction: Transaction, signedIn: SignedIn) -> HTML {
        if let listed {
            return """
                <section class="card" id="recurrence"><h2>Recurring</h2>
                <p>\(listed.summary)</p>
                <p><a class="button secondary" href="/settings/recurring-rules/\(listed.rule.id.description)">Edit rule</a></p>
                </section>
                """
        }
        guard transaction.source != .bank else { return .empty }
        let cadences = Cadence.allCases.map { item -> HTML in
            "<option value=\"\(item.rawValue)\"\(item == .monthly ? " selected" : "")>\(item.rawValue.capitalized)</option>"
        }
        return """
            <section class="card" id="recurrence"><details><summary>Make recurring…</summary>
            <form method="post" action="/transactions/\(transaction.id.description)/recurrence" class="stack">\(Layout.csrfField(signedIn.csrfToken))
            <div class="row">
            <div><label for="make-cadence">Repeats</label><select id="make-cadence" name="cadence">\(cadences)</select></div>
            <div><label for="make-interval">Every</label><input type="number" id="make-interval" name="interval" min="1" max="\(RecurringRule.maximumInterval)" placeholder="1"></div>
            </div>
            <div class="row">
            <div><label for="make-start">Starts</label><input type="date" id="make-start" name="start" value="\(transaction.date.description)"></div>
            <div><label for="make-end">Ends (optional)</label><input type="date" id="make-end" name="end"></div>
            </div>
            <button type="submit">Make recurring</button>
            </form></details></section>
            """
    }
}
