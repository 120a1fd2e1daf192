import Foundation
import Hummingbird
import VaultCore
import VaultServices

/// The API for the Transactions, Categories and Rules pages.
extension APIController {
    func addListRoutes(to api: some RouterMethods<APIContext>) {
        api.get("/transactions") { request, context in
            let scope = environment.household(of: context.user)
            let query = try Self.query(request.queryForm)
            return try Response.json(
                PageView(try await scope.transactions.list(query), transform: TransactionView.init))
        }
        api.get("/transactions/coverage") { request, context in
            let scope = environment.household(of: context.user)
            let coverage = try await scope.transactions.coverage()
            return try Response.json(
                CoverageView(
                    totalImported: coverage.count, oldestImported: coverage.oldest?.description,
                    newestImported: coverage.newest?.description))
        }
        api.get("/tags") { request, context in
            let scope = environment.household(of: context.user)
            return try Response.json(try await scope.transactions.tagCounts().map(TagStatView.init))
        }
        api.get("/transfers") { request, context in
            let scope = environment.household(of: context.user)
            let query = try Self.query(request.queryForm)
            return try Response.json(
                PageView(try await TransferService(scope: scope).page(query), transform: TransferPairView.init))
        }
        api.post("/transfers") { request, context in
            let scope = environment.household(of: context.user)
            let body = try await request.decode(as: MarkTransferBody.self, context: context)
            try await TransferService(scope: scope).mark(body.transaction, with: body.partner)
            return Response(status: .noContent)
        }
        api.delete("/transfers/:id") { request, context in
            let scope = environment.household(of: context.user)
            try await TransferService(scope: scope).unlink(try Self.id(context))
            return Response(status: .noContent)
        }
        api.get("/categories") { request, context in
            let scope = environment.household(of: context.user)
            let tree = try await scope.categories.tree()
            return try Response.json(tree.flattened().map { CategoryView($0.0, tree: tree, depth: $0.1) })
        }
        api.post("/categories") { request, context in
            let scope = environment.household(of: context.user)
            let body = try await request.decode(as: CategoryBody.self, context: context)
            let category = try await scope.categories.add(
                .init(name: body.name ?? "", kind: body.type, parent: body.parent, emoji: body.emoji, color: body.color)
            )
            return try Response.json(CategoryView(category, tree: try await scope.categories.tree()), status: .created)
        }
        api.patch("/categories/:id") { request, context in
            let scope = environment.household(of: context.user)
            let body = try await request.decode(as: CategoryBody.self, context: context)
            let (category, _) = try await scope.categories.edit(
                try Self.id(context),
                .init(name: body.name, kind: body.type, parent: body.parent, emoji: body.emoji, color: body.color))
            return try Response.json(CategoryView(category, tree: try await scope.categories.tree()))
        }
        api.delete("/categories/:id") { request, context in
            let scope = environment.household(of: context.user)
            let plan = try await scope.categories.remove(
                try Self.id(context), moveTransactionsTo: request.queryForm["moveTo"],
                confirmed: request.queryForm["confirm"] == "true")
            return try Response.json(["removed": plan.category.name, "consequences": plan.description])
        }
        api.get("/rules") { request, context in
            let scope = environment.household(of: context.user)
            let tree = try await scope.categories.tree()
            let rules = try await RuleService(scope: scope).list(search: request.queryForm["search"])
            return try Response.json(rules.map { RuleView($0, tree: tree) })
        }
        api.post("/rules") { request, context in
            let scope = environment.household(of: context.user)
            let body = try await request.decode(as: RuleBody.self, context: context)
            let service = RuleService(scope: scope)
            let rule = try await service.add(body.input)
            if body.apply == true { _ = try await service.apply() }
            return try Response.json(RuleView(rule, tree: try await scope.categories.tree()), status: .created)
        }
        api.put("/rules/:id") { request, context in
            let scope = environment.household(of: context.user)
            let body = try await request.decode(as: RuleBody.self, context: context)
            let service = RuleService(scope: scope)
            let rule = try await service.edit(try Self.id(context), body.input)
            if body.apply == true { _ = try await service.apply() }
            return try Response.json(RuleView(rule, tree: try await scope.categories.tree()))
        }
        api.delete("/rules/:id") { request, context in
            let scope = environment.household(of: context.user)
            try await RuleService(scope: scope).delete(try Self.id(context))
            return Response(status: .noContent)
        }
        api.post("/rules/preview") { request, context in
            let scope = environment.household(of: context.user)
            let body = try await request.decode(as: RuleBody.self, context: context)
            let items = try await RuleService(scope: scope).preview(adding: body.input)
            return try Response.json(items.map(RulePreviewView.init))
        }
        api.post("/rules/apply") { request, context in
            let scope = environment.household(of: context.user)
            return try Response.json(ClassificationResultView(try await RuleService(scope: scope).apply()))
        }
    }

