import Foundation
import VaultCore
import VaultServices

/// The 50/30/20 lens drawn (spec `ghostvault.md` section 9, Visual Presentation): the tripartite bar or the donut,
/// each segment a link to the transactions behind it, and a table that says in words what the colours say.
enum LensChart {
    /// The path of a segment's page: `/lens/needs`, `/lens/wants`, `/lens/savings`.
    static func path(_ bucket: LensBucket, month: CalendarMonth) -> String {
        "/lens/\(slug(bucket))?month=\(month.description)"
    }

    static func slug(_ bucket: LensBucket) -> String {
        switch bucket {
        case .need: "needs"
        case .want: "wants"
        case .savings: "savings"
        }
    }

    /// What a segment's colour means, in words (colour is never the only signal).
    static func status(_ indicator: LensReport.Indicator) -> String {
        switch indicator {
        case .green: "On target"
        case .yellow: "Slightly off"
        case .red: "Significantly off"
        }
    }

    /// "52% of 50%", or "—" when nothing was spent.
    static func shareText(_ segment: LensReport.Segment) -> String {
        "\(segment.share.map(wholePercent) ?? "—") of \(wholePercent(segment.target))"
    }

    /// A share rounded to a whole percent, as the bar labels it ("52%").
    static func wholePercent(_ percent: Percent) -> String {
        "\((percent.hundredths + (percent.hundredths >= 0 ? 50 : -50)) / 100)%"
    }

    /// The segments' shares for drawing: each share, or nothing when the month had none.
    static func fractions(_ report: LensReport) -> [(LensReport.Segment, Double)] {
        report.segments.map { segment in
            (segment, max(0, Double(segment.share?.hundredths ?? 0) / 10_000))
        }
    }

    /// The tripartite bar: three stacked segments as wide as their shares.
    static func bar(_ report: LensReport) -> HTML {
        var x = 0.0
        let parts = fractions(report).filter { $0.1 > 0 }.map { segment, fraction -> HTML in
            let width = fraction * 1000
            defer { x += width }
            return """
                <a href="\(path(segment.bucket, month: report.month))" class="lens-link"><rect class="lens-seg \(segment.indicator.rawValue)" x="\(Charts.fmt(x))" y="0" width="\(Charts.fmt(width))" height="28"><title>\(segment.bucket.displayName): \(shareText(segment)) · \(segment.amount.formatted())</title></rect></a>
                """
        }
        let label = report.segments.map { "\($0.bucket.displayName) \($0.share.map(wholePercent) ?? "0%")" }
            .joined(separator: ", ")
        return """
            <svg class="lens-bar" viewBox="0 0 1000 28" preserveAspectRatio="none" role="img" aria-label="\(label)">\(parts.isEmpty ? "<rect class=\"lens-empty\" x=\"0\" y=\"0\" width=\"1000\" height=\"28\"/>" as HTML : parts.joined())</svg>
            """
    }

    /// The donut: the same three shares round a ring, the total in the middle.
    static func donut(_ report: LensReport) -> HTML {
        Charts.donut(
            fractions(report).map { segment, fraction in
                Charts.DonutPart(
                    fraction: fraction, style: "lens-arc \(segment.indicator.rawValue)",
                    link: path(segment.bucket, month: report.month),
                    title: "\(segment.bucket.displayName): \(shareText(segment)) · \(segment.amount.formatted())",
                    label: segment.share.map(wholePercent))
            }, center: report.total.formatted(), label: "50/30/20 donut")
    }

    /// The segments in words: share against target, amount and status, each linking to its transactions.
    static func table(_ report: LensReport, current: LensBucket? = nil) -> HTML {
        let rows = report.segments.map { segment -> HTML in
            let here = segment.bucket == current
            return """
                <tr class="lens-row\(here ? " current" : "")" data-bucket="\(segment.bucket.rawValue)"><td><svg class="swatch" viewBox="0 0 10 10" aria-hidden="true"><rect class="lens-seg \(segment.indicator.rawValue)" width="10" height="10" rx="2"/></svg> <a href="\(path(segment.bucket, month: report.month))"\(here ? " aria-current=\"page\"" : "")>\(segment.bucket.displayName)</a><br><span class="small lens-status \(segment.indicator.rawValue)">\(status(segment.indicator))</span></td>
                <td class="num lens-share">\(shareText(segment))</td><td class="num amount">\(segment.amount.formatted())</td></tr>
                """
        }
        let messages = report.messages.map { "<li>\($0)</li>" as HTML }
        return """
            <div class="table-wrap"><table class="lens-table"><thead><tr><th>Bucket</th><th class="num">Actual of target</th><th class="num">Amount</th></tr></thead><tbody>\(rows)</tbody></table></div>
            <ul class="lens-messages">\(messages)</ul>
            """
    }

    /// The lens as the dashboard's Income vs Spending card shows it: the bar and the donut, one of them shown
    /// (`view` is `lens` or `lens-donut`; nil hides both). The Bar/Donut links switch in place with JavaScript.
    static func panels(_ report: LensReport, view: String?) -> HTML {
        let month = report.month.description
        func panel(_ key: String) -> HTML {
            let views = [("lens", "Bar"), ("lens-donut", "Donut")].map { link, title -> HTML in
                """
                <a href="/dashboard?chart=\(link)&amp;month=\(month)" data-chart-view="\(link)" data-exact aria-current="\(link == key ? "true" : "false")">\(title)</a>
                """
            }
            return """
                <div class="lens-panel" data-view="\(key)"\(view == key ? "" : " hidden")>
                <div class="spread"><p class="small muted">\(Charts.label(report.month)): spending and saving against your targets (\(report.targets.needs)/\(report.targets.wants)/\(report.targets.savings))</p>
                <div class="toggle" role="group" aria-label="Lens view">\(views)</div></div>
                \(key == "lens-donut" ? donut(report) : bar(report))
                \(table(report))
                <p class="small"><a href="/settings/lens">Change targets</a></p>
                </div>
                """
        }
        return "\(panel("lens"))\(panel("lens-donut"))"
    }
}
