import Foundation
import VaultCore
import VaultServices

/// One category in a month: "Dining: $450 vs $380 last month", its subcategories the same way, and the
/// transactions behind the amount.
enum SpendingCategoryPage {
    static func render(_ spending: ReportService.CategorySpending, signedIn: SignedIn) -> HTML {
        let month = spending.report.month
        let id = spending.category?.id
        let name = spending.category?.name ?? CategoryLine.uncategorizedName
        let amount = spending.change?.thisMonth.formatted() ?? "nothing"
        let children = spending.children.map { child -> HTML in
            """
            <li><a class="row-link" href="\(SpendingPage.path(child.categoryID, month: month))"><span>\(child.name)<br><span class="small muted">\(SpendingPage.versus(child))</span></span><span class="amount">\(child.thisMonth.formatted())</span></a></li>
            """
        }
        let page = spending.transactions
        let rows = page.items.map { listed -> HTML in
            let t = listed.transaction
            return """
                <li><a class="row-link" href="/transactions/\(t.id.description)"><span>\(listed.name)<br><span class="small muted">\(t.date.description) · \(listed.account.displayName)\(listed.categoryPath.map { " · " + $0 } ?? "")</span></span><span class="amount">\(t.amount.formatted())</span></a></li>
                """
        }
        let base = SpendingPage.path(id, month: month)
        let number = page.request.number
        let previous: HTML =
            number > 1 ? "<a class=\"button secondary\" href=\"\(base)&amp;page=\(number - 1)\">Previous</a>" : .empty
        let more = page.totalCount > page.request.offset + page.items.count
        let next: HTML =
            more ? "<a class=\"button secondary\" href=\"\(base)&amp;page=\(number + 1)\">Next</a>" : .empty
        // The uncategorised amount is spending only, so its list is the uncategorised expenses.
        let everything = TransactionsView(Form(encoded: "")).url([
            "category": id?.description ?? TransactionsView.uncategorized,
            "kind": id == nil ? Classification.expense.rawValue : nil,
            "from": month.first.description, "to": month.last.description,
        ])
        return Layout.page(
            title: "\(name), \(Charts.label(month))", signedIn: signedIn, current: "/dashboard",
            body: """
                <p><a href="/spending?month=\(month.description)">← Spending by category</a></p>
                <h1>\(name)</h1>
                <div class="month-nav"><a href="\(SpendingPage.path(id, month: month.previous))" aria-label="Previous month">←</a>
                <strong>\(Charts.label(month))</strong><a href="\(SpendingPage.path(id, month: month.next))" aria-label="Next month">→</a></div>
                <section class="card" aria-labelledby="mom-title"><h2 id="mom-title" class="visually-hidden">Month over month</h2>
                <p class="big amount" id="month-over-month">\(amount)</p>
                <p>\(name): \(amount) \(SpendingPage.versus(spending.change))</p>
                </section>
                \(children.isEmpty ? .empty : "<section class=\"card\" aria-labelledby=\"children-title\"><h2 id=\"children-title\">Subcategories</h2><ul class=\"category-list lens-list\">\(children)</ul></section>" as HTML)
                <section class="card" aria-labelledby="list-title"><h2 id="list-title">Transactions (\(page.countText))</h2>
                \(rows.isEmpty ? "<p class=\"muted\">No spending in \(name) this month.</p>" as HTML : "<ul class=\"category-list lens-list\">\(rows)</ul>" as HTML)
                <div class="spread pager">\(previous)<a href="\(everything)" class="small">Open in Transactions</a>\(next)</div>
                </section>
                """)
    }
}
