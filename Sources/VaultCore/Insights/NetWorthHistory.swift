import Foundation

/// The timeframes of the net worth chart (spec `ghostvault.md` section 7.3): 1M, 3M, YTD, 1Y or custom.
public enum HistoryRange: Hashable, Sendable, CustomStringConvertible {
    case oneMonth, threeMonths, yearToDate, oneYear
    case custom(DateRange)

    /// Reads `1M`, `3M`, `YTD` or `1Y`, any case.
    public init?(name: String) {
        switch name.uppercased() {
        case "1M": self = .oneMonth
        case "3M": self = .threeMonths
        case "YTD": self = .yearToDate
        case "1Y": self = .oneYear
        default: return nil
        }
    }

    /// The days the range covers, ending today (a custom range is what it says): exactly what the label says,
    /// so 1M on 28 November is 29 October to 28 November, a month of days, and 1Y twelve months of days, never
    /// a day of a thirteenth (`docs/figures.md`, "Timeframes").
    public func dates(today: LocalDate) -> DateRange {
        let start: LocalDate
        switch self {
        case .oneMonth: start = today.adding(months: -1).adding(days: 1)
        case .threeMonths: start = today.adding(months: -3).adding(days: 1)
        case .yearToDate: start = LocalDate(unchecked: today.year, 1, 1)
        case .oneYear: start = today.adding(months: -12).adding(days: 1)
        case .custom(let range): return range
        }
        return DateRange(unchecked: start, today)
    }

    public var description: String {
        switch self {
        case .oneMonth: "1M"
        case .threeMonths: "3M"
        case .yearToDate: "YTD"
        case .oneYear: "1Y"
        case .custom(let range): range.description
        }
    }
}

extension HistoryRange {
    /// The longest custom history: ten years and a little.
    public static let maximumCustomDays = 3_700

    /// A timeframe by name (`1M`, `3M`, `YTD`, `1Y`), or a custom range from two `YYYY-MM-DD` dates; every
    /// problem is reported at once, with the field it concerns (`history`, `from`, `to`).
    public static func parse(timeframe: String?, from: String?, to: String?) throws(InvalidInput) -> HistoryRange {
        if let timeframe {
            guard from == nil, to == nil else {
                throw InvalidInput(field: "history", "Give either a timeframe or a from and to date, not both.")
            }
            guard let range = HistoryRange(name: timeframe) else {
                throw InvalidInput(field: "history", "'\(timeframe)' is not a timeframe; use 1M, 3M, YTD or 1Y.")
            }
            return range
        }
        guard let from, let to else {
            throw InvalidInput(field: "from", "A custom history needs both a from and a to date (YYYY-MM-DD).")
        }
        var problems: [Problem] = []
        let start = LocalDate(iso: from)
        let end = LocalDate(iso: to)
        if start == nil { problems.append(Problem(field: "from", message: "'\(from)' is not a date (YYYY-MM-DD).")) }
        if end == nil { problems.append(Problem(field: "to", message: "'\(to)' is not a date (YYYY-MM-DD).")) }
        guard let start, let end else { throw InvalidInput(problems) }
        guard let range = DateRange(start: start, end: end), range.dayCount <= maximumCustomDays else {
            throw InvalidInput(field: "to", "The range must run forward and span at most ten years.")
        }
        return .custom(range)
    }
}

/// Net worth day by day, from the daily balance snapshots sync records, rolled with posted transactions
/// between them.
///
/// An account's balance on a day is read from its latest anchor (a snapshot, or its current balance)
/// on or before that day plus the posted transactions since; before its first anchor, from that anchor
/// minus the transactions in between. Both are `anchor + P(day) - P(anchor day)`, where `P` is the
/// running sum of the account's daily net.
public struct NetWorthHistory: Sendable {
    /// A known balance of an account on a day.
    public struct Anchor: Hashable, Sendable {
        public let date: LocalDate
        public let minorUnits: Int64
        public init(date: LocalDate, minorUnits: Int64) {
            self.date = date
            self.minorUnits = minorUnits
        }
    }

