import Foundation

/// One movement of money in one account, from the bank, an import, a manual entry or a recurring rule.
public struct Transaction: Hashable, Sendable, Identifiable {
    public typealias ID = Identifier<Transaction>

    public let id: ID
    public let householdID: Household.ID
    public var accountID: Account.ID
    /// The calendar day in the household's time zone, derived once at ingest.
    public var date: LocalDate
    /// When the bank posted it, when known.
    public var postedAt: Date?
    /// When the purchase happened, when the bank says.
    public var transactedAt: Date?
    /// Positive is money into the account, negative money out, for every kind of account.
    public var amount: Money
    public var description: String
    public var payee: String?
    public var memo: String?
    public var isPending: Bool
    /// A person's own notes.
    public var notes: String?
    /// Lower-case tags, no repeats, in the order given.
    public var tags: [String]
    public var paymentFlag: PaymentFlag?
    public var reimbursementFlag: ReimbursementFlag?
    /// Left out of every total while still listed.
    public var isExcluded: Bool
    public var excludedSource: Provenance
    /// Nil means uncategorised.
    public var categoryID: Category.ID?
    public var categorySource: Provenance
    public var classification: Classification
    public var classificationSource: Provenance
    public var source: TransactionSource
    /// The bank's id for this transaction; never trusted as unique outside its account.
    public var bankTransactionID: String?
    /// How bank sync recognised this transaction (new, the posted form of a pending one, a re-issued id).
    public var identityNote: String?
    /// The rule that set its classification, category or exclusion, for "Matched: <rule name>".
    public var ruleID: Rule.ID?

    public init(
        id: ID, householdID: Household.ID, accountID: Account.ID, date: LocalDate, postedAt: Date? = nil,
        transactedAt: Date? = nil, amount: Money, description: String, payee: String? = nil, memo: String? = nil,
        isPending: Bool = false, notes: String? = nil, tags: [String] = [], paymentFlag: PaymentFlag? = nil,
        reimbursementFlag: ReimbursementFlag? = nil, isExcluded: Bool = false, excludedSource: Provenance = .default,
        categoryID: Category.ID? = nil, categorySource: Provenance = .default, classification: Classification? = nil,
        classificationSource: Provenance = .default, source: TransactionSource, bankTransactionID: String? = nil,
        identityNote: String? = nil
    ) {
        self.id = id
        self.householdID = householdID
        self.accountID = accountID
        self.date = date
        self.postedAt = postedAt
        self.transactedAt = transactedAt
        self.amount = amount
        self.description = description
        self.payee = payee
        self.memo = memo
        self.isPending = isPending
        self.notes = notes
        self.tags = Tag.unique(tags)
        self.paymentFlag = paymentFlag
        self.reimbursementFlag = reimbursementFlag
        self.isExcluded = isExcluded
        self.excludedSource = excludedSource
        self.categoryID = categoryID
        self.categorySource = categorySource
        self.classification = classification ?? .byDefault(for: amount)
        self.classificationSource = classificationSource
        self.source = source
        self.bankTransactionID = bankTransactionID
        self.identityNote = identityNote
    }

    /// Whether the transaction counts in income and expense totals.
    public var countsInTotals: Bool { classification.countsInTotals && !isExcluded }

    /// The folded text a description search matches against.
    public var searchKey: String { SearchText.key(description: description, payee: payee) }

    /// The one name the transaction goes by on every page, in the API and the CLI (`docs/figures.md`, "Names"): its
    /// payee, else its description, else its category's name, else "Unnamed".
    public func displayName(category: String?) -> String {
        for name in [payee, description, category] {
            if let name = name?.trimmingCharacters(in: .whitespacesAndNewlines), !name.isEmpty { return name }
        }
        return Self.unnamed
    }

    /// What a transaction with no payee, description or category is called.
    public static let unnamed = "Unnamed"
}
