import Foundation
import VaultCore
import VaultServices

/// The income chart over a timeframe (`ghostvault.md` 7.3, Net Monthly Income Bar Chart): income against spending
/// or the net, a bar per month, with the net worth chart's timeframe selector.
enum IncomeTrendPage {
    static func render(
        _ trend: ReportService.IncomeTrend, chosen: String?, query: Form, chart: String?, signedIn: SignedIn
    ) -> HTML {
        let net = chart == "net"
        let series = trend.series
        let keep = TimeframeSelector.keeping(query)
        let views = [("bars", "Income vs Expenses"), ("net", "Net")].map { key, title -> HTML in
            """
            <a href="/income?\(keep)chart=\(key)" data-chart-view="\(key)" aria-current="\((key == "net") == net ? "true" : "false")">\(title)</a>
            """
        }
        return Layout.page(
            title: "Income trend", signedIn: signedIn, current: "/dashboard",
            body: """
                <p><a href="/dashboard">← Dashboard</a></p>
                <h1>Income trend</h1>
                <section class="card">
                <p class="big amount \(trend.net.minorUnits >= 0 ? "in" : "out")">\(trend.net.formatted())</p>
                <p class="muted" id="trend-window">\(trend.income.formatted()) in · \(trend.spending.formatted()) out, \(Charts.label(trend.range.start)), \(trend.range.start.year) to \(Charts.label(trend.range.end)), \(trend.range.end.year)</p>
                </section>
                <section class="card chart" aria-labelledby="trend-title">
                <div class="spread"><h2 id="trend-title">By month</h2>
                \(TimeframeSelector.links("/income", chosen: chosen))</div>
                <div class="spread"><div class="legend" data-legend="bars"\(net ? " hidden" : "")><span class="income">Income</span><span class="spending">Expenses</span></div>
                <div class="legend" data-legend="net"\(net ? "" : " hidden")><span class="income">Net: more in</span><span class="spending">more out</span></div>
                <div class="toggle" role="group" aria-label="Chart type">\(views)</div></div>
                \(Charts.incomeSpendingBars(series, hidden: net))
                \(Charts.netBars(series, hidden: !net))
                <p class="readout" aria-live="polite">Tap a bar for its month's numbers.</p>
                <p class="small muted">Each bar is a calendar month; the first and last hold only the days of the range.</p>
                \(TimeframeSelector.custom("/income", query: query))
                </section>
                """)
    }
}
