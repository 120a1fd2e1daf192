import Foundation
import VaultCore
import VaultServices

/// The dashboard page (`budget-client.md` Dashboard, `ghostvault.md` 7.2, `mint-home.md`).
enum DashboardPage {
    static func render(
        _ data: DashboardData, signedIn: SignedIn, layout: [DashboardCard], editing: Bool, chart: String?,

    ) -> HTML {
        let hidden = DashboardCard.allCases.filter { !layout.contains($0) }
        let cards = layout.enumerated().map { index, card in
            self.card(
                card, data: data, chart: chart,
                tools: tools(card, index: index, count: layout.count, signedIn: signedIn))
        }
        let emptyState: HTML =
            data.netWorth.totals.accountCount == 0 && data.connections.isEmpty
            ? """
            <div class="card"><h2>Welcome to GhostVault</h2>
            <p>Connect your banks through SimpleFIN, or add accounts by hand, and this page fills with your net worth,
            income, spending and budgets.</p>
            <p><a class="button" href="/onboarding">Set up bank sync</a></p></div>
            """ : .empty
        let hiddenList = hidden.map { card -> HTML in
            """
            <li class="spread"><span>\(card.title)</span><form method="post" action="/dashboard/layout">\(Layout.csrfField(signedIn.csrfToken))<input type="hidden" name="card" value="\(card.rawValue)"><input type="hidden" name="action" value="add"><button class="secondary" type="submit">Add back</button></form></li>
            """
        }
        return Layout.page(
            title: "Dashboard", signedIn: signedIn, current: "/dashboard",
            body: """
                <div class="spread"><h1>Dashboard</h1>
                <span class="row"><a class="button add-button" href="/transactions/new">+ Add</a>
                <a id="edit-layout" class="button secondary" href="/dashboard\(editing ? "" : "?edit=1")" aria-pressed="\(editing ? "true" : "false")" aria-label="Rearrange the dashboard" title="Rearrange, remove or add components">\(Icons.gear)</a></span></div>
                \(syncBar(data, signedIn: signedIn))
                <p class="small"><a href="/settings/llm-export">Export for LLM</a>: an anonymized summary for an AI assistant</p>
                \(emptyState)
                <section id="hidden-cards" class="card"\(editing ? "" : " hidden") aria-label="Removed components">
                <h2>Rearrange</h2><p class="muted small">Drag a component by its ⠿ handle, or use its buttons. Removed components:</p>
                <p id="layout-status" class="small" aria-live="polite"></p>
                \(hidden.isEmpty ? "<p class=\"muted small\">None.</p>" : "<ul class=\"menu-list\">\(hiddenList)</ul>" as HTML)
                </section>
                <div class="dashboard\(editing ? " editing" : "")">\(cards)</div>
                """)
    }

    // MARK: - Sync status

    static func syncBar(_ data: DashboardData, signedIn: SignedIn) -> HTML {
        guard !data.connections.isEmpty else {
            return """
                <div class="sync-bar card"><span class="muted">No bank connected yet.</span> <a href="/connections">Connect with SimpleFIN</a></div>
                """
        }
        let last = data.lastSync.map { WebFormat.instant($0, in: data.household.timeZone) } ?? "never"
        let left = data.requestsLeft.map { "\($0)/\(RequestBudget.dailyLimit)" } ?? ""
        let troubled = data.connections.filter { $0.connection.status != .active }
        let trouble = troubled.map { overview -> HTML in
            "<div class=\"alert error small\">Sync paused: \(WebFormat.connectionProblem(overview.connection)) <a href=\"/settings#data-sync\">View details</a></div>"
        }
        return """
            <div class="sync-bar card" aria-live="polite">
            <span>Last sync: <strong>\(last)</strong> · <span title="SimpleFIN requests left today">\(left) syncs left today</span></span>
            <span id="sync-status" class="muted small"></span>
            <form method="post" action="/sync" data-sync="/api/v1/sync">\(Layout.csrfField(signedIn.csrfToken))<button type="submit">Sync Now</button></form>
            </div>
            \(trouble)
            """
    }

    // MARK: - Cards

    static func tools(_ card: DashboardCard, index: Int, count: Int, signedIn: SignedIn) -> HTML {
        func button(_ action: String, _ label: String, enabled: Bool = true) -> HTML {
            guard enabled else { return .empty }
            return """
                <form method="post" action="/dashboard/layout">\(Layout.csrfField(signedIn.csrfToken))<input type="hidden" name="card" value="\(card.rawValue)"><input type="hidden" name="action" value="\(action)"><button class="secondary" type="submit">\(label)</button></form>
                """
        }
        return """
            <div class="card-tools">\(button("up", "Move up", enabled: index > 0))\(button("down", "Move down", enabled: index < count - 1))\(button("remove", "Remove"))</div>
            """
    }

