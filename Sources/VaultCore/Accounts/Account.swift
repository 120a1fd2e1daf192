import Foundation

/// A place money is kept or owed: a bank account, a card, a loan, cash, a house.
public struct Account: Hashable, Sendable, Identifiable {
    public typealias ID = Identifier<Account>

    public let id: ID
    public let householdID: Household.ID
    public var institutionID: Institution.ID?
    /// The name the bank gave it, or the name a person typed for a manual account.
    public var name: String
    /// The name a person chose instead ("Main Checking" for "CHECKING ...4829").
    public var nickname: String?
    public var kind: AccountKind
    /// The net worth group; starts as `kind.defaultNetWorthCategory` and a person may change it.
    public var netWorthCategory: NetWorthCategory
    public var currency: Currency
    /// The balance as last reported (bank accounts) or kept (manual accounts). Negative on a liability means owed.
    public var balance: Money
    /// The day `balance` is as of.
    public var balanceDate: LocalDate?
    /// Left out of lists and of every total.
    public var isHidden: Bool
    /// Shown, but left out of totals (spec `ghostvault.md` section 7.4).
    public var isTrackingOnly: Bool
    /// False once the bank stops reporting the account; its history stays.
    public var isActive: Bool
    /// Position within its institution group, lowest first.
    public var sortOrder: Int
    /// The bank's own id for the account, for accounts that come from bank sync; nil for manual accounts.
    public var bankAccountID: String?

    public init(
        id: ID, householdID: Household.ID, institutionID: Institution.ID? = nil, name: String,
        nickname: String? = nil, kind: AccountKind, netWorthCategory: NetWorthCategory? = nil,
        currency: Currency, balance: Money? = nil, balanceDate: LocalDate? = nil, isHidden: Bool = false,
        isTrackingOnly: Bool = false, isActive: Bool = true, sortOrder: Int = 0, bankAccountID: String? = nil
    ) {
        self.id = id
        self.householdID = householdID
        self.institutionID = institutionID
        self.name = name
        self.nickname = nickname
        self.kind = kind
        self.netWorthCategory = netWorthCategory ?? kind.defaultNetWorthCategory
        self.currency = currency
        self.balance = balance ?? .zero(currency)
        self.balanceDate = balanceDate
        self.isHidden = isHidden
        self.isTrackingOnly = isTrackingOnly
        self.isActive = isActive
        self.sortOrder = sortOrder
        self.bankAccountID = bankAccountID
    }

    /// The nickname when there is one, else the name.
    public var displayName: String {
        if let nickname, !nickname.isEmpty { return nickname }
        return name
    }

    public var isLiability: Bool { kind.isLiability }
    public var isAsset: Bool { kind.isAsset }
    /// Whether the account was added by hand rather than by bank sync.
    public var isManual: Bool { bankAccountID == nil }
    /// Whether the balance counts toward net worth and other totals.
    public var countsInTotals: Bool { isActive && !isHidden && !isTrackingOnly }
}
