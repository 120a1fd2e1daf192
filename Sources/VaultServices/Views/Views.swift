import Foundation
import VaultCore

// The JSON shapes of GhostVault's objects, shared by the CLI's --json output and the web API so a
// script sees the same fields from either. Amounts are exact decimal strings in the object's currency;
// dates are YYYY-MM-DD; ids are lower-case UUIDs.

/// A household as JSON.
public struct HouseholdView: Codable, Hashable, Sendable {
    public let id: String
    public let name: String
    public let timeZone: String
    public let currency: String
    public let weekStart: String

    public init(_ household: Household) {
        id = household.id.description
        name = household.name
        timeZone = household.timeZone.identifier
        currency = household.baseCurrency.code
        weekStart = household.firstWeekday.description
    }
}

/// An account as JSON.
public struct AccountView: Codable, Hashable, Sendable {
    public let id: String
    public let name: String
    public let nickname: String?
    public let displayName: String
    public let kind: String
    public let isLiability: Bool
    public let netWorthCategory: String
    public let institution: String?
    public let currency: String
    public let balance: String
    public let balanceDate: String?
    public let hidden: Bool
    public let trackingOnly: Bool
    public let active: Bool
    public let sortOrder: Int
    public let manual: Bool
    public let transactionCount: Int?

    public init(_ account: Account, institution: Institution? = nil, transactionCount: Int? = nil) {
        id = account.id.description
        name = account.name
        nickname = account.nickname
        displayName = account.displayName
        kind = account.kind.rawValue
        isLiability = account.isLiability
        netWorthCategory = account.netWorthCategory.rawValue
        self.institution = institution?.name
        currency = account.currency.code
        balance = account.balance.decimalString
        balanceDate = account.balanceDate?.description
        hidden = account.isHidden
        trackingOnly = account.isTrackingOnly
        active = account.isActive
        sortOrder = account.sortOrder
        manual = account.isManual
        self.transactionCount = transactionCount
    }

    public init(_ listed: AccountService.Listed) {
        self.init(listed.account, institution: listed.institution, transactionCount: listed.transactionCount)
    }
}

/// A category as JSON, with its place in the tree.
public struct CategoryView: Codable, Hashable, Sendable {
    public let id: String
    public let key: String
    public let name: String
    public let path: String
    public let type: String
    public let parentId: String?
    public let depth: Int
    public let emoji: String?
    public let color: String?
    public let active: Bool

    public init(_ category: Category, tree: CategoryTree, depth: Int? = nil) {
        id = category.id.description
        key = category.key
        name = category.name
        path = tree.path(of: category.id)
        type = category.kind.rawValue
        parentId = category.parentID?.description
        self.depth = depth ?? tree.ancestors(of: category.id).count
        emoji = category.emoji
        color = category.color
        active = category.isActive
    }
}

/// A transaction as JSON, with the names a person reads beside it and where its derived fields came from.
public struct TransactionView: Codable, Hashable, Sendable {
    public let id: String
    /// The one name the transaction goes by on every page and in the CLI: payee, else description, else category.
    public let name: String
    public let date: String
    public let accountId: String
    public let account: String
    public let amount: String
    public let currency: String
    public let description: String
    public let payee: String?
    public let memo: String?
    public let pending: Bool
    public let notes: String?
    public let tags: [String]
    public let payment: String?
    public let reimbursement: String?
    public let excluded: Bool
    public let excludedSource: String
    public let categoryId: String?
    public let category: String?
    public let categorySource: String
    public let classification: String
    public let classificationSource: String
    /// Why it is classified so: "Matched: <rule name>", "Auto-detected", "Set by you" or "Default".
    public let reason: String
    public let source: String
    /// The bank's own id for the transaction (SimpleFIN's `id`); absent for entries made by hand.
    public let bankTransactionId: String?
    public let postedAt: String?

    public init(_ listed: TransactionService.Listed) {
        let transaction = listed.transaction
        id = transaction.id.description
        name = listed.name
        date = transaction.date.description
        accountId = transaction.accountID.description
        account = listed.account.displayName
        amount = transaction.amount.decimalString
        currency = transaction.amount.currency.code
        description = transaction.description
        payee = transaction.payee
        memo = transaction.memo
        pending = transaction.isPending
        notes = transaction.notes
        tags = transaction.tags
        payment = transaction.paymentFlag?.rawValue
        reimbursement = transaction.reimbursementFlag?.rawValue
        excluded = transaction.isExcluded
        excludedSource = transaction.excludedSource.rawValue
        categoryId = transaction.categoryID?.description
        category = listed.categoryPath
        categorySource = transaction.categorySource.rawValue
        classification = transaction.classification.rawValue
        classificationSource = transaction.classificationSource.rawValue
        reason = listed.reason
        source = transaction.source.rawValue
        bankTransactionId = transaction.bankTransactionID
        postedAt = transaction.postedAt.map { ISO8601DateFormatter().string(from: $0) }
    }
}

/// A page of a list as JSON.
public struct PageView<Item: Codable & Sendable>: Codable, Sendable {
    public let items: [Item]
    public let page: Int
    public let pageSize: Int
    public let pageCount: Int
    /// Exact when `totalCountIsExact`; otherwise at least this many (long lists are counted only some way past
    /// the page).
    public let totalCount: Int
    public let totalCountIsExact: Bool

    public init<Source>(_ page: Page<Source>, transform: (Source) -> Item) {
        items = page.items.map(transform)
        self.page = page.request.number
        pageSize = page.request.size
        pageCount = page.pageCount
        totalCount = page.totalCount
        totalCountIsExact = page.countIsExact
    }

    /// Every matching item as one page: the count is exact.
    public init(all items: [Item]) {
        self.items = items
        page = 1
        pageSize = items.count
        pageCount = 1
        totalCount = items.count
        totalCountIsExact = true
    }
}

/// An error as JSON: a stable code, the message, and every problem with the input.
public struct ErrorView: Codable, Hashable, Sendable {
    public let code: String
    public let message: String
    public let problems: [Problem]

    public init(_ error: VaultError) {
        code = error.code.rawValue
        message = error.message
        problems = error.problems
    }
}