    static func card(_ card: DashboardCard, data: DashboardData, chart: String?, tools: HTML) -> HTML {
        let content: HTML =
            switch card {
            case .incomeVsSpending: incomeVsSpending(data, chart: chart)
            case .netWorth: netWorth(data)
            case .netIncome: netIncome(data)
            case .netWorthBreakdown: breakdown(data)
            case .income:
                box(
                    data.current.income.formatted(), "in",
                    "\(data.current.incomeCount) deposits in \(Charts.label(data.current.month))")
            case .expenses:
                box(
                    data.current.spending.formatted(), "out",
                    "\(data.current.spendingCount) expenses in \(Charts.label(data.current.month))")
            case .savingsRate: savingsRate(data)
            case .spendingByCategory: spendingByCategory(data)
            case .budgetProgress: budgetProgress(data)
            case .leftToSpend: leftToSpend(data)
            case .dailyTrend: dailyTrend(data)
            case .topCategories: topCategories(data)
            case .recurring: recurring(data)
            case .cards: cards(data)
            }
        return """
            <section class="card\(card.isWide ? " wide" : "")" data-card="\(card.rawValue)" id="card-\(card.rawValue)" aria-labelledby="title-\(card.rawValue)">
            <h2 id="title-\(card.rawValue)">\(card.title)<button type="button" class="drag-handle" aria-label="Drag to move \(card.title)" title="Drag to move">⠿</button></h2>
            \(content)
            \(tools)
            </section>
            """
    }

    static func box(_ amount: String, _ tone: String, _ caption: String) -> HTML {
        "<p class=\"big amount \(tone)\">\(amount)</p><p class=\"muted small\">\(caption)</p>"
    }

    /// The card's views: the three charts and the 50/30/20 lens (bar or donut), chosen by `?chart=`.
    static let chartViews = ["bars", "line", "net", "lens", "lens-donut"]

    static func incomeVsSpending(_ data: DashboardData, chart: String?) -> HTML {
        let view = chartViews.contains(chart ?? "") ? chart ?? "bars" : "bars"
        let month = data.selected.month.description
        let toggles = [("bars", "Bars"), ("line", "Cumulative"), ("net", "Net"), ("lens", "50/30/20")].map {
            key, title -> HTML in
            let current = view == key || view.hasPrefix(key + "-")
            return """
                <a href="/dashboard?chart=\(key)&amp;month=\(month)" data-chart-view="\(key)" aria-current="\(current ? "true" : "false")">\(title)</a>
                """
        }
        let lens = view.hasPrefix("lens")
        // Drawn twice: for a phone's width and, on a desktop, for the whole wide card (text in an SVG scales
        // with it, so one drawing cannot suit both).
        func drawings(_ width: Double) -> HTML {
            """
            \(Charts.incomeSpendingBars(data.selected.series, hidden: view != "bars", width: width))
            \(Charts.cumulativeLines(data.selected.days, hidden: view != "line", width: width))
            \(Charts.netBars(data.selected.series, hidden: view != "net", width: width))
            """
        }
        return """
            <div class="chart">
            <div class="spread"><div class="legend" data-legend="bars line"\(["bars", "line"].contains(view) ? "" : " hidden")><span class="income">Income</span><span class="spending">Spending</span></div>
            <div class="legend" data-legend="net"\(view == "net" ? "" : " hidden")><span class="income">Net: more in</span><span class="spending">more out</span></div>
            <div class="toggle" role="group" aria-label="Chart type">\(toggles)</div></div>
            <div class="narrow-chart">\(drawings(Charts.width))</div><div class="wide-chart">\(drawings(Charts.wideWidth))</div>
            \(LensChart.panels(data.lens, view: lens ? view : nil))
            <p class="readout" aria-live="polite">\(lens ? "" : "Tap a bar or point for its numbers.")</p>
            <p class="small"><a href="/income">Income trend: 1M, 3M, YTD, 1Y or custom →</a></p>
            </div>
            """
    }

    static func netWorth(_ data: DashboardData) -> HTML {
        let totals = data.netWorth.totals
        var delta: HTML = "<p class=\"muted small\">No change to show yet this month.</p>"
        if let change = data.netWorthChange {
            let up = change.amount.minorUnits >= 0
            let percent =
                change.percent.map { " (\(up ? "↑" : "↓")\(Percent(hundredths: abs($0.hundredths)).description))" }
                ?? ""
            let sign = up ? "+" : ""
            delta = "<p class=\"\(up ? "in" : "out")\">\(sign)\(change.amount.formatted())\(percent) this month</p>"
        }
        let others = data.netWorth.otherCurrencies.map { other -> HTML in
            "<p class=\"muted small\">Also \(other.netWorth.formatted()) in \(other.currency.displayCode) (not converted)</p>"
        }
        return """
            <p class="big amount">\(totals.netWorth.formatted())</p>
            \(delta)
            <details><summary>Assets and liabilities</summary>
            <table><tr><td>Assets</td><td class="num amount in">\(totals.assets.formatted())</td></tr>
            <tr><td>Liabilities</td><td class="num amount out">\(totals.liabilities.formatted())</td></tr></table></details>
            <p><a href="/networth">Net worth trend →</a></p>
            \(others)
            """
    }

