import Foundation
import VaultCore
import VaultServices

// The reference oracle of docs/figures.md (issue 34), shared by the tests that compare a surface with it: the pages
// and the API (`FiguresOracleTests`) and the command line (`FiguresOracleCommandTests`).

/// What the oracle reads of a household: every row (history and scheduled), the accounts, the targets.
public struct FiguresReference {
    public let rows: [String: Transaction]
    /// The household's today: rows after it are scheduled.
    public let today: LocalDate
    public let accounts: [Account.ID: Account]
    public let tree: CategoryTree
    /// Target per category name, in cents.
    public let targets: [String: Int64]
    public let balances: [String: Int64]
    public let assets: Int64
    public let liabilities: Int64

    public var history: [Transaction] { rows.values.filter { $0.date <= today } }
    public var scheduled: [Transaction] { rows.values.filter { $0.date > today } }

    /// Every month from the first row's through today's.
    public var months: [CalendarMonth] {
        guard let first = history.map(\.date).min() else { return [] }
        var months: [CalendarMonth] = []
        var cursor = CalendarMonth(containing: first)
        while cursor <= CalendarMonth(containing: today) {
            // Only months with rows, and the current one: empty months are trivially right.
            if history.contains(where: { CalendarMonth(containing: $0.date) == cursor })
                || cursor == CalendarMonth(containing: today)
            {
                months.append(cursor)
            }
            cursor = cursor.next
        }
        return months
    }

    public static func read(_ scope: HouseholdScope, today: LocalDate) async throws -> FiguresReference {
        var rows: [String: Transaction] = [:]
        var page = 1
        while true {
            let listed = try await scope.transactions.list(
                TransactionQuery(includeTransfers: true, timing: "all", page: page, pageSize: 1_000))
            for item in listed.items { rows[item.transaction.id.description] = item.transaction }
            if listed.items.count < 1_000 { break }
            page += 1
        }
        let listedAccounts = try await scope.accounts.list(includeHidden: true, counting: false).map(\.account)
        let accounts = Dictionary(uniqueKeysWithValues: listedAccounts.map { ($0.id, $0) })
        let tree = try await scope.categories.tree()
        let budget = try await scope.reports.budget(nil).report
        let targets = Dictionary(
            uniqueKeysWithValues: budget.lines.compactMap { line in line.target.map { (line.name, $0.minorUnits) } })
        // Balances: the opening balance the generator gave, moved by every entry dated today or before.
        var balances: [String: Int64] = [:]
        var assets: Int64 = 0
        var liabilities: Int64 = 0
        for account in listedAccounts {
            var balance = OracleHousehold.openings[account.name] ?? 0
            for row in rows.values where row.accountID == account.id && row.date <= today {
                balance += row.amount.minorUnits
            }
            balances[account.name] = balance
            guard account.currency == .usd, account.isActive, !account.isHidden, !account.isTrackingOnly else {
                continue
            }
            if account.isLiability { liabilities -= balance } else { assets += balance }
        }
        return FiguresReference(
            rows: rows, today: today, accounts: accounts, tree: tree, targets: targets, balances: balances,
            assets: assets,
            liabilities: liabilities)
    }

    /// The sums of `docs/figures.md` over the counted rows dated `from` through `through`.
    public struct Totals {
        public var income: Int64 = 0
        public var spending: Int64 = 0
        public var net: Int64 { income - spending }
        public var savingsRate: String {
            guard income > 0 else { return "none" }
            // Half away from zero, to hundredths of a percent.
            let scaled = Double(net) * 10_000 / Double(income)
            return FiguresReference.percent(Int64(scaled.rounded(.toNearestOrAwayFromZero)))
        }
        /// Spending per top-level category name (Uncategorized included), children rolled in.
        public var topLevel: [String: Int64] = [:]
        /// Spending per category name, its descendants rolled in.
        public var rolled: [String: Int64] = [:]
        /// Shares of the positive top-level lines, in hundredths of a percent.
        public var shares: [String: Int64] = [:]
    }

