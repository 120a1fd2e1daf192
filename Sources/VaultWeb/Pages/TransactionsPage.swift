import Foundation
import VaultCore
import VaultServices

enum TransactionsPage {
    static func render(
        view: TransactionsView, page: Page<TransactionService.Listed>, pairs: Page<TransferService.Listed>,
        coverage: (count: Int, oldest: LocalDate?, newest: LocalDate?), accounts: [Account], tree: CategoryTree,
        tags: [TagStat] = [], scheduled: Int = 0, today: LocalDate, signedIn: SignedIn, problems: [String],
        path: String
    ) -> HTML {
        let back = AuthPages.localPath(path) ?? "/transactions"
        let month = CalendarMonth(containing: today)
        let quick: [(String, String)] = [
            (
                "This month",
                TransactionsView(Form(encoded: "")).url(["from": month.first.description, "to": month.last.description])
            ),
            (
                "Last month",
                TransactionsView(Form(encoded: "")).url([
                    "from": month.previous.first.description, "to": month.previous.last.description,
                ])
            ),
            ("Income only", TransactionsView(Form(encoded: "")).url(["kind": "income"])),
            ("Expenses only", TransactionsView(Form(encoded: "")).url(["kind": "expense"])),
        ]
        let accountBoxes = accounts.map { account -> HTML in
            let id = account.id.description
            let checked: HTML = view.accounts.contains(id) ? " checked" : ""
            return
                "<label class=\"small\"><input type=\"checkbox\" name=\"account\" value=\"\(id)\"\(checked)> \(account.displayName)</label>"
        }
        let categoryOptions = Layout.categoryOptions(tree, selected: view.category)
        let filtered =
            view.from != nil || view.to != nil || view.search != nil || !view.accounts.isEmpty || view.category != nil
            || view.includeTransfers || view.kind != nil || !view.tags.isEmpty || view.payment != nil
            || view.reimbursement != nil || !problems.isEmpty
        // Pending rows of today and before lead the list; a scheduled entry (an expectation on a synced account dated
        // ahead) sits under its own day.
        func leads(_ listed: TransactionService.Listed) -> Bool {
            listed.transaction.isPending && listed.transaction.date <= today
        }
        let pending = page.items.filter(leads)
        let posted = page.items.filter { !leads($0) }
        let rows = dated(pending + posted, today: today).map { group -> HTML in
            let title = group.pending ? "Pending" : dayTitle(group.date, today: today)
            let lines = group.rows.map { row($0, tree: tree, signedIn: signedIn, back: back) }
            return """
                <tr class="date-row"><th colspan="5" scope="colgroup" data-date="\(group.date.description)">\(title)</th></tr>\(lines)
                """
        }
        return Layout.page(
            title: "Transactions", signedIn: signedIn, current: "/transactions",
            body: """
                <div class="spread"><h1>Transactions</h1><a class="button add-button" href="/transactions/new">+ Add</a></div>
                \(Layout.problems(problems))
                \(timingLinks(view, scheduled: scheduled))
                \(view.recurringRule == nil ? .empty : "<p class=\"alert\">Showing one recurring rule's entries. <a href=\"\(view.url(["rule": nil]))\">Show all</a></p>" as HTML)
                <section class="card" aria-labelledby="filters-title"><details class="filters"\(filtered ? " open" : "")><summary id="filters-title">Filters\(filtered ? " (on)" : "")</summary>
                <p class="row small">\(quick.map { "<a class=\"button secondary\" href=\"\($0.1)\">\($0.0)</a>" as HTML })</p>
                <form method="get" action="/transactions" class="stack" id="filters">
                <div class="row"><div><label for="from">Start</label><input id="from" name="from" type="date" value="\(view.from ?? "")"></div>
                <div><label for="to">End</label><input id="to" name="to" type="date" value="\(view.to ?? "")"></div></div>
                <label for="q">Description</label><input id="q" name="q" type="text" value="\(view.search ?? "")" placeholder="Any part of the description">
                <fieldset class="row"><legend>Accounts</legend>\(accountBoxes)</fieldset>
                <label for="category">Category</label><select id="category" name="category"><option value="">Any category</option><option value="\(TransactionsView.uncategorized)"\(view.category == TransactionsView.uncategorized ? " selected" : "")>Uncategorized</option>\(categoryOptions)</select>
                \(tagFilter(tags, chosen: view.tags))
                \(flagFilters(view))
                <label class="small"><input type="checkbox" name="transfers" value="1"\(view.includeTransfers ? " checked" : "")> Include internal transfers</label>
                \(view.kind.map { "<input type=\"hidden\" name=\"kind\" value=\"\($0)\">" as HTML } ?? .empty)
                \(view.recurringRule.map { "<input type=\"hidden\" name=\"rule\" value=\"\($0)\">" as HTML } ?? .empty)
                \(view.timing.map { "<input type=\"hidden\" name=\"when\" value=\"\($0)\">" as HTML } ?? .empty)
                <p class="row"><button type="submit">Apply</button> <a class="button secondary" href="/transactions">Clear</a></p>
                </form></details></section>
                <section class="card" aria-labelledby="coverage-title"><h2 id="coverage-title">Imported Transaction Coverage</h2>
                <table id="coverage"><tr><td>Total Imported</td><td class="num">\(coverage.count)</td></tr>
                <tr><td>Oldest Imported</td><td class="num">\(coverage.oldest?.description ?? "—")</td></tr>
                <tr><td>Newest Imported</td><td class="num">\(coverage.newest?.description ?? "—")</td></tr></table></section>
                <section class="card" aria-labelledby="unified-title">
                <div class="spread"><h2 id="unified-title">Unified Transactions <span class="muted small" id="transaction-count">\(page.countText)</span></h2>
                \(sizeForm(view: view, parameter: "size", current: view.size, label: "Transactions per page"))</div>
                \(rows.isEmpty ? "<p class=\"muted\">No transactions match; try a wider date range or fewer filters.</p>" : "<table class=\"compact-list\" id=\"unified\"><thead><tr><th>Description</th><th>Category</th><th class=\"num\">Amount</th><th class=\"notes-col\">Notes</th><th><span class=\"visually-hidden\">Actions</span></th></tr></thead><tbody>\(rows)</tbody></table>" as HTML)
                \(pager(view: view, page: page.request.number, pages: page.pageCount, morePages: !page.countIsExact, pageKey: "page", sortKey: "sort", newestFirst: view.newestFirst))
                </section>
                <section class="card" aria-labelledby="pairs-title">
                <div class="spread"><h2 id="pairs-title">Transfer Pairs <span class="muted small" id="pair-count">\(pairs.totalCount)</span></h2>
                \(sizeForm(view: view, parameter: "psize", current: view.pairSize, label: "Pairs per page"))</div>
                \(pairTable(pairs.items, signedIn: signedIn, back: back))
                \(pager(view: view, page: pairs.request.number, pages: pairs.pageCount, pageKey: "ppage", sortKey: "psort", newestFirst: view.pairsNewestFirst))
                </section>
                """)
    }

