import Foundation

/// The two shapes of spec `ghostvault.md` section 14 (Export Format Options).
public enum ExportFormat: String, CaseIterable, Hashable, Sendable, Codable, CustomStringConvertible {
    case markdown, json

    /// Reads `markdown`, `md`, `json`, any case.
    public init?(name: String) {
        switch name.lowercased().trimmingCharacters(in: .whitespaces) {
        case "markdown", "md": self = .markdown
        case "json": self = .json
        default: return nil
        }
    }

    public var description: String { rawValue }
    /// `md` or `json`.
    public var fileExtension: String { self == .markdown ? "md" : "json" }
    public var mediaType: String { self == .markdown ? "text/markdown; charset=utf-8" : "application/json" }
}

extension LLMExport {
    /// The export in `format`.
    public func rendered(_ format: ExportFormat) -> String {
        switch format {
        case .markdown: markdown()
        case .json: json().rendered()
        }
    }

    /// The Markdown shape: headings as in the spec, then the months, recurring commitments and 50/30/20 status.
    public func markdown() -> String {
        var lines = ["# Financial Summary (\(periodTitle))", ""]
        lines.append(
            "Period: \(periodStart) to \(periodEnd) (\(dayCount) days). Amounts in \(currency.code)"
                + (options.rounding.isOn ? ", rounded (\(options.rounding.displayName.lowercased()))." : ", exact."))
        lines += ["", "## Account Overview"]
        lines += accounts.isEmpty ? ["- No accounts"] : accounts.map { "- \($0.label): \(text($0.balance))" }
        lines += ["", "## Income vs Expenses"]
        lines.append("- Total Income: \(text(income))")
        lines.append("- Total Expenses: \(text(expenses))")
        lines.append("- Net: \(text(net, signed: true))")
        if let incomeToExpenseRatio { lines.append("- Income-to-Expense Ratio: \(incomeToExpenseRatio)") }
        if months.count > 1 {
            lines += ["", "## Month by Month"]
            for month in months {
                lines.append(
                    "- \(month.label): income \(text(month.income)), expenses \(text(month.expenses)), net "
                        + text(month.net, signed: true))
            }
        }
        lines += ["", "## Top Spending Categories"]
        if categories.isEmpty { lines.append("- No spending") }
        for (index, category) in categories.prefix(Self.topCategoryCount).enumerated() {
            lines.append("\(index + 1). \(category.label) (\(category.percentage)%): \(text(category.amount))")
        }
        if let commitments {
            lines += ["", "## Recurring Commitments"]
            lines.append(
                "- Monthly Total: \(text(commitments.monthlyTotal)) (\(commitments.itemCount) \(commitments.itemCount == 1 ? "item" : "items"))"
            )
            lines.append("- Needs: \(text(commitments.needs))")
            lines.append("- Wants: \(text(commitments.wants))")
            lines.append("- Savings: \(text(commitments.savings))")
        }
        if let budget {
            lines += ["", "## 50/30/20 Status"]
            for bucket in budget.buckets {
                lines.append(
                    "- \(bucket.bucket.displayName): \(bucket.percentage)% (target \(bucket.target)%, \(bucket.deviation)): "
                        + text(bucket.amount))
            }
            lines.append("- Status: \(budget.status)")
        }
        if !narrative.isEmpty {
            lines += ["", "## Narrative", narrative]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The JSON shape of the spec, keys in its order, amounts as exact decimal numbers.
    public func json() -> OrderedJSON {
        func amount(_ money: Money) -> OrderedJSON { .number(Self.number(money)) }
        var members: [(String, OrderedJSON)] = [
            (
                "period",
                .object([
                    ("start", .string(periodStart)), ("end", .string(periodEnd)), ("days", .number("\(dayCount)")),
                ])
            ),
            ("currency", .string(currency.code)),
            ("rounding", .string(options.rounding.rawValue)),
            (
                "accounts",
                .array(
                    accounts.map {
                        .object([
                            ("alias", .string($0.alias)), ("type", .string($0.type)), ("balance", amount($0.balance)),
                        ])
                    })
            ),
            (
                "summary",
                .object([
                    ("totalIncome", amount(income)), ("totalExpenses", amount(expenses)), ("netIncome", amount(net)),
                    ("incomeToExpenseRatio", incomeToExpenseRatio.map { .number($0) } ?? .null),
                ])
            ),
            (
                "months",
                .array(
                    months.map {
                        .object([
                            ("month", .string($0.label)), ("income", amount($0.income)),
                            ("expenses", amount($0.expenses)), ("net", amount($0.net)),
                        ])
                    })
            ),
            (
                "categories",
                .array(
                    categories.map {
                        .object([
                            ("name", .string($0.name)), ("amount", amount($0.amount)),
                            ("percentage", .number("\($0.percentage)")),
                        ])
                    })
            ),
        ]
        if let commitments {
            members.append(
                (
                    "recurringCommitments",
                    .object([
                        ("monthlyTotal", amount(commitments.monthlyTotal)),
                        ("needsRecurring", amount(commitments.needs)),
                        ("wantsRecurring", amount(commitments.wants)),
                        ("savingsRecurring", amount(commitments.savings)),
                        ("itemCount", .number("\(commitments.itemCount)")),
                    ])
                ))
        }
        if let budget {
            var status: [(String, OrderedJSON)] = []
            for bucket in budget.buckets {
                status.append((Self.key(bucket.bucket) + "Percentage", .number("\(bucket.percentage)")))
            }
            status.append(("status", .string(budget.status)))
            status.append(
                ("targetDeviation", .object(budget.buckets.map { (Self.key($0.bucket), .string($0.deviation)) })))
            members.append(("budgetStatus", .object(status)))
        }
        if !narrative.isEmpty { members.append(("narrative", .string(narrative))) }
        return .object(members)
    }

    /// The JSON keys under which the export writes something other than an amount of money; every other number
    /// is an amount (the leak check reads the JSON that way).
    public static let nonMoneyKeys: Set<String> = [
        "days", "incomeToExpenseRatio", "percentage", "itemCount", "needsPercentage", "wantsPercentage",
        "savingsPercentage",
    ]

    static func key(_ bucket: LensBucket) -> String {
        switch bucket {
        case .need: "needs"
        case .want: "wants"
        case .savings: "savings"
        }
    }

    /// `5250`, `-2100.5`: the exact decimal, without a fraction when it is zero.
    static func number(_ money: Money) -> String {
        var text = money.decimalString
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text
    }
}
