import Foundation

/// What the household is worth now: assets minus liabilities, grouped by net worth category and then
/// institution (spec `ghostvault.md` section 8, `budget-client.md` Net Worth Breakdown).
public struct NetWorth: Sendable {
    /// One account's line in the breakdown.
    public struct Line: Hashable, Sendable {
        public let accountID: Account.ID
        public let name: String
        public let kind: AccountKind
        public let balance: Money
        public let balanceDate: LocalDate?
    }

    /// An institution's accounts within one net worth category.
    public struct InstitutionGroup: Hashable, Sendable {
        /// Nil for accounts kept by hand with no institution.
        public let institutionID: Institution.ID?
        public let name: String
        public let total: Money
        public let accounts: [Line]
    }

    /// One net worth category: Bank Accounts, Investments, Liabilities or Other Assets.
    public struct Group: Hashable, Sendable {
        public let category: NetWorthCategory
        public let total: Money
        public let institutions: [InstitutionGroup]
    }

    /// Assets, liabilities and net worth in one currency.
    public struct Totals: Hashable, Sendable {
        public let currency: Currency
        /// What asset accounts hold.
        public let assets: Money
        /// What liability accounts owe, positive when owed (a card balance of -500.00 is 500.00 owed).
        public let liabilities: Money
        /// Assets minus liabilities.
        public let netWorth: Money
        public let accountCount: Int
    }

    /// The totals in the household's currency.
    public let totals: Totals
    /// The breakdown of the household's-currency accounts.
    public let groups: [Group]
    /// Accounts in other currencies, each currency on its own, never added to the main total.
    public let otherCurrencies: [Totals]
    public let otherCurrencyGroups: [Group]

    /// The name institution-less accounts are grouped under.
    public static let manualInstitutionName = "Manual accounts"

    /// Whether an account's balance counts in net worth: active, not hidden and not tracking-only.
    public static func counts(_ account: Account) -> Bool { account.countsInTotals }

    /// Computes net worth over the accounts that count.
    public init(accounts: [Account], institutions: [Institution], currency: Currency) throws(MoneyError) {
        let counted = accounts.filter(Self.counts)
        let names = Dictionary(institutions.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        let home = counted.filter { $0.currency == currency }
        totals = try Self.totals(of: home, currency: currency)
        groups = try Self.groups(of: home, names: names, currency: currency)
        let foreign = Dictionary(grouping: counted.filter { $0.currency != currency }, by: \.currency)
        let currencies = foreign.keys.sorted { $0.code < $1.code }
        otherCurrencies = try currencies.map { code throws(MoneyError) in
            try Self.totals(of: foreign[code]!, currency: code)
        }
        var otherGroups: [Group] = []
        for code in currencies { otherGroups += try Self.groups(of: foreign[code]!, names: names, currency: code) }
        otherCurrencyGroups = otherGroups
    }

    static func totals(of accounts: [Account], currency: Currency) throws(MoneyError) -> Totals {
        var assets: Int64 = 0
        var owed: Int64 = 0
        for account in accounts {
            if account.isLiability {
                owed = try Exact.add(owed, try Exact.negate(account.balance.minorUnits))
            } else {
                assets = try Exact.add(assets, account.balance.minorUnits)
            }
        }
        return Totals(
            currency: currency, assets: Money(minorUnits: assets, currency: currency),
            liabilities: Money(minorUnits: owed, currency: currency),
            netWorth: Money(minorUnits: try Exact.add(assets, try Exact.negate(owed)), currency: currency),
            accountCount: accounts.count)
    }

    static func groups(
        of accounts: [Account], names: [Institution.ID: String], currency: Currency
    ) throws(MoneyError) -> [Group] {
        var groups: [Group] = []
        for category in NetWorthCategory.allCases {
            let members = accounts.filter { $0.netWorthCategory == category }
            guard !members.isEmpty else { continue }
            var institutions: [InstitutionGroup] = []
            for (institutionID, held) in Dictionary(grouping: members, by: \.institutionID) {
                let lines = held.sorted {
                    ($0.sortOrder, $0.displayName, $0.id) < ($1.sortOrder, $1.displayName, $1.id)
                }
                .map {
                    Line(
                        accountID: $0.id, name: $0.displayName, kind: $0.kind, balance: $0.balance,
                        balanceDate: $0.balanceDate)
                }
                institutions.append(
                    InstitutionGroup(
                        institutionID: institutionID,
                        name: institutionID.flatMap { names[$0] } ?? manualInstitutionName,
                        total: try Money.sum(lines.map(\.balance), currency: currency), accounts: lines))
            }
            institutions.sort {
                ($0.name, $0.institutionID?.description ?? "") < ($1.name, $1.institutionID?.description ?? "")
            }
            groups.append(
                Group(
                    category: category, total: try Money.sum(institutions.map(\.total), currency: currency),
                    institutions: institutions))
        }
        return groups
    }
}
