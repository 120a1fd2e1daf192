import Foundation
import Hummingbird
import VaultCore
import VaultServices

/// Auto-categorization rules (`budget-client.md` Categories; `ghostvault.md` 7.7): the table sorted by name
/// with a search box, New Rule and Edit on a page of their own with a preview of what would change before
/// anything is saved, delete, and switching built-in rules on and off.
struct RulesPages {
    let environment: WebEnvironment

    func addRoutes(to router: some RouterMethods<PageContext>) {
        router.get("/rules") { request, context in try await list(request, context) }
        router.get("/rules/new") { request, context in try await new(request, context) }
        router.post("/rules") { request, context in try await submit(request, context, id: nil) }
        router.get("/rules/:id/edit") { request, context in try await editPage(request, context) }
        router.post("/rules/:id") { request, context in try await submit(request, context, id: try Self.id(context)) }
        router.post("/rules/:id/delete") { request, context in
            _ = try await context.form(request)
            let signedIn = context.signedIn
            let rules = RuleService(scope: environment.household(of: signedIn.user))
            let rule = try await rules.find(try Self.id(context))
            try await rules.delete(rule.id.description)
            return Response.seeOther("/rules", flash: Flash(.notice, "Deleted \(rule.name)."))
        }
        router.post("/rules/restore-built-ins") { request, context in
            _ = try await context.form(request)
            let restored = try await RuleService(scope: environment.household(of: context.signedIn.user))
                .restoreBuiltIns()
            let names = restored.map(\.name).joined(separator: ", ")
            return Response.seeOther(
                "/rules",
                flash: Flash(
                    .notice,
                    restored.isEmpty
                        ? "Nothing to restore." : "Restored \(names). Apply rules to file past transactions again."))
        }
        router.post("/rules/:id/active") { request, context in
            let form = try await context.form(request)
            let signedIn = context.signedIn
            let rules = RuleService(scope: environment.household(of: signedIn.user))
            let rule = try await rules.setActive(try Self.id(context), form["active"] == "on")
            return Response.seeOther(
                "/rules", flash: Flash(.notice, "\(rule.name) is \(rule.isActive ? "on" : "off")."))
        }
    }

    func list(_ request: Request, _ context: PageContext) async throws -> Response {
        let signedIn = context.signedIn
        let scope = environment.household(of: signedIn.user)
        let search = request.queryForm["search"]
        let rules = try await RuleService(scope: scope).list(search: search)
        return .html(
            RulesPage.list(
                rules, search: search, tree: try await scope.categories.tree(), signedIn: signedIn,
                deleted: try await RuleService(scope: scope).deletedBuiltIns()))
    }

    /// New Rule, blank or made from a transaction (its payee, description and category).
    func new(_ request: Request, _ context: PageContext) async throws -> Response {
        let signedIn = context.signedIn
        let scope = environment.household(of: signedIn.user)
        var draft = RuleDraft()
        if let id = request.queryForm["from"] {
            let listed = try await scope.transactions.find(id)
            let text = listed.transaction.payee ?? listed.transaction.description
            draft.name = text
            draft.category = listed.transaction.categoryID?.description
            draft.filters = [.init(field: "description", op: "contains", value: text)]
        }
        return .html(
            RulesPage.editor(
                draft, id: nil, tree: try await scope.categories.tree(), signedIn: signedIn, problems: [], preview: nil)
        )
    }

    func editPage(_ request: Request, _ context: PageContext) async throws -> Response {
        let signedIn = context.signedIn
        let scope = environment.household(of: signedIn.user)
        let rule = try await RuleService(scope: scope).find(try Self.id(context))
        return .html(
            RulesPage.editor(
                RuleDraft(rule), id: rule.id.description, tree: try await scope.categories.tree(), signedIn: signedIn,
                problems: [], preview: nil))
    }

