import Foundation

/// The ghost-safe LLM export (spec `ghostvault.md` section 14): a period's finances with every identifying
/// detail replaced, for pasting into a language model.
///
/// Accounts become aliases by role and kind (`Asset_A (Checking)`), payees are never written (spending appears
/// only by category, `Category: Dining`), days are relative to the period (`Month 1, Day 15`), and amounts are
/// exact or rounded by `ExportRounding`. Every amount held here is already rounded, so no renderer can print
/// an exact figure by mistake; shares and ratios are computed from the exact sums. The same input gives the
/// same export: every list has a total order, stated where it is built.
public struct LLMExport: Sendable {
    /// What a person chose for the export.
    public struct Options: Hashable, Sendable {
        public var rounding: ExportRounding
        public var dateStyle: ExportDateStyle
        /// Whether the narrative paragraph is included.
        public var includesNarrative: Bool

        public init(
            rounding: ExportRounding = .off, dateStyle: ExportDateStyle = .monthDay, includesNarrative: Bool = true
        ) {
            self.rounding = rounding
            self.dateStyle = dateStyle
            self.includesNarrative = includesNarrative
        }
    }

    /// Everything the export is built from, read by the service for one household and period.
    public struct Input: Sendable {
        public var range: DateRange
        public var currency: Currency
        /// Every account of the household (the export keeps those that count, in `currency`).
        public var accounts: [Account]
        public var tree: CategoryTree
        /// The period's income and expense tallies, grouped by day or month.
        public var tallies: [Tally]
        /// The transactions a person chose to leave out; their amounts are taken back out of the tallies.
        public var excluded: [Transaction]
        /// Net change per account and day from the period's first day through the latest balance date.
        public var dailyNet: [Account.ID: [LocalDate: Int64]]
        /// The household's today, the date of a balance with no date of its own.
        public var today: LocalDate
        /// The period through the 50/30/20 lens (exclusions already left out), if there was anything to read.
        public var lens: LensReport?
        /// The recurring commitments live at the end of the period, if detected.
        public var recurring: RecurringReport?

        public init(
            range: DateRange, currency: Currency, accounts: [Account], tree: CategoryTree, tallies: [Tally],
            excluded: [Transaction] = [], dailyNet: [Account.ID: [LocalDate: Int64]] = [:], today: LocalDate,
            lens: LensReport? = nil, recurring: RecurringReport? = nil
        ) {
            self.range = range
            self.currency = currency
            self.accounts = accounts
            self.tree = tree
            self.tallies = tallies
            self.excluded = excluded
            self.dailyNet = dailyNet
            self.today = today
            self.lens = lens
            self.recurring = recurring
        }
    }

    /// An account under its alias.
    public struct AccountLine: Hashable, Sendable {
        public let accountID: Account.ID
        /// `Asset_A`, `Liability_B`.
        public let alias: String
        /// `Checking`, `Credit Card`.
        public let type: String
        /// The balance at the end of the period (negative for money owed).
        public let balance: Money
        /// The balance the day before the period began.
        public let openingBalance: Money

        /// `Asset_A (Checking)`.
        public var label: String { "\(alias) (\(type))" }
    }

    /// One calendar month of the period (partial at either end).
    public struct MonthLine: Hashable, Sendable {
        /// `Month 1`.
        public let label: String
        public let income: Money
        public let expenses: Money
        public let net: Money
    }

    /// A top-level spending category's share of the period's expenses.
    public struct CategoryShare: Hashable, Sendable {
        public let name: String
        public let amount: Money
        /// Whole percent of total expenses.
        public let percentage: Int64

        /// `Category: Dining`.
        public var label: String { "Category: \(name)" }
    }

    /// The recurring commitments (spec section 14, Enhanced Export Data).
    public struct Commitments: Hashable, Sendable {
        public let monthlyTotal: Money
        public let needs: Money
        public let wants: Money
        public let savings: Money
        /// The spending series the monthly total counts (needs and wants; not savings transfers, not income).
        public let itemCount: Int
    }

