import Foundation

/// A series of charges that repeat: same payee, similar amount, a regular interval (spec `ghostvault.md`
/// section 10, `budget-client.md` Recurring Patterns).
public struct RecurringSeries: Hashable, Sendable, Codable {
    public enum Tier: String, Hashable, Sendable, Codable {
        /// Confidence 80 or more: shown as recurring.
        case high
        /// 50 to 79: shown as "Likely recurring".
        case medium
        /// Under 50: only in the "Possible" list.
        case low
    }

    public enum Status: String, Hashable, Sendable, Codable {
        case detected, confirmed, dismissed, deleted
    }

    /// The most recent change of price: "was $10.99, $11.99 since 2026-09-03".
    public struct PriceChange: Hashable, Sendable, Codable {
        public let from: Money
        public let to: Money
        public let on: LocalDate
    }

    /// Names the series for a person's decisions: payee key, cadence and account (and `income` for money in).
    public let key: String
    /// Money in (a paycheck) rather than a bill: listed as recurring, not counted in the recurring cost.
    public let isIncome: Bool
    /// The keys this series had before references were folded from payees (one per distinct payee key of its
    /// charges, newest first), so a person's earlier decisions still apply; empty when nothing changed.
    public let formerKeys: [String]
    /// The payee as the latest charge shows it.
    public let name: String
    public let payeeKey: String
    public let cadence: RecurringCadence
    public let accountID: Account.ID
    public let categoryID: Category.ID?
    public let bucket: LensBucket
    public let transactionIDs: [Transaction.ID]
    public let firstDate: LocalDate
    public let lastDate: LocalDate
    public let nextDate: LocalDate
    /// For calendar cadences, the day of the month the charge is due on before any move off a weekend (a bill
    /// on the 31st keeps 31 through shorter months); nil for cadences counted in days.
    public let dueDay: Int?
    /// Whether the bank moves this charge off weekends to the following business day, as its next date does.
    public let movesOffWeekends: Bool
    /// The latest charge, positive.
    public let amount: Money
    /// The average charge, positive, rounded to the minor unit.
    public let averageAmount: Money
    /// The latest charge as a monthly cost (weekly times 52/12, yearly over 12, ...).
    public let monthlyAmount: Money
    /// 0 to 100.
    public let confidence: Int
    public let tier: Tier
    public var status: Status
    public let priceChange: PriceChange?

    public var occurrences: Int { transactionIDs.count }
}

/// Finds recurring series in a household's history and predicts their next charges.
public enum RecurringDetector {
    /// One charge: money out of an account, or for income series, money in.
    public struct Charge: Hashable, Sendable {
        public let transactionID: Transaction.ID
        public let accountID: Account.ID
        public let categoryID: Category.ID?
        public let date: LocalDate
        /// Negative: money out; positive: income.
        public let amount: Money
        /// The payee, or the description when there is none.
        public let name: String
        /// The bank's description, when it says more than the payee ("KEYSTONE HOME LOANS MORTGAGE PMT").
        public let description: String?
        /// For a transfer, the kind of account the money went to (a loan payment, a transfer to savings).
        public let partnerKind: AccountKind?

        public init(
            transactionID: Transaction.ID, accountID: Account.ID, categoryID: Category.ID?, date: LocalDate,
            amount: Money, name: String, description: String? = nil, partnerKind: AccountKind? = nil
        ) {
            self.description = description
            self.partnerKind = partnerKind
            self.transactionID = transactionID
            self.accountID = accountID
            self.categoryID = categoryID
            self.date = date
            self.amount = amount
            self.name = name
        }
    }

    /// Amounts within this share of the previous charge belong to the same series (spec: 10%).
    public static let amountTolerancePercent: Int64 = 10
    /// How far back history is read: two of the longest intervals and the recency allowance.
    public static let lookbackDays = 2 * RecurringCadence.biyearly.interval.upperBound + 60

