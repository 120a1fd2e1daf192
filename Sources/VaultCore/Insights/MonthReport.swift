import Foundation

/// What came in and went out in one calendar month, and where it went (spec `ghostvault.md` section 8,
/// `budget-client.md` Dashboard, `mint-home.md`).
public struct MonthReport: Sendable {
    /// One month's bar in the Income vs Spending chart.
    public struct MonthPoint: Hashable, Sendable {
        public let month: CalendarMonth
        public let income: Money
        public let spending: Money
        public let net: Money
    }

    /// One day of the month: what was spent that day, and the running totals for the cumulative chart.
    public struct DayPoint: Hashable, Sendable {
        public let date: LocalDate
        public let spending: Money
        public let cumulativeIncome: Money
        public let cumulativeSpending: Money
    }

    /// A category's spending this month against the month before ("Dining: $450 vs $380 last month").
    public struct CategoryChange: Hashable, Sendable {
        public let categoryID: Category.ID?
        public let name: String
        public let depth: Int
        public let thisMonth: Money
        public let lastMonth: Money
        public let change: Money
        /// The change as a share of last month's amount; nil when last month had none.
        public let percent: Percent?
    }

    /// Totals in a currency other than the household's, kept apart.
    public struct OtherCurrency: Hashable, Sendable {
        public let currency: Currency
        public let income: Money
        public let spending: Money
    }

    public let month: CalendarMonth
    public let currency: Currency
    public let income: Money
    /// Spending net of refunds: positive when more went out than came back.
    public let spending: Money
    public let net: Money
    /// `100 * (1 - spending / income)`; nil in a month with no income.
    public let savingsRate: Percent?
    public let incomeCount: Int
    public let spendingCount: Int
    /// Spending by category, parents rolling up their children, largest first.
    public let spendingByCategory: [CategoryLine]
    /// Income by category, the same way.
    public let incomeByCategory: [CategoryLine]
    /// The three top-level categories spent most on (`mint-home.md`).
    public let topCategories: [CategoryLine]
    /// Every day of the month up to `through`.
    public let days: [DayPoint]
    /// Each category of this month or last, this month against last.
    public let changes: [CategoryChange]
    /// Month by month, ending with this month, for the bar chart.
    public let series: [MonthPoint]
    public let otherCurrencies: [OtherCurrency]

    /// How the totals are counted, for "where does this number come from".
    public static let basis =
        "Income is the sum of transactions classified income; spending is the sum of those classified expense, "
        + "refunds reducing it. Transfers, card payments, ignored, excluded and pending transactions are left out, "
        + "and so are hidden and tracking-only accounts."

