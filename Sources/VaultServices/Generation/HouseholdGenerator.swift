import Foundation
import VaultCore
import VaultStore

/// Generates a large, realistic household straight into the database, the same for the same seed
/// (issue 8: for benchmarks, tests and `ghostvault generate`).
///
/// Six accounts over `years` of history: checking, savings, two credit cards, a brokerage and a
/// mortgage. Biweekly pay, monthly mortgage, utilities and subscriptions, monthly card payments and
/// savings transfers (each seen from both sides), then everyday purchases at realistic merchants until
/// the requested count is reached; card purchases of the last two days are pending, and one purchase in
/// fifty comes back as a refund. Transactions go through transfer matching, rules and patterns in
/// memory and are written in bulk, so a later `ghostvault classify` finds nothing to change.
public struct HouseholdGenerator: Sendable {
    let scope: HouseholdScope

    public init(scope: HouseholdScope) { self.scope = scope }

    /// What was generated.
    public struct Summary: Sendable {
        public let transactions: Int
        public let accounts: Int
        public let transferPairs: Int
        public let seconds: Double
    }

    /// Merchants for everyday purchases, with typical amounts in cents.
    static let merchants: [(name: String, low: Int64, high: Int64)] = [
        ("SAFEWAY #1234", 2_500, 18_000), ("TRADER JOE'S #552", 1_500, 12_000), ("WHOLE FOODS MARKET", 2_000, 15_000),
        ("STARBUCKS STORE 0042", 350, 1_200), ("CHIPOTLE 1883", 900, 2_800), ("UBER EATS ORDER", 1_500, 6_000),
        ("DOORDASH*THAI GARDEN", 1_800, 5_500), ("SHELL OIL 57442", 3_000, 8_000), ("CHEVRON 0091", 3_000, 8_000),
        ("UBER TRIP", 800, 4_500), ("LYFT RIDE", 900, 4_000), ("AMAZON.COM*ORDER", 1_000, 15_000),
        ("TARGET T-1432", 1_500, 12_000), ("BEST BUY 00123", 2_000, 60_000), ("CVS PHARMACY 0231", 500, 6_000),
        ("AMC THEATRES 0451", 1_200, 4_000), ("STEAM PURCHASE", 500, 6_000), ("LOCAL BAKERY", 400, 2_500),
        ("FARMERS MARKET", 1_000, 4_000), ("HARDWARE STORE 17", 800, 9_000),
    ]

