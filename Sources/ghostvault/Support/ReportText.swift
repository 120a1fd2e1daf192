import Foundation
import VaultCore
import VaultServices

/// The reports as a person reads them in a terminal.
enum ReportText {
    static func signed(_ money: Money) -> String { (money.isNegative ? "" : "+") + money.formatted() }

    static func percent(_ percent: Percent?) -> String { percent?.description ?? "—" }

    static func indent(_ depth: Int, _ text: String) -> String { String(repeating: "  ", count: depth) + text }

    static func netWorth(_ worth: NetWorth, change: NetWorthChange?) -> String {
        var lines = ["Net worth    \(worth.totals.netWorth.formatted())"]
        if let change {
            let arrow = change.amount.isNegative ? "↓" : "↑"
            let share = change.percent.map { " (\(arrow)\(Percent(hundredths: abs($0.hundredths))))" } ?? ""
            lines[0] += "   \(signed(change.amount))\(share) this month"
        }
        lines.append("Assets       \(worth.totals.assets.formatted())")
        lines.append("Liabilities  \(worth.totals.liabilities.formatted())")
        for other in worth.otherCurrencies {
            lines.append(
                "In \(other.currency.displayCode) (kept apart): net worth \(other.netWorth.formatted()), "
                    + "assets \(other.assets.formatted()), liabilities \(other.liabilities.formatted())")
        }
        var rows: [[String]] = []
        for group in worth.groups + worth.otherCurrencyGroups {
            rows.append([group.category.displayName, group.total.formatted(), ""])
            for institution in group.institutions {
                rows.append([indent(1, institution.name), institution.total.formatted(), ""])
                for account in institution.accounts {
                    rows.append([indent(2, account.name), account.balance.formatted(), account.kind.displayName])
                }
            }
        }
        if rows.isEmpty { return (lines + ["", "No accounts count toward net worth yet."]).joined(separator: "\n") }
        return (lines + ["", Terminal.table(["Breakdown", "Balance", "Kind"], rows, rightAligned: [1])])
            .joined(separator: "\n")
    }

    static func history(_ history: NetWorthHistory) -> String {
        // A point per month end, the first and the last day: the JSON has every day.
        let points = history.points.enumerated().filter { index, point in
            index == 0 || index == history.points.count - 1
                || point.date.day == LocalDate.daysIn(month: point.date.month, year: point.date.year)
        }.map(\.element)
        let rows = points.map {
            [$0.date.description, $0.assets.formatted(), $0.liabilities.formatted(), $0.netWorth.formatted()]
        }
        var text = Terminal.table(["Date", "Assets", "Liabilities", "Net worth"], rows, rightAligned: [1, 2, 3])
        if let change = history.change { text += "\nChange over \(history.range): \(signed(change))" }
        return text
    }

    static func month(_ report: MonthReport) -> String {
        var lines = [
            "\(AnalysisPeriod(.month, containing: report.month.first).label)",
            "Income        \(report.income.formatted())  (\(report.incomeCount) transactions)",
            "Spending      \(report.spending.formatted())  (\(report.spendingCount) transactions)",
            "Net           \(report.net.formatted())",
            "Savings rate  \(report.savingsRate.map(\.description) ?? "— (no income this month)")",
        ]
        for other in report.otherCurrencies {
            lines.append(
                "In \(other.currency.displayCode) (kept apart): income \(other.income.formatted()), spending \(other.spending.formatted())"
            )
        }
        if report.spendingByCategory.isEmpty {
            lines += ["", "No spending this month."]
        } else {
            let previous = Dictionary(
                report.changes.map { ($0.categoryID, $0) }, uniquingKeysWith: { first, _ in first })
            let rows = report.spendingByCategory.map { line -> [String] in
                let change = previous[line.categoryID]
                return [
                    indent(line.depth, line.name), line.amount.formatted(), percent(line.share),
                    change.map { $0.lastMonth.formatted() } ?? "", change.map { signed($0.change) } ?? "",
                ]
            }
            lines += [
                "",
                Terminal.table(["Category", "Amount", "%", "Last month", "Change"], rows, rightAligned: [1, 2, 3, 4]),
            ]
        }
        let seriesRows = report.series.map {
            [$0.month.description, $0.income.formatted(), $0.spending.formatted(), $0.net.formatted()]
        }
        lines += ["", Terminal.table(["Month", "Income", "Spending", "Net"], seriesRows, rightAligned: [1, 2, 3])]
        return lines.joined(separator: "\n")
    }