    /// Rows under one date header: pending rows first under "Pending", then one group per day, in list order.
    static func dated(
        _ rows: [TransactionService.Listed], today: LocalDate
    ) -> [(date: LocalDate, pending: Bool, rows: [TransactionService.Listed])] {
        var groups: [(date: LocalDate, pending: Bool, rows: [TransactionService.Listed])] = []
        for listed in rows {
            let t = listed.transaction
            let pending = t.isPending && t.date <= today
            if let last = groups.indices.last, groups[last].pending == pending, pending || groups[last].date == t.date {
                groups[last].rows.append(listed)
            } else {
                groups.append((t.date, pending, [listed]))
            }
        }
        return groups
    }

    /// "Today", "Yesterday", "Sat, Nov 21" this year, "Sat, Nov 21, 2025" in another.
    static func dayTitle(_ date: LocalDate, today: LocalDate) -> String {
        if date == today { return "Today" }
        if date == today.adding(days: -1) { return "Yesterday" }
        let names = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
        let day = "\(names[date.weekday.rawValue - 1]), \(Charts.label(date))"
        return date.year == today.year ? day : "\(day), \(date.year)"
    }

    /// One compact row (issue 21): description and amount on the first line; the category chip, the account and
    /// the badges small on the second; the id, the reason and the row's actions in its menu and detail view.
    static func row(_ listed: TransactionService.Listed, tree: CategoryTree, signedIn: SignedIn, back: String) -> HTML {
        let t = listed.transaction
        let id = t.id.description
        let csrf = Layout.csrfField(signedIn.csrfToken)
        let options = Layout.categoryOptions(tree, selected: t.categoryID?.description)
        // Without scripts, a saved change comes back to this row, not to the top of the list.
        let here = "\(back.split(separator: "#", maxSplits: 1).first.map(String.init) ?? back)#tx-\(id)"
        let badges: HTML = """
            \(t.isPending ? "<span class=\"badge\">Pending</span>" : "" as HTML)<span class="badge bad excluded-badge"\(t.isExcluded ? "" : " hidden")>Excluded</span>
            """
        let kind: HTML =
            t.classification == .expense || t.classification == .income
            ? .empty
            : "<span class=\"badge class-\(t.classification.rawValue)\">\(t.classification.rawValue.capitalized)</span>"
        return """
            <tr class="\(t.isPending ? "pending" : "")" data-transaction="\(id)" id="tx-\(id)">
            <td class="what"><a href="/transactions/\(id)"><strong>\(listed.name)</strong></a>
            <span class="meta small muted"><span class="account">\(listed.account.displayName)</span> \(kind)\(badges)</span>\(tagsAndFlags(t))</td>
            <td class="cat"><form method="post" action="/transactions/\(id)/category" data-submit-on-change data-inplace>\(csrf)<input type="hidden" name="back" value="\(here)">
            <select name="category" class="chip-select" aria-label="Category of \(listed.name)"><option value="">Uncategorized</option>\(options)</select>
            <button type="submit" class="secondary js-hidden">Save</button></form><span class="save-state small" aria-live="polite"></span></td>
            <td class="num amount \(t.amount.minorUnits < 0 ? "out" : "in")">\(t.amount.formatted())</td>
            <td class="notes-col small">\(t.notes ?? "")</td>
            <td class="menu-col"><details class="row-menu"><summary aria-label="More for \(listed.name)"><span aria-hidden="true">⋯</span><span class="visually-hidden">More</span></summary>
            <div class="menu-panel">
            <p class="small muted"><span class="badge class-\(t.classification.rawValue)">\(t.classification.rawValue.capitalized)</span> \(listed.reason)</p>
            <form method="post" action="/transactions/\(id)/notes" class="stack" data-inplace>\(csrf)<input type="hidden" name="back" value="\(here)">
            <label for="notes-\(id)">Notes</label><textarea id="notes-\(id)" name="notes" maxlength="2000">\(t.notes ?? "")</textarea><button type="submit" class="secondary">Save notes</button></form>
            <form method="post" action="/transactions/\(id)/exclude" class="row" data-inplace>\(csrf)<input type="hidden" name="back" value="\(here)">
            <label><input type="checkbox" name="excluded"\(t.isExcluded ? " checked" : "")> Exclude from totals</label><button type="submit" class="secondary">Save</button></form>
            <p><a href="/rules/new?from=\(id)">Add Rule</a> · <a href="/transactions/\(id)#mark-transfer">Mark Transfer</a> · <a href="/transactions/\(id)">Details</a></p>
            <p class="small muted">ID <span class="tx-id">\(id)</span></p>
            </div></details></td></tr>
            """
    }

