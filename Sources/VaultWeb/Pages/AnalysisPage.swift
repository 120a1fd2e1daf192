import Foundation
import Hummingbird
import VaultCore
import VaultServices

/// Analysis (spec `expense-tracker.md` section 3, issue 18): expense or income over a year, month or week with
/// arrows to the neighbours, a Filters sheet, the chart of the period's buckets, the breakdown by category, and
/// the period's transactions grouped by month, week or day, each with Delete. The whole selection lives in the
/// URL, so Back and reload keep it.
struct AnalysisPages {
    let environment: WebEnvironment

    func addRoutes(to router: some RouterMethods<PageContext>) {
        router.get("/analysis") { request, context in try await page(request, context) }
    }

    func page(_ request: Request, _ context: PageContext) async throws -> Response {
        let signedIn = context.signedIn
        let scope = environment.household(of: signedIn.user)
        var view = AnalysisView(request.queryForm)
        var problems: [String] = []
        let result: (report: AnalysisReport, transactions: Page<TransactionService.Listed>)
        do {
            result = try await scope.reports.analysis(view.query)
        } catch let error as VaultError where error.code == .invalidInput {
            // Show what can be shown: the period without the filters that were refused.
            problems = error.problems.map(\.message)
            view = view.withoutFilters()
            result = try await scope.reports.analysis(view.query)
        }
        let counts = try await scope.receipts.counts(of: result.transactions.items.map(\.transaction.id))
        return .html(
            Layout.page(
                title: "Analysis", signedIn: signedIn, current: "/analysis",
                body: AnalysisPage.render(
                    view: view, report: result.report, transactions: result.transactions, receipts: counts,
                    tree: try await scope.categories.tree(), tags: try await scope.transactions.tagCounts(),
                    rules: try await scope.recurringRules.list(), signedIn: signedIn, problems: problems)),
            status: problems.isEmpty ? .ok : .unprocessableContent)
    }
}

/// The Analysis page's selection, all of it in the URL.
struct AnalysisView: Sendable {
    var type: String
    var timeframe: String
    var date: String?
    var categories: [String]
    var tags: [String]
    var payment: String?
    var reimbursement: String?
    /// Only one recurring rule's entries (its id).
    var recurringRule: String?
    var from: String?
    var through: String?
    var page: Int

    init(_ form: Form) {
        type = form["type"] == "income" ? "income" : "expense"
        timeframe = ["year", "week"].contains(form["timeframe"] ?? "") ? form["timeframe"]! : "month"
        date = Self.nonEmpty(form["date"])
        categories = form.all("category").filter { !$0.isEmpty }
        tags = form.all("tag").filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        payment = Self.nonEmpty(form["payment"])
        reimbursement = Self.nonEmpty(form["reimbursement"])
        recurringRule = Self.nonEmpty(form["rule"])
        from = Self.nonEmpty(form["from"])
        through = Self.nonEmpty(form["through"])
        page = form["page"].flatMap(Int.init).map { min(max($0, 1), PageRequest.maximumNumber) } ?? 1
    }

    static func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        return text
    }

    /// How many transactions a page of the list holds.
    static let pageSize = 50

    var query: AnalysisQuery {
        var query = AnalysisQuery(
            type: type, timeframe: timeframe, date: date, categories: categories, tags: tags, payment: payment,
            reimbursement: reimbursement, page: page, pageSize: Self.pageSize)
        query.from = from
        query.through = through
        query.recurringRule = recurringRule
        return query
    }

    var hasFilters: Bool {
        !categories.isEmpty || !tags.isEmpty || payment != nil || reimbursement != nil || from != nil
            || through != nil || recurringRule != nil
    }

    /// The same period and type with every filter cleared.
    func withoutFilters() -> AnalysisView {
        var copy = self
        copy.categories = []
        copy.tags = []
        copy.payment = nil
        copy.reimbursement = nil
        copy.recurringRule = nil
        copy.from = nil
        copy.through = nil
        copy.page = 1
        return copy
    }

    /// This selection's URL with some parameters changed (`nil` removes one). Moving to another period or type
    /// drops the date range (it belongs to the period) and the page.
    func url(_ changes: [String: String?] = [:]) -> String {
        var changes = changes
        if changes.keys.contains(where: { ["type", "timeframe", "date"].contains($0) }) {
            for name in ["from", "through", "page"] { changes[name] = .some(nil) }
        }
        let parameters: [(String, String?)] =
            [
                ("type", type == "expense" ? nil : type), ("timeframe", timeframe == "month" ? nil : timeframe),
                ("date", date),
            ]
            + PageURL.repeated("category", categories) + PageURL.repeated("tag", tags)
            + [
                ("payment", payment), ("reimbursement", reimbursement), ("rule", recurringRule), ("from", from),
                ("through", through), ("page", page == 1 ? nil : String(page)),
            ]
        return PageURL.make("/analysis", parameters, changes: changes)
    }
}

