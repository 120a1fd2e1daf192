import Foundation
import VaultCore

/// What deleting a recurring rule took with it, for `DELETE /api/v1/recurring-rules/{id}` and
/// `ghostvault recurring-rules delete --json`.
public struct RecurringRuleDeletionPayload: Codable, Hashable, Sendable {
    public let deleted: String
    public let description: String
    /// Whether its instances dated today or later were asked to go too (the spec's default is no).
    public let futureTransactions: Bool
    /// How many transactions were deleted with it; 0 unless `futureTransactions`.
    public let transactionsDeleted: Int

    public init(rule: RecurringRule, futureTransactions: Bool, deleted: Int) {
        self.deleted = rule.id.description
        description = rule.description
        self.futureTransactions = futureTransactions
        transactionsDeleted = deleted
    }
}
