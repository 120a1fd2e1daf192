import Foundation
import Hummingbird
import VaultCore
import VaultServices

/// Transactions (`budget-client.md` Transactions, `ghostvault.md` 7.5): filters kept in the URL, the imported
/// coverage, the unified table with its actions, and the transfer pairs with their own paging; a transaction's
/// detail view with classification, category, "apply to all from this payee", ignore and Mark Transfer.
struct TransactionsPages {
    let environment: WebEnvironment

    func addRoutes(to router: some RouterMethods<PageContext>) {
        router.get("/transactions") { request, context in try await list(request, context) }
        router.get("/transactions/:id") { request, context in try await detail(request, context) }
        router.post("/transactions/:id/notes") { request, context in
            try await change(request, context) { form in TransactionChanges(notes: form.raw("notes")) }
        }
        router.post("/transactions/:id/exclude") { request, context in
            try await change(request, context) { form in TransactionChanges(isExcluded: form["excluded"] == "on") }
        }
        router.post("/transactions/:id/classification") { request, context in
            try await change(request, context) { form in
                var changes = TransactionChanges(category: form["category"], classification: form["classification"])
                changes.applyToPayee = form.isOn("applyToPayee")
                return changes
            }
        }
        router.post("/transactions/:id/edit") { request, context in try await edit(request, context) }
        router.post("/transactions/:id/delete") { request, context in try await delete(request, context) }
        router.post("/transfers/mark") { request, context in try await mark(request, context) }
        router.post("/transfers/unlink") { request, context in try await unlink(request, context) }
    }

    // MARK: - The list

    func list(_ request: Request, _ context: PageContext) async throws -> Response {
        let signedIn = context.signedIn
        let scope = environment.household(of: signedIn.user)
        var view = TransactionsView(request.queryForm)
        var problems = view.problems
        if !problems.isEmpty { view = view.withDefaultPaging() }
        var page: Page<TransactionService.Listed>?
        var pairs: Page<TransferService.Listed>?
        do {
            page = try await scope.transactions.list(view.query(pairs: false))
            pairs = try await TransferService(scope: scope).page(view.query(pairs: true))
        } catch let error as VaultError where error.code == .invalidInput {
            problems += error.problems.map(\.message)
            view = TransactionsView(Form(encoded: ""))
            page = try await scope.transactions.list(view.query(pairs: false))
            pairs = try await TransferService(scope: scope).page(view.query(pairs: true))
        }
        let coverage = try await scope.transactions.coverage()
        let accounts = try await scope.accounts.list(includeHidden: true, counting: false).map(\.account)
        let tree = try await scope.categories.tree()
        let today = try await scope.details().today(at: environment.clock())
        let tags = try await scope.transactions.tagCounts()
        let scheduled = try await scope.transactions.scheduledCount()
        return .html(
            TransactionsPage.render(
                view: view, page: page!, pairs: pairs!, coverage: coverage, accounts: accounts, tree: tree,
                tags: tags, scheduled: scheduled, today: today, signedIn: signedIn, problems: problems,
                path: request.uri.description),
            status: problems.isEmpty ? .ok : .unprocessableContent)
    }

    // MARK: - One transaction

    func detail(_ request: Request, _ context: PageContext) async throws -> Response {
        let signedIn = context.signedIn
        let id = try Self.id(context)
        let scope = environment.household(of: signedIn.user)
        let listed = try await scope.transactions.find(id)
        let candidates = try await TransferService(scope: scope).candidates(for: id)
        let pair = try await TransferService(scope: scope).page(
            TransactionQuery(
                from: listed.transaction.date.adding(days: -5).description,
                through: listed.transaction.date.adding(days: 5).description, includeTransfers: true,
                pageSize: PageRequest.maximumSize)
        ).items.first { $0.outflow.transaction.id.description == id || $0.inflow.transaction.id.description == id }
        return .html(
            TransactionDetailPage.render(
                listed, candidates: candidates, pair: pair, tree: try await scope.categories.tree(),
                receipts: try await scope.receipts.list(of: id),
                accounts: try await scope.accounts.list(includeHidden: true, counting: false).map(\.account),
                recurring: try await scope.recurringRules.rule(of: listed.transaction.id),
                lens: try await scope.lens.entry(of: id), signedIn: signedIn)
        )
    }