    static func pairTable(_ pairs: [TransferService.Listed], signedIn: SignedIn, back: String) -> HTML {
        guard !pairs.isEmpty else { return "<p class=\"muted\">No transfer pairs match.</p>" }
        let rows = pairs.map { pair -> HTML in
            let outflow = pair.outflow.transaction
            let inflow = pair.inflow.transaction
            return """
                <tr><td data-label="">\(outflow.description)</td><td data-label="Date">\(outflow.date.description)</td>
                <td data-label="From Account">\(pair.outflow.account.displayName)</td><td data-label="To Account">\(pair.inflow.account.displayName)</td>
                <td data-label="Amount" class="num amount">\(inflow.amount.formatted())</td>
                <td data-label="Type">\(pair.isManual ? "Manual" : "Auto Detected")</td>
                <td data-label="ID Pair" class="small muted">From \(outflow.id.description) To \(inflow.id.description)</td>
                <td data-label=""><form method="post" action="/transfers/unlink">\(Layout.csrfField(signedIn.csrfToken))<input type="hidden" name="back" value="\(back)"><input type="hidden" name="transaction" value="\(outflow.id.description)"><button type="submit" class="secondary">Unlink</button></form></td></tr>
                """
        }
        return """
            <div class="table-wrap"><table class="responsive" id="transfer-pairs"><thead><tr><th>Description</th><th>Date</th><th>From Account</th><th>To Account</th><th class="num">Amount</th><th>Type</th><th>ID Pair</th><th></th></tr></thead>
            <tbody>\(rows)</tbody></table></div>
            """
    }

