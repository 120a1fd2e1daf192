import Foundation
import Hummingbird
import VaultCore
import VaultServices

/// Categories (`budget-client.md` Categories): create, the tree with children indented, Edit on a page of its
/// own (confirm or discard), Remove that says first what happens to children, transactions and rules.
struct CategoriesPages {
    let environment: WebEnvironment

    func addRoutes(to router: some RouterMethods<PageContext>) {
        router.get("/categories") { request, context in try await show(request, context) }
        router.post("/categories") { request, context in try await create(request, context) }
        router.get("/categories/:id/edit") { request, context in try await edit(request, context) }
        router.post("/categories/:id") { request, context in try await save(request, context) }
        router.get("/categories/:id/remove") { request, context in try await confirmRemoval(request, context) }
        router.post("/categories/:id/remove") { request, context in try await remove(request, context) }
    }

    func show(
        _ request: Request, _ context: PageContext, problems: [String] = [], typed: CategoryFields = .init()
    ) async throws -> Response {
        let signedIn = context.signedIn
        let tree = try await environment.household(of: signedIn.user).categories.tree()
        return .html(
            CategoriesPage.render(tree: tree, signedIn: signedIn, problems: problems, typed: typed),
            status: problems.isEmpty ? .ok : .unprocessableContent)
    }

    func create(_ request: Request, _ context: PageContext) async throws -> Response {
        let form = try await context.form(request)
        let signedIn = context.signedIn
        let fields = CategoryFields(form)
        do {
            let category = try await environment.household(of: signedIn.user).categories.add(
                .init(
                    name: fields.name, kind: fields.kind, parent: fields.parent, emoji: fields.emoji,
                    color: fields.color))
            return .seeOther("/categories", flash: Flash(.notice, "Created \(category.name)."))
        } catch let error as VaultError where error.code == .invalidInput || error.code == .conflict {
            return try await show(request, context, problems: Self.messages(error), typed: fields)
        }
    }

    func edit(
        _ request: Request, _ context: PageContext, problems: [String] = [], typed: CategoryFields? = nil
    ) async throws -> Response {
        let signedIn = context.signedIn
        let categories = environment.household(of: signedIn.user).categories
        let category = try await categories.find(try Self.id(context))
        let tree = try await categories.tree()
        return .html(
            CategoriesPage.edit(
                category, fields: typed ?? CategoryFields(category), tree: tree, signedIn: signedIn, problems: problems),
            status: problems.isEmpty ? .ok : .unprocessableContent)
    }

    func save(_ request: Request, _ context: PageContext) async throws -> Response {
        let form = try await context.form(request)
        let signedIn = context.signedIn
        let id = try Self.id(context)
        let fields = CategoryFields(form)
        do {
            let (category, _) = try await environment.household(of: signedIn.user).categories.edit(
                id,
                .init(
                    name: fields.name, kind: fields.kind, parent: fields.parent ?? "", emoji: fields.emoji ?? "",
                    color: fields.color ?? ""))
            return .seeOther("/categories", flash: Flash(.notice, "Saved \(category.name)."))
        } catch let error as VaultError where error.code == .invalidInput || error.code == .conflict {
            return try await edit(request, context, problems: Self.messages(error), typed: fields)
        }
    }

    func confirmRemoval(_ request: Request, _ context: PageContext) async throws -> Response {
        let signedIn = context.signedIn
        let categories = environment.household(of: signedIn.user).categories
        let moveTo = request.queryForm["moveTo"]
        let plan = try await categories.removalPlan(try Self.id(context), moveTransactionsTo: moveTo)
        return .html(
            CategoriesPage.removal(plan, moveTo: moveTo, tree: try await categories.tree(), signedIn: signedIn))
    }

    func remove(_ request: Request, _ context: PageContext) async throws -> Response {
        let form = try await context.form(request)
        let signedIn = context.signedIn
        let plan = try await environment.household(of: signedIn.user).categories.remove(
            try Self.id(context), moveTransactionsTo: form["moveTo"], confirmed: form["confirm"] == "yes")
        return .seeOther("/categories", flash: Flash(.notice, "Removed \(plan.category.name)."))
    }

    static func id(_ context: PageContext) throws -> String {
        guard let id = context.parameters.get("id"), UUID(uuidString: id) != nil else {
            throw VaultError(.notFound, "There is no such category.")
        }
        return id
    }

    static func messages(_ error: VaultError) -> [String] {
        error.problems.isEmpty ? [error.message] : error.problems.map(\.message)
    }
}

/// The category form's fields, as typed (so a refused form comes back as the person left it).
struct CategoryFields: Sendable {
    var name = ""
    var kind: String? = "expense"
    var parent: String?
    var emoji: String?
    var color: String?

    init() {}

    init(_ form: Form) {
        name = form.raw("name")
        kind = form["kind"]
        parent = form["parent"]
        emoji = form["emoji"]
        color = form["color"]
    }

    init(_ category: Category) {
        name = category.name
        kind = category.kind.rawValue
        parent = category.parentID?.description
        emoji = category.emoji
        color = category.color
    }
}

