import Foundation
import VaultCore

// The JSON shapes of the reports, for the CLI's --json and the web API. Amounts are exact decimal strings
// in the report's currency; percentages are decimal strings with two places ("12.34"); dates YYYY-MM-DD.

/// A category row of a breakdown.
public struct CategoryLineView: Codable, Hashable, Sendable {
    public let categoryId: String?
    public let name: String
    public let emoji: String?
    public let depth: Int
    public let amount: String
    public let count: Int
    public let share: Percent?

    public init(_ line: CategoryLine) {
        categoryId = line.categoryID?.description
        name = line.name
        emoji = line.emoji
        depth = line.depth
        amount = line.amount.decimalString
        count = line.count
        share = line.share
    }
}

/// Net worth now, as JSON.
public struct NetWorthView: Codable, Hashable, Sendable {
    public struct Totals: Codable, Hashable, Sendable {
        public let currency: String
        public let assets: String
        public let liabilities: String
        public let netWorth: String
        public let accountCount: Int

        init(_ totals: NetWorth.Totals) {
            currency = totals.currency.code
            assets = totals.assets.decimalString
            liabilities = totals.liabilities.decimalString
            netWorth = totals.netWorth.decimalString
            accountCount = totals.accountCount
        }
    }

    public struct Change: Codable, Hashable, Sendable {
        public let since: String
        public let before: String
        public let amount: String
        public let percent: Percent?
    }

    public struct AccountLine: Codable, Hashable, Sendable {
        public let id: String
        public let name: String
        public let kind: String
        public let balance: String
        public let balanceDate: String?
    }

    public struct InstitutionGroup: Codable, Hashable, Sendable {
        public let institutionId: String?
        public let name: String
        public let total: String
        public let accounts: [AccountLine]
    }

    public struct Group: Codable, Hashable, Sendable {
        public let category: String
        public let name: String
        public let currency: String
        public let total: String
        public let institutions: [InstitutionGroup]

        init(_ group: NetWorth.Group) {
            category = group.category.rawValue
            name = group.category.displayName
            currency = group.total.currency.code
            total = group.total.decimalString
            institutions = group.institutions.map { institution in
                InstitutionGroup(
                    institutionId: institution.institutionID?.description, name: institution.name,
                    total: institution.total.decimalString,
                    accounts: institution.accounts.map {
                        AccountLine(
                            id: $0.accountID.description, name: $0.name, kind: $0.kind.rawValue,
                            balance: $0.balance.decimalString, balanceDate: $0.balanceDate?.description)
                    })
            }
        }
    }

    public let totals: Totals
    public let change: Change?
    public let groups: [Group]
    public let otherCurrencies: [Totals]
    public let otherCurrencyGroups: [Group]

    public init(_ worth: NetWorth, change: NetWorthChange?) {
        totals = Totals(worth.totals)
        self.change = change.map {
            Change(
                since: $0.since.description, before: $0.before.decimalString, amount: $0.amount.decimalString,
                percent: $0.percent)
        }
        groups = worth.groups.map(Group.init)
        otherCurrencies = worth.otherCurrencies.map(Totals.init)
        otherCurrencyGroups = worth.otherCurrencyGroups.map(Group.init)
    }
}

/// Net worth history, as JSON.
public struct NetWorthHistoryView: Codable, Hashable, Sendable {
    public struct Point: Codable, Hashable, Sendable {
        public let date: String
        public let assets: String
        public let liabilities: String
        public let netWorth: String
    }

    public let from: String
    public let to: String
    public let currency: String
    public let change: String?
    public let points: [Point]
    public let basis: String

    public init(_ history: NetWorthHistory) {
        from = history.range.start.description
        to = history.range.end.description
        currency = history.currency.code
        change = history.change?.decimalString
        points = history.points.map {
            Point(
                date: $0.date.description, assets: $0.assets.decimalString, liabilities: $0.liabilities.decimalString,
                netWorth: $0.netWorth.decimalString)
        }
        basis = NetWorthHistory.basis
    }
}

