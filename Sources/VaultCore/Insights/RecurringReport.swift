import Foundation

/// The recurring series a person sees, with their decisions applied, the bills coming up and the
/// monthly recurring total (spec `ghostvault.md` section 10, `budget-client.md` Recurring Bills).
public struct RecurringReport: Sendable {
    /// A person's decision about a series.
    public struct Decision: Hashable, Sendable {
        public let status: RecurringSeries.Status
        /// The household's date when it was made.
        public let decidedOn: LocalDate

        public init(status: RecurringSeries.Status, decidedOn: LocalDate) {
            self.status = status
            self.decidedOn = decidedOn
        }
    }

    /// A bill expected soon.
    public struct Upcoming: Hashable, Sendable {
        public let seriesKey: String
        public let name: String
        public let amount: Money
        public let dueDate: LocalDate
        /// Negative once the expected date has passed without the charge.
        public let daysUntilDue: Int
        public let categoryID: Category.ID?
        public let cadence: RecurringCadence
    }

    /// The bills of one 50/30/20 bucket, the way the Recurring list groups them (NEEDS, WANTS, SAVINGS).
    public struct Group: Hashable, Sendable {
        public let bucket: LensBucket
        /// Largest monthly cost first, then by name and key.
        public let series: [RecurringSeries]
        /// The sum of the series' monthly costs.
        public let monthlyTotal: Money
    }

    public let today: LocalDate
    public let currency: Currency
    /// High and medium confidence series and confirmed ones, not dismissed or deleted; highest confidence first.
    public let series: [RecurringSeries]
    /// Low-confidence series, for a "Possible" section.
    public let possible: [RecurringSeries]
    /// Series a person dismissed, so they can be restored.
    public let dismissed: [RecurringSeries]
    /// Bills due within `horizonDays`, and overdue ones, soonest first (not income).
    public let upcoming: [Upcoming]
    /// The monthly cost of recurring spending: the shown needs' and wants' monthly costs. Transfers to savings
    /// or investments are saving, not spending, and income series are not a cost, so neither is counted
    /// (spec section 10's list view: the total is the NEEDS and WANTS subtotals together).
    public let monthlyTotal: Money
    /// The monthly total per lens bucket, savings included.
    public let monthlyByBucket: [LensBucket: Money]
    /// The shown series that are not income, grouped by bucket in the order needs, wants, savings; a bucket
    /// with no series has no group.
    public let groups: [Group]
    /// The shown income series (paychecks), listed apart from the bills.
    public let income: [RecurringSeries]
    /// The shown needs and wants: the series `monthlyTotal` counts.
    public var spending: [RecurringSeries] { groups.filter { $0.bucket != .savings }.flatMap(\.series) }
    public let horizonDays: Int
    /// The person's own recurring rules (scheduled entries), enabled and in the household's currency, listed beside
    /// the detected series; their occurrences are among `upcoming` and in the bill calendar.
    public let rules: [RecurringRule]

    public static let basis =
        "Charges from the same payee, within 10% of the previous amount, at a regular interval, at least twice "
        + "and recently. Confidence = 20% occurrences (up to 5) + 30% amount consistency + 50% timing consistency."

    public init(
        detected: [RecurringSeries], decisions: [String: Decision], today: LocalDate, currency: Currency,
        horizonDays: Int = 30, rules: [RecurringRule] = []
    ) throws(MoneyError) {
        let rules = rules.filter { $0.isEnabled && $0.amount.currency == currency }
        // A series the detector found in a rule's own past entries is that rule, listed once, as the rule.
        let ruled = Set(rules.map { Self.ruleKey(name: $0.payee ?? $0.description, amount: $0.amount) })
        var shown: [RecurringSeries] = []
        var possible: [RecurringSeries] = []
        var dismissed: [RecurringSeries] = []
        for var series in detected where series.amount.currency == currency {
            if ruled.contains(Self.ruleKey(name: series.name, amount: series.amount)) { continue }
            // A decision made before references were folded from payees is kept under a former key.
            let decision = decisions[series.key] ?? series.formerKeys.lazy.compactMap { decisions[$0] }.first
            switch decision {
            case let decision? where decision.status == .dismissed:
                series.status = .dismissed
                dismissed.append(series)
                continue
            case let decision? where decision.status == .deleted:
                // Deleted stops tracking what was seen; a charge after the deletion brings it back.
                if series.lastDate <= decision.decidedOn { continue }
            case let decision? where decision.status == .confirmed:
                series.status = .confirmed
            default:
                break
            }
            if series.status == .confirmed || series.tier != .low {
                shown.append(series)
            } else {
                possible.append(series)
            }
        }
        var total: Int64 = 0
        var byBucket: [LensBucket: Int64] = [:]
        // Income series (paychecks) are listed but are not a cost, nor a bill coming up.
        for series in shown where !series.isIncome {
            byBucket[series.bucket] = try Exact.add(byBucket[series.bucket] ?? 0, series.monthlyAmount.minorUnits)
            if series.bucket != .savings { total = try Exact.add(total, series.monthlyAmount.minorUnits) }
        }
        groups = LensBucket.allCases.compactMap { bucket in
            let members = shown.filter { !$0.isIncome && $0.bucket == bucket }.sorted {
                ($1.monthlyAmount.minorUnits, $0.name, $0.key) < ($0.monthlyAmount.minorUnits, $1.name, $1.key)
            }
            guard let subtotal = byBucket[bucket], !members.isEmpty else { return nil }
            return Group(bucket: bucket, series: members, monthlyTotal: Money(minorUnits: subtotal, currency: currency))
        }
        income = shown.filter(\.isIncome)
        let horizon = today.adding(days: horizonDays)
        self.today = today
        self.currency = currency
        self.series = shown
        self.possible = possible
        self.dismissed = dismissed
        self.horizonDays = horizonDays
        monthlyTotal = Money(minorUnits: total, currency: currency)
        monthlyByBucket = byBucket.mapValues { Money(minorUnits: $0, currency: currency) }
        self.rules = rules
        let detectedBills = shown.filter { !$0.isIncome && $0.nextDate <= horizon }
            .map {
                Upcoming(
                    seriesKey: $0.key, name: $0.name, amount: $0.amount, dueDate: $0.nextDate,
                    daysUntilDue: today.days(until: $0.nextDate), categoryID: $0.categoryID, cadence: $0.cadence)
            }
        // A rule's next entry from today, when it is money out: a scheduled bill.
        let scheduledBills = rules.filter(\.amount.isNegative).compactMap { rule -> Upcoming? in
            guard let next = rule.occurrences(in: DateRange(unchecked: today, horizon), limit: 1).first else {
                return nil
            }
            return Upcoming(
                seriesKey: Self.seriesKey(of: rule), name: rule.payee ?? rule.description, amount: rule.amount,
                dueDate: next, daysUntilDue: today.days(until: next), categoryID: rule.categoryID,
                cadence: RecurringCadence(rule))
        }
        upcoming = (detectedBills + scheduledBills).sorted { ($0.dueDate, $0.name) < ($1.dueDate, $1.name) }
    }

    /// The key a rule's bills go by in the upcoming list and the calendar feed.
    public static func seriesKey(of rule: RecurringRule) -> String { "rule-\(rule.id)" }

    /// What a detected series and a rule share when the series is the rule's own entries.
    static func ruleKey(name: String, amount: Money) -> String { "\(PayeeKey.folded(name))|\(amount.minorUnits)" }
}
