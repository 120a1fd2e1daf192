import Foundation

/// A sum of transaction amounts that share an account, a classification and a category, and a day
/// or a month when the sums are grouped by time. Reports are built from tallies, never from rows.
public struct Tally: Hashable, Sendable {
    public var accountID: Account.ID
    public var classification: Classification
    public var categoryID: Category.ID?
    /// The day the sum covers, or the first day of its month; nil when not grouped by time.
    public var date: LocalDate?
    /// The sum, in the account's currency, with the bank's sign (negative is money out).
    public var minorUnits: Int64
    /// How many transactions went into it.
    public var count: Int

    public init(
        accountID: Account.ID, classification: Classification, categoryID: Category.ID?, date: LocalDate? = nil,
        minorUnits: Int64, count: Int
    ) {
        self.accountID = accountID
        self.classification = classification
        self.categoryID = categoryID
        self.date = date
        self.minorUnits = minorUnits
        self.count = count
    }
}

/// Income and spending summed from tallies by the rules of spec `ghostvault.md` section 8.
///
/// Only transactions classified income or expense count (transfers and ignored ones never do; the
/// store leaves excluded and pending rows out of tallies). Accounts that are hidden or tracking-only
/// are left out; a closed account's history still counts. Amounts in the household's currency are
/// summed; other currencies are kept apart, never added as if they were the same.
public struct IncomeAndSpending: Sendable {
    /// Money received, in minor units of the base currency.
    public private(set) var income: Int64 = 0
    /// Money spent net of refunds, positive when more went out than came back.
    public private(set) var spending: Int64 = 0
    public private(set) var incomeCount = 0
    public private(set) var spendingCount = 0
    /// Spending per category (nil is uncategorised), own amounts only, positive is spent.
    public private(set) var spendingByCategory: [Category.ID?: Int64] = [:]
    public private(set) var spendingCountByCategory: [Category.ID?: Int] = [:]
    /// Income per category, own amounts only.
    public private(set) var incomeByCategory: [Category.ID?: Int64] = [:]
    public private(set) var incomeCountByCategory: [Category.ID?: Int] = [:]
    /// Income and spending in currencies other than the base one, kept apart.
    public private(set) var otherCurrencies: [Currency: (income: Int64, spending: Int64)] = [:]

    public init() {}

    /// Sums the tallies that count, given the household's accounts and currency.
    public init(_ tallies: some Sequence<Tally>, accounts: [Account.ID: Account], currency: Currency) throws(MoneyError)
    {
        for tally in tallies { try add(tally, accounts: accounts, currency: currency) }
    }

    /// Whether an account's transactions count in income and spending.
    public static func counts(_ account: Account) -> Bool { !account.isHidden && !account.isTrackingOnly }

    public mutating func add(_ tally: Tally, accounts: [Account.ID: Account], currency: Currency) throws(MoneyError) {
        guard tally.classification.countsInTotals, let account = accounts[tally.accountID], Self.counts(account)
        else { return }
        let isIncome = tally.classification == .income
        guard account.currency == currency else {
            var other = otherCurrencies[account.currency] ?? (0, 0)
            if isIncome {
                other.income = try Exact.add(other.income, tally.minorUnits)
            } else {
                other.spending = try Exact.add(other.spending, try Exact.negate(tally.minorUnits))
            }
            otherCurrencies[account.currency] = other
            return
        }
        if isIncome {
            income = try Exact.add(income, tally.minorUnits)
            incomeCount += tally.count
            incomeByCategory[tally.categoryID] = try Exact.add(
                incomeByCategory[tally.categoryID] ?? 0, tally.minorUnits)
            incomeCountByCategory[tally.categoryID, default: 0] += tally.count
        } else {
            let spent = try Exact.negate(tally.minorUnits)
            spending = try Exact.add(spending, spent)
            spendingCount += tally.count
            spendingByCategory[tally.categoryID] = try Exact.add(spendingByCategory[tally.categoryID] ?? 0, spent)
            spendingCountByCategory[tally.categoryID, default: 0] += tally.count
        }
    }

    /// Income minus spending.
    public func net() throws(MoneyError) -> Int64 { try Exact.add(income, try Exact.negate(spending)) }

    /// `100 * (1 - spending / income)` (spec `budget-client.md`, Dashboard); nil when there was no income.
    public var savingsRate: Percent? {
        guard income > 0, let net = try? net() else { return nil }
        return Percent.of(net, in: income)
    }
}
