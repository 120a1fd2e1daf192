import Foundation

/// What kind of account this is; it decides whether the balance is an asset or a liability.
public enum AccountKind: String, CaseIterable, Hashable, Sendable, Codable, CustomStringConvertible {
    case checking
    case savings
    case creditCard = "credit-card"
    case investment
    case brokerage
    case loan
    case mortgage
    case cash
    case property
    case vehicle
    case other

    /// Credit cards, loans and mortgages are money owed; everything else is owned (spec `ghostvault.md` section 8).
    public var isLiability: Bool {
        switch self {
        case .creditCard, .loan, .mortgage: true
        default: false
        }
    }

    public var isAsset: Bool { !isLiability }

    /// The net worth group an account of this kind starts in; a person can move it.
    public var defaultNetWorthCategory: NetWorthCategory {
        switch self {
        case .checking, .savings, .cash: .bankAccounts
        case .investment, .brokerage: .investments
        case .creditCard, .loan, .mortgage: .liabilities
        case .property, .vehicle, .other: .otherAssets
        }
    }

    /// The name a person reads: "Credit card".
    public var displayName: String {
        switch self {
        case .creditCard: "Credit card"
        default: rawValue.prefix(1).uppercased() + rawValue.dropFirst()
        }
    }

    public var description: String { rawValue }
}

/// The group an account is listed under in the net worth breakdown (spec `budget-client.md`, Dashboard).
public enum NetWorthCategory: String, CaseIterable, Hashable, Sendable, Codable, CustomStringConvertible {
    case bankAccounts = "bank-accounts"
    case investments
    case liabilities
    case otherAssets = "other-assets"

    /// "Bank Accounts", "Investments", "Liabilities", "Other Assets".
    public var displayName: String {
        switch self {
        case .bankAccounts: "Bank Accounts"
        case .investments: "Investments"
        case .liabilities: "Liabilities"
        case .otherAssets: "Other Assets"
        }
    }

    public var description: String { rawValue }
}

extension AccountKind {
    /// Reads a kind as a person types it: `credit-card`, `credit card`, `Credit_Card` and `credit` all work.
    public init?(name: String) {
        let folded = name.lowercased().filter { $0.isLetter }
        if folded == "credit" || folded == "card" { self = .creditCard; return }
        guard let kind = AccountKind.allCases.first(where: { $0.rawValue.filter(\.isLetter) == folded }) else {
            return nil
        }
        self = kind
    }
}

extension NetWorthCategory {
    /// Reads a category as a person types it: `bank-accounts`, `Bank Accounts`, `other assets`.
    public init?(name: String) {
        let folded = name.lowercased().filter { $0.isLetter }
        guard let category = NetWorthCategory.allCases.first(where: { $0.rawValue.filter(\.isLetter) == folded }) else {
            return nil
        }
        self = category
    }
}