enum AnalysisPage {
    static func render(
        view: AnalysisView, report: AnalysisReport, transactions: Page<TransactionService.Listed>,
        receipts: [Transaction.ID: Int], tree: CategoryTree, tags: [TagStat], rules: [RecurringRuleService.Listed],
        signedIn: SignedIn, problems: [String]
    ) -> HTML {
        let period = report.period
        let isIncome = report.type == .income
        let noun = isIncome ? "income" : "spending"
        let summary: HTML =
            report.count == 0
            ? "<p class=\"muted\">No \(noun) in \(period.label)\(view.hasFilters ? " with these filters" : "").</p>"
            : """
            <p class="big amount \(isIncome ? "in" : "out")">\(report.total.formatted())</p>
            <p class="muted small">\(report.count) transaction\(report.count == 1 ? "" : "s") · \(period.label)</p>
            """
        return """
            <h1>Analysis</h1>
            \(Layout.problems(problems))
            \(controls(view, period: period))
            \(filters(view, tree: tree, tags: tags, rules: rules, period: period))
            <section class="card" aria-label="Totals">\(summary)
            <div class="chart">\(Charts.analysisBars(report))
            <p class="readout" aria-live="polite">Tap a bar for its total.</p></div>
            </section>
            \(breakdown(report))
            \(list(view: view, report: report, transactions: transactions, receipts: receipts, tree: tree, signedIn: signedIn))
            """
    }

    /// Expense / Income, Year / Month / Week, and the arrows, in one row.
    static func controls(_ view: AnalysisView, period: AnalysisPeriod) -> HTML {
        func segment(_ name: String, _ options: [(String, String)], current: String) -> HTML {
            let links = options.map { value, label -> HTML in
                let here: HTML = value == current ? " aria-current=\"true\"" : ""
                return "<a href=\"\(view.url([name: value, "date": view.date]))\"\(here)>\(label)</a>"
            }
            return "<div class=\"toggle\" role=\"group\" aria-label=\"\(name.capitalized)\">\(links)</div>"
        }
        return """
            <div class="analysis-controls">
            \(segment("type", [("expense", "Expense"), ("income", "Income")], current: view.type))
            \(segment("timeframe", [("year", "Year"), ("month", "Month"), ("week", "Week")], current: view.timeframe))
            <div class="period-nav">
            <a class="arrow" href="\(view.url(["date": period.previous.range.start.description]))" aria-label="Previous: \(period.previous.label)" rel="prev">←</a>
            <span class="period" aria-live="polite">\(period.label)</span>
            <a class="arrow" href="\(view.url(["date": period.next.range.start.description]))" aria-label="Next: \(period.next.label)" rel="next">→</a>
            </div>
            </div>
            """
    }