/// A month's income and spending, as JSON.
public struct MonthReportView: Codable, Hashable, Sendable {
    public struct MonthPoint: Codable, Hashable, Sendable {
        public let month: String
        public let income: String
        public let spending: String
        public let net: String

        public init(_ point: MonthReport.MonthPoint) {
            month = point.month.description
            income = point.income.decimalString
            spending = point.spending.decimalString
            net = point.net.decimalString
        }
    }

    public struct DayPoint: Codable, Hashable, Sendable {
        public let date: String
        public let spending: String
        public let cumulativeIncome: String
        public let cumulativeSpending: String
    }

    public struct Change: Codable, Hashable, Sendable {
        public let categoryId: String?
        public let name: String
        public let depth: Int
        public let thisMonth: String
        public let lastMonth: String
        public let change: String
        public let percent: Percent?

        public init(_ change: MonthReport.CategoryChange) {
            categoryId = change.categoryID?.description
            name = change.name
            depth = change.depth
            thisMonth = change.thisMonth.decimalString
            lastMonth = change.lastMonth.decimalString
            self.change = change.change.decimalString
            percent = change.percent
        }
    }

    public struct OtherCurrency: Codable, Hashable, Sendable {
        public let currency: String
        public let income: String
        public let spending: String
    }

    public let month: String
    public let currency: String
    public let income: String
    public let spending: String
    public let net: String
    public let savingsRate: Percent?
    public let incomeCount: Int
    public let spendingCount: Int
    public let spendingByCategory: [CategoryLineView]
    public let incomeByCategory: [CategoryLineView]
    public let topCategories: [CategoryLineView]
    public let days: [DayPoint]
    public let changes: [Change]
    public let series: [MonthPoint]
    public let otherCurrencies: [OtherCurrency]
    public let basis: String

    public init(_ report: MonthReport) {
        month = report.month.description
        currency = report.currency.code
        income = report.income.decimalString
        spending = report.spending.decimalString
        net = report.net.decimalString
        savingsRate = report.savingsRate
        incomeCount = report.incomeCount
        spendingCount = report.spendingCount
        spendingByCategory = report.spendingByCategory.map(CategoryLineView.init)
        incomeByCategory = report.incomeByCategory.map(CategoryLineView.init)
        topCategories = report.topCategories.map(CategoryLineView.init)
        days = report.days.map {
            DayPoint(
                date: $0.date.description, spending: $0.spending.decimalString,
                cumulativeIncome: $0.cumulativeIncome.decimalString,
                cumulativeSpending: $0.cumulativeSpending.decimalString)
        }
        changes = report.changes.map(Change.init)
        series = report.series.map(MonthPoint.init)
        otherCurrencies = report.otherCurrencies.map {
            OtherCurrency(
                currency: $0.currency.code, income: $0.income.decimalString, spending: $0.spending.decimalString)
        }
        basis = MonthReport.basis
    }
}

/// A month's budget, as JSON.
public struct BudgetReportView: Codable, Hashable, Sendable {
    public struct Line: Codable, Hashable, Sendable {
        public let categoryId: String
        public let name: String
        public let emoji: String?
        public let depth: Int
        public let target: String?
        public let notes: String?
        public let actual: String
        /// Target minus actual: what is left, negative when over (`docs/figures.md`, "Budget left").
        public let remaining: String?
        public let status: String?
    }

    public let month: String
    public let currency: String
    public let lines: [Line]
    public let targeted: String
    public let actual: String
    public let overspent: [String]
    public let leftToSpend: String
    public let spentShare: Percent?
    public let nearLimit: Bool
    public let uncategorized: [TransactionView]
    public let basis: String

