import Foundation

/// The 50/30/20 lens's three buckets (spec `ghostvault.md` section 9).
public enum LensBucket: String, CaseIterable, Hashable, Sendable, Codable, CustomStringConvertible {
    case need, want, savings

    /// "Needs", "Wants", "Savings/Debt".
    public var displayName: String {
        switch self {
        case .need: "Needs"
        case .want: "Wants"
        case .savings: "Savings/Debt"
        }
    }

    /// Reads `need`, `needs`, `want`, `savings`, `savings/debt`, any case.
    public init?(name: String) {
        switch name.lowercased().filter(\.isLetter) {
        case "need", "needs": self = .need
        case "want", "wants": self = .want
        case "savings", "saving", "savingsdebt", "debt": self = .savings
        default: return nil
        }
    }

    public var description: String { rawValue }
}

/// The shares a household aims for; 50/30/20 unless a person chose others (60/20/20, say).
public struct LensTargets: Hashable, Sendable {
    public let needs: Int
    public let wants: Int
    public let savings: Int

    public static let standard = LensTargets(unchecked: 50, 30, 20)

    init(unchecked needs: Int, _ wants: Int, _ savings: Int) {
        self.needs = needs
        self.wants = wants
        self.savings = savings
    }

    /// Targets as whole percentages; each 0 to 100 and together exactly 100.
    public static func make(needs: Int, wants: Int, savings: Int) throws(InvalidInput) -> LensTargets {
        var problems: [Problem] = []
        for (field, value) in [("needs", needs), ("wants", wants), ("savings", savings)]
        where !(0...100).contains(value) {
            problems.append(
                Problem(field: field, message: "The \(field) target must be a whole percentage from 0 to 100."))
        }
        if problems.isEmpty, needs + wants + savings != 100 {
            problems.append(
                Problem(
                    field: "targets",
                    message:
                        "The targets add up to \(needs + wants + savings)%; they must add up to 100% (for example 50 30 20)."
                ))
        }
        guard problems.isEmpty else { throw InvalidInput(problems) }
        return LensTargets(unchecked: needs, wants, savings)
    }

    public func target(for bucket: LensBucket) -> Int {
        switch bucket {
        case .need: needs
        case .want: wants
        case .savings: savings
        }
    }
}

/// Decides which bucket money belongs in, by the auto-classification rules of spec section 9.
public enum LensClassifier {
    /// Payee or description patterns that mark a need (spec section 9, Needs Detection), matched anywhere, any case.
    public static let needPatterns: [(pattern: String, what: String)] = [
        ("ELECTRIC", "Utilities"), ("POWER", "Utilities"), ("ENERGY", "Utilities"), ("WATER", "Utilities"),
        ("SEWER", "Utilities"), ("GAS COMPANY", "Utilities"), ("NATURAL GAS", "Utilities"),
        ("GROCERY", "Groceries"), ("SAFEWAY", "Groceries"), ("KROGER", "Groceries"), ("TRADER JOE", "Groceries"),
        ("INSURANCE", "Insurance"), ("PHARMACY", "Healthcare"), ("CVS", "Healthcare"), ("WALGREENS", "Healthcare"),
        ("MEDICAL", "Healthcare"), ("DOCTOR", "Healthcare"), ("HOSPITAL", "Healthcare"),
        // Mortgage and loan payments made as plain expenses (their lender's account not linked, or the
        // payment not paired because it includes interest) are needs too (spec: "Mortgage payments → Need").
        ("MORTGAGE", "Mortgage/Loan payments"), ("LOAN PMT", "Mortgage/Loan payments"),
        ("LOAN PAYMENT", "Mortgage/Loan payments"),
    ]

    /// Category keys whose spending is a need: groceries, bills (utilities, phone and internet), housing, loans,
    /// insurance, healthcare (their children too). Bills is there because the built-in patterns put the power,
    /// water and phone companies under it, and section 10 counts utilities and internet as needs.
    public static let needCategoryKeys: Set<String> = [
        "groceries", "bills", "utilities", "phone-internet", "housing", "loans", "insurance", "healthcare",
    ]

