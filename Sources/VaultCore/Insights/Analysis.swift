import Foundation

/// The Analysis tab's timeframe (spec `expense-tracker.md` section 3.1).
public enum AnalysisTimeframe: String, CaseIterable, Hashable, Sendable, Codable {
    case year, month, week
}

/// One year, month or week, with its neighbours and the buckets its chart shows: the months of a
/// year, the weeks of a month (cut at the month's edges), the days of a week.
public struct AnalysisPeriod: Hashable, Sendable {
    public struct Bucket: Hashable, Sendable {
        public let label: String
        public let range: DateRange
    }

    public let timeframe: AnalysisTimeframe
    public let range: DateRange
    public let firstWeekday: Weekday

    /// The period of `timeframe` that holds `date`.
    public init(_ timeframe: AnalysisTimeframe, containing date: LocalDate, firstWeekday: Weekday = .monday) {
        self.timeframe = timeframe
        self.firstWeekday = firstWeekday
        switch timeframe {
        case .year: range = CalendarYear(containing: date).range
        case .month: range = CalendarMonth(containing: date).range
        case .week: range = Week(containing: date, firstWeekday: firstWeekday).range
        }
    }

    public var previous: AnalysisPeriod {
        AnalysisPeriod(timeframe, containing: range.start.adding(days: -1), firstWeekday: firstWeekday)
    }
    public var next: AnalysisPeriod {
        AnalysisPeriod(timeframe, containing: range.end.adding(days: 1), firstWeekday: firstWeekday)
    }

    /// "2026", "Nov 2026", "Wk 47 (Nov 16–Nov 22)".
    public var label: String {
        switch timeframe {
        case .year: return String(range.start.year)
        case .month: return "\(Self.monthNames[range.start.month - 1]) \(range.start.year)"
        case .week:
            let number = Week(containing: range.start, firstWeekday: firstWeekday).numbered.number
            return "Wk \(number.zeroPadded(2))" + " (\(Self.short(range.start))\u{2013}\(Self.short(range.end)))"
        }
    }

    public var buckets: [Bucket] {
        switch timeframe {
        case .year:
            return CalendarYear(range.start.year).months.map {
                Bucket(label: Self.monthNames[$0.month - 1], range: $0.range)
            }
        case .month:
            var buckets: [Bucket] = []
            var week = Week(containing: range.start, firstWeekday: firstWeekday)
            while week.start <= range.end {
                let start = max(week.start, range.start)
                let end = min(week.end, range.end)
                let number = week.numbered.number
                buckets.append(
                    Bucket(
                        label: "Wk \(number.zeroPadded(2))" + " (\(Self.short(start))\u{2013}\(Self.short(end)))",
                        range: DateRange(unchecked: start, end)))
                week = week.next
            }
            return buckets
        case .week:
            return range.dates.map {
                Bucket(
                    label: "\(Self.dayNames[$0.weekday.rawValue - 1]) \($0.day)", range: DateRange(unchecked: $0, $0))
            }
        }
    }

    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    static let dayNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    static func short(_ date: LocalDate) -> String { "\(monthNames[date.month - 1]) \(date.day)" }
}

/// Expense or income over a year, month or week: the total, the chart's buckets and the breakdown
/// by category (spec `expense-tracker.md` section 3).
public struct AnalysisReport: Sendable {
    public struct Bucket: Hashable, Sendable {
        public let label: String
        public let range: DateRange
        public let amount: Money
        public let count: Int
    }

    /// `.expense` or `.income`.
    public let type: Classification
    public let period: AnalysisPeriod
    public let currency: Currency
    /// Spending net of refunds for expenses; income received for income.
    public let total: Money
    public let count: Int
    public let buckets: [Bucket]
    public let byCategory: [CategoryLine]

    /// Builds the report from the period's tallies grouped by day, or by month (dated the 1st) for a year, already
    /// filtered by category, tag and flag: each tally falls in the bucket holding its date.
    public init(
        type: Classification, period: AnalysisPeriod, currency: Currency, accounts: [Account], tree: CategoryTree,
        days: [Tally]
    ) throws(MoneyError) {
        let byID = Dictionary(accounts.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let wanted = days.filter { $0.classification == type }
        let totals = try IncomeAndSpending(wanted, accounts: byID, currency: currency)
        let isIncome = type == .income
        var perDay: [LocalDate: IncomeAndSpending] = [:]
        for tally in wanted {
            guard let date = tally.date else { continue }
            try perDay[date, default: IncomeAndSpending()].add(tally, accounts: byID, currency: currency)
        }
        var buckets: [Bucket] = []
        for bucket in period.buckets {
            var amount: Int64 = 0
            var count = 0
            for date in bucket.range.dates {
                guard let day = perDay[date] else { continue }
                amount = try Exact.add(amount, isIncome ? day.income : day.spending)
                count += isIncome ? day.incomeCount : day.spendingCount
            }
            buckets.append(
                Bucket(
                    label: bucket.label, range: bucket.range, amount: Money(minorUnits: amount, currency: currency),
                    count: count))
        }
        self.type = type
        self.period = period
        self.currency = currency
        self.buckets = buckets
        total = Money(minorUnits: isIncome ? totals.income : totals.spending, currency: currency)
        count = isIncome ? totals.incomeCount : totals.spendingCount
        byCategory = try CategoryRollup.lines(
            own: isIncome ? totals.incomeByCategory : totals.spendingByCategory,
            counts: isIncome ? totals.incomeCountByCategory : totals.spendingCountByCategory, tree: tree,
            currency: currency)
    }
}