    static func budget(_ report: BudgetReport, uncategorized: [TransactionService.Listed]) -> String {
        let rows = report.lines.filter { $0.target != nil || $0.actual.minorUnits != 0 || $0.notes != nil }.map {
            [
                indent($0.depth, $0.name), $0.target?.formatted() ?? "", $0.actual.formatted(),
                $0.remaining?.formatted() ?? "", $0.status.map { $0 == .over ? "Over" : "Under" } ?? "", $0.notes ?? "",
            ]
        }
        var lines = [
            "Budget for \(AnalysisPeriod(.month, containing: report.month.first).label)",
            "Targeted       \(report.targeted.formatted())",
            "Actual         \(report.actual.formatted())  (\(percent(report.spentShare)) of targets)",
            "Left to spend  \(report.leftToSpend.formatted())" + (report.isNearLimit ? "  (over 90% spent)" : ""),
            "Overspent      "
                + (report.overspent.isEmpty ? "none" : report.overspent.map(\.name).joined(separator: ", ")),
        ]
        if !rows.isEmpty {
            lines += [
                "",
                Terminal.table(
                    ["Category", "Target", "Actual", "Left", "Status", "Notes"], rows, rightAligned: [1, 2, 3]),
            ]
        }
        if !uncategorized.isEmpty {
            lines += ["", "Uncategorized spending this month:"]
            lines.append(
                Terminal.table(
                    ["Date", "Name", "Account", "Amount", "ID"],
                    uncategorized.map {
                        [
                            $0.transaction.date.description, $0.name, $0.account.displayName,
                            $0.transaction.amount.formatted(), $0.transaction.id.description,
                        ]
                    }, rightAligned: [3]))
        }
        return lines.joined(separator: "\n")
    }

    static func recurring(_ report: RecurringReport) -> String {
        guard !report.series.isEmpty else { return "No recurring payments found yet." }
        var lines = ["Monthly recurring: \(report.monthlyTotal.formatted())  (\(report.series.count) active)"]
        let groups: [(title: String, members: [RecurringSeries])] =
            report.groups.map { group in
                ("\(group.bucket.displayName.uppercased())  \(group.monthlyTotal.formatted()) a month", group.series)
            } + [("INCOME", report.income)]
        for (title, members) in groups {
            guard !members.isEmpty else { continue }
            lines.append("")
            lines.append(title)
            lines.append(
                Terminal.table(
                    ["Name", "Amount", "Frequency", "Next expected", "Confidence", "Price change"],
                    members.map { series in
                        [
                            series.name, series.amount.formatted(), series.cadence.displayName,
                            series.nextDate.description,
                            "\(series.confidence) \(series.status == .confirmed ? "confirmed" : (series.tier == .high ? "high" : "likely"))",
                            series.priceChange.map { "\($0.from.formatted()) → \($0.to.formatted()) on \($0.on)" }
                                ?? "",
                        ]
                    }, rightAligned: [1]))
        }
        if !report.possible.isEmpty {
            lines += ["", "Possible: " + report.possible.map(\.name).joined(separator: ", ")]
        }
        return lines.joined(separator: "\n")
    }