    /// The page-size dropdown beside a table's header (a plain GET form: it keeps the other table's state).
    static func sizeForm(view: TransactionsView, parameter: String, current: Int, label: String) -> HTML {
        let options = PageRequest.allowedSizes.map { size -> HTML in
            "<option value=\"\(size)\"\(size == current ? " selected" : "")>\(size)</option>"
        }
        let url = view.url([parameter: nil, parameter == "size" ? "page" : "ppage": nil])
        let query = url.split(separator: "?", maxSplits: 1).dropFirst().first.map(String.init) ?? ""
        let hidden = Form.pairs(query).map { "<input type=\"hidden\" name=\"\($0.0)\" value=\"\($0.1)\">" as HTML }
        return """
            <form method="get" action="/transactions" class="row small" data-submit-on-change>\(hidden)
            <label for="\(parameter)">\(label)</label><select id="\(parameter)" name="\(parameter)">\(options)</select>
            <button type="submit" class="secondary js-hidden">Show</button></form>
            """
    }

    /// Previous and Next, the page's place and the sort order; `morePages` while the list was counted only as
    /// far as the pages known so far (`Page 1 of 20+`).
    static func pager(
        view: TransactionsView, page: Int, pages: Int, morePages: Bool = false, pageKey: String, sortKey: String,
        newestFirst: Bool
    ) -> HTML {
        let previous: HTML =
            page > 1
            ? "<a class=\"button secondary\" rel=\"prev\" href=\"\(view.url([pageKey: String(page - 1)]))\">Previous</a>"
            : "<span class=\"button secondary\" aria-disabled=\"true\">Previous</span>"
        let next: HTML =
            page < pages
            ? "<a class=\"button secondary\" rel=\"next\" href=\"\(view.url([pageKey: String(page + 1)]))\">Next</a>"
            : "<span class=\"button secondary\" aria-disabled=\"true\">Next</span>"
        let sort = view.url([sortKey: newestFirst ? "asc" : nil, pageKey: nil])
        return """
            <div class="spread pager">\(previous)<span class="small muted">Page \(page) of \(pages)\(morePages ? "+" : "") · \(newestFirst ? "Newest first" : "Oldest first") · <a href="\(sort)" class="sort-link">Show \(newestFirst ? "oldest" : "newest") first</a></span>\(next)</div>
            """
    }
}