    public init(_ report: BudgetReport, uncategorized: [TransactionService.Listed]) {
        month = report.month.description
        currency = report.currency.code
        lines = report.lines.map {
            Line(
                categoryId: $0.categoryID.description, name: $0.name, emoji: $0.emoji, depth: $0.depth,
                target: $0.target?.decimalString, notes: $0.notes, actual: $0.actual.decimalString,
                remaining: $0.remaining?.decimalString,
                status: $0.status?.rawValue)
        }
        targeted = report.targeted.decimalString
        actual = report.actual.decimalString
        overspent = report.overspent.map(\.name)
        leftToSpend = report.leftToSpend.decimalString
        spentShare = report.spentShare
        nearLimit = report.isNearLimit
        self.uncategorized = uncategorized.map(TransactionView.init)
        basis = BudgetReport.basis
    }
}

/// Recurring series and upcoming bills, as JSON.
public struct RecurringReportView: Codable, Hashable, Sendable {
    public struct Series: Codable, Hashable, Sendable {
        public let key: String
        public let name: String
        public let frequency: String
        public let amount: String
        public let averageAmount: String
        public let monthlyAmount: String
        public let nextExpected: String
        public let lastCharge: String
        public let firstCharge: String
        public let occurrences: Int
        public let confidence: Int
        public let tier: String
        public let status: String
        public let bucket: String
        /// Money in (a paycheck): listed as recurring, not part of the monthly recurring cost.
        public let income: Bool
        public let categoryId: String?
        public let accountId: String
        public let priceChange: PriceChange?
        public let transactionIds: [String]

        init(_ series: RecurringSeries) {
            key = series.key
            name = series.name
            frequency = series.cadence.displayName
            amount = series.amount.decimalString
            averageAmount = series.averageAmount.decimalString
            monthlyAmount = series.monthlyAmount.decimalString
            nextExpected = series.nextDate.description
            lastCharge = series.lastDate.description
            firstCharge = series.firstDate.description
            occurrences = series.occurrences
            confidence = series.confidence
            tier = series.tier.rawValue
            status = series.status.rawValue
            bucket = series.bucket.rawValue
            income = series.isIncome
            categoryId = series.categoryID?.description
            accountId = series.accountID.description
            priceChange = series.priceChange.map {
                PriceChange(from: $0.from.decimalString, to: $0.to.decimalString, on: $0.on.description)
            }
            transactionIds = series.transactionIDs.map(\.description)
        }
    }

    public struct PriceChange: Codable, Hashable, Sendable {
        public let from: String
        public let to: String
        public let on: String
    }

    /// The bills of one bucket (need, want, savings), largest monthly cost first, with their monthly subtotal.
    public struct Group: Codable, Hashable, Sendable {
        public let bucket: String
        public let monthlyTotal: String
        /// The keys of the group's series, in order; the series are in `series`.
        public let keys: [String]
    }

    public struct Upcoming: Codable, Hashable, Sendable {
        public let key: String
        public let name: String
        public let amount: String
        public let dueDate: String
        public let daysUntilDue: Int
        public let categoryId: String?
        public let frequency: String
    }

    public let today: String
    public let currency: String
    /// The monthly cost of recurring spending: needs and wants, not transfers to savings, not income.
    public let monthlyTotal: String
    public let monthlyByBucket: [String: String]
    public let groups: [Group]
    public let activeCount: Int
    public let series: [Series]
    public let possible: [Series]
    public let dismissed: [Series]
    public let upcoming: [Upcoming]
    public let horizonDays: Int
    public let basis: String

    public init(_ report: RecurringReport) {
        today = report.today.description
        currency = report.currency.code
        monthlyTotal = report.monthlyTotal.decimalString
        monthlyByBucket = Dictionary(
            uniqueKeysWithValues: report.monthlyByBucket.map { ($0.key.rawValue, $0.value.decimalString) })
        groups = report.groups.map {
            Group(bucket: $0.bucket.rawValue, monthlyTotal: $0.monthlyTotal.decimalString, keys: $0.series.map(\.key))
        }
        activeCount = report.series.count
        series = report.series.map(Series.init)
        possible = report.possible.map(Series.init)
        dismissed = report.dismissed.map(Series.init)
        upcoming = report.upcoming.map {
            Upcoming(
                key: $0.seriesKey, name: $0.name, amount: $0.amount.decimalString, dueDate: $0.dueDate.description,
                daysUntilDue: $0.daysUntilDue, categoryId: $0.categoryID?.description, frequency: $0.cadence.displayName
            )
        }
        horizonDays = report.horizonDays
        basis = RecurringReport.basis
    }
}

