import Foundation

extension LLMExport {
    /// Every word the export writes of its own accord (headings, templates, JSON keys, account kinds, buckets,
    /// the lens's messages): a payee word that is one of these is not reported as a leak (see `LeakCheck`).
    public static let vocabulary: Set<String> = {
        var texts = Narrative.templates
        texts += [
            "Financial Summary Period to days Amounts in rounded exact", "Account Overview No accounts",
            "Income vs Expenses Total Income Total Expenses Net Income-to-Expense Ratio",
            "Month by Month income expenses net",
            "Top Spending Categories No spending", "Recurring Commitments Monthly Total items Needs Wants Savings",
            "50/30/20 Status target Status", "Narrative", "Month Day T-Minus Days Asset Liability Category",
            CategoryLine.uncategorizedName,
            "period start end days currency rounding accounts alias type balance summary totalIncome totalExpenses "
                + "netIncome incomeToExpenseRatio months month income expenses net categories name amount percentage "
                + "recurringCommitments monthlyTotal needsRecurring wantsRecurring savingsRecurring itemCount "
                + "budgetStatus needsPercentage wantsPercentage savingsPercentage status targetDeviation needs wants "
                + "savings narrative",
            "Needs are eating into your Wants/Savings", "Consider increasing your savings rate",
            "Discretionary spending is elevated", "Your spending is well-balanced",
        ]
        texts += AccountKind.allCases.map { typeName($0) + " " + $0.rawValue }
        texts += LensBucket.allCases.map(\.displayName)
        texts += ExportRounding.allCases.map { $0.displayName + " " + $0.rawValue }
        return Set(texts.flatMap { LeakCheck.words($0) })
    }()
}