    /// The Filters sheet: categories, tags, flags and a date range inside the period; Apply and Clear.
    static func filters(
        _ view: AnalysisView, tree: CategoryTree, tags: [TagStat], rules: [RecurringRuleService.Listed],
        period: AnalysisPeriod
    ) -> HTML {
        let chosen = Set(view.categories)
        let categories = tree.flattened().filter { $0.category.isActive }.map { category, depth -> HTML in
            let id = category.id.description
            let on = chosen.contains(id) || chosen.contains(category.key)
            return """
                <label class="chip depth-\(min(depth, 2))"><input type="checkbox" name="category" value="\(id)"\(on ? " checked" : "")><span>\(category.label)</span></label>
                """
        }
        let chosenTags = Set(view.tags.map { $0.lowercased() })
        let tagChips = tags.prefix(100).map { stat -> HTML in
            let on = chosenTags.contains(stat.tag)
            return """
                <label class="chip"><input type="checkbox" name="tag" value="\(stat.tag)"\(on ? " checked" : "")><span>\(stat.tag)</span></label>
                """
        }
        func flag(_ name: String, _ values: [String], _ current: String?) -> HTML {
            let options = ([("", "Any")] + values.map { ($0, $0.capitalized) }).map { value, label -> HTML in
                let on: HTML = (current ?? "") == value ? " checked" : ""
                return
                    "<label class=\"chip\"><input type=\"radio\" name=\"\(name)\" value=\"\(value)\"\(on)><span>\(label)</span></label>"
            }
            return "<fieldset class=\"chips\"><legend>\(name.capitalized)</legend>\(options)</fieldset>"
        }
        let active = [
            view.categories.isEmpty
                ? nil : "\(view.categories.count) categor\(view.categories.count == 1 ? "y" : "ies")",
            view.tags.isEmpty ? nil : "\(view.tags.count) tag\(view.tags.count == 1 ? "" : "s")",
            view.payment, view.reimbursement,
            view.from == nil && view.through == nil ? nil : "dates",
            view.recurringRule == nil ? nil : "a recurring rule",
        ].compactMap { $0 }
        let label = active.isEmpty ? "Filters" : "Filters (\(active.joined(separator: ", ")))"
        return """
            <details class="card filters" id="filters"\(view.hasFilters ? " open" : "")><summary>\(label)</summary>
            <form method="get" action="/analysis" class="stack">
            <input type="hidden" name="type" value="\(view.type)">
            <input type="hidden" name="timeframe" value="\(view.timeframe)">
            <input type="hidden" name="date" value="\(period.range.start.description)">
            <fieldset class="chips"><legend>Categories</legend>\(categories)</fieldset>
            \(tagChips.isEmpty ? "" as HTML : "<fieldset class=\"chips\"><legend>Tags</legend>\(Array(tagChips))</fieldset>")
            \(ruleChoice(rules, chosen: view.recurringRule))
            \(flag("payment", PaymentFlag.allCases.map(\.rawValue), view.payment))
            \(flag("reimbursement", ReimbursementFlag.allCases.map(\.rawValue), view.reimbursement))
            <div class="row">
            <label>From <input type="date" name="from" min="\(period.range.start.description)" max="\(period.range.end.description)" value="\(view.from ?? "")"></label>
            <label>Through <input type="date" name="through" min="\(period.range.start.description)" max="\(period.range.end.description)" value="\(view.through ?? "")"></label>
            </div>
            <div class="row"><button type="submit">Apply</button>
            <a class="button secondary" href="\(view.withoutFilters().url())">Clear</a></div>
            </form>
            </details>
            """
    }

    /// The recurring-rule filter (spec 0: RecurringRule is filterable everywhere); nothing when there are none.
    static func ruleChoice(_ rules: [RecurringRuleService.Listed], chosen: String?) -> HTML {
        guard !rules.isEmpty else { return .empty }
        let options = rules.map { listed -> HTML in
            let id = listed.rule.id.description
            return "<option value=\"\(id)\"\(chosen == id ? " selected" : "")>\(listed.summary)</option>"
        }
        return """
            <label for="analysis-rule">Recurring rule</label>
            <select id="analysis-rule" name="rule"><option value="">Any</option>\(options)</select>
            """
    }