    /// The Transactions page's filters as API query parameters (`page` and `size` are the list's own).
    static func query(_ form: Form) throws -> TransactionQuery {
        TransactionQuery(
            from: form["from"], through: form["to"], search: form["q"], accounts: form.all("account"),
            category: form["category"], includeTransfers: form["transfers"] == "true" || form["transfers"] == "1",
            tags: form.all("tag"), payment: form["payment"], reimbursement: form["reimbursement"],
            classification: form["kind"], recurringRule: form["recurringRule"], timing: form["when"],
            sort: form["sort"],
            page: try number(form, "page", 1), pageSize: try number(form, "size", PageRequest.defaultSize))
    }

    /// The page of a list asked for by `page` and `size` (`size` rows when absent); refused when it cannot exist.
    static func pageRequest(_ form: Form, size: Int) throws -> PageRequest {
        guard let page = PageRequest(number: try number(form, "page", 1), size: try number(form, "size", size)) else {
            throw VaultError(
                InvalidInput(
                    field: "page", "Pages count from 1 and hold 1 to \(PageRequest.maximumSize) transactions."))
        }
        return page
    }

    /// A whole-number query parameter, or `fallback` when it is absent; anything else is refused.
    static func number(_ form: Form, _ name: String, _ fallback: Int) throws -> Int {
        guard let text = form[name] else { return fallback }
        guard let value = Int(text) else {
            throw VaultError(InvalidInput(field: name, "'\(text)' is not a whole number."))
        }
        return value
    }
}

struct CoverageView: Encodable, Sendable {
    let totalImported: Int
    let oldestImported: String?
    let newestImported: String?
}

struct MarkTransferBody: Decodable, Sendable {
    let transaction: String
    let partner: String
}

struct CategoryBody: Decodable, Sendable {
    let name: String?
    let type: String?
    let parent: String?
    let emoji: String?
    let color: String?
}

struct RuleBody: Decodable, Sendable {
    struct Filter: Decodable, Sendable {
        let field: RuleCondition.Field
        let op: RuleCondition.Operator
        let value: String
        let secondValue: String?
    }
    let name: String
    let category: String?
    let classification: String?
    let join: String?
    let priority: Int?
    let active: Bool?
    let filters: [Filter]
    let apply: Bool?

    var input: RuleService.Input {
        RuleService.Input(
            name: name, category: category, classification: classification, join: join ?? "all",
            priority: priority ?? 0, isActive: active ?? true,
            conditions: filters.map { RuleCondition($0.field, $0.op, $0.value, $0.secondValue) })
    }
}

struct RulePreviewView: Encodable, Sendable {
    let transaction: String
    let date: String
    let description: String
    let amount: String
    let categoryBefore: String?
    let categoryAfter: String?
    let classificationBefore: String
    let classificationAfter: String

    init(_ item: RuleService.PreviewItem) {
        transaction = item.transaction.id.description
        date = item.transaction.date.description
        description = item.transaction.description
        amount = item.transaction.amount.decimalString
        categoryBefore = item.categoryBefore?.description
        categoryAfter = item.categoryAfter?.description
        classificationBefore = item.classificationBefore.rawValue
        classificationAfter = item.classificationAfter.rawValue
    }
}