    static func netIncome(_ data: DashboardData) -> HTML {
        let report = data.selected
        let month = report.month
        let tone = report.net.minorUnits >= 0 ? "in" : "out"
        let next: HTML =
            month < data.current.month
            ? "<a href=\"/dashboard?month=\(month.next.description)\" aria-label=\"Next month\">→</a>"
            : "<span class=\"muted\" aria-hidden=\"true\">→</span>"
        return """
            <div class="month-nav"><a href="/dashboard?month=\(month.previous.description)" aria-label="Previous month">←</a>
            <strong>\(Charts.label(month))</strong>\(next)</div>
            <p class="big amount \(tone)">\(report.net.formatted())</p>
            <p class="muted">\(report.income.formatted()) in · \(report.spending.formatted()) out</p>
            <p><a href="/transactions?from=\(month.first.description)&amp;to=\(month.last.description)">\(Charts.label(month))'s transactions →</a></p>
            <p><a href="/spending?month=\(month.description)">Spending by category →</a></p>
            \(report.incomeCount + report.spendingCount == 0 ? "<p class=\"muted small\">No transactions this month; try another month.</p>" : HTML.empty)
            """
    }

    static func breakdown(_ data: DashboardData) -> HTML {
        let groups = (data.netWorth.groups + data.netWorth.otherCurrencyGroups).map { group -> HTML in
            let institutions = group.institutions.map { institution -> HTML in
                let accounts = institution.accounts.map { line -> HTML in
                    """
                    <a class="account-line" href="/accounts/\(line.accountID.description)"><span>\(line.name)</span><span class="amount \(line.balance.minorUnits < 0 ? "out" : "")">\(line.balance.formatted())</span></a>
                    """
                }
                return """
                    <div class="institution"><div class="spread"><span>\(institution.name)</span><span class="amount">\(institution.total.formatted())</span></div>\(accounts)</div>
                    """
            }
            return """
                <div class="group"><div class="group-title spread"><span>\(group.category.displayName)</span><span class="amount">\(group.total.formatted())</span></div>\(institutions)</div>
                """
        }
        guard !groups.isEmpty else { return "<p class=\"muted\">No accounts yet.</p>" }
        return "\(groups)"
    }

    static func savingsRate(_ data: DashboardData) -> HTML {
        guard let rate = data.current.savingsRate else {
            return "<p class=\"big\">—</p><p class=\"muted small\">No income yet this month, so there is no rate.</p>"
        }
        return """
            <p class="big \(rate.hundredths >= 0 ? "in" : "out")">\(rate.description)</p><p class="muted small">100 × (1 − expenses ÷ income)</p>
            """
    }

    static func spendingByCategory(_ data: DashboardData) -> HTML {
        let rows = data.current.spendingByCategory.filter { $0.depth == 0 }.map { line -> HTML in
            """
            <tr><td><a class="row-link" href="\(categoryLink(line.categoryID, data: data))">\(line.emoji.map { $0 + " " } ?? "")\(line.name)</a></td><td class="num amount">\(line.amount.formatted())</td><td class="num">\(line.share?.description ?? "")</td></tr>
            """
        }
        guard !rows.isEmpty else { return "<p class=\"muted\">No spending yet this month.</p>" }
        return """
            <div class="table-wrap"><table><thead><tr><th>Category</th><th class="num">Amount</th><th class="num">%</th></tr></thead><tbody>\(rows)</tbody></table></div>
            <p><a href="/spending?month=\(data.current.month.description)">All categories →</a></p>
            """
    }

    /// A category's page for this month (`ghostvault.md` 7.6): the month against the last and its transactions.
    static func categoryLink(_ id: Category.ID?, data: DashboardData) -> String {
        SpendingPage.path(id, month: data.current.month)
    }

    static func budgetProgress(_ data: DashboardData) -> HTML {
        let budget = data.budget
        let overspent = budget.overspent.map { line -> HTML in
            "<li>\(line.name): \(line.actual.formatted()) of \(line.target?.formatted() ?? "")</li>"
        }
        return """
            <table><tr><td>Targeted Spend</td><td class="num amount">\(budget.targeted.formatted())</td></tr>
            <tr><td>Actual Spend</td><td class="num amount">\(budget.actual.formatted())</td></tr></table>
            <p class="group-title">Overspent Categories</p>
            \(overspent.isEmpty ? "<p class=\"muted small\">None.</p>" : "<ul class=\"out\">\(overspent)</ul>" as HTML)
            """
    }

