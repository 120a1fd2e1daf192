import Foundation
import VaultCore

/// Charts drawn on the server as SVG: crisp, printable, readable as text in tests, and tappable. Every bar
/// and point carries its exact numbers in `data-text` (and a `<title>` for screen readers and hover).
enum Charts {
    static let width = 320.0
    /// The width of a chart drawn for a desktop's wide card.
    static let wideWidth = 760.0
    static let height = 170.0
    static let left = 8.0
    static let bottom = 150.0
    static let top = 10.0

    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// "Nov 2026".
    static func label(_ month: CalendarMonth) -> String { "\(monthNames[month.month - 1]) \(month.year)" }

    /// "Nov 3".
    static func label(_ date: LocalDate) -> String { "\(monthNames[date.month - 1]) \(date.day)" }

    /// Where the plot starts: room on the left for the y-axis labels.
    static let plotLeft = 44.0

    /// A y-axis of round amounts: zero (or a round floor below the lowest value) up to a round ceiling above the
    /// highest, three or four steps of 1, 2 or 5 times a power of ten (issue 21: every chart has one).
    struct Scale {
        let low: Double
        let high: Double
        let step: Double

        init(low: Int64, high: Int64) {
            let floorValue = Double(min(0, low))
            let top = Double(max(0, high))
            let step = Charts.niceStep(max(1, top - floorValue) / 3)
            self.step = step
            self.low = (floorValue / step).rounded(.down) * step
            self.high = max(self.low + step, (top / step).rounded(.up) * step)
        }

        /// The y coordinate of `value` minor units.
        func y(_ value: Double) -> Double {
            Charts.bottom - (Charts.bottom - Charts.top) * (value - low) / (high - low)
        }

        /// Grid lines and labels at each step, from the plot's left to `right`.
        func marks(currency: Currency, right: Double) -> [HTML] {
            stride(from: low, through: high + step / 2, by: step).map { value -> HTML in
                let y = self.y(value)
                return """
                    <line class="grid" x1="\(fmt(Charts.plotLeft))" y1="\(fmt(y))" x2="\(fmt(right))" y2="\(fmt(y))"/><text class="tick" x="\(fmt(Charts.plotLeft - 4))" y="\(fmt(y + 3))" text-anchor="end">\(value < 0 ? "-" : "")\(axisLabel(abs(value), currency: currency))</text>
                    """
            }
        }
    }

    /// Income and spending side by side for each month.
    static func incomeSpendingBars(
        _ series: [MonthReport.MonthPoint], hidden: Bool = false, width: Double = Charts.width
    ) -> HTML {
        let peak = series.map { max($0.income.minorUnits, $0.spending.minorUnits) }.max() ?? 0
        let scale = Scale(low: 0, high: peak)
        let slot = (width - left - plotLeft) / Double(max(series.count, 1))
        let barWidth = max(2, slot * 0.36)
        var marks: [HTML] = series.first.map { scale.marks(currency: $0.income.currency, right: width - left) } ?? []
        for (index, point) in series.enumerated() {
            let x = plotLeft + Double(index) * slot + slot * 0.12
            let text =
                "\(label(point.month)): income \(point.income.formatted()), spending \(point.spending.formatted()), net \(point.net.formatted())"
            for (offset, kind, amount) in [(0.0, "income", point.income), (barWidth, "spending", point.spending)] {
                let h = Charts.bottom - scale.y(Double(max(0, amount.minorUnits)))
                marks.append(
                    """
                    <rect class="bar \(kind)" x="\(fmt(x + offset))" y="\(fmt(bottom - h))" width="\(fmt(barWidth))" height="\(fmt(max(h, 0.5)))" rx="1.5" tabindex="0" role="button" data-month="\(point.month.description)" data-text="\(text)"><title>\(text)</title></rect>
                    """)
            }
            if series.count <= 12 || index % 2 == 0 {
                marks.append(
                    "<text x=\"\(fmt(x + barWidth))\" y=\"\(fmt(bottom + 13))\" text-anchor=\"middle\">\(monthNames[point.month.month - 1])</text>"
                )
            }
        }
        return svg(view: "bars", hidden: hidden, label: "Monthly income and spending", marks, width: width)
    }