    /// Spending by category (expense) or income by category (income), parents rolling up their children.
    static func breakdown(_ report: AnalysisReport) -> HTML {
        guard !report.byCategory.isEmpty else { return .empty }
        let rows = report.byCategory.map { line -> HTML in
            let indent: HTML = line.depth > 0 ? " class=\"child\"" : ""
            return """
                <tr\(indent)><td>\(line.emoji.map { $0 + " " } ?? "")\(line.name)</td><td class="num">\(line.share?.description ?? "")</td><td class="num amount">\(line.amount.formatted())</td></tr>
                """
        }
        return """
            <section class="card"><h2>By category</h2>
            <table class="breakdown"><thead><tr><th>Category</th><th class="num">Share</th><th class="num">Amount</th></tr></thead>
            <tbody>\(rows)</tbody></table></section>
            """
    }

    /// The period's transactions, grouped by the chart's buckets (months of a year, weeks of a month, days of a
    /// week), newest first, each with its category, tags, receipts and Delete.
    static func list(
        view: AnalysisView, report: AnalysisReport, transactions: Page<TransactionService.Listed>,
        receipts: [Transaction.ID: Int], tree: CategoryTree, signedIn: SignedIn
    ) -> HTML {
        guard !transactions.items.isEmpty else {
            return
                "<section class=\"card\"><h2>Transactions</h2><p class=\"muted\">Nothing to list for this period.</p></section>"
        }
        let back = view.url()
        var groups: [(label: String, rows: [HTML])] = []
        for listed in transactions.items {
            let label =
                report.period.buckets.first { $0.range.contains(listed.transaction.date) }?.label
                ?? listed.transaction.date.description
            let row = self.row(
                listed, tree: tree, receipts: receipts[listed.transaction.id] ?? 0, back: back, signedIn: signedIn)
            if groups.last?.label == label {
                groups[groups.count - 1].rows.append(row)
            } else {
                groups.append((label, [row]))
            }
        }
        let sections = groups.map { group -> HTML in
            "<h3 class=\"group\">\(group.label)</h3><ul class=\"analysis-list\">\(group.rows)</ul>"
        }
        let shown = (transactions.request.number - 1) * transactions.request.size + transactions.items.count
        let more: HTML =
            shown < transactions.totalCount
            ? "<p><a class=\"button secondary\" href=\"\(view.url(["page": String(view.page + 1)]))\">Show the next \(AnalysisView.pageSize)</a></p>"
            : .empty
        let earlier: HTML =
            view.page > 1
            ? "<p><a href=\"\(view.url(["page": view.page == 2 ? nil : String(view.page - 1)]))\">Show the previous \(AnalysisView.pageSize)</a></p>"
            : .empty
        return """
            <section class="card"><h2>Transactions</h2>\(earlier)\(sections)\(more)</section>
            """
    }

    static func row(
        _ listed: TransactionService.Listed, tree: CategoryTree, receipts: Int, back: String, signedIn: SignedIn
    ) -> HTML {
        let t = listed.transaction
        let id = t.id.description
        let category = t.categoryID.flatMap { tree[$0]?.label } ?? "Uncategorized"
        let paperclip: HTML =
            receipts == 0
            ? .empty
            : " <span class=\"paperclip\" aria-label=\"\(ReceiptsPages.receipts(receipts))\">📎 \(receipts)</span>"
        let receiptsNote: String = receipts == 0 ? "" : " and its \(ReceiptsPages.receipts(receipts))"
        return """
            <li class="analysis-row" data-transaction="\(id)">
            <a class="row-main" href="/transactions/\(id)">
            <span class="date">\(Charts.label(t.date))</span>
            <span class="what"><strong>\(listed.name)</strong><span class="muted small">\(category)</span></span>
            <span class="num amount \(t.amount.minorUnits < 0 ? "out" : "in")">\(t.amount.formatted())</span>
            </a>\(TransactionsPage.tagsAndFlags(t))\(paperclip)
            <details class="row-delete"><summary>Delete</summary>
            <p>Delete <strong>\(listed.name)</strong> (\(t.amount.formatted()), \(t.date.description))\(receiptsNote)? It cannot be undone.</p>
            <form method="post" action="/transactions/\(id)/delete">\(Layout.csrfField(signedIn.csrfToken))<input type="hidden" name="back" value="\(back)"><button type="submit" class="danger">Delete</button></form>
            </details>
            </li>
            """
    }
}