    public func totals(in from: LocalDate, through: LocalDate) -> Totals {
        var totals = Totals()
        for row in history where row.date >= from && row.date <= through {
            let classification = Self.classification(of: row)
            guard let account = accounts[row.accountID], account.currency == .usd, !account.isHidden,
                !account.isTrackingOnly, !row.isExcluded, !row.isPending,
                classification == .income || classification == .expense
            else { continue }
            if classification == .income {
                totals.income += row.amount.minorUnits
                continue
            }
            let spent = -row.amount.minorUnits
            totals.spending += spent
            var category = row.categoryID.flatMap { tree[$0] }
            totals.topLevel[
                category.map { tree.ancestors(of: $0.id).last ?? $0 }?.name ?? "Uncategorized", default: 0] +=
                spent
            while let current = category {
                totals.rolled[current.name, default: 0] += spent
                category = current.parentID.flatMap { tree[$0] }
            }
        }
        // Largest remainder over the positive top-level lines, in tenths of a percent.
        let positive = totals.topLevel.filter { $0.value > 0 }.sorted { $0.key < $1.key }
        let whole = positive.reduce(0) { $0 + $1.value }
        if whole > 0 {
            var tenths = positive.map { ($0.key, $0.value * 1_000 / whole, $0.value * 1_000 % whole) }
            var left = 1_000 - tenths.reduce(0) { $0 + $1.1 }
            // Ties go to the line listed first: the larger amount, then the name.
            let order = tenths.indices.sorted {
                let a = tenths[$0]
                let b = tenths[$1]
                if a.2 != b.2 { return a.2 > b.2 }
                return (positive[$0].value, positive[$1].key) > (positive[$1].value, positive[$0].key)
            }
            for index in order where left > 0 {
                tenths[index].1 += 1
                left -= 1
            }
            for (name, share, _) in tenths { totals.shares[name] = share * 10 }
        }
        return totals
    }

    /// The name of `docs/figures.md`: payee, else description, else category, else "Unnamed".
    public func name(_ row: Transaction) -> String {
        for candidate in [row.payee, row.description, row.categoryID.flatMap { tree[$0]?.name }] {
            if let text = candidate?.trimmingCharacters(in: .whitespaces), !text.isEmpty { return text }
        }
        return "Unnamed"
    }

    /// What each generated row is, known from how the generator wrote it, not from the product's classifier: the
    /// payroll is income; the card payments (paired or from outside the household) and the transfer to savings are
    /// transfers; everything else (purchases, the refund, the late lunch) is an expense.
    public static func classification(of row: Transaction) -> Classification {
        switch row.description {
        case "ACME PAYROLL": .income
        case "Card payment", "Payment thank you", "AUTOMATIC PAYMENT - THANK YOU", "Transfer to savings",
            "Transfer from checking":
            .transfer
        default: .expense
        }
    }

    public static func decimal(_ cents: Int64) -> String {
        let sign = cents < 0 ? "-" : ""
        let magnitude = cents.magnitude
        return sign + "\(magnitude / 100)." + (magnitude % 100 < 10 ? "0" : "") + "\(magnitude % 100)"
    }

    public static func percent(_ hundredths: Int64) -> String { decimal(hundredths) }

    /// As the pages show an amount: `-$1,234.50`.
    public static func display(_ cents: Int64) -> String {
        let sign = cents < 0 ? "-" : ""
        let magnitude = cents.magnitude
        let formatter = NumberFormatter()
        formatter.numberStyle = .decimal
        formatter.groupingSeparator = ","
        let whole = formatter.string(from: NSNumber(value: magnitude / 100)) ?? "\(magnitude / 100)"
        return sign + "$" + whole + "." + (magnitude % 100 < 10 ? "0" : "") + "\(magnitude % 100)"
    }
}

/// The generated household: every kind of row `docs/figures.md` speaks of, drawn from a seed.
public enum OracleHousehold {
    /// Opening balances in cents, by account name.
    public static let openings: [String: Int64] = [
        "Checking": 500_000, "Savings": 100_000, "Card": 0, "Euro": 20_000, "Old Card": -10_000, "Hidden": 30_000,
    ]

