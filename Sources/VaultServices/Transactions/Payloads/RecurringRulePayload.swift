import Foundation
import VaultCore

/// A recurring rule as its list and detail show it, for `GET /api/v1/recurring-rules` and
/// `ghostvault recurring-rules list --json`.
public struct RecurringRulePayload: Codable, Hashable, Sendable {
    public let id: String
    /// `🏠 Rent • $2,500.00 • monthly` (spec `expense-tracker.md` 2.6.3).
    public let summary: String
    public let description: String
    /// Signed like a transaction: `-2500.00` is an expense.
    public let amount: String
    public let currency: String
    public let accountId: String
    /// The account's display name; nil when the account is gone.
    public let account: String?
    public let categoryId: String?
    public let category: String?
    public let payee: String?
    public let tags: [String]
    public let notes: String?
    /// `daily`, `weekly`, `monthly` or `yearly`.
    public let cadence: String
    public let interval: Int
    /// `YYYY-MM-DD`: the first occurrence and the anchor of every later one.
    public let start: String
    /// `YYYY-MM-DD`, the last day an occurrence may fall on; nil for none.
    public let end: String?
    public let enabled: Bool
    /// The last calendar year whose instances have been generated.
    public let generatedThroughYear: Int
    /// Its transactions: the template and every instance still kept.
    public let instanceCount: Int

    public init(_ listed: RecurringRuleService.Listed) {
        let rule = listed.rule
        id = rule.id.description
        summary = listed.summary
        description = rule.description
        amount = rule.amount.decimalString
        currency = rule.amount.currency.code
        accountId = rule.accountID.description
        account = listed.account?.displayName
        categoryId = rule.categoryID?.description
        category = listed.category?.name
        payee = rule.payee
        tags = rule.tags
        notes = rule.notes
        cadence = rule.cadence.rawValue
        interval = rule.interval
        start = rule.start.description
        end = rule.end?.description
        enabled = rule.isEnabled
        generatedThroughYear = rule.generatedThroughYear
        instanceCount = listed.instanceCount
    }
}