    /// Payee or description patterns that mark a want even in a need's category: section 10 lists a gym among
    /// the subscriptions that are wants, while section 8's patterns file gyms under Healthcare.
    public static let wantPatterns: [(pattern: String, what: String)] = [
        ("GYM", "Subscriptions"), ("FITNESS", "Subscriptions"),
    ]

    /// Account kinds a transfer into counts as saving.
    public static let savingsKinds: Set<AccountKind> = [.savings, .investment, .brokerage]
    /// Account kinds a payment into is a need (loan and mortgage payments).
    public static let debtKinds: Set<AccountKind> = [.loan, .mortgage]

    /// The bucket of an expense and why, or nil for money that is not in the lens.
    public static func bucket(
        expenseNamed name: String, description: String? = nil, categoryID: Category.ID?, account: Account,
        tree: CategoryTree,
        overrides: [String: LensBucket]
    ) -> (bucket: LensBucket, reason: String) {
        let key = PayeeKey.normalize(name)
        if let bucket = overrides[key] { return (bucket, "Your choice for \u{201C}\(key)\u{201D}") }
        if debtKinds.contains(account.kind) { return (.need, "Loan and mortgage charges") }
        let upper = (name + " " + (description ?? "")).uppercased()
        if let match = wantPatterns.first(where: { upper.contains($0.pattern) }) {
            return (.want, "Payee contains \(match.pattern) (\(match.what))")
        }
        if let categoryID, let category = tree[categoryID] {
            for candidate in [category] + tree.ancestors(of: categoryID) where needCategoryKeys.contains(candidate.key)
            {
                return (.need, "\(candidate.name) category")
            }
        }
        if let match = needPatterns.first(where: { upper.contains($0.pattern) }) {
            return (.need, "Payee contains \(match.pattern) (\(match.what))")
        }
        return (.want, "Everything else")
    }
}

/// One month through the 50/30/20 lens: needs, wants and savings/debt with their shares against the
/// targets, and what is out of balance.
public struct LensReport: Sendable {
    /// Money grouped the way the lens reads it: one account, classification, category and payee.
    public struct Group: Hashable, Sendable {
        public let accountID: Account.ID
        public let classification: Classification
        public let categoryID: Category.ID?
        /// The payee, or the description when there is none.
        public let name: String
        public let description: String
        /// Whether this money arrived through a transfer pair (its other side is a transfer, not an expense).
        public let isPairedInflow: Bool
        /// The bucket a person chose for these transactions one by one; nil leaves them to the automatic rules.
        public let choice: LensBucket?
        public let minorUnits: Int64
        public let count: Int

        public init(
            accountID: Account.ID, classification: Classification, categoryID: Category.ID?, name: String,
            description: String? = nil, isPairedInflow: Bool = false, choice: LensBucket? = nil, minorUnits: Int64,
            count: Int
        ) {
            self.description = description ?? name
            self.isPairedInflow = isPairedInflow
            self.choice = choice
            self.accountID = accountID
            self.classification = classification
            self.categoryID = categoryID
            self.name = name
            self.minorUnits = minorUnits
            self.count = count
        }
    }

    public enum Indicator: String, Hashable, Sendable, Codable {
        case green, yellow, red
    }

    public struct Segment: Hashable, Sendable {
        public let bucket: LensBucket
        public let amount: Money
        /// The share of the three buckets' total; nil when the total is zero.
        public let share: Percent?
        public let target: Percent
        public let indicator: Indicator
    }

    /// One reason money landed in a bucket, with how much.
    public struct Source: Hashable, Sendable {
        public let bucket: LensBucket
        public let reason: String
        public let amount: Money
        public let count: Int
    }

    public let month: CalendarMonth
    public let currency: Currency
    public let targets: LensTargets
    /// Needs, wants and savings/debt, in that order.
    public let segments: [Segment]
    public let total: Money
    /// The imbalance messages of spec section 9, or the balanced one.
    public let messages: [String]
    public let sources: [Source]

    /// How far a share may stray from its target before the lens says so, in percentage points.
    public static let tolerance = 5

    public static let basis =
        "Spending (expenses net of refunds) is a need or a want; net transfers into savings, investment and brokerage "
        + "accounts are savings, and payments into loans and mortgages are needs. Shares are of the three together."