    static func upcoming(_ report: RecurringReport) -> String {
        guard !report.upcoming.isEmpty else { return "No bills expected in the next \(report.horizonDays) days." }
        return Terminal.table(
            ["Name", "Amount", "Due", "Days until due"],
            report.upcoming.map {
                [
                    $0.name, $0.amount.formatted(), $0.dueDate.description,
                    $0.daysUntilDue < 0 ? "\(-$0.daysUntilDue) late" : "\($0.daysUntilDue)",
                ]
            }, rightAligned: [1, 3])
    }

    static func lens(_ report: LensReport) -> String {
        var lines = [
            "50/30/20 for \(AnalysisPeriod(.month, containing: report.month.first).label): \(report.total.formatted())"
        ]
        lines.append(
            Terminal.table(
                ["Bucket", "Amount", "Share", "Target", ""],
                report.segments.map {
                    [
                        $0.bucket.displayName, $0.amount.formatted(), percent($0.share), $0.target.description,
                        $0.indicator.rawValue,
                    ]
                }, rightAligned: [1, 2, 3]))
        lines += report.messages
        if !report.sources.isEmpty {
            lines += [
                "",
                Terminal.table(
                    ["Bucket", "Why", "Amount"],
                    report.sources.map { [$0.bucket.displayName, $0.reason, $0.amount.formatted()] }, rightAligned: [2]),
            ]
        }
        return lines.joined(separator: "\n")
    }

    /// One segment's transactions, largest first, each with why it landed there.
    static func lensSegment(_ segment: LensService.Segment) -> String {
        let entries = segment.entries
        let pages = max(1, (entries.totalCount + entries.request.size - 1) / entries.request.size)
        return [
            "\(segment.bucket.displayName), \(AnalysisPeriod(.month, containing: segment.report.month.first).label): "
                + "\(entries.totalCount) transactions, page \(entries.request.number) of \(pages)",
            Terminal.table(
                ["Date", "Payee", "Account", "Amount", "Why"],
                entries.items.map {
                    [
                        $0.transaction.date.description, $0.name, $0.accountName, $0.amount.formatted(),
                        $0.placement.reason,
                    ]
                }, rightAligned: [3]),
        ].joined(separator: "\n")
    }

    static func analysis(_ report: AnalysisReport, transactions: Page<TransactionService.Listed>) -> String {
        var lines = [
            "\(report.type == .income ? "Income" : "Expenses"), \(report.period.label): \(report.total.formatted()) "
                + "(\(report.count) transactions)   ← \(report.period.previous.label) · \(report.period.next.label) →"
        ]
        lines.append(
            Terminal.table(
                ["Period", "Amount", "Count"], report.buckets.map { [$0.label, $0.amount.formatted(), "\($0.count)"] },
                rightAligned: [1, 2]))
        if !report.byCategory.isEmpty {
            lines += [
                "",
                Terminal.table(
                    ["Category", "Amount", "%"],
                    report.byCategory.map {
                        [
                            indent($0.depth, ($0.emoji.map { $0 + " " } ?? "") + $0.name), $0.amount.formatted(),
                            percent($0.share),
                        ]
                    },
                    rightAligned: [1, 2]),
            ]
        }
        if !transactions.items.isEmpty {
            // The list, grouped by the chart's parts, newest first.
            for bucket in report.buckets.reversed() {
                let members = transactions.items.filter { bucket.range.contains($0.transaction.date) }
                guard !members.isEmpty else { continue }
                lines += ["", bucket.label]
                lines.append(
                    Terminal.table(
                        ["Date", "Name", "Category", "Amount", "Tags"],
                        members.map {
                            [
                                $0.transaction.date.description, $0.name, $0.categoryPath ?? "Uncategorized",
                                $0.transaction.amount.formatted(), $0.transaction.tags.joined(separator: ", "),
                            ]
                        }, rightAligned: [3]))
            }
            lines.append(
                "Page \(transactions.request.number) of \(max(1, transactions.pageCount)) (\(transactions.countText) transactions)"
            )
        }
        return lines.joined(separator: "\n")
    }
}