    /// Net income per month: one bar each, up and green when more came in than went out, down and red when not
    /// (`ghostvault.md` 7.3, the Net Income view).
    static func netBars(_ series: [MonthReport.MonthPoint], hidden: Bool = true, width: Double = Charts.width) -> HTML {
        let nets = series.map(\.net.minorUnits)
        let scale = Scale(low: nets.min() ?? 0, high: nets.max() ?? 0)
        let zero = scale.y(0)
        let slot = (width - left - plotLeft) / Double(max(series.count, 1))
        let barWidth = max(2, slot * 0.6)
        var marks: [HTML] = series.first.map { scale.marks(currency: $0.net.currency, right: width - left) } ?? []
        marks.append(
            "<line class=\"axis\" x1=\"\(fmt(plotLeft))\" y1=\"\(fmt(zero))\" x2=\"\(fmt(width - left))\" y2=\"\(fmt(zero))\"/>"
        )
        for (index, point) in series.enumerated() {
            let x = plotLeft + Double(index) * slot + slot * 0.2
            let end = scale.y(Double(point.net.minorUnits))
            let h = abs(zero - end)
            let kind = point.net.minorUnits >= 0 ? "income" : "spending"
            let y = min(zero, end)
            let text =
                "\(label(point.month)): net \(point.net.formatted()) (\(point.income.formatted()) in, \(point.spending.formatted()) out)"
            marks.append(
                """
                <rect class="bar \(kind) net" x="\(fmt(x))" y="\(fmt(y))" width="\(fmt(barWidth))" height="\(fmt(max(h, 0.5)))" rx="1.5" tabindex="0" role="button" data-text="\(text)"><title>\(text)</title></rect>
                """)
            if series.count <= 12 || index % 2 == 0 {
                marks.append(
                    "<text x=\"\(fmt(x + barWidth / 2))\" y=\"\(fmt(bottom + 13))\" text-anchor=\"middle\">\(monthNames[point.month.month - 1])</text>"
                )
            }
        }
        return svg(view: "net", hidden: hidden, label: "Net income by month", marks, width: width)
    }

    /// Income and spending added up day by day through a month.
    static func cumulativeLines(
        _ days: [MonthReport.DayPoint], hidden: Bool = false, width: Double = Charts.width
    ) -> HTML {
        let peak = days.map { max($0.cumulativeIncome.minorUnits, $0.cumulativeSpending.minorUnits) }.max() ?? 0
        let scale = Scale(low: 0, high: peak)
        let step = (width - left - plotLeft) / Double(max(days.count - 1, 1))
        func y(_ money: Money) -> Double { scale.y(Double(max(0, money.minorUnits))) }
        var marks: [HTML] =
            days.first.map { scale.marks(currency: $0.cumulativeIncome.currency, right: width - left) } ?? []
        for (kind, value) in [("income", \MonthReport.DayPoint.cumulativeIncome), ("spending", \.cumulativeSpending)] {
            let path = days.enumerated().map { index, day in
                "\(index == 0 ? "M" : "L")\(fmt(plotLeft + Double(index) * step)) \(fmt(y(day[keyPath: value])))"
            }.joined(separator: " ")
            marks.append("<path class=\"line \(kind)\" d=\"\(path)\"/>")
        }
        for (index, day) in days.enumerated() {
            let text =
                "\(label(day.date)): income so far \(day.cumulativeIncome.formatted()), spending so far \(day.cumulativeSpending.formatted())"
            for (kind, amount) in [("income", day.cumulativeIncome), ("spending", day.cumulativeSpending)] {
                marks.append(
                    """
                    <circle class="dot \(kind)" cx="\(fmt(plotLeft + Double(index) * step))" cy="\(fmt(y(amount)))" r="3.2" tabindex="0" role="button" data-text="\(text)"><title>\(text)</title></circle>
                    """)
            }
        }
        if let first = days.first, let last = days.last {
            marks.append("<text x=\"\(fmt(plotLeft))\" y=\"\(fmt(bottom + 13))\">\(label(first.date))</text>")
            marks.append(
                "<text x=\"\(fmt(width - left))\" y=\"\(fmt(bottom + 13))\" text-anchor=\"end\">\(label(last.date))</text>"
            )
        }
        return svg(
            view: "line", hidden: hidden, label: "Income and spending added up through the month", marks, width: width)
    }

    /// Spending per day through the month so far (`mint-home.md`, Spending Trend Chart).
    static func dailySpending(_ days: [MonthReport.DayPoint], through today: LocalDate) -> HTML {
        let shown = days.filter { $0.date <= today }
        let scale = Scale(low: 0, high: shown.map(\.spending.minorUnits).max() ?? 0)
        let step = (width - left - plotLeft) / Double(max(shown.count - 1, 1))
        func y(_ money: Money) -> Double { scale.y(Double(max(0, money.minorUnits))) }
        var marks: [HTML] = shown.first.map { scale.marks(currency: $0.spending.currency, right: width - left) } ?? []
        let path = shown.enumerated().map { index, day in
            "\(index == 0 ? "M" : "L")\(fmt(plotLeft + Double(index) * step)) \(fmt(y(day.spending)))"
        }.joined(separator: " ")
        marks.append("<path class=\"line spending\" d=\"\(path)\"/>")
        for (index, day) in shown.enumerated() where day.spending.minorUnits > 0 {
            let text = "\(label(day.date)): spent \(day.spending.formatted())"
            marks.append(
                """
                <circle class="dot spending" cx="\(fmt(plotLeft + Double(index) * step))" cy="\(fmt(y(day.spending)))" r="3" tabindex="0" role="button" data-text="\(text)"><title>\(text)</title></circle>
                """)
        }
        for (index, day) in shown.enumerated() where index == 0 || index == shown.count - 1 || day.date.day % 5 == 0 {
            marks.append(
                "<text x=\"\(fmt(plotLeft + Double(index) * step))\" y=\"\(fmt(bottom + 13))\" text-anchor=\"middle\">\(day.date.day)</text>"
            )
        }
        return svg(view: "daily", hidden: false, label: "Spending per day this month", marks)
    }