/// A month through the 50/30/20 lens, as JSON.
public struct LensReportView: Codable, Hashable, Sendable {
    public struct Segment: Codable, Hashable, Sendable {
        public let bucket: String
        public let name: String
        public let amount: String
        public let share: Percent?
        public let target: Percent
        public let indicator: String
    }

    public struct Source: Codable, Hashable, Sendable {
        public let bucket: String
        public let reason: String
        public let amount: String
        public let count: Int
    }

    public let month: String
    public let currency: String
    public let total: String
    public let segments: [Segment]
    public let messages: [String]
    public let sources: [Source]
    public let basis: String

    public init(_ report: LensReport) {
        month = report.month.description
        currency = report.currency.code
        total = report.total.decimalString
        segments = report.segments.map {
            Segment(
                bucket: $0.bucket.rawValue, name: $0.bucket.displayName, amount: $0.amount.decimalString,
                share: $0.share, target: $0.target, indicator: $0.indicator.rawValue)
        }
        messages = report.messages
        sources = report.sources.map {
            Source(bucket: $0.bucket.rawValue, reason: $0.reason, amount: $0.amount.decimalString, count: $0.count)
        }
        basis = LensReport.basis
    }
}

/// The Analysis tab, as JSON.
public struct AnalysisReportView: Codable, Sendable {
    public struct Bucket: Codable, Hashable, Sendable {
        public let label: String
        public let from: String
        public let to: String
        public let amount: String
        public let count: Int
    }

    public let type: String
    public let timeframe: String
    public let label: String
    public let from: String
    public let to: String
    public let previous: String
    public let next: String
    public let currency: String
    public let total: String
    public let count: Int
    public let buckets: [Bucket]
    public let byCategory: [CategoryLineView]
    /// The page of transactions, grouped by the same parts as the chart (newest first within the page).
    public let list: List

    /// One part of the period with the page's transactions in it.
    public struct Group: Codable, Sendable {
        public let label: String
        public let from: String
        public let to: String
        public let transactions: [TransactionView]
    }

    public struct List: Codable, Sendable {
        public let page: Int
        public let pageSize: Int
        public let pageCount: Int
        public let totalCount: Int
        public let groups: [Group]
    }

    public init(_ report: AnalysisReport, transactions: Page<TransactionService.Listed>) {
        type = report.type.rawValue
        timeframe = report.period.timeframe.rawValue
        label = report.period.label
        from = report.period.range.start.description
        to = report.period.range.end.description
        previous = report.period.previous.range.start.description
        next = report.period.next.range.start.description
        currency = report.currency.code
        total = report.total.decimalString
        count = report.count
        buckets = report.buckets.map {
            Bucket(
                label: $0.label, from: $0.range.start.description, to: $0.range.end.description,
                amount: $0.amount.decimalString, count: $0.count)
        }
        byCategory = report.byCategory.map(CategoryLineView.init)
        var groups: [Group] = []
        for bucket in report.buckets.reversed() {
            let members = transactions.items.filter { bucket.range.contains($0.transaction.date) }
            guard !members.isEmpty else { continue }
            groups.append(
                Group(
                    label: bucket.label, from: bucket.range.start.description, to: bucket.range.end.description,
                    transactions: members.map(TransactionView.init)))
        }
        list = List(
            page: transactions.request.number, pageSize: transactions.request.size, pageCount: transactions.pageCount,
            totalCount: transactions.totalCount, groups: groups)
    }
}
