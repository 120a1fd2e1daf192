import Foundation
import VaultCore

/// A transaction just added with a recurrence: the transaction's own fields, plus the rule it made, for
/// `POST /api/v1/transactions` and `ghostvault add --repeat --json`.
public struct RecurringEntryPayload: Codable, Sendable {
    public let transaction: TransactionView
    /// The rule made with the entry as its template; nil when the entry was added without a recurrence.
    public let recurringRule: RecurringRulePayload?

    public init(_ listed: TransactionService.Listed, rule: RecurringRuleService.Listed?) {
        transaction = TransactionView(listed)
        recurringRule = rule.map(RecurringRulePayload.init)
    }

    enum CodingKeys: String, CodingKey { case recurringRule }

    /// The transaction's fields at the top level (as `POST /api/v1/transactions` always answers), then the rule.
    public func encode(to encoder: any Encoder) throws {
        try transaction.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(recurringRule, forKey: .recurringRule)
    }

    public init(from decoder: any Decoder) throws {
        transaction = try TransactionView(from: decoder)
        recurringRule = try decoder.container(keyedBy: CodingKeys.self).decodeIfPresent(
            RecurringRulePayload.self, forKey: .recurringRule)
    }
}
