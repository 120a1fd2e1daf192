import Foundation
import VaultCore

/// One recurring rule with a page of its transactions (the list filtered by the rule), for
/// `GET /api/v1/recurring-rules/{id}` and `ghostvault recurring-rules show --json`.
public struct RecurringRuleDetailPayload: Codable, Sendable {
    public let rule: RecurringRulePayload
    /// Its template and instances, oldest first.
    public let instances: PageView<TransactionView>

    public init(_ listed: RecurringRuleService.Listed, instances: Page<TransactionService.Listed>) {
        rule = RecurringRulePayload(listed)
        self.instances = PageView(instances, transform: TransactionView.init)
    }
}
