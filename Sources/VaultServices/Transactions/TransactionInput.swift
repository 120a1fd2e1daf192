import Foundation
import VaultCore

/// A manual expense or income as a person types it (spec `expense-tracker.md` 2.1); every field is
/// checked together and the entry is refused whole if any is wrong.
public struct TransactionInput: Sendable {
    /// Signed: `-12.50` is money out, `2500` money in.
    public var amount: String
    /// The account's name, nickname or id.
    public var account: String
    /// `YYYY-MM-DD`, `today` or `yesterday`; nil for today in the household's time zone.
    public var date: String?
    /// The category's name, key, path or id; nil for uncategorised.
    public var category: String?
    /// What the transaction was; nil uses the payee, else the category, else "Manual entry".
    public var description: String?
    public var payee: String?
    /// Comma-separated; stored trimmed and lower-case.
    public var tags: String?
    public var notes: String?
    /// `paid` or `unpaid`.
    public var payment: String?
    /// `reimbursed` or `unreimbursed`.
    public var reimbursement: String?
    /// Left out of totals while listed.
    public var isExcluded: Bool
    /// The miles card the expense was paid with (id, name or last four); it goes into the card's account,
    /// whatever `account` says.
    public var card: String?
    /// The card's bonus category the expense counts toward (`online`, `contactless`, ...); nil for general.
    public var bonusCategory: String?
    /// Whether it was charged in a foreign currency; nil to decide from the bonus category.
    public var isForeignCurrency: Bool?
    /// Repeat the entry on a schedule (spec 2.6): saving it makes a recurring rule with this entry as its template.
    public var recurrence: RecurringRuleService.Recurrence?

    public init(
        amount: String, account: String, date: String? = nil, category: String? = nil, description: String? = nil,
        payee: String? = nil, tags: String? = nil, notes: String? = nil, payment: String? = nil,
        reimbursement: String? = nil, isExcluded: Bool = false, card: String? = nil, bonusCategory: String? = nil,
        isForeignCurrency: Bool? = nil
    ) {
        self.card = card
        self.bonusCategory = bonusCategory
        self.isForeignCurrency = isForeignCurrency
        self.amount = amount
        self.account = account
        self.date = date
        self.category = category
        self.description = description
        self.payee = payee
        self.tags = tags
        self.notes = notes
        self.payment = payment
        self.reimbursement = reimbursement
        self.isExcluded = isExcluded
    }
}

/// Changes to one transaction; nil leaves a field as it is. An empty category, payee, notes or flag clears it.
public struct TransactionChanges: Sendable {
    public var amount: String?
    public var account: String?
    public var date: String?
    public var category: String?
    public var description: String?
    public var payee: String?
    /// Replaces the tags; comma-separated.
    public var tags: String?
    public var notes: String?
    public var payment: String?
    public var reimbursement: String?
    public var isExcluded: Bool?
    /// `income`, `expense`, `transfer` or `ignore`, set by hand and locked against rules.
    public var classification: String?
    /// Also make a rule from this correction for every transaction from the same payee ("Apply to all from payee").
    public var applyToPayee = false

    public init(
        amount: String? = nil, account: String? = nil, date: String? = nil, category: String? = nil,
        description: String? = nil, payee: String? = nil, tags: String? = nil, notes: String? = nil,
        payment: String? = nil, reimbursement: String? = nil, isExcluded: Bool? = nil, classification: String? = nil
    ) {
        self.amount = amount
        self.account = account
        self.date = date
        self.category = category
        self.description = description
        self.payee = payee
        self.tags = tags
        self.notes = notes
        self.payment = payment
        self.reimbursement = reimbursement
        self.isExcluded = isExcluded
        self.classification = classification
    }

    /// The fields only a bank may set on a transaction that came from bank sync.
    var bankOwnedFields: [String] {
        [("amount", amount), ("account", account), ("date", date), ("description", description), ("payee", payee)]
            .compactMap { $0.1 == nil ? nil : $0.0 }
    }
}

