import Foundation
import VaultCore
import VaultServices

/// A month's spending by category: a donut of the top-level categories and the list sorted by amount, each row
/// with last month's amount beside it and a link to the category.
enum SpendingPage {
    /// The path segment of the uncategorised spending.
    static let uncategorizedSlug = "uncategorized"
    /// How many categories the donut colours on their own; the rest share one arc.
    static let donutColours = 5

    /// `/spending/<id>?month=...`.
    static func path(_ id: Category.ID?, month: CalendarMonth) -> String {
        "/spending/\(id?.description ?? uncategorizedSlug)?month=\(month.description)"
    }

    /// "vs $380.00 last month (+$70.00)".
    static func versus(_ change: MonthReport.CategoryChange?) -> String {
        guard let change else { return "nothing last month" }
        guard change.lastMonth.minorUnits != 0 else { return "nothing last month" }
        guard change.change.minorUnits != 0 else { return "vs \(change.lastMonth.formatted()) last month (the same)" }
        let sign = change.change.minorUnits > 0 ? "+" : ""
        let percent = change.percent.map {
            ", \($0.hundredths >= 0 ? "↑" : "↓")\(Percent(hundredths: abs($0.hundredths)))"
        }
        return "vs \(change.lastMonth.formatted()) last month (\(sign)\(change.change.formatted())\(percent ?? ""))"
    }

    static func render(_ report: MonthReport, signedIn: SignedIn) -> HTML {
        let month = report.month
        let lines = report.spendingByCategory.filter { $0.depth == 0 && $0.amount.minorUnits > 0 }
        let changes = Dictionary(report.changes.map { ($0.categoryID, $0) }, uniquingKeysWith: { first, _ in first })
        // Each slice is the category's share (docs/figures.md): the positive lines make the whole circle.
        func fraction(_ line: CategoryLine) -> Double { Double(line.share?.hundredths ?? 0) / 10_000 }
        var parts = lines.prefix(donutColours).enumerated().map { index, line in
            Charts.DonutPart(
                fraction: fraction(line), style: "donut-arc cat-\(index)",
                link: path(line.categoryID, month: month),
                title: "\(line.name): \(line.amount.formatted()) (\(line.share?.description ?? ""))",
                label: line.share.map(LensChart.wholePercent))
        }
        let rest = lines.dropFirst(donutColours).map(\.amount.minorUnits).reduce(0, +)
        if rest > 0 {
            parts.append(
                Charts.DonutPart(
                    fraction: lines.dropFirst(donutColours).map(fraction).reduce(0, +),
                    style: "donut-arc cat-\(donutColours)",
                    link: "#category-list",
                    title: "Other categories: \(Money(minorUnits: rest, currency: report.currency).formatted())"))
        }
        let rows = lines.enumerated().map { index, line -> HTML in
            let swatch = min(index, donutColours)
            return """
                <li><a class="row-link" href="\(path(line.categoryID, month: month))"><span><svg class="swatch" viewBox="0 0 10 10" aria-hidden="true"><rect class="lens-seg cat-\(swatch)" width="10" height="10" rx="2"/></svg> \(line.emoji.map { $0 + " " } ?? "")\(line.name)<br><span class="small muted">\(versus(changes[line.categoryID]))</span></span><span class="num"><span class="amount">\(line.amount.formatted())</span><br><span class="small muted">\(line.share?.description ?? "")</span></span></a></li>
                """
        }
        let next: HTML =
            "<a href=\"/spending?month=\(month.next.description)\" aria-label=\"Next month\">→</a>"
        return Layout.page(
            title: "Spending by category", signedIn: signedIn, current: "/dashboard",
            body: """
                <p><a href="/dashboard?month=\(month.description)">← Dashboard</a></p>
                <h1>Spending by category</h1>
                <div class="month-nav"><a href="/spending?month=\(month.previous.description)" aria-label="Previous month">←</a>
                <strong>\(Charts.label(month))</strong>\(next)</div>
                <section class="card" aria-labelledby="breakdown-title"><h2 id="breakdown-title">\(report.spending.formatted()) spent</h2>
                \(lines.isEmpty ? "<p class=\"muted\">No spending this month; try another month.</p>" as HTML : Charts.donut(parts, center: report.spending.formatted(), label: "Spending by category, \(Charts.label(month))"))
                <ul class="category-list lens-list" id="category-list">\(rows)</ul>
                <p class="small muted">\(MonthReport.basis)</p>
                </section>
                """)
    }
}