    /// One submit button of the editor: add a filter row, preview, or save (and optionally apply).
    func submit(_ request: Request, _ context: PageContext, id: String?) async throws -> Response {
        let form = try await context.form(request)
        let signedIn = context.signedIn
        let scope = environment.household(of: signedIn.user)
        let rules = RuleService(scope: scope)
        if let id { _ = try await rules.find(id) }
        var draft = RuleDraft(form)
        let tree = try await scope.categories.tree()
        func again(_ problems: [String], preview: [RuleService.PreviewItem]? = nil) -> Response {
            .html(
                RulesPage.editor(draft, id: id, tree: tree, signedIn: signedIn, problems: problems, preview: preview),
                status: problems.isEmpty ? .ok : .unprocessableContent)
        }
        if form["action"] == "add-filter" {
            draft.filters.append(.init(field: "description", op: "contains", value: ""))
            return again([])
        }
        let (input, problems) = draft.input()
        guard let input, problems.isEmpty else { return again(problems) }
        do {
            if form["action"] == "preview" {
                return again([], preview: try await rules.preview(adding: input))
            }
            let rule: Rule
            if let id { rule = try await rules.edit(id, input) } else { rule = try await rules.add(input) }
            var message = "Saved \(rule.name)."
            if form.isOn("apply") {
                let result = try await rules.apply()
                message += " \(result.changes.count) transaction(s) changed."
            }
            return .seeOther("/rules", flash: Flash(.notice, message))
        } catch let error as VaultError where error.code == .invalidInput || error.code == .conflict {
            return again(error.problems.isEmpty ? [error.message] : error.problems.map(\.message))
        }
    }

    static func id(_ context: PageContext) throws -> String {
        guard let id = context.parameters.get("id"), UUID(uuidString: id) != nil else {
            throw VaultError(.notFound, "There is no such rule.")
        }
        return id
    }
}

/// The rule editor's fields as typed.
struct RuleDraft: Sendable {
    struct Filter: Sendable {
        var field: String
        var op: String
        var value: String
        var second = ""
    }

    var name = ""
    var category: String?
    var join = "all"
    var priority = "0"
    var active = true
    /// "Apply to matching transactions now", kept as the person set it through Add Filter and Preview.
    var apply = false
    var filters: [Filter] = [.init(field: "description", op: "contains", value: "")]

    init() {}

    init(_ form: Form) {
        name = form.raw("name")
        category = form["category"]
        join = form["join"] ?? "all"
        priority = form["priority"] ?? "0"
        active = form["status"] != "inactive"
        apply = form.isOn("apply")
        let fields = form.all("field")
        let ops = form.all("op")
        let values = form.all("value")
        let seconds = form.all("value2")
        filters = fields.indices.map { index in
            Filter(
                field: fields[index], op: index < ops.count ? ops[index] : "contains",
                value: index < values.count ? values[index] : "", second: index < seconds.count ? seconds[index] : "")
        }
        if filters.isEmpty { filters = [.init(field: "description", op: "contains", value: "")] }
    }

    init(_ rule: Rule) {
        name = rule.name
        category = rule.categoryID?.description
        join = rule.join.rawValue
        priority = String(rule.priority)
        active = rule.isActive
        filters = rule.conditions.map {
            Filter(field: $0.field.rawValue, op: $0.op.rawValue, value: $0.value, second: $0.secondValue ?? "")
        }
    }

    /// The service's input, or every problem with the form (blank filter rows are skipped).
    func input() -> (RuleService.Input?, [String]) {
        var problems: [String] = []
        guard let priority = Int(priority.trimmingCharacters(in: .whitespaces)) else {
            return (nil, ["The priority '\(priority)' is not a whole number."])
        }
        var conditions: [RuleCondition] = []
        for (index, filter) in filters.enumerated() {
            let value = filter.value.trimmingCharacters(in: .whitespaces)
            if value.isEmpty, filters.count > 1 { continue }
            guard let field = RuleCondition.Field(rawValue: filter.field),
                let op = RuleCondition.Operator(rawValue: filter.op)
            else {
                problems.append("Filter \(index + 1) has an unknown field or operator.")
                continue
            }
            let second = filter.second.trimmingCharacters(in: .whitespaces)
            conditions.append(RuleCondition(field, op, value, second.isEmpty ? nil : second))
        }
        guard problems.isEmpty else { return (nil, problems) }
        return (
            RuleService.Input(
                name: name, category: category, join: join, priority: priority, isActive: active,
                conditions: conditions), []
        )
    }
}

