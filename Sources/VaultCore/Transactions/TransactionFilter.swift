import Foundation

/// Which transactions a list shows (spec `budget-client.md`, Transactions filters).
///
/// Every condition given must hold. Dates are inclusive at both ends. The search folds case,
/// accents, punctuation and spaces on both sides, so `trader joes` finds "TRADER JOE'S #552".
public struct TransactionFilter: Hashable, Sendable {
    /// The first day to include.
    public var from: LocalDate?
    /// The last day to include.
    public var through: LocalDate?
    /// Text that must appear in the description or payee.
    public var search: String?
    /// Only these accounts; empty means every account.
    public var accountIDs: Set<Account.ID>
    /// Only these categories (a parent is expanded to its children by the caller); nil means any.
    public var categoryIDs: Set<Category.ID>?
    /// Only transactions with no category.
    public var uncategorizedOnly: Bool
    /// Whether transfers between the household's own accounts are listed; off by default, as on the Transactions page.
    public var includeTransfers: Bool
    /// Only transactions carrying at least one of these tags; empty means any.
    public var tags: Set<String>
    /// Only the instances (and template) of this recurring rule; nil for any transaction.
    public var recurringRuleID: RecurringRule.ID?
    /// Only these classifications; nil means any (transfers still follow `includeTransfers`).
    public var classifications: Set<Classification>?
    /// Only transactions flagged paid, unpaid, or with no payment flag (spec `expense-tracker.md` 3.2, Flags);
    /// nil means any.
    public var paymentFlag: FlagFilter<PaymentFlag>?
    /// Only transactions flagged reimbursed, unreimbursed, or with no reimbursement flag; nil means any.
    public var reimbursementFlag: FlagFilter<ReimbursementFlag>?
    /// Whether transactions a person excluded from totals are listed (they are, on the Transactions page).
    public var includeExcluded: Bool = true
    /// Whether pending transactions are listed (they are on the Transactions page; totals leave them out).
    public var includePending: Bool = true
    /// The order of the list.
    public var sort: SortOrder

    /// Newest first (the default) or oldest first; ties on the date are broken by id in the same direction.
    public enum SortOrder: String, CaseIterable, Hashable, Sendable {
        case newestFirst = "desc"
        case oldestFirst = "asc"
    }

    public init(
        from: LocalDate? = nil, through: LocalDate? = nil, search: String? = nil, accountIDs: Set<Account.ID> = [],
        categoryIDs: Set<Category.ID>? = nil, uncategorizedOnly: Bool = false, includeTransfers: Bool = false,
        tags: Set<String> = [], sort: SortOrder = .newestFirst
    ) {
        self.from = from
        self.through = through
        self.search = search
        self.accountIDs = accountIDs
        self.categoryIDs = categoryIDs
        self.uncategorizedOnly = uncategorizedOnly
        self.includeTransfers = includeTransfers
        self.tags = tags
        self.sort = sort
    }

    /// The folded search text, or nil when the search is empty once folded.
    public var foldedSearch: String? {
        guard let search else { return nil }
        let folded = SearchText.fold(search)
        return folded.isEmpty ? nil : folded
    }

    /// Whether a transaction passes the filter (the same test the store runs in SQL).
    public func matches(_ transaction: Transaction) -> Bool {
        if let from, transaction.date < from { return false }
        if let through, transaction.date > through { return false }
        if let folded = foldedSearch, !transaction.searchKey.contains(folded) { return false }
        if !accountIDs.isEmpty, !accountIDs.contains(transaction.accountID) { return false }
        if let categoryIDs {
            guard let category = transaction.categoryID, categoryIDs.contains(category) else { return false }
        }
        if uncategorizedOnly, transaction.categoryID != nil { return false }
        if !includeTransfers, transaction.classification == .transfer { return false }
        if !tags.isEmpty, tags.isDisjoint(with: transaction.tags) { return false }
        if let classifications, !classifications.contains(transaction.classification) { return false }
        if let paymentFlag, !paymentFlag.matches(transaction.paymentFlag) { return false }
        if let reimbursementFlag, !reimbursementFlag.matches(transaction.reimbursementFlag) { return false }
        if !includeExcluded, transaction.isExcluded { return false }
        if !includePending, transaction.isPending { return false }
        return true
    }
}

/// Which page of a list to show: pages count from 1.
public struct PageRequest: Hashable, Sendable {
    public let number: Int
    public let size: Int

    /// The page sizes a person can choose (spec `budget-client.md`, Unified Transactions).
    public static let allowedSizes = [5, 10, 20, 50]
    /// The default page size of the Transactions page.
    public static let defaultSize = 10
    /// The largest page an API or script may ask for at once.
    public static let maximumSize = 1_000

    /// The highest page number accepted (far past any real list, and safe from overflow).
    public static let maximumNumber = 10_000_000

    /// Creates a page request; nil when the number is not 1 to `maximumNumber` or the size is not 1 to `maximumSize`.
    public init?(number: Int, size: Int) {
        guard (1...PageRequest.maximumNumber).contains(number), (1...PageRequest.maximumSize).contains(size) else {
            return nil
        }
        self.number = number
        self.size = size
    }

    /// How many rows come before this page.
    public var offset: Int { (number - 1) * size }
}

/// One page of a list, with the total so a person can see where they are.
public struct Page<Item: Sendable>: Sendable {
    public let items: [Item]
    public let request: PageRequest
    /// How many items match the filter in all; when `countIsExact` is false, at least this many (long lists are
    /// counted only some way past the page shown, so a page of a million rows does not count them all).
    public let totalCount: Int
    public let countIsExact: Bool

    public init(items: [Item], request: PageRequest, totalCount: Int, countIsExact: Bool = true) {
        self.items = items
        self.request = request
        self.totalCount = totalCount
        self.countIsExact = countIsExact
    }

    /// The count as people read it: `1,234`, or `2,000+` when the list was counted only that far.
    public var countText: String {
        totalCount.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US")))
            + (countIsExact ? "" : "+")
    }

    /// How many pages there are (at least 1, an empty list showing one empty page); while the count is a lower
    /// bound, the pages known so far (always at least one past the page shown).
    public var pageCount: Int { max(1, (totalCount + request.size - 1) / request.size) }
    public var hasNext: Bool { request.number < pageCount }
    public var hasPrevious: Bool { request.number > 1 }
}