    /// Net worth day by day; at most `maximumPoints` tappable points, evenly spaced, so a year stays light. The
    /// x-axis names the years when the range crosses one (its ends with their year, and each January 1st).
    static func netWorthLine(_ points: [NetWorthHistory.Point], maximumPoints: Int = 92) -> HTML {
        guard !points.isEmpty else { return "<p class=\"muted\">No balances in this range yet.</p>" }
        let values = points.map(\.netWorth.minorUnits)
        let scale = Scale(low: values.min() ?? 0, high: values.max() ?? 0)
        let step = (width - left - plotLeft) / Double(max(points.count - 1, 1))
        func y(_ value: Int64) -> Double { scale.y(Double(value)) }
        let path = values.enumerated().map { index, value in
            "\(index == 0 ? "M" : "L")\(fmt(plotLeft + Double(index) * step)) \(fmt(y(value)))"
        }.joined(separator: " ")
        var marks: [HTML] = scale.marks(currency: points[0].netWorth.currency, right: width - left)
        marks.append("<path class=\"line income\" d=\"\(path)\"/>")
        let stride = max(1, Int((Double(points.count) / Double(maximumPoints)).rounded(.up)))
        for index in points.indices where index % stride == 0 || index == points.count - 1 {
            let point = points[index]
            let text = "\(label(point.date)), \(point.date.year): net worth \(point.netWorth.formatted())"
            marks.append(
                """
                <circle class="dot income" cx="\(fmt(plotLeft + Double(index) * step))" cy="\(fmt(y(point.netWorth.minorUnits)))" r="2.6" tabindex="0" role="button" data-text="\(text)"><title>\(text)</title></circle>
                """)
        }
        let first = points[0].date
        let last = points[points.count - 1].date
        let crosses = first.year != last.year
        func end(_ date: LocalDate) -> String { crosses ? "\(label(date)), \(date.year)" : label(date) }
        marks.append("<text x=\"\(fmt(plotLeft))\" y=\"\(fmt(bottom + 13))\">\(end(first))</text>")
        marks.append(
            "<text x=\"\(fmt(width - left))\" y=\"\(fmt(bottom + 13))\" text-anchor=\"end\">\(end(last))</text>")
        if crosses {
            for (index, point) in points.enumerated() where index > 0 && point.date.month == 1 && point.date.day == 1 {
                let x = plotLeft + Double(index) * step
                // A year's label between the two ends, where it does not sit on top of either.
                guard x > plotLeft + 60, x < width - left - 60 else { continue }
                marks.append(
                    """
                    <line class="grid year" x1="\(fmt(x))" y1="\(fmt(top))" x2="\(fmt(x))" y2="\(fmt(bottom))"/><text class="year" x="\(fmt(x))" y="\(fmt(bottom + 13))" text-anchor="middle">\(String(point.date.year))</text>
                    """)
            }
        }
        return svg(view: "networth", hidden: false, label: "Net worth by day", marks)
    }

    /// A small line of an account's balance over time.
    static func sparkline(_ points: [(date: LocalDate, balance: Money)]) -> HTML {
        guard points.count > 1 else { return "<p class=\"muted small\">Not enough balance history yet.</p>" }
        let values = points.map(\.balance.minorUnits)
        let low = values.min() ?? 0
        let high = max(values.max() ?? 1, low + 1)
        let w = 300.0
        let h = 60.0
        let step = w / Double(points.count - 1)
        let path = values.enumerated().map { index, value in
            "\(index == 0 ? "M" : "L")\(fmt(Double(index) * step)) \(fmt(h - 4 - (h - 8) * Double(value - low) / Double(high - low)))"
        }.joined(separator: " ")
        let first = points[0]
        let last = points[points.count - 1]
        let text =
            "\(label(first.date)) \(first.balance.formatted()) to \(label(last.date)) \(last.balance.formatted())"
        return """
            <svg class="sparkline" viewBox="0 0 \(fmt(w)) \(fmt(h))" role="img" aria-label="Balance from \(text)"><title>\(text)</title><path d="\(path)"/></svg>
            """
    }