    /// Saves one change from a row's menu or the detail view, then goes back where the person was.
    func change(
        _ request: Request, _ context: PageContext, _ changes: (Form) -> TransactionChanges
    ) async throws -> Response {
        let form = try await context.form(request)
        let signedIn = context.signedIn
        let id = try Self.id(context)
        let back = form["back"].flatMap(AuthPages.localPath) ?? "/transactions/\(id)"
        do {
            let (listed, changed) = try await environment.household(of: signedIn.user).transactions.edit(
                id, changes(form))
            let what = changed.isEmpty ? "Nothing changed" : "Saved"
            let message = "\(what): \(listed.transaction.description)."
            if RowChangePayload.wanted(by: request) { return try .json(RowChangePayload(listed, message: message)) }
            return .seeOther(back, flash: Flash(.notice, message))
        } catch let error as VaultError where error.code == .invalidInput {
            if RowChangePayload.wanted(by: request) { return try RowChangePayload.failure(error) }
            return .seeOther(back, flash: Flash(.error, error.description))
        }
    }

    func mark(_ request: Request, _ context: PageContext) async throws -> Response {
        let form = try await context.form(request)
        let signedIn = context.signedIn
        let first = try Self.uuid(form["transaction"])
        let back = form["back"].flatMap(AuthPages.localPath) ?? "/transactions/\(first)"
        do {
            try await TransferService(scope: environment.household(of: signedIn.user)).mark(
                first, with: try Self.uuid(form["partner"]))
        } catch let error as VaultError where error.code == .invalidInput || error.code == .conflict {
            return .seeOther(back, flash: Flash(.error, error.description))
        }
        return .seeOther(back, flash: Flash(.notice, "Marked as a transfer; it no longer counts in the totals."))
    }

    func unlink(_ request: Request, _ context: PageContext) async throws -> Response {
        let form = try await context.form(request)
        let signedIn = context.signedIn
        let id = try Self.uuid(form["transaction"])
        try await TransferService(scope: environment.household(of: signedIn.user)).unlink(id)
        let back = form["back"].flatMap(AuthPages.localPath) ?? "/transactions"
        return .seeOther(back, flash: Flash(.notice, "Unlinked; the two count in the totals again and stay apart."))
    }

    static func id(_ context: PageContext) throws -> String { try uuid(context.parameters.get("id")) }

    static func uuid(_ text: String?) throws -> String {
        guard let text, UUID(uuidString: text) != nil else {
            throw VaultError(.notFound, "There is no such transaction.")
        }
        return text
    }
}

/// The Transactions page's state, all of it in the URL so a filtered view can be bookmarked.
struct TransactionsView: Sendable {
    var from: String?
    var to: String?
    var search: String?
    var accounts: [String]
    var category: String?
    var includeTransfers: Bool
    var kind: String?
    /// The recurring rule whose entries are shown (its id); nil for every transaction.
    var recurringRule: String?
    /// `scheduled` or `all` to see entries dated after today; nil for history (`TransactionTiming`).
    var timing: String?
    /// Tags as given, any of which a row must carry (the service normalises them).
    var tags: [String]
    /// `paid`, `unpaid` or `none`; nil for any.
    var payment: String?
    /// `reimbursed`, `unreimbursed` or `none`; nil for any.
    var reimbursement: String?
    var size: Int
    var page: Int
    var newestFirst: Bool
    var pairSize: Int
    var pairPage: Int
    var pairsNewestFirst: Bool
    var problems: [String] = []