    /// One bucket of the 50/30/20 status.
    public struct BucketStatus: Hashable, Sendable {
        public let bucket: LensBucket
        public let amount: Money
        /// Whole percent of needs, wants and savings together.
        public let percentage: Int64
        public let target: Int64
        /// Percentage points from the target, signed: `+5%`.
        public var deviation: String {
            let points = percentage - target
            return (points > 0 ? "+" : points < 0 ? "-" : "") + "\(points.magnitude)%"
        }
    }

    /// The 50/30/20 status.
    public struct BudgetStatus: Hashable, Sendable {
        /// Needs, wants, savings/debt in that order.
        public let buckets: [BucketStatus]
        /// The lens's messages joined: `Needs are eating into your Wants/Savings`.
        public let status: String
    }

    public let options: Options
    public let currency: Currency
    /// `Month 1, Day 1` (or `T-Minus 90 Days`).
    public let periodStart: String
    public let periodEnd: String
    /// `Month 1-3`, or `Month 1` for one month.
    public let periodTitle: String
    public let dayCount: Int
    /// Assets first, then liabilities, each by the person's account order, then kind, then id.
    public let accounts: [AccountLine]
    public let income: Money
    public let expenses: Money
    public let net: Money
    /// Income over expenses with two decimals (`1.18`); nil when nothing was spent.
    public let incomeToExpenseRatio: String?
    /// The period's months in order.
    public let months: [MonthLine]
    /// Top-level categories by amount, largest first, then by name.
    public let categories: [CategoryShare]
    public let commitments: Commitments?
    public let budget: BudgetStatus?
    /// The narrative paragraph; empty when not asked for.
    public private(set) var narrative: String

    /// How many categories the Markdown lists under Top Spending Categories.
    public static let topCategoryCount = 5