enum TransactionDetailPage {
    static func render(
        _ listed: TransactionService.Listed, candidates: [TransactionService.Listed], pair: TransferService.Listed?,
        tree: CategoryTree, receipts: [Receipt] = [], accounts: [Account] = [],
        recurring: RecurringRuleService.Listed? = nil, lens: LensService.Entry? = nil, signedIn: SignedIn
    ) -> HTML {
        let t = listed.transaction
        let id = t.id.description
        let csrf = Layout.csrfField(signedIn.csrfToken)
        let back = "/transactions/\(id)"
        let kinds = Classification.allCases.map { kind -> HTML in
            "<option value=\"\(kind.rawValue)\"\(kind == t.classification ? " selected" : "")>\(kind.rawValue.capitalized)</option>"
        }
        let categories = Layout.categoryOptions(tree, selected: t.categoryID?.description)
        let partners = candidates.map { other -> HTML in
            let o = other.transaction
            return """
                <tr><td>\(o.date.description)</td><td>\(o.description)<br><span class="muted small">\(other.account.displayName)</span></td>
                <td class="num amount">\(o.amount.formatted())</td>
                <td><form method="post" action="/transfers/mark">\(csrf)<input type="hidden" name="back" value="\(back)"><input type="hidden" name="transaction" value="\(id)"><input type="hidden" name="partner" value="\(o.id.description)"><button type="submit" class="secondary">Mark Transfer</button></form></td></tr>
                """
        }
        let pairing: HTML =
            pair.map { pair -> HTML in
                let other = pair.outflow.transaction.id == t.id ? pair.inflow : pair.outflow
                return """
                    <p>Paired with <a href="/transactions/\(other.transaction.id.description)">\(other.transaction.description)</a> in \(other.account.displayName) (\(pair.isManual ? "Manual" : "Auto Detected")).</p>
                    <form method="post" action="/transfers/unlink">\(csrf)<input type="hidden" name="back" value="\(back)"><input type="hidden" name="transaction" value="\(id)"><button type="submit" class="secondary">Unlink</button></form>
                    """
            }
            ?? (partners.isEmpty
                ? "<p class=\"muted\">No equal and opposite transaction in another account to pair with.</p>"
                : "<div class=\"table-wrap\"><table><tbody>\(partners)</tbody></table></div>")
        return Layout.page(
            title: listed.name, signedIn: signedIn, current: "/transactions",
            body: """
                <p><a href="/transactions">← Transactions</a></p>
                <h1>\(listed.name)</h1>
                <section class="card"><table>
                <tr><th scope="row">Payee</th><td>\(t.payee ?? "—")</td></tr>
                <tr><th scope="row">Description</th><td>\(t.description)\(t.memo.map { "<br><span class=\"muted small\">\($0)</span>" as HTML } ?? .empty)</td></tr>
                <tr><th scope="row">Amount</th><td class="amount \(t.amount.minorUnits < 0 ? "out" : "in")">\(t.amount.formatted())</td></tr>
                <tr><th scope="row">Date</th><td>\(t.date.description)\(t.isPending ? " (pending)" : "")</td></tr>
                <tr><th scope="row">Account</th><td>\(listed.account.displayName)</td></tr>
                <tr><th scope="row">Classification</th><td>\(t.classification.rawValue.capitalized) · <span class="muted">\(listed.reason)</span></td></tr>
                <tr><th scope="row">Category</th><td>\(listed.categoryPath ?? "Uncategorized")</td></tr>
                <tr><th scope="row">Tags</th><td>\(t.tags.isEmpty ? "—" : t.tags.joined(separator: ", "))</td></tr>
                <tr><th scope="row">Flags</th><td>\([t.paymentFlag?.rawValue, t.reimbursementFlag?.rawValue].compactMap { $0?.capitalized }.joined(separator: " • ").nonEmpty ?? "None")</td></tr>
                <tr><th scope="row">Note</th><td class="notes">\(t.notes ?? "—")</td></tr>
                <tr><th scope="row">In totals</th><td>\(t.isExcluded ? "Excluded from totals" : "Counted")</td></tr>
                </table></section>
                \(TransactionEditSection.render(listed, accounts: accounts, receiptCount: receipts.count, signedIn: signedIn))
                \(RecurringRulesPage.section(recurring, transaction: t, signedIn: signedIn))
                <section class="card"><h2>Change</h2>
                <form method="post" action="/transactions/\(id)/classification" class="stack">\(csrf)<input type="hidden" name="back" value="\(back)">
                <label for="classification">Classification</label><select id="classification" name="classification">\(kinds)</select>
                <label for="category">Category</label><select id="category" name="category"><option value="">Uncategorized</option>\(categories)</select>
                <label class="small"><input type="checkbox" name="applyToPayee" value="1"> Apply to all from \(t.payee ?? t.description)</label>
                <p><button type="submit">Save</button></p></form>
                <form method="post" action="/transactions/\(id)/classification">\(csrf)<input type="hidden" name="back" value="\(back)"><input type="hidden" name="classification" value="ignore">
                <button type="submit" class="secondary">Ignore this transaction</button></form></section>
                \(LensTransactionSection.render(lens, signedIn: signedIn))
                <section class="card" id="mark-transfer"><h2>Transfer</h2>\(pairing)</section>
                \(ReceiptsSection.render(receipts, transaction: t.id, csrfToken: signedIn.csrfToken))
                """)
    }
}

extension TransactionsPage {
    /// History (the default) or the scheduled entries: entries dated after today are listed only when asked for.
    static func timingLinks(_ view: TransactionsView, scheduled: Int) -> HTML {
        guard scheduled > 0 || view.timing != nil else { return .empty }
        let current = view.timing ?? (view.recurringRule == nil ? "history" : "all")
        let choices: [(String?, String)] = [
            (nil, "History"), ("scheduled", "Scheduled (\(scheduled))"), ("all", "Both"),
        ]
        let links = choices.map { choice -> HTML in
            let selected = (choice.0 ?? "history") == current
            return """
                <a class="button \(selected ? "" : "secondary")" href="\(view.url(["when": choice.0, "page": nil]))"\(selected ? " aria-current=\"page\"" : "" as HTML)>\(choice.1)</a>
                """
        }
        return """
            <nav class="row small" aria-label="Dates shown" id="timing">\(links)</nav>
            <p class="muted small">History runs through today; entries dated after today are scheduled and count nowhere \
            until their day.</p>
            """
    }
}