    init(_ form: Form) {
        from = form["from"]
        to = form["to"]
        search = form["q"]
        accounts = form.all("account").filter { !$0.isEmpty }
        category = form["category"]
        includeTransfers = form["transfers"] == "1" || form["transfers"] == "on"
        kind = form["kind"]
        recurringRule = form["rule"].flatMap { $0.isEmpty ? nil : $0 }
        timing = form["when"].flatMap { $0.isEmpty ? nil : $0 }
        tags = form.all("tag").filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        payment = form["payment"].flatMap { $0.isEmpty ? nil : $0 }
        reimbursement = form["reimbursement"].flatMap { $0.isEmpty ? nil : $0 }
        newestFirst = form["sort"] != "asc"
        pairsNewestFirst = form["psort"] != "asc"
        page = 1
        pairPage = 1
        size = PageRequest.defaultSize
        pairSize = PageRequest.defaultSize
        size = readSize(form["size"], name: "page size")
        pairSize = readSize(form["psize"], name: "transfer pairs' page size")
        page = readPage(form["page"])
        pairPage = readPage(form["ppage"])
    }

    private mutating func readSize(_ text: String?, name: String) -> Int {
        guard let text else { return PageRequest.defaultSize }
        guard let size = Int(text), PageRequest.allowedSizes.contains(size) else {
            problems.append("'\(text)' is not a \(name) here; choose 5, 10, 20 or 50.")
            return PageRequest.defaultSize
        }
        return size
    }

    private mutating func readPage(_ text: String?) -> Int {
        guard let text else { return 1 }
        guard let page = Int(text), (1...PageRequest.maximumNumber).contains(page) else {
            problems.append("'\(text)' is not a page number.")
            return 1
        }
        return page
    }

    /// The category filter's value for the rows with no category (the select's other values are category ids).
    static let uncategorized = "none"

    func withDefaultPaging() -> TransactionsView {
        var copy = self
        copy.size = PageRequest.defaultSize
        copy.pairSize = PageRequest.defaultSize
        copy.page = 1
        copy.pairPage = 1
        return copy
    }

    /// The query of the unified list, or of the transfer pairs (tags, flags and kind narrow the unified list
    /// only: a transfer pair's two sides rarely carry them alike).
    func query(pairs: Bool) -> TransactionQuery {
        let uncategorizedOnly = category == Self.uncategorized
        return TransactionQuery(
            from: from, through: to, search: search, accounts: accounts,
            category: uncategorizedOnly ? nil : category, uncategorizedOnly: uncategorizedOnly,
            includeTransfers: pairs || includeTransfers, tags: pairs ? [] : tags, payment: pairs ? nil : payment,
            reimbursement: pairs ? nil : reimbursement, classification: pairs ? nil : kind,
            recurringRule: pairs ? nil : recurringRule, timing: timing,
            sort: (pairs ? pairsNewestFirst : newestFirst) ? "desc" : "asc", page: pairs ? pairPage : page,
            pageSize: pairs ? pairSize : size)
    }

    /// This view's URL with some parameters changed (`nil` removes one). A change to `account` or `tag` replaces
    /// every chosen one with the one given (or none).
    func url(_ changes: [String: String?] = [:]) -> String {
        let parameters: [(String, String?)] =
            [("from", from), ("to", to), ("q", search)] + PageURL.repeated("account", accounts)
            + [
                ("category", category), ("transfers", includeTransfers ? "1" : nil), ("kind", kind),
                ("rule", recurringRule), ("when", timing),
            ] + PageURL.repeated("tag", tags)
            + [
                ("payment", payment), ("reimbursement", reimbursement),
                ("size", size == PageRequest.defaultSize ? nil : String(size)),
                ("page", page == 1 ? nil : String(page)), ("sort", newestFirst ? nil : "asc"),
                ("psize", pairSize == PageRequest.defaultSize ? nil : String(pairSize)),
                ("ppage", pairPage == 1 ? nil : String(pairPage)), ("psort", pairsNewestFirst ? nil : "asc"),
            ]
        return PageURL.make("/transactions", parameters, changes: changes)
    }
}
