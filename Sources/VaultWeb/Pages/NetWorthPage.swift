import Foundation
import VaultCore

/// The net worth trend (`ghostvault.md` 7.3): a daily line with the timeframes 1M, 3M, YTD, 1Y and a custom
/// range, opened from the dashboard's net worth card.
enum NetWorthPage {
    static let timeframes = ["1M", "3M", "YTD", "1Y"]

    static func render(
        _ history: NetWorthHistory, chosen: String?, from: String?, to: String?, totals: NetWorth.Totals,
        signedIn: SignedIn
    ) -> HTML {
        let links = timeframes.map { name -> HTML in
            "<a href=\"/networth?history=\(name)\" aria-current=\"\(name == chosen ? "true" : "false")\">\(name)</a>"
        }
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
                <div class="toggle" role="group" aria-label="Timeframe">\(links)</div></div>
                \(Charts.netWorthLine(history.points))
                <p class="readout" aria-live="polite">Tap a point for that day's net worth.</p>
                <form method="get" action="/networth" class="row">
                <label for="from">From</label><input id="from" name="from" type="date" value="\(from ?? "")" required>
                <label for="to">To</label><input id="to" name="to" type="date" value="\(to ?? "")" required>
                <button type="submit" class="secondary">Show</button></form>
                </section>
                """)
    }
}