    public init(
        month: CalendarMonth, currency: Currency, accounts: [Account], tree: CategoryTree, groups: [Group],
        targets: LensTargets, overrides: [String: LensBucket]
    ) throws(MoneyError) {
        let byID = Dictionary(accounts.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var sums: [LensBucket: Int64] = [:]
        var sources: [String: (bucket: LensBucket, amount: Int64, count: Int)] = [:]
        func add(_ bucket: LensBucket, _ reason: String, _ amount: Int64, _ count: Int) throws(MoneyError) {
            sums[bucket] = try Exact.add(sums[bucket] ?? 0, amount)
            let key = bucket.rawValue + "|" + reason
            let current = sources[key] ?? (bucket, 0, 0)
            sources[key] = (bucket, try Exact.add(current.amount, amount), current.count + count)
        }
        var savingsNet: [Account.ID: (amount: Int64, count: Int)] = [:]
        for group in groups {
            guard let account = byID[group.accountID], account.currency == currency,
                let placement = try LensPlacement.of(group, account: account, tree: tree, overrides: overrides)
            else { continue }
            if placement.isSavingsTransfer {
                let current = savingsNet[account.id] ?? (0, 0)
                savingsNet[account.id] = (
                    try Exact.add(current.amount, placement.minorUnits), current.count + group.count
                )
            } else {
                try add(placement.bucket, placement.reason, placement.minorUnits, group.count)
            }
        }
        // Savings are what stayed in savings accounts: money moved back out the same month is not saved.
        for (_, net) in savingsNet where net.amount > 0 {
            try add(.savings, LensPlacement.savingsReason, net.amount, net.count)
        }
        var total: Int64 = 0
        for bucket in LensBucket.allCases { total = try Exact.add(total, sums[bucket] ?? 0) }
        func money(_ units: Int64) -> Money { Money(minorUnits: units, currency: currency) }
        var segments: [Segment] = []
        var messages: [String] = []
        // The positive buckets share 100% exactly, as category shares do (`docs/figures.md`); none shows a negative.
        let positive = LensBucket.allCases.filter { (sums[$0] ?? 0) > 0 }
        let shares = Dictionary(
            uniqueKeysWithValues: zip(positive, Percent.shares(of: positive.map { sums[$0] ?? 0 })))
        for bucket in LensBucket.allCases {
            let amount = sums[bucket] ?? 0
            // A bucket with nothing in it (or refunds only) is 0% of a month that has spending; none is negative.
            let share = shares[bucket] ?? (positive.isEmpty ? nil : Percent(hundredths: 0))
            let target = targets.target(for: bucket)
            var indicator = Indicator.green
            if let share {
                let high = Percent.whole(target + Self.tolerance)
                let low = Percent.whole(target - Self.tolerance)
                switch bucket {
                case .need where share > high:
                    indicator = .red
                    messages.append("Needs are eating into your Wants/Savings")
                case .savings where share < low:
                    indicator = .yellow
                    messages.append("Consider increasing your savings rate")
                case .want where share > high:
                    indicator = .yellow
                    messages.append("Discretionary spending is elevated")
                default: break
                }
            }
            segments.append(
                Segment(
                    bucket: bucket, amount: money(amount), share: share, target: .whole(target), indicator: indicator))
        }
        if total <= 0 {
            messages = ["Nothing was spent or saved this month."]
        } else if messages.isEmpty {
            messages = ["Your spending is well-balanced"]
        }
        self.month = month
        self.currency = currency
        self.targets = targets
        self.segments = segments
        self.total = money(total)
        self.messages = messages
        self.sources = sources.map { key, value in
            Source(
                bucket: value.bucket, reason: String(key.split(separator: "|", maxSplits: 1)[1]),
                amount: money(value.amount), count: value.count)
        }.sorted {
            (LensBucket.allCases.firstIndex(of: $0.bucket)!, -$0.amount.minorUnits, $0.reason)
                < (LensBucket.allCases.firstIndex(of: $1.bucket)!, -$1.amount.minorUnits, $1.reason)
        }
    }
}