    /// Generates about `transactions` transactions over `years` years ending today; returns what it made.
    public func generate(transactions target: Int, years: Int = 10, seed: UInt64 = 42) async throws -> Summary {
        let started = Date()
        guard target >= 100, target <= 5_000_000, (1...50).contains(years) else {
            throw VaultError(.invalidInput, "Generate 100 to 5,000,000 transactions over 1 to 50 years.")
        }
        let household = try await scope.details()
        let today = household.today(at: scope.vault.now)
        let currency = household.baseCurrency
        let kinds: [(String, AccountKind, Int64)] = [
            ("Generated Checking", .checking, 5_000_00), ("Generated Savings", .savings, 20_000_00),
            ("Generated Card A", .creditCard, 0), ("Generated Card B", .creditCard, 0),
            ("Generated Brokerage", .brokerage, 50_000_00), ("Generated Mortgage", .mortgage, -350_000_00),
        ]
        let opened = kinds.enumerated().map { index, entry in
            Account(
                id: scope.vault.newID(), householdID: household.id, name: entry.0, kind: entry.1, currency: currency,
                balance: Money(minorUnits: entry.2, currency: currency), balanceDate: today, sortOrder: 100 + index)
        }
        let (checking, savings, cardA, cardB, brokerage, mortgage) = (
            opened[0], opened[1], opened[2], opened[3], opened[4], opened[5]
        )
        var random = SeededGenerator(seed: seed)
        var rows: [Transaction] = []
        rows.reserveCapacity(target + target / 10)
        func add(_ account: Account, _ date: LocalDate, _ cents: Int64, _ description: String, pending: Bool = false) {
            rows.append(
                Transaction(
                    id: scope.vault.newID(), householdID: household.id, accountID: account.id, date: date,
                    amount: Money(minorUnits: cents, currency: currency), description: description, isPending: pending,
                    source: .import))
        }
        let first = today.adding(days: -365 * years)
        let days = first.days(until: today) + 1
        // Everyday purchases fill what the fixed monthly events leave of the target.
        let fixedPerMonth = 16
        let purchasesPerDay = max(0.0, Double(target - years * 12 * fixedPerMonth) / Double(days))
        var owed: [Account.ID: Int64] = [cardA.id: 0, cardB.id: 0]
        var carry = 0.0
        for offset in 0..<days {
            let date = first.adding(days: offset)
            if date.weekday == .friday, (date.dayNumber / 7) % 2 == 0 {
                add(checking, date, 3_250_00, "ACME CORP PAYROLL DIRECT DEP")
            }
            switch date.day {
            case 1:
                add(checking, date, -2_310_00, "KEYSTONE MORTGAGE PAYMENT")
                add(mortgage, date, 1_400_00, "PRINCIPAL PAYMENT RECEIVED")
            case 2:
                add(checking, date, -600_00, "TRANSFER TO SAVINGS")
                add(savings, date, 600_00, "TRANSFER FROM CHECKING")
            case 5: add(cardA, date, -3_999, "PLANET FITNESS")
            case 8:
                add(checking, date, -500_00, "BROKERAGE CONTRIBUTION")
                add(brokerage, date, 500_00, "CONTRIBUTION RECEIVED")
            case 12: add(checking, date, -7_999, "COMCAST XFINITY")
            case 15: add(cardB, date, -1_549, "NETFLIX.COM")
            case 18: add(cardB, date, -1_199, "SPOTIFY USA")
            case 20: add(checking, date, -Int64.random(in: 8_000...16_500, using: &random), "PG&E ELECTRIC")
            case 22: add(checking, date, -8_500, "VERIZON WIRELESS")
            case 27: add(savings, date, Int64.random(in: 1_800...4_200, using: &random), "INTEREST PAID")
            default: break
            }
            if date.day == 25 || date.day == 28 {
                let card = date.day == 25 ? cardA : cardB
                let amount = owed[card.id] ?? 0
                if amount > 0 {
                    add(checking, date, -amount, date.day == 25 ? "CARD A PAYMENT" : "CARD B PAYMENT")
                    add(card, date, amount, "PAYMENT THANK YOU")
                    owed[card.id] = 0
                }
            }
            carry += purchasesPerDay
            while carry >= 1 {
                carry -= 1
                let merchant = Self.merchants[Int.random(in: 0..<Self.merchants.count, using: &random)]
                let card = Bool.random(using: &random) ? cardA : cardB
                let cents = Int64.random(in: merchant.low...merchant.high, using: &random)
                let pending = date.days(until: today) < 2
                add(card, date, -cents, merchant.name, pending: pending)
                owed[card.id, default: 0] += cents
                if Int.random(in: 0..<50, using: &random) == 0, date.adding(days: 5) <= today {
                    add(card, date.adding(days: 5), cents, merchant.name + " REFUND")
                    owed[card.id, default: 0] -= cents
                }
            }
        }
        // Each balance is its opening balance plus everything that happened since.
        var sums: [Account.ID: Int64] = [:]
        for row in rows { sums[row.accountID, default: 0] += row.amount.minorUnits }
        let accounts = opened.map { account in
            var settled = account
            settled.balance = Money(
                minorUnits: account.balance.minorUnits + (sums[account.id] ?? 0), currency: currency)
            return settled
        }
        // The pipeline, in memory: a new household has nothing stored for the rows to interact with.
        let accountsByID = Dictionary(uniqueKeysWithValues: accounts.map { ($0.id, $0) })
        let plan = try await scope.write { session -> IngestPlan in
            try await session.accounts.insert(accounts[0])
            for account in accounts.dropFirst() { try await session.accounts.insert(account) }
            try await ClassificationService.ensureBuiltIns(in: session, newID: { scope.vault.newID() })
            let matchers = try await session.rules.all().compactMap { try? RuleMatcher($0) }
            let batches = accounts.map { account in
                IngestPlanner.Batch(
                    account: account.id, rows: rows.filter { $0.accountID == account.id }, listIsComplete: false)
            }
            let paymentCategories = Classifier.paymentCategories(from: try await session.categories.all())
            return IngestPlanner.plan(
                .init(batches: batches, accounts: accountsByID, rules: matchers, paymentCategories: paymentCategories))
        }
        // In date order, so each chunk adds to the end of the date-led indexes.
        let finalRows = plan.inserts.sorted { ($0.date, $0.id) < ($1.date, $1.id) }
        let pairs = plan.pairs
        // Written in chunks so no single transaction holds the whole history in the write lock.
        for chunk in finalRows.chunked(by: 20_000) {
            try await scope.write { session in try await session.transactions.insert(Array(chunk)) }
        }
        try await scope.write { session in try await session.transfers.insert(pairs, manual: false) }
        try await vaultOperation { try await scope.vault.database.settleAfterBulkWrite() }
        return Summary(
            transactions: finalRows.count, accounts: accounts.count, transferPairs: pairs.count,
            seconds: Date().timeIntervalSince(started))
    }
}
