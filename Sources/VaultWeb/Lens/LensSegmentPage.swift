import Foundation
import VaultCore
import VaultServices

/// One segment of the lens for a month: the bar with this segment marked, the reasons money landed here, and the
/// transactions behind it, largest first, each with its reason and the buttons that move it.
enum LensSegmentPage {
    static func render(_ segment: LensService.Segment, signedIn: SignedIn, path: String) -> HTML {
        let report = segment.report
        let bucket = segment.bucket
        let month = report.month
        let csrf = Layout.csrfField(signedIn.csrfToken)
        let sources = report.sources.filter { $0.bucket == bucket }.map { source -> HTML in
            """
            <tr><td>\(source.reason)</td><td class="num">\(source.count)</td><td class="num amount">\(source.amount.formatted())</td></tr>
            """
        }
        let rows = segment.entries.items.map { row($0, csrf: csrf, back: path) }
        let entries = segment.entries
        let pages = max(1, (entries.totalCount + entries.request.size - 1) / entries.request.size)
        func pageLink(_ number: Int, _ label: String) -> HTML {
            guard (1...pages).contains(number), number != entries.request.number else {
                return "<span class=\"button secondary\" aria-disabled=\"true\">\(label)</span>"
            }
            return
                "<a class=\"button secondary\" href=\"\(LensChart.path(bucket, month: month))&amp;page=\(number)\">\(label)</a>"
        }
        let pager: HTML =
            pages > 1
            ? """
            <div class="spread pager">\(pageLink(entries.request.number - 1, "Previous"))<span class="small muted">Page \(entries.request.number) of \(pages)</span>\(pageLink(entries.request.number + 1, "Next"))</div>
            """ : .empty
        let segmentLine = report.segments.first { $0.bucket == bucket }
        return Layout.page(
            title: "\(bucket.displayName), \(Charts.label(month))", signedIn: signedIn, current: "/dashboard",
            body: """
                <p><a href="/dashboard?chart=lens&amp;month=\(month.description)">← Dashboard</a></p>
                <h1>\(bucket.displayName)</h1>
                <div class="month-nav"><a href="\(LensChart.path(bucket, month: month.previous))" aria-label="Previous month">←</a>
                <strong>\(Charts.label(month))</strong><a href="\(LensChart.path(bucket, month: month.next))" aria-label="Next month">→</a></div>
                <section class="card" aria-labelledby="lens-title"><h2 id="lens-title">50/30/20 lens</h2>
                \(LensChart.bar(report))
                \(LensChart.table(report, current: bucket))
                </section>
                <section class="card" aria-labelledby="why-title"><h2 id="why-title">Why money landed in \(bucket.displayName)</h2>
                \(sources.isEmpty ? "<p class=\"muted\">Nothing landed here this month.</p>" as HTML : "<div class=\"table-wrap\"><table><thead><tr><th>Reason</th><th class=\"num\">Transactions</th><th class=\"num\">Amount</th></tr></thead><tbody>\(sources)</tbody></table></div>" as HTML)
                <p class="small muted">\(LensReport.basis)</p>
                </section>
                <section class="card" aria-labelledby="list-title"><h2 id="list-title">Transactions (\(entries.totalCount))\(segmentLine.map { " · \($0.amount.formatted())" } ?? "")</h2>
                \(rows.isEmpty ? "<p class=\"muted\">No transactions in this segment this month.</p>" as HTML : "<ul class=\"lens-list\">\(rows)</ul>" as HTML)
                \(pager)
                </section>
                """)
    }

    /// One transaction: what, where from, why here, and the buttons that move it or its payee.
    static func row(_ entry: LensService.Entry, csrf: HTML, back: String) -> HTML {
        let id = entry.transaction.id.description
        return """
            <li class="lens-item" data-transaction="\(id)"><div class="spread"><a href="/transactions/\(id)">\(entry.name)</a><span class="amount">\(entry.amount.formatted())</span></div>
            <p class="small muted">\(entry.transaction.date.description) · \(entry.accountName) · \(entry.categoryPath ?? "Uncategorized")</p>
            <p class="small lens-reason">Why: \(entry.placement.reason)</p>
            \(LensTransactionSection.choices(entry, csrf: csrf, back: back))
            </li>
            """
    }
}