/// What a list of transactions is asked to show, as typed; references are resolved and checked together.
public struct TransactionQuery: Sendable {
    /// First day, inclusive (`YYYY-MM-DD`).
    public var from: String?
    /// Last day, inclusive (`YYYY-MM-DD`).
    public var through: String?
    public var search: String?
    /// Account names or ids; empty for all.
    public var accounts: [String]
    /// A category (its children included); nil for any.
    public var category: String?
    public var uncategorizedOnly: Bool
    public var includeTransfers: Bool
    /// Tags, any of which a transaction must carry; empty for any.
    public var tags: [String]
    /// `paid`, `unpaid` or `none` (no payment flag set); nil or empty for any.
    public var payment: String?
    /// `reimbursed`, `unreimbursed` or `none` (no reimbursement flag set); nil or empty for any.
    public var reimbursement: String?
    /// Only this classification (`income`, `expense`, ...); nil for any.
    public var classification: String?
    /// Only the instances of this recurring rule (its id or description).
    public var recurringRule: String?
    /// `history` (dated today or before), `scheduled` (after today) or `all`; nil for history, or for all when
    /// `recurringRule` names a rule (its instances are mostly scheduled).
    public var timing: String?
    /// `desc` (newest first, the default) or `asc`.
    public var sort: String?
    public var page: Int
    public var pageSize: Int

    public init(
        from: String? = nil, through: String? = nil, search: String? = nil, accounts: [String] = [],
        category: String? = nil, uncategorizedOnly: Bool = false, includeTransfers: Bool = false, tags: [String] = [],
        payment: String? = nil, reimbursement: String? = nil, classification: String? = nil,
        recurringRule: String? = nil, timing: String? = nil, sort: String? = nil, page: Int = 1,
        pageSize: Int = PageRequest.defaultSize
    ) {
        self.recurringRule = recurringRule
        self.timing = timing
        self.payment = payment
        self.reimbursement = reimbursement
        self.classification = classification
        self.from = from
        self.through = through
        self.search = search
        self.accounts = accounts
        self.category = category
        self.uncategorizedOnly = uncategorizedOnly
        self.includeTransfers = includeTransfers
        self.tags = tags
        self.sort = sort
        self.page = page
        self.pageSize = pageSize
    }
}

/// Reading the text fields of transaction forms.
enum TransactionFields {
    /// A date as typed: `YYYY-MM-DD`, `today` or `yesterday`.
    static func date(_ text: String, today: LocalDate, field: String = "date") -> Result<LocalDate, Problem> {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        if trimmed == "today" { return .success(today) }
        if trimmed == "yesterday" { return .success(today.adding(days: -1)) }
        guard let date = LocalDate(iso: trimmed) else {
            return .failure(
                Problem(
                    field: field,
                    message: "'\(text)' is not a date; write it as YYYY-MM-DD, like "
                        + "\(today), and make sure the day exists in that month."))
        }
        return .success(date)
    }

    static func payment(_ text: String) -> Result<PaymentFlag?, Problem> {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        if trimmed.isEmpty || trimmed == "none" { return .success(nil) }
        guard let flag = PaymentFlag(rawValue: trimmed) else {
            return .failure(
                Problem(field: "payment", message: "'\(text)' is not a payment flag; use paid, unpaid or none."))
        }
        return .success(flag)
    }

    static func reimbursement(_ text: String) -> Result<ReimbursementFlag?, Problem> {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        if trimmed.isEmpty || trimmed == "none" { return .success(nil) }
        guard let flag = ReimbursementFlag(rawValue: trimmed) else {
            return .failure(
                Problem(
                    field: "reimbursement",
                    message: "'\(text)' is not a reimbursement flag; use reimbursed, unreimbursed or none."))
        }
        return .success(flag)
    }

    /// Text a person may leave out: nil when empty after trimming.
    static func optional(_ text: String?) -> String? {
        guard let trimmed = text?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty else { return nil }
        return trimmed
    }

    /// The longest description, payee or note accepted, so one entry cannot bloat every page.
    static let maximumTextLength = 2_000
    /// The longest tag accepted (the schema enforces the same).
    static let maximumTagLength = 100
    /// The most tags one transaction carries: enough for any way of filing it, and a bound on what a page shows.
    static let maximumTagCount = 50
}

extension Result {
    /// The success value, or nil after adding the failure to `problems`.
    func value(collecting problems: inout [Problem]) -> Success? where Failure == Problem {
        switch self {
        case .success(let value): return value
        case .failure(let problem): problems.append(problem); return nil
        }
    }
}