    /// The household's position on one day.
    public struct Point: Hashable, Sendable {
        public let date: LocalDate
        public let assets: Money
        /// Owed, positive when owed.
        public let liabilities: Money
        public let netWorth: Money
    }

    public let range: DateRange
    public let currency: Currency
    public let points: [Point]

    /// The change from the first day of the range to the last.
    public var change: Money? {
        guard let first = points.first, let last = points.last else { return nil }
        return try? last.netWorth.subtracting(first.netWorth)
    }

    /// How the points were made, for "where does this number come from".
    public static let basis =
        "Daily balance snapshots from bank sync (and each account's current balance), rolled forward or back "
        + "by the account's posted transactions between them; active accounts that are not hidden or tracking-only."

    /// Builds the series over `range` for the accounts that count in net worth in `currency`.
    ///
    /// - Parameters:
    ///   - anchors: each account's known balances, any order.
    ///   - dailyNet: each account's posted transactions summed per day, covering `range` and every anchor.
    public init(
        range: DateRange, currency: Currency, accounts: [Account], anchors: [Account.ID: [Anchor]],
        dailyNet: [Account.ID: [LocalDate: Int64]]
    ) throws(MoneyError) {
        self.range = range
        self.currency = currency
        let counted = accounts.filter { NetWorth.counts($0) && $0.currency == currency }
        let days = range.dayCount
        var assets = [Int64](repeating: 0, count: days)
        var owed = [Int64](repeating: 0, count: days)
        for account in counted {
            let known = (anchors[account.id] ?? []).sorted { $0.date < $1.date }
            guard !known.isEmpty else { continue }
            let net = dailyNet[account.id] ?? [:]
            // The running sum spans the range and every anchor.
            let spanStart = min(range.start, known[0].date)
            let spanEnd = max(range.end, known[known.count - 1].date)
            var running = [Int64](repeating: 0, count: spanStart.days(until: spanEnd) + 1)
            var sum: Int64 = 0
            for offset in running.indices {
                if let amount = net[spanStart.adding(days: offset)] { sum = try Exact.add(sum, amount) }
                running[offset] = sum
            }
            func runningSum(_ date: LocalDate) -> Int64 { running[spanStart.days(until: date)] }
            var anchorIndex = 0
            for offset in 0..<days {
                let day = range.start.adding(days: offset)
                while anchorIndex + 1 < known.count, known[anchorIndex + 1].date <= day { anchorIndex += 1 }
                let anchor = known[anchorIndex]
                let delta = try Exact.add(runningSum(day), try Exact.negate(runningSum(anchor.date)))
                let balance = try Exact.add(anchor.minorUnits, delta)
                if account.isLiability {
                    owed[offset] = try Exact.add(owed[offset], try Exact.negate(balance))
                } else {
                    assets[offset] = try Exact.add(assets[offset], balance)
                }
            }
        }
        var points: [Point] = []
        points.reserveCapacity(days)
        for offset in 0..<days {
            points.append(
                Point(
                    date: range.start.adding(days: offset),
                    assets: Money(minorUnits: assets[offset], currency: currency),
                    liabilities: Money(minorUnits: owed[offset], currency: currency),
                    netWorth: Money(
                        minorUnits: try Exact.add(assets[offset], try Exact.negate(owed[offset])), currency: currency)))
        }
        self.points = points
    }
}

/// The net worth card's delta: "+$1,234 (↑2.3%) this month" (spec `ghostvault.md` section 7.2).
public struct NetWorthChange: Hashable, Sendable {
    /// The day the change is measured from: the last day of the previous month.
    public let since: LocalDate
    public let before: Money
    public let amount: Money
    /// The change as a share of the earlier net worth's size; nil when that was zero.
    public let percent: Percent?

    public init(since: LocalDate, before: Money, now: Money) throws(MoneyError) {
        self.since = since
        self.before = before
        amount = try now.subtracting(before)
        percent = before.minorUnits == .min ? nil : Percent.of(amount.minorUnits, in: abs(before.minorUnits))
    }
}