enum CategoriesPage {
    static func fields(_ fields: CategoryFields, tree: CategoryTree, excluding: Category.ID? = nil) -> HTML {
        let kinds = CategoryKind.allCases.map { kind -> HTML in
            "<option value=\"\(kind.rawValue)\"\(fields.kind == kind.rawValue ? " selected" : "")>\(kind.displayName)</option>"
        }
        let excluded = Set(excluding.map { [$0] + tree.descendants(of: $0).map(\.id) } ?? [])
        let parents = Layout.categoryOptions(tree, selected: fields.parent, excluding: excluded)
        return """
            <label for="name">Name</label><input id="name" name="name" type="text" required maxlength="100" value="\(fields.name)">
            <label for="kind">Type</label><select id="kind" name="kind">\(kinds)</select>
            <label for="parent">Parent</label><select id="parent" name="parent"><option value="">No Parent</option>\(parents)</select>
            <div class="row"><div><label for="emoji">Emoji</label><input id="emoji" name="emoji" type="text" maxlength="8" value="\(fields.emoji ?? "")" size="4"></div>
            <div><label for="color">Colour</label><input id="color" name="color" type="text" value="\(fields.color ?? "")" placeholder="#3498DB" size="8"></div></div>
            """
    }

    /// A dot in the category's colour (an SVG fill, which the page's content security policy allows where an
    /// inline style would not be).
    static func swatch(_ color: String?) -> HTML {
        guard let color, CategoryKey.isValidColor(color) else { return .empty }
        return
            "<svg class=\"swatch\" viewBox=\"0 0 10 10\" aria-hidden=\"true\"><circle cx=\"5\" cy=\"5\" r=\"5\" fill=\"\(color)\"/></svg> "
    }

    static func render(tree: CategoryTree, signedIn: SignedIn, problems: [String], typed: CategoryFields) -> HTML {
        let rows = tree.flattened().map { category, depth -> HTML in
            let id = category.id.description
            return """
                <tr><td data-label="">\(String(repeating: "\u{00A0}\u{00A0}\u{00A0}", count: depth))\(swatch(category.color))\(category.emoji.map { $0 + " " } ?? "")\(category.name)</td>
                <td data-label="Type">\(category.kind.displayName)</td>
                <td data-label=""><a class="button secondary" href="/categories/\(id)/edit">Edit</a> <a class="button secondary" href="/categories/\(id)/remove">Remove</a></td></tr>
                """
        }
        return Layout.page(
            title: "Categories", signedIn: signedIn, current: "/categories",
            body: """
                <h1>Categories</h1>
                <p><a href="/rules">Auto-categorization rules →</a></p>
                <section class="card" aria-labelledby="create-title"><h2 id="create-title">Create Category</h2>
                \(Layout.problems(problems))
                <form method="post" action="/categories" class="stack">\(Layout.csrfField(signedIn.csrfToken))
                \(fields(typed, tree: tree))
                <p><button type="submit">Create Category</button></p></form></section>
                <section class="card" aria-labelledby="tree-title"><h2 id="tree-title">Category Tree</h2>
                <div class="table-wrap"><table class="responsive" id="category-tree"><thead><tr><th>Name</th><th>Type</th><th></th></tr></thead>
                <tbody>\(rows)</tbody></table></div></section>
                """)
    }

    static func edit(
        _ category: Category, fields: CategoryFields, tree: CategoryTree, signedIn: SignedIn, problems: [String]
    ) -> HTML {
        Layout.page(
            title: "Edit \(category.name)", signedIn: signedIn, current: "/categories",
            body: """
                <p><a href="/categories">← Categories</a></p>
                <h1>Edit \(category.name)</h1>
                \(Layout.problems(problems))
                <form method="post" action="/categories/\(category.id.description)" class="stack card">\(Layout.csrfField(signedIn.csrfToken))
                \(Self.fields(fields, tree: tree, excluding: category.id))
                <p class="row"><button type="submit">Save</button> <a class="button secondary" href="/categories">Discard</a></p></form>
                """)
    }

    static func removal(
        _ plan: CategoryService.RemovalPlan, moveTo: String?, tree: CategoryTree, signedIn: SignedIn
    ) -> HTML {
        let id = plan.category.id.description
        let lines = plan.description.split(separator: "\n").dropFirst().map { line -> HTML in
            "<li>\(String(line.dropFirst(2)))</li>"
        }
        let targets = Layout.categoryOptions(tree, selected: moveTo, excluding: [plan.category.id])
        return Layout.page(
            title: "Remove \(plan.category.name)", signedIn: signedIn, current: "/categories",
            body: """
                <p><a href="/categories">← Categories</a></p>
                <h1>Remove \(plan.category.name)?</h1>
                <section class="card"><p>Removing it will:</p><ul id="removal-plan">\(lines)</ul>
                <form method="get" action="/categories/\(id)/remove" class="row"><label for="move-to">Move its transactions to</label>
                <select id="move-to" name="moveTo"><option value="">Nowhere (uncategorised)</option>\(targets)</select>
                <button type="submit" class="secondary">Update</button></form>
                <form method="post" action="/categories/\(id)/remove" class="row">\(Layout.csrfField(signedIn.csrfToken))
                <input type="hidden" name="confirm" value="yes">\(moveTo.map { "<input type=\"hidden\" name=\"moveTo\" value=\"\($0)\">" as HTML } ?? .empty)
                <button type="submit" class="danger">Remove</button> <a class="button secondary" href="/categories">Cancel</a></form></section>
                """)
    }
}