enum RulesPage {
    static let operators: [(String, String)] = [
        ("contains", "contains"), ("starts-with", "starts with"), ("ends-with", "ends with"),
        ("equals", "matches exactly"), ("contains-word", "contains the word"), ("regex", "matches the pattern"),
        ("greater-than", "is more than"), ("less-than", "is less than"), ("between", "is between"),
    ]

    /// Delete, after saying what goes; a built-in rule's says it can be switched off instead and restored later.
    static func deleteButton(_ rule: Rule, signedIn: SignedIn) -> HTML {
        let what: HTML =
            rule.origin == .user
            ? "This deletes the rule <strong>\(rule.name)</strong>. Transactions it already filed keep their category."
            : """
            This deletes the built-in rule <strong>\(rule.name)</strong>. Transactions it already filed keep their category. \
            To stop it for now, untick Active instead; a deleted built-in rule can be restored from Settings › Transaction rules.
            """
        return Layout.confirmed(
            "Delete", what: what, confirm: "Delete \(rule.name)", action: "/rules/\(rule.id.description)/delete",
            csrfToken: signedIn.csrfToken)
    }

    /// Built-in rules a person deleted, with the button that puts them back.
    static func restoreSection(_ deleted: [String], signedIn: SignedIn) -> HTML {
        guard !deleted.isEmpty else { return .empty }
        return """
            <section class="card" id="restore-built-ins" aria-labelledby="restore-title"><h2 id="restore-title">Deleted built-in rules</h2>
            <p class="small muted">\(deleted.joined(separator: ", "))</p>
            <form method="post" action="/rules/restore-built-ins">\(Layout.csrfField(signedIn.csrfToken))<button type="submit" class="secondary">Restore \(deleted.count == 1 ? "it" : "all \(deleted.count)")</button></form></section>
            """
    }

    static func list(
        _ rules: [Rule], search: String?, tree: CategoryTree, signedIn: SignedIn, deleted: [String] = []
    ) -> HTML {
        let csrf = Layout.csrfField(signedIn.csrfToken)
        let rows = rules.map { rule -> HTML in
            let id = rule.id.description
            let filters = rule.conditions.map(\.summary).joined(separator: rule.join == .all ? " and " : " or ")
            return """
                <tr><td data-label="">\(rule.name)\(rule.origin == .user ? .empty : " <span class=\"badge\">Auto-generated</span>" as HTML)<br>
                <span class="muted small">→ \(rule.categoryID.flatMap { tree[$0]?.name } ?? rule.classification?.rawValue ?? "")\(rule.priority == 0 ? "" : " · priority \(rule.priority)")</span></td>
                <td data-label="Filters" class="small">\(filters)</td>
                <td data-label="Status"><form method="post" action="/rules/\(id)/active" data-submit-on-change>\(csrf)<label><input type="checkbox" name="active"\(rule.isActive ? " checked" : "")> Active</label> <button type="submit" class="secondary js-hidden">Save</button></form>\(rule.inactiveReason.map { "<p class=\"small muted\">Switched off: \($0)</p>" as HTML } ?? .empty)</td>
                <td data-label=""><div class="row"><a class="button secondary" href="/rules/\(id)/edit">Edit</a>
                \(deleteButton(rule, signedIn: signedIn))</div></td></tr>
                """
        }
        return Layout.page(
            title: "Rules", signedIn: signedIn, current: "/categories",
            body: """
                <p><a href="/categories">← Categories</a></p>
                <h1>Auto-Categorization Rules</h1>
                <p><a class="button" href="/rules/new">New Rule</a></p>
                <section class="card">
                <form method="get" action="/rules" class="row"><label for="search">Search rules</label><input id="search" name="search" type="text" value="\(search ?? "")"><button type="submit" class="secondary">Search</button></form>
                \(rows.isEmpty ? "<p class=\"muted\">No rules match.</p>" : "<div class=\"table-wrap\"><table class=\"responsive\" id=\"rules\"><thead><tr><th>Rule Name</th><th>Filters</th><th>Status</th><th></th></tr></thead><tbody>\(rows)</tbody></table></div>" as HTML)
                </section>
                \(restoreSection(deleted, signedIn: signedIn))
                """)
    }