    public static func generate(_ scope: HouseholdScope, seed: UInt64) async throws {
        var random = SeededGenerator(seed: seed)
        for (name, kind, currency, hidden, tracking) in [
            ("Checking", "checking", "USD", false, false), ("Savings", "savings", "USD", false, false),
            ("Card", "credit-card", "USD", false, false), ("Euro", "cash", "EUR", false, false),
            ("Old Card", "credit-card", "USD", false, true), ("Hidden", "checking", "USD", true, false),
        ] {
            _ = try await scope.accounts.add(
                .init(
                    name: name, kind: kind, currency: currency, balance: FiguresReference.decimal(openings[name]!),
                    isHidden: hidden, isTrackingOnly: tracking))
        }
        func cents(_ range: ClosedRange<Int64>) -> String {
            FiguresReference.decimal(Int64.random(in: range, using: &random))
        }
        func add(
            _ amount: String, _ account: String, _ date: String, _ description: String, category: String? = nil,
            payee: String? = nil, excluded: Bool = false
        ) async throws {
            _ = try await scope.transactions.add(
                TransactionInput(
                    amount: amount, account: account, date: date, category: category, description: description,
                    payee: payee, isExcluded: excluded))
        }
        // A leap day, February, and a year boundary.
        try await add("-" + cents(1_000...9_000), "Card", "2024-02-29", "Leap day dinner", category: "Dining")
        try await add(cents(100_000...300_000), "Checking", "2025-02-28", "ACME PAYROLL", category: "Salary")
        try await add("-" + cents(1_000...5_000), "Card", "2025-12-31", "New Year's Eve", category: "Dining")
        let spending = ["Groceries", "Dining", "Coffee", "Transportation", "Shopping", "Online Shopping", "Utilities"]
        for month in ["2026-09", "2026-10", "2026-11"] {
            for day in ["01", "15"] {
                try await add(cents(200_000...350_000), "Checking", "\(month)-\(day)", "ACME PAYROLL")
            }
            for index in 0..<Int.random(in: 6...12, using: &random) {
                let day = String(format: "%02d", Int.random(in: 1...28, using: &random))
                let category = spending.randomElement(using: &random)
                let named = Bool.random(using: &random)
                try await add(
                    "-" + cents(100...25_000), "Card", "\(month)-\(day)", "Purchase \(index)",
                    category: index % 5 == 4 ? nil : category, payee: named ? "Shop \(index)" : nil)
            }
            // A refund larger than the month's purchases in Shopping: that category's line goes negative.
            try await add(cents(30_000...40_000), "Card", "\(month)-20", "Store refund", category: "Shopping")
            // A card payment paired with checking, and one from outside the household (a bank file's line).
            let payment = cents(10_000...50_000)
            try await add("-" + payment, "Checking", "\(month)-12", "Card payment")
            try await add(payment, "Card", "\(month)-12", "Payment thank you")
            try await add(cents(5_000...20_000), "Card", "\(month)-18", "AUTOMATIC PAYMENT - THANK YOU")
            // A transfer to savings, an excluded purchase, the foreign, hidden and tracking-only accounts.
            let moved = cents(10_000...90_000)
            try await add("-" + moved, "Checking", "\(month)-10", "Transfer to savings")
            try await add(moved, "Savings", "\(month)-10", "Transfer from checking")
            try await add(
                "-" + cents(500...5_000), "Card", "\(month)-11", "Excluded thing", category: "Dining", excluded: true)
            try await add("-" + cents(500...5_000), "Euro", "\(month)-09", "Cafe Paris", category: "Dining")
            try await add("-" + cents(500...5_000), "Hidden", "\(month)-08", "Hidden spend", category: "Groceries")
            try await add("-" + cents(500...5_000), "Old Card", "\(month)-07", "Old splurge", category: "Shopping")
        }
        // Scheduled: a monthly rule starting after today, and one entry dated ahead.
        var rule = TransactionInput(amount: "-45.00", account: "Checking", date: "2026-11-25", description: "Gym")
        rule.recurrence = .init(cadence: "monthly")
        _ = try await scope.transactions.add(rule)
        try await add("-" + cents(1_000...9_000), "Checking", "2026-12-05", "Dentist", category: "Healthcare")
        // Budget targets.
        for category in ["Groceries", "Dining", "Shopping"] {
            try await scope.budgets.set(category: category, target: cents(5_000...60_000))
        }
    }
}
