import Foundation
import VaultCore

/// The net worth trend (`ghostvault.md` 7.3): a daily line with the timeframes 1M, 3M, YTD, 1Y and a custom
/// range, opened from the dashboard's net worth card.
enum NetWorthPage {
    static func render(
        _ history: NetWorthHistory, chosen: String?, query: Form, totals: NetWorth.Totals, signedIn: SignedIn
    ) -> HTML {
        let change: HTML =
            history.change.map { amount -> HTML in
                let up = amount.minorUnits >= 0
                return "<p class=\"\(up ? "in" : "out")\">\(up ? "+" : "")\(amount.formatted()) over this range</p>"
            } ?? .empty
        return Layout.page(
            title: "Net Worth", signedIn: signedIn, current: "/dashboard",
            body: """
                <p><a href="/dashboard">← Dashboard</a></p>
                <h1>Net Worth</h1>
                <section class="card">
                <p class="big amount">\(totals.netWorth.formatted())</p>
                \(change)
                <table><tr><td>Assets</td><td class="num amount in">\(totals.assets.formatted())</td></tr>
                <tr><td>Liabilities</td><td class="num amount out">\(totals.liabilities.formatted())</td></tr></table>
                </section>
                <section class="card chart" aria-labelledby="trend-title">
                <div class="spread"><h2 id="trend-title">Trend, \(history.range.start.description) to \(history.range.end.description)</h2>
                \(TimeframeSelector.links("/networth", chosen: chosen))</div>
                \(Charts.netWorthLine(history.points))
                <p class="readout" aria-live="polite">Tap a point for that day's net worth.</p>
                \(TimeframeSelector.custom("/networth", query: query))
                </section>
                """)
    }
}