    static func editor(
        _ draft: RuleDraft, id: String?, tree: CategoryTree, signedIn: SignedIn, problems: [String],
        preview: [RuleService.PreviewItem]?
    ) -> HTML {
        let categories = Layout.categoryOptions(tree, selected: draft.category)
        let filterRows = draft.filters.map { filter -> HTML in
            let fields = [
                ("description", "Description"), ("payee", "Payee"), ("amount", "Amount"), ("account", "Account"),
            ]
            .map { value, title -> HTML in
                "<option value=\"\(value)\"\(filter.field == value ? " selected" : "")>\(title)</option>"
            }
            let ops = operators.map { value, title -> HTML in
                "<option value=\"\(value)\"\(filter.op == value ? " selected" : "")>\(title)</option>"
            }
            return """
                <div class="row filter-row"><select name="field" aria-label="Field">\(fields)</select><select name="op" aria-label="Operator">\(ops)</select>
                <input name="value" type="text" value="\(filter.value)" aria-label="Value" placeholder="Value">
                <input name="value2" class="second-value" type="text" value="\(filter.second)" aria-label="Second value (between)" placeholder="and" size="6"></div>
                """
        }
        let previewHTML: HTML =
            preview.map { items -> HTML in
                let rows = items.prefix(50).map { item -> HTML in
                    let t = item.transaction
                    return """
                        <tr><td>\(t.date.description)</td><td>\(t.description)</td><td class="num amount">\(t.amount.formatted())</td>
                        <td class="small">\(item.categoryBefore.flatMap { tree[$0]?.name } ?? "Uncategorized") → \(item.categoryAfter.flatMap { tree[$0]?.name } ?? "Uncategorized")</td></tr>
                        """
                }
                return """
                    <section class="card" id="rule-preview"><h2>Preview: \(items.count) transaction(s) would change</h2>
                    \(items.isEmpty ? "<p class=\"muted\">Nothing would change.</p>" : "<div class=\"table-wrap\"><table><tbody>\(rows)</tbody></table></div>" as HTML)</section>
                    """
            } ?? .empty
        let action = id.map { "/rules/\($0)" } ?? "/rules"
        return Layout.page(
            title: id == nil ? "New Rule" : "Edit Rule", signedIn: signedIn, current: "/categories",
            body: """
                <p><a href="/rules">← Rules</a></p>
                <h1>\(id == nil ? "New Rule" : "Edit \(draft.name)")</h1>
                \(Layout.problems(problems))
                <form method="post" action="\(action)" class="stack card" id="rule-form">\(Layout.csrfField(signedIn.csrfToken))
                <label for="name">Rule Name</label><input id="name" name="name" type="text" required value="\(draft.name)">
                <label for="category">Assign Category</label><select id="category" name="category"><option value="">Select Category</option>\(categories)</select>
                <label for="join">Filter Join</label><select id="join" name="join">
                <option value="all"\(draft.join == "all" ? " selected" : "")>All filters must match (AND)</option>
                <option value="any"\(draft.join == "any" ? " selected" : "")>Any filter can match (OR)</option></select>
                <label for="priority">Priority</label><input id="priority" name="priority" type="text" inputmode="numeric" value="\(draft.priority)">
                <label for="status">Status</label><select id="status" name="status"><option value="active"\(draft.active ? " selected" : "")>Active</option><option value="inactive"\(draft.active ? "" : " selected")>Inactive</option></select>
                <fieldset><legend>Field filters</legend>\(filterRows)
                <button type="submit" name="action" value="add-filter" class="secondary">Add Filter</button></fieldset>
                <label class="small"><input type="checkbox" name="apply" value="on"\(draft.apply ? " checked" : "")> Apply to matching transactions now</label>
                <p class="row"><button type="submit" name="action" value="preview" class="secondary">Preview</button>
                <button type="submit" name="action" value="save">\(id == nil ? "Create Rule" : "Save")</button>
                <a class="button secondary" href="/rules">Discard</a></p>
                </form>
                \(previewHTML)
                """)
    }
}