    /// Builds the report.
    ///
    /// - Parameters:
    ///   - days: this month's tallies grouped by day.
    ///   - previous: last month's tallies (any grouping).
    ///   - months: tallies grouped by month for the months of the series (each dated the 1st).
    ///   - seriesMonths: how many months the series holds, ending with `month`.
    ///   - through: the last day listed in `days` (today, in the current month).
    public init(
        month: CalendarMonth, through: LocalDate, currency: Currency, accounts: [Account], tree: CategoryTree,
        days dayTallies: [Tally], previous: [Tally], months: [Tally], seriesMonths: Int
    ) throws(MoneyError) {
        let byID = Dictionary(accounts.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let totals = try IncomeAndSpending(dayTallies, accounts: byID, currency: currency)
        let before = try IncomeAndSpending(previous, accounts: byID, currency: currency)
        func money(_ units: Int64) -> Money { Money(minorUnits: units, currency: currency) }
        self.month = month
        self.currency = currency
        income = money(totals.income)
        spending = money(totals.spending)
        net = money(try totals.net())
        savingsRate = totals.savingsRate
        incomeCount = totals.incomeCount
        spendingCount = totals.spendingCount
        spendingByCategory = try CategoryRollup.lines(
            own: totals.spendingByCategory, counts: totals.spendingCountByCategory, tree: tree, currency: currency)
        incomeByCategory = try CategoryRollup.lines(
            own: totals.incomeByCategory, counts: totals.incomeCountByCategory, tree: tree, currency: currency)
        topCategories = Array(spendingByCategory.filter { $0.depth == 0 && $0.amount.isPositive }.prefix(3))
        otherCurrencies = totals.otherCurrencies.keys.sorted { $0.code < $1.code }.map { code in
            let sums = totals.otherCurrencies[code]!
            return OtherCurrency(
                currency: code, income: Money(minorUnits: sums.income, currency: code),
                spending: Money(minorUnits: sums.spending, currency: code))
        }

        // Day by day, through the last day asked for.
        let lastDay = min(month.last, max(month.first, through))
        var perDay: [LocalDate: IncomeAndSpending] = [:]
        for tally in dayTallies {
            guard let date = tally.date else { continue }
            try perDay[date, default: IncomeAndSpending()].add(tally, accounts: byID, currency: currency)
        }
        var points: [DayPoint] = []
        var cumulativeIncome: Int64 = 0
        var cumulativeSpending: Int64 = 0
        for date in DateRange(unchecked: month.first, lastDay).dates {
            let day = perDay[date] ?? IncomeAndSpending()
            cumulativeIncome = try Exact.add(cumulativeIncome, day.income)
            cumulativeSpending = try Exact.add(cumulativeSpending, day.spending)
            points.append(
                DayPoint(
                    date: date, spending: money(day.spending), cumulativeIncome: money(cumulativeIncome),
                    cumulativeSpending: money(cumulativeSpending)))
        }
        self.days = points

        // This month against last, category by category.
        let lastLines = try CategoryRollup.lines(
            own: before.spendingByCategory, counts: before.spendingCountByCategory, tree: tree, currency: currency)
        let lastByID = Dictionary(lastLines.map { ($0.categoryID, $0) }, uniquingKeysWith: { first, _ in first })
        let thisIDs = Set(spendingByCategory.map(\.categoryID))
        var changes: [CategoryChange] = []
        for line in spendingByCategory + lastLines.filter({ !thisIDs.contains($0.categoryID) }) {
            let now = thisIDs.contains(line.categoryID) ? line.amount : money(0)
            let then = lastByID[line.categoryID]?.amount ?? money(0)
            let change = try now.subtracting(then)
            changes.append(
                CategoryChange(
                    categoryID: line.categoryID, name: line.name, depth: line.depth, thisMonth: now, lastMonth: then,
                    change: change,
                    percent: then.minorUnits > 0 ? Percent.of(change.minorUnits, in: then.minorUnits) : nil))
        }
        self.changes = changes

        // The bar chart's months: this month's own tallies, the months before from theirs.
        let first = CalendarMonth(containing: month.first.adding(months: -(max(1, seriesMonths) - 1)))
        series = try Self.points(
            months + dayTallies, from: first, through: month, accounts: accounts, currency: currency)
    }

    /// One bar per calendar month from `first` through `last`, each the income and spending of the tallies dated in
    /// it (a month with none is a bar of zero): the Income vs Spending series of the month report and of the
    /// income trend, which passes only the tallies of its window's days (`docs/figures.md`, "Income trend").
    public static func points(
        _ tallies: [Tally], from first: CalendarMonth, through last: CalendarMonth, accounts: [Account],
        currency: Currency
    ) throws(MoneyError) -> [MonthPoint] {
        let byID = Dictionary(accounts.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        func money(_ units: Int64) -> Money { Money(minorUnits: units, currency: currency) }
        var perMonth: [CalendarMonth: IncomeAndSpending] = [:]
        for tally in tallies {
            guard let date = tally.date else { continue }
            try perMonth[CalendarMonth(containing: date), default: IncomeAndSpending()].add(
                tally, accounts: byID, currency: currency)
        }
        var points: [MonthPoint] = []
        var cursor = first
        while cursor <= last {
            let sums = perMonth[cursor] ?? IncomeAndSpending()
            points.append(
                MonthPoint(
                    month: cursor, income: money(sums.income), spending: money(sums.spending),
                    net: money(try sums.net())))
            cursor = cursor.next
        }
        return points
    }
}
