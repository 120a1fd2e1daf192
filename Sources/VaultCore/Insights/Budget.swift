import Foundation

/// A category's monthly target and notes (spec `budget-client.md`, Budgets: Monthly Targets).
public struct BudgetTarget: Hashable, Sendable, Identifiable {
    public typealias ID = Identifier<BudgetTarget>

    public let id: ID
    public let householdID: Household.ID
    public let categoryID: Category.ID
    /// The monthly target in the household's currency; nil when only notes are kept.
    public var target: Money?
    public var notes: String?

    public init(id: ID, householdID: Household.ID, categoryID: Category.ID, target: Money?, notes: String?) {
        self.id = id
        self.householdID = householdID
        self.categoryID = categoryID
        self.target = target
        self.notes = notes
    }

    /// The longest notes may be.
    public static let maximumNotesLength = 1_000
}

/// Targets against this month's spending, per category and in total.
public struct BudgetReport: Sendable {
    public enum Status: String, Hashable, Sendable, Codable {
        /// Spent more than the target.
        case over
        /// Spent the target or less.
        case under
    }

    /// One category's row: Monthly Targets and Budget vs Actual read from it.
    public struct Line: Hashable, Sendable {
        public let categoryID: Category.ID
        public let name: String
        public let emoji: String?
        public let depth: Int
        public let target: Money?
        public let notes: String?
        /// This month's spending in the category, its children rolled in, refunds reducing it.
        public let actual: Money
        /// Target minus actual: what is left, negative by as much as the category is over (`docs/figures.md`,
        /// "Budget left"). Monthly Targets, Budget vs Actual, the API and the CLI all show this one figure.
        public let remaining: Money?
        public let status: Status?
    }

    public let month: CalendarMonth
    public let currency: Currency
    /// Every expense category, and any other category with a target, in tree order.
    public let lines: [Line]
    /// The sum of the targets, each category counted once (a target on a parent covers its children).
    public let targeted: Money
    /// The spending in budgeted categories, each transaction counted once.
    public let actual: Money
    /// Budgeted categories where this month's spending exceeds the target.
    public let overspent: [Line]
    /// Targeted minus actual (`mint-home.md` "Left to Spend"); negative once over.
    public let leftToSpend: Money
    /// Actual as a share of targeted; nil with no targets.
    public let spentShare: Percent?
    /// True once more than 90% of the targets is spent (`mint-home.md`: the bar turns red).
    public let isNearLimit: Bool

    /// The share of the targets past which the budget card warns.
    public static let warningShare = Percent.whole(90)

    public static let basis =
        "Left is the target minus actual: positive is what is left, negative is how far over. "
        + "Actual is this month's spending in the category and its children, as in the month report. "
        + "Totals count a category once: a target on a parent covers its children's spending."

    /// Builds the report from this month's tallies and the household's targets.
    public init(
        month: CalendarMonth, currency: Currency, accounts: [Account], tree: CategoryTree, tallies: [Tally],
        targets: [BudgetTarget]
    ) throws(MoneyError) {
        let byID = Dictionary(accounts.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let totals = try IncomeAndSpending(tallies, accounts: byID, currency: currency)
        let rolled = try CategoryRollup.lines(
            own: totals.spendingByCategory, counts: totals.spendingCountByCategory, tree: tree, currency: currency)
        let actualByID = Dictionary(
            rolled.compactMap { line in line.categoryID.map { ($0, line.amount.minorUnits) } },
            uniquingKeysWith: { first, _ in first })
        let targetByID = Dictionary(targets.map { ($0.categoryID, $0) }, uniquingKeysWith: { first, _ in first })
        func money(_ units: Int64) -> Money { Money(minorUnits: units, currency: currency) }

        var lines: [Line] = []
        var targeted: Int64 = 0
        var actual: Int64 = 0
        for (category, depth) in tree.flattened() {
            let budget = targetByID[category.id]
            guard category.kind == .expense || budget != nil else { continue }
            let spent = money(actualByID[category.id] ?? 0)
            var remaining: Money?
            var status: Status?
            if let target = budget?.target {
                remaining = try target.subtracting(spent)
                status = spent.minorUnits > target.minorUnits ? .over : .under
                // A target under a budgeted ancestor is already covered by the ancestor's.
                let covered = tree.ancestors(of: category.id).contains { targetByID[$0.id]?.target != nil }
                if !covered {
                    targeted = try Exact.add(targeted, target.minorUnits)
                    actual = try Exact.add(actual, spent.minorUnits)
                }
            }
            lines.append(
                Line(
                    categoryID: category.id, name: category.name, emoji: category.emoji, depth: depth,
                    target: budget?.target, notes: budget?.notes, actual: spent,
                    remaining: remaining, status: status))
        }
        self.month = month
        self.currency = currency
        self.lines = lines
        self.targeted = money(targeted)
        self.actual = money(actual)
        overspent = lines.filter { $0.status == .over }
        leftToSpend = money(try Exact.add(targeted, try Exact.negate(actual)))
        spentShare = Percent.of(actual, in: targeted)
        isNearLimit = (spentShare ?? Percent(hundredths: 0)) > Self.warningShare
    }
}