    static func leftToSpend(_ data: DashboardData) -> HTML {
        let budget = data.budget
        guard budget.targeted.minorUnits > 0 else {
            return "<p class=\"muted\">Set monthly targets on your categories to see what is left to spend.</p>"
        }
        // Red past 90 % spent, brand teal before (`mint-home.md`, Left to Spend). A <progress> styled by the theme,
        // not a <meter>, whose colours are the browser's own (amber at 161 %, issue 21).
        let warn = budget.isNearLimit || budget.leftToSpend.minorUnits < 0
        let percent = budget.spentShare.map { $0.hundredths / 100 } ?? 0
        return """
            <p class="big amount \(warn ? "out" : "in")">\(budget.leftToSpend.formatted())</p>
            <p class="muted small">of \(budget.targeted.formatted()) · \(budget.actual.formatted()) spent (\(Int(percent))%)</p>
            <progress id="left-to-spend-bar" class="miles-bar \(warn ? "red" : "teal")" max="100" value="\(Int(min(100, max(0, percent))))" aria-label="\(Int(percent))% of the budget spent"></progress>
            """
    }

    static func dailyTrend(_ data: DashboardData) -> HTML {
        """
        <div class="chart">\(Charts.dailySpending(data.current.days, through: data.today))
        <p class="readout" aria-live="polite"></p></div>
        """
    }

    static func topCategories(_ data: DashboardData) -> HTML {
        let rows = data.current.topCategories.prefix(3).map { line -> HTML in
            """
            <tr><td><a class="row-link" href="\(categoryLink(line.categoryID, data: data))">\(line.emoji.map { $0 + " " } ?? "")\(line.name)</a></td><td class="num amount">\(line.amount.formatted())</td></tr>
            """
        }
        guard !rows.isEmpty else { return "<p class=\"muted\">No spending yet this month.</p>" }
        return """
            <p class="muted small">This month</p><table>\(Array(rows))</table>
            <p><a href="/spending?month=\(data.current.month.description)">All categories →</a></p>
            """
    }

    /// Each miles card's cycle spend and miles, briefly; the cards page has the bars.
    static func cards(_ data: DashboardData) -> HTML {
        guard !data.cards.cards.isEmpty else {
            return "<p class=\"muted\">No cards yet. <a href=\"/cards\">Add a card</a> to track its miles.</p>"
        }
        let rows = data.cards.cards.map { status -> HTML in
            let report = status.report
            let state: String
            if let status = report.status {
                state = status.description
            } else if !report.caps.isEmpty {
                state = report.caps.map { "\($0.cap.name) \(CardCycleReport.amountText($0.spend))" }.joined(
                    separator: " · ")
            } else {
                state = ""
            }
            return """
                <li><a class="account-line" href="/cards/\(status.card.id.description)"><span>\(status.card.title)<br><span class="muted small">\(CardProgress.miles(report))\(state.isEmpty ? "" : " · " + state)</span></span><span class="amount">\(CardCycleReport.amountText(report.spend))</span></a></li>
                """
        }
        return """
            <ul class="miles-summary">\(rows)</ul>
            <p><a href="/cards">All cards →</a></p>
            """
    }

    static func recurring(_ data: DashboardData) -> HTML {
        let report = data.recurring
        let next: HTML =
            report.upcoming.first.map { bill -> HTML in
                "<p>Next up: <strong>\(bill.name)</strong> (\(bill.amount.formatted())) · \(Charts.label(bill.dueDate))</p>"
            } ?? "<p class=\"muted small\">No bills due in the next 30 days.</p>"
        return """
            <p>Monthly Total: <strong class="amount">\(report.monthlyTotal.formatted())</strong></p>
            <p class="muted small">\(report.spending.count) active recurring payments</p>
            \(next)
            """
    }
}

/// How instants and statuses read on pages.
enum WebFormat {
    /// "2026-11-23 14:05" in the household's time zone.
    static func instant(_ date: Date, in zone: TimeZone) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: date)
    }

    /// What a connection that is not working needs from the person (`ghostvault.md` 7.8).
    static func connectionProblem(_ connection: BankConnection) -> String {
        switch connection.status {
        case .active: ""
        case .needsToken: "Your SimpleFIN connection needs to be refreshed: paste a new setup token in Settings."
        case .rateLimited: "Daily sync limit reached. Resets at midnight UTC."
        case .paymentRequired: "SimpleFIN says the subscription has lapsed; renew it at SimpleFIN Bridge, then sync."
        case .unreachable: "Couldn't connect to SimpleFIN. Check the internet connection and try again."
        }
    }
}
