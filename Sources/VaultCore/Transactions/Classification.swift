import Foundation

/// What a transaction means for the household's totals (spec `ghostvault.md` section 8, Classification Enum).
public enum Classification: String, CaseIterable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// Money received; counted in income.
    case income
    /// Money spent; counted in expenses.
    case expense
    /// Money moved between the household's own accounts; in neither.
    case transfer
    /// Left out by a person's choice; in neither, but still listed.
    case ignore

    /// The default for an amount with no better evidence: money in is income, money out an expense.
    public static func byDefault(for amount: Money) -> Classification {
        amount.isNegative ? .expense : .income
    }

    /// Whether a transaction so classified counts in income and expense totals.
    public var countsInTotals: Bool { self == .income || self == .expense }

    public var description: String { rawValue }
}

/// What set a derived field of a transaction (its classification, category or excluded flag), so the
/// app can say why: "Matched: Groceries rule", "Auto-detected", "Default" (DESIGN section 3, Provenance).
public enum Provenance: String, CaseIterable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// A household rule; the rule itself is recorded beside it.
    case rule
    /// A person set it on this transaction; rules never overwrite it.
    case manual
    /// Paired with an equal and opposite transaction in another account.
    case transferMatch = "transfer-match"
    /// A payment to a linked credit card.
    case cardPayment = "card-payment"
    /// The built-in income patterns (PAYROLL, DIRECT DEP, ...).
    case incomePattern = "income-pattern"
    /// The built-in merchant patterns (UBER EATS is dining, SHELL is transportation, ...).
    case merchantPattern = "merchant-pattern"
    /// Nothing more specific applied.
    case `default`

    /// A field a person set by hand is locked against rules (DESIGN section 3, explicit user intent wins).
    public var isLocked: Bool { self == .manual }

    public var description: String { rawValue }
}

/// Where a transaction came from.
public enum TransactionSource: String, CaseIterable, Hashable, Sendable, Codable, CustomStringConvertible {
    case bank
    case `import`
    case manual
    case recurring

    public var description: String { rawValue }
}

/// Whether an expense has been paid (spec `expense-tracker.md` 2.4, Flags); unset is nil.
public enum PaymentFlag: String, CaseIterable, Hashable, Sendable, Codable {
    case paid, unpaid
}

/// Whether an expense has been reimbursed (spec `expense-tracker.md` 2.4, Flags); unset is nil.
public enum ReimbursementFlag: String, CaseIterable, Hashable, Sendable, Codable {
    case reimbursed, unreimbursed
}