    /// The Analysis chart: one bar per bucket (months of a year, weeks of a month, days of a week) with a y-axis
    /// of round amounts, every bar tappable for its exact total.
    static func analysisBars(_ report: AnalysisReport) -> HTML {
        let buckets = report.buckets
        let axisLeft = 44.0
        let peakUnits = max(1, buckets.map(\.amount.minorUnits).max() ?? 1)
        let step = niceStep(Double(peakUnits) / 3)
        let ceiling = max(step * 3, Double(peakUnits))
        var marks: [HTML] = []
        for tick in 0...3 {
            let value = step * Double(tick)
            guard value <= ceiling else { break }
            let y = bottom - (bottom - top) * value / ceiling
            marks.append(
                """
                <line class="grid" x1="\(fmt(axisLeft))" y1="\(fmt(y))" x2="\(fmt(width - left))" y2="\(fmt(y))"/><text class="tick" x="\(fmt(axisLeft - 4))" y="\(fmt(y + 3))" text-anchor="end">\(axisLabel(value, currency: report.currency))</text>
                """)
        }
        let slot = (width - left - axisLeft) / Double(max(buckets.count, 1))
        let barWidth = max(2, slot * 0.62)
        let kind = report.type == .income ? "income" : "spending"
        for (index, bucket) in buckets.enumerated() {
            let x = axisLeft + Double(index) * slot + (slot - barWidth) / 2
            let h = (bottom - top) * Double(max(0, bucket.amount.minorUnits)) / ceiling
            let count = "\(bucket.count) transaction\(bucket.count == 1 ? "" : "s")"
            let text = "\(bucket.label): \(bucket.amount.formatted()), \(count)"
            marks.append(
                """
                <rect class="bar \(kind)" x="\(fmt(x))" y="\(fmt(bottom - h))" width="\(fmt(barWidth))" height="\(fmt(max(h, 0.5)))" rx="1.5" tabindex="0" role="button" data-text="\(text)"><title>\(text)</title></rect>
                """)
            let short = report.period.timeframe == .month ? "W\(index + 1)" : String(bucket.label.prefix(3))
            marks.append(
                "<text x=\"\(fmt(x + barWidth / 2))\" y=\"\(fmt(bottom + 13))\" text-anchor=\"middle\">\(short)</text>")
        }
        let what = report.type == .income ? "Income" : "Spending"
        return svg(
            view: "analysis", hidden: false,
            label:
                "\(what) by \(report.period.timeframe == .year ? "month" : report.period.timeframe == .month ? "week" : "day"), \(report.period.label)",
            marks)
    }

    /// An axis tick of `minorUnits` (kept a `Double`: a tick above the largest amount may pass `Int64`'s range):
    /// "$0", "$500", "$1.5k", "$20k", "$1.2M", "$3e+15M" (whole units; ticks are round by construction).
    static func axisLabel(_ minorUnits: Double, currency: Currency) -> String {
        let whole = minorUnits / Double(currency.minorUnitsPerMajor)
        let symbol = currency.symbol ?? ""
        let suffix = currency.symbol == nil ? " " + currency.displayCode : ""
        func short(_ value: Double) -> String {
            value == value.rounded() ? String(format: "%.0f", value) : String(format: "%.1f", value)
        }
        let text =
            whole >= 1_000_000
            ? short(whole / 1_000_000) + "M" : whole >= 1_000 ? short(whole / 1_000) + "k" : short(whole.rounded())
        return symbol + text + suffix
    }

    /// A round step for an axis near `rough` minor units: 1, 2 or 5 times a power of ten.
    static func niceStep(_ rough: Double) -> Double {
        guard rough > 1 else { return 1 }
        let power = pow(10, floor(log10(rough)))
        for factor in [1.0, 2.0, 5.0, 10.0] where factor * power >= rough { return factor * power }
        return 10 * power
    }

    private static func svg(
        view: String, hidden: Bool, label: String, _ marks: [HTML], width: Double = Charts.width
    ) -> HTML {
        """
        <svg data-view="\(view)" viewBox="0 0 \(fmt(width)) \(fmt(height))" role="group" aria-label="\(label)"\(hidden ? " hidden" : "")><line class="axis" x1="\(fmt(left))" y1="\(fmt(bottom))" x2="\(fmt(width - left))" y2="\(fmt(bottom))"/>\(marks)</svg>
        """
    }

    /// Coordinates with one decimal: enough for a crisp chart, short enough to keep pages light.
    static func fmt(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