    /// Builds the export of `input` with `options`.
    public init(_ input: Input, options: Options) throws(MoneyError) {
        let currency = input.currency
        let round = options.rounding
        func money(_ units: Int64) -> Money { Money(minorUnits: units, currency: currency) }
        func shown(_ units: Int64) -> Money { round.rounded(money(units)) }

        // Totals: the period's tallies with the excluded transactions taken back out, by the month report's rules.
        let byID = Dictionary(input.accounts.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var tallies = input.tallies
        for transaction in input.excluded
        where !transaction.isPending && !transaction.isExcluded && input.range.contains(transaction.date) {
            tallies.append(
                Tally(
                    accountID: transaction.accountID, classification: transaction.classification,
                    categoryID: transaction.categoryID, date: transaction.date,
                    minorUnits: try Exact.negate(transaction.amount.minorUnits), count: -1))
        }
        let totals = try IncomeAndSpending(tallies, accounts: byID, currency: currency)
        var perMonth: [CalendarMonth: IncomeAndSpending] = [:]
        for tally in tallies {
            guard let date = tally.date else { continue }
            try perMonth[CalendarMonth(containing: date), default: IncomeAndSpending()].add(
                tally, accounts: byID, currency: currency)
        }

        self.options = options
        self.currency = currency
        let range = input.range
        periodStart = options.dateStyle.label(range.start, in: range)
        periodEnd = options.dateStyle.label(range.end, in: range)
        let lastIndex = ExportDateStyle.monthIndex(CalendarMonth(containing: range.end), in: range)
        periodTitle = lastIndex == 1 ? "Month 1" : "Month 1-\(lastIndex)"
        dayCount = range.dayCount

        accounts = try Self.aliases(input, rounding: round)
        income = shown(totals.income)
        expenses = shown(totals.spending)
        net = shown(try totals.net())
        incomeToExpenseRatio =
            totals.spending > 0
            ? Self.twoDecimals(
                Money.divide(
                    Int128(totals.income) * 100, by: Int128(totals.spending), rounding: .toNearestOrAwayFromZero))
            : nil

        var monthLines: [MonthLine] = []
        var month = CalendarMonth(containing: range.start)
        while month <= CalendarMonth(containing: range.end) {
            let sums = perMonth[month] ?? IncomeAndSpending()
            monthLines.append(
                MonthLine(
                    label: ExportDateStyle.monthLabel(month, in: range), income: shown(sums.income),
                    expenses: shown(sums.spending), net: shown(try sums.net())))
            month = month.next
        }
        months = monthLines

        let lines = try CategoryRollup.lines(
            own: totals.spendingByCategory, counts: totals.spendingCountByCategory, tree: input.tree,
            currency: currency)
        categories = lines.filter { $0.depth == 0 && $0.amount.isPositive }.map { line in
            CategoryShare(
                name: line.name, amount: round.rounded(line.amount),
                percentage: Self.whole(line.share))
        }

        commitments = input.recurring.map { report in
            Commitments(
                monthlyTotal: round.rounded(report.monthlyTotal),
                needs: round.rounded(report.monthlyByBucket[.need] ?? money(0)),
                wants: round.rounded(report.monthlyByBucket[.want] ?? money(0)),
                savings: round.rounded(report.monthlyByBucket[.savings] ?? money(0)),
                itemCount: report.spending.count)
        }
        budget = input.lens.flatMap { lens in
            guard lens.total.isPositive else { return nil }
            return BudgetStatus(
                buckets: lens.segments.map { segment in
                    BucketStatus(
                        bucket: segment.bucket, amount: round.rounded(segment.amount),
                        percentage: Self.whole(segment.share), target: Self.whole(segment.target))
                }, status: lens.messages.joined(separator: "; "))
        }

        narrative = ""
        if options.includesNarrative {
            narrative = try Narrative(export: self, input: input, totals: totals, perMonth: perMonth).text
        }
    }

    /// The accounts that count in totals, in the export's currency, under their aliases.
    static func aliases(_ input: Input, rounding: ExportRounding) throws(MoneyError) -> [AccountLine] {
        let counted = input.accounts.filter { $0.countsInTotals && $0.currency == input.currency }
            .sorted {
                ($0.isLiability ? 1 : 0, $0.sortOrder, $0.kind.rawValue, $0.id.description) < (
                    $1.isLiability ? 1 : 0, $1.sortOrder, $1.kind.rawValue, $1.id.description
                )
            }
        var lines: [AccountLine] = []
        var assetCount = 0
        var liabilityCount = 0
        for account in counted {
            let index: Int
            if account.isLiability {
                index = liabilityCount
                liabilityCount += 1
            } else {
                index = assetCount
                assetCount += 1
            }
            let closing = try balance(of: account, at: input.range.end, input: input)
            let opening = try balance(of: account, at: input.range.start.adding(days: -1), input: input)
            lines.append(
                AccountLine(
                    accountID: account.id,
                    alias: (account.isLiability ? "Liability_" : "Asset_") + letters(index),
                    type: typeName(account.kind), balance: rounding.rounded(closing),
                    openingBalance: rounding.rounded(opening)))
        }
        return lines
    }

    /// An account's balance at the end of `date`, walked from its known balance through the daily net changes.
    public static func balance(of account: Account, at date: LocalDate, input: Input) throws(MoneyError) -> Money {
        let known = account.balanceDate ?? input.today
        var units = account.balance.minorUnits
        for (day, change) in input.dailyNet[account.id] ?? [:] {
            if day > known && day <= date {
                units = try Exact.add(units, change)
            } else if day > date && day <= known {
                units = try Exact.add(units, try Exact.negate(change))
            }
        }
        return Money(minorUnits: units, currency: account.currency)
    }

    /// `A`, `B`, ..., `Z`, `AA`, `AB`, ...
    static func letters(_ index: Int) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        var number = index
        var result = ""
        repeat {
            result = String(alphabet[number % 26]) + result
            number = number / 26 - 1
        } while number >= 0
        return result
    }

    /// The account kind in title case, as the spec writes it: `Credit Card`.
    public static func typeName(_ kind: AccountKind) -> String {
        switch kind {
        case .creditCard: "Credit Card"
        default: kind.displayName
        }
    }

    /// A percentage as a whole number, half away from zero; 0 when undefined.
    static func whole(_ percent: Percent?) -> Int64 {
        guard let percent else { return 0 }
        return Int64(Money.divide(Int128(percent.hundredths), by: 100, rounding: .toNearestOrAwayFromZero))
    }

    /// Hundredths as `1.18`.
    static func twoDecimals(_ hundredths: Int128) -> String {
        let sign = hundredths < 0 ? "-" : ""
        let magnitude = hundredths.magnitude
        return sign + "\(magnitude / 100)." + (magnitude % 100 < 10 ? "0" : "") + "\(magnitude % 100)"
    }
}