    /// Whether a payee's charges to one account could hold a series at all: at least two, and on average
    /// no more often than every five days over their span (a weekly bill and the odd extra charge pass; a
    /// shop visited every other day does not). Daily series are looked for in the last month only.
    ///
    /// The store counts charges per payee first, so only candidates' rows are read: a household with a
    /// million transactions has thousands of purchases at a grocer but a few dozen bills.
    public static func isCandidate(count: Int, first: LocalDate, last: LocalDate) -> Bool {
        count >= 2 && count <= 2 + first.days(until: last) / 5
    }

    /// How far back daily series are looked for (every charge of these days is read).
    public static let dailyLookbackDays = 31

    /// Every live series in `charges` as of `today`, highest confidence first.
    public static func detect(
        _ charges: [Charge], today: LocalDate, accounts: [Account], tree: CategoryTree,
        lensOverrides: [String: LensBucket] = [:]
    ) throws(MoneyError) -> [RecurringSeries] {
        let byAccount = Dictionary(accounts.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var byPayee: [String: [Charge]] = [:]
        var keys: [String: String] = [:]
        var seen = Set<Transaction.ID>()
        // Money out and money in from one payee are separate series (a refund is not a bill).
        var incomeKeys: Set<String> = []
        for charge in charges where charge.amount.minorUnits != 0 && charge.date <= today {
            guard seen.insert(charge.transactionID).inserted else { continue }
            // References that change with every payment ("REF #IB000012") are folded: still one payee.
            let key = keys[charge.name] ?? PayeeKey.folded(charge.name)
            keys[charge.name] = key
            guard !key.isEmpty else { continue }
            let isIncome = !charge.amount.isNegative
            if isIncome { incomeKeys.insert(key) }
            byPayee[isIncome ? "+" + key : key, default: []].append(charge)
        }
        var found: [RecurringSeries] = []
        for (groupKey, payeeCharges) in byPayee where payeeCharges.count >= 2 {
            let isIncome = groupKey.hasPrefix("+") && incomeKeys.contains(String(groupKey.dropFirst()))
            let payeeKey = isIncome ? String(groupKey.dropFirst()) : groupKey
            let sorted = payeeCharges.sorted { ($0.date, $0.transactionID) < ($1.date, $1.transactionID) }
            for cluster in clusters(sorted) {
                guard let run = trailingRun(cluster), !isHabit(run.charges, cadence: run.cadence, among: sorted),
                    let account = byAccount[run.charges.last!.accountID],
                    let series = try series(
                        run.charges, cadence: run.cadence, payeeKey: payeeKey, isIncome: isIncome, today: today,
                        account: account, tree: tree, overrides: lensOverrides)
                else { continue }
                found.append(series)
            }
        }
        return found.sorted { ($1.confidence, $0.name, $0.key) < ($0.confidence, $1.name, $1.key) }
    }

    /// Splits one payee's charges (oldest first) into runs of similar amounts: each charge joins the series
    /// whose latest amount is within 10% of it (the closest one), so a price creeping up stays one series.
    static func clusters(_ charges: [Charge]) -> [[Charge]] {
        var clusters: [[Charge]] = []
        for charge in charges {
            let magnitude = Int128(charge.amount.minorUnits).magnitude
            var best: (index: Int, distance: UInt128)?
            for index in clusters.indices {
                let last = clusters[index].last!
                guard last.accountID == charge.accountID, last.date < charge.date,
                    last.date.days(until: charge.date) <= RecurringCadence.biyearly.interval.upperBound
                else { continue }
                let previous = Int128(last.amount.minorUnits).magnitude
                let distance = magnitude > previous ? magnitude - previous : previous - magnitude
                guard distance * 100 <= previous * UInt128(amountTolerancePercent) else { continue }
                if best == nil || distance < best!.distance { best = (index, distance) }
            }
            if let best {
                clusters[best.index].append(charge)
            } else {
                clusters.append([charge])
            }
        }
        return clusters.filter { $0.count >= 2 }
    }

    /// Whether a run is a shopping habit rather than a bill: the payee was paid at least as often outside
    /// the run as in it, while it lasted and in the interval before it (a grocer whose $160 trips happen to
    /// fall 90 days apart, a takeaway ordered now and then).
    static func isHabit(_ run: [Charge], cadence: RecurringCadence, among payeeCharges: [Charge]) -> Bool {
        let members = Set(run.map(\.transactionID))
        let span = run.first!.date.adding(days: -cadence.interval.lowerBound)...run.last!.date
        let others = payeeCharges.count { span.contains($0.date) && !members.contains($0.transactionID) }
        return others >= run.count
    }

    /// The latest stretch of a cluster whose intervals all fit one cadence (a day window, or for calendar
    /// cadences the same day of the month moved to a business day; see `RecurringCadence.fits`).
    static func trailingRun(_ cluster: [Charge]) -> (charges: [Charge], cadence: RecurringCadence)? {
        guard cluster.count >= 2,
            let cadence = RecurringCadence.fitting(
                from: cluster[cluster.count - 2].date, to: cluster[cluster.count - 1].date)
        else { return nil }
        var start = cluster.count - 2
        while start > 0, cadence.fits(from: cluster[start - 1].date, to: cluster[start].date) {
            start -= 1
        }
        let run = Array(cluster[start...])
        return run.count >= cadence.minimumOccurrences ? (run, cadence) : nil
    }

    /// The day a calendar cadence lands on: the last charge's day, unless that was clamped to a short
    /// month's end, when the latest charges' largest day stands (a bill on the 31st stays on the 31st), or
    /// moved off a weekend: a Monday the 2nd after charges on the 1st stands for the 1st (and a Friday the
    /// 29th after charges on the 30th for the 30th).
    static func typicalDay(_ run: [Charge]) -> Int {
        let last = run.last!.date
        let earlier = Set(run.dropLast().suffix(5).map(\.date.day))
        if last.weekday == .monday, let day = [last.day - 1, last.day - 2].first(where: earlier.contains) {
            return day
        }
        if last.weekday == .friday, let day = [last.day + 1, last.day + 2].first(where: earlier.contains) {
            return day
        }
        guard last.day == LocalDate.daysIn(month: last.month, year: last.year) else { return last.day }
        return run.suffix(3).map(\.date.day).max()!
    }

    /// The date `months` after `date`, on `day` or the month's last day when it is shorter.
    static func date(_ date: LocalDate, plusMonths months: Int, day: Int) -> LocalDate {
        let first = LocalDate(unchecked: date.year, date.month, 1).adding(months: months)
        return LocalDate(
            unchecked: first.year, first.month, min(day, LocalDate.daysIn(month: first.month, year: first.year)))
    }

    static func series(
        _ run: [Charge], cadence: RecurringCadence, payeeKey: String, isIncome: Bool = false, today: LocalDate,
        account: Account, tree: CategoryTree, overrides: [String: LensBucket]
    ) throws(MoneyError) -> RecurringSeries? {
        let last = run.last!
        guard last.date.days(until: today) <= cadence.recencyDays else { return nil }
        let currency = last.amount.currency
        let magnitudes = run.map { Int64(Int128($0.amount.minorUnits).magnitude) }
        var total: Int64 = 0
        for magnitude in magnitudes { total = try Exact.add(total, magnitude) }
        let average = Money(minorUnits: total, currency: currency)
        let averageAmount = try average.share(1, of: Int64(run.count))

        // Amount consistency: 100 - 2 x the mean absolute deviation as a percentage of the mean.
        let mean = Double(total) / Double(run.count)
        let deviation = magnitudes.map { abs(Double($0) - mean) }.reduce(0, +) / Double(run.count)
        let amountScore = max(0, min(100, 100 - 2 * (mean > 0 ? deviation / mean * 100 : 0)))

        // Timing consistency: 100 - 10 x the mean days off the expected date.
        let day = typicalDay(run)
        var daysOff: [Double] = []
        var intervals: [Int] = []
        // Whether the bank moved a charge off a weekend: then the next one is predicted on a business day too.
        var movesOffWeekends = false
        for (previous, next) in zip(run, run.dropFirst()) {
            let interval = previous.date.days(until: next.date)
            intervals.append(interval)
            if let months = cadence.months {
                let expected = date(previous.date, plusMonths: months, day: day)
                let moved = [expected.followingBusinessDay, expected.precedingBusinessDay]
                if expected != next.date, moved.contains(next.date) {
                    movesOffWeekends = true
                    daysOff.append(0)
                } else {
                    daysOff.append(Double(abs(expected.days(until: next.date))))
                }
            } else {
                daysOff.append(abs(Double(interval) - cadence.nominalDays))
            }
        }
        let timingScore = max(0, min(100, 100 - 10 * daysOff.reduce(0, +) / Double(daysOff.count)))
        let occurrenceScore = Double(min(run.count, 5) * 20)
        // The spec's weights: occurrences 20%, amount 30%, timing 50% of 100.
        let confidence = Int(((occurrenceScore * 20 + amountScore * 30 + timingScore * 50) / 100).rounded())
        let tier: RecurringSeries.Tier = confidence >= 80 ? .high : (confidence >= 50 ? .medium : .low)

        let nextDate: LocalDate
        if let months = cadence.months {
            let calendarDate = date(last.date, plusMonths: months, day: day)
            nextDate = movesOffWeekends ? calendarDate.followingBusinessDay : calendarDate
        } else {
            let averageInterval = Double(intervals.reduce(0, +)) / Double(intervals.count)
            nextDate = last.date.adding(days: Int(averageInterval.rounded()))
        }

        var priceChange: RecurringSeries.PriceChange?
        if let index = run.indices.dropFirst().last(where: { magnitudes[$0] != magnitudes[$0 - 1] }) {
            priceChange = .init(
                from: Money(minorUnits: magnitudes[index - 1], currency: currency),
                to: Money(minorUnits: magnitudes[index], currency: currency), on: run[index].date)
        }
        let latest = Money(minorUnits: magnitudes.last!, currency: currency)
        // A person's choice for the series (made on the Recurring page, under the folded payee key) or for the
        // payee as its latest charge names it wins over the classifier and the account a transfer went to.
        let chosen = overrides[payeeKey] ?? overrides[PayeeKey.normalize(last.name)]
        var bucket =
            chosen
            ?? LensClassifier.bucket(
                expenseNamed: last.name, description: last.description, categoryID: last.categoryID, account: account,
                tree: tree, overrides: overrides
            ).bucket
        if !isIncome, chosen == nil, let partner = last.partnerKind {
            if LensClassifier.debtKinds.contains(partner) { bucket = .need }
            if LensClassifier.savingsKinds.contains(partner) { bucket = .savings }
        }
        let suffix = "|\(cadence.rawValue)|\(account.id)" + (isIncome ? "|income" : "")
        var formerKeys: [String] = []
        for charge in run.reversed() {
            let former = PayeeKey.normalize(charge.name)
            if former != payeeKey, !formerKeys.contains(former + suffix) { formerKeys.append(former + suffix) }
        }
        return RecurringSeries(
            key: payeeKey + suffix, isIncome: isIncome, formerKeys: formerKeys,
            name: last.name, payeeKey: payeeKey,
            cadence: cadence, accountID: account.id, categoryID: last.categoryID, bucket: bucket,
            transactionIDs: run.map(\.transactionID), firstDate: run[0].date, lastDate: last.date, nextDate: nextDate,
            dueDay: cadence.months == nil ? nil : day, movesOffWeekends: movesOffWeekends, amount: latest,
            averageAmount: averageAmount,
            monthlyAmount: try latest.share(cadence.perMonth.numerator, of: cadence.perMonth.denominator),
            confidence: confidence, tier: tier, status: .detected, priceChange: priceChange)
    }
}
