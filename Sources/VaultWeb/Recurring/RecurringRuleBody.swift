import Foundation
import VaultServices

/// Changes to a recurring rule as `PATCH /api/v1/recurring-rules/{id}` takes them: every field optional (only what
/// is sent changes); an empty category, payee, notes or end clears it.
struct RecurringRuleBody: Decodable, Sendable {
    let amount: String?
    let category: String?
    let description: String?
    let payee: String?
    let tags: TransactionBody.Tags?
    let notes: String?
    let cadence: String?
    let interval: CardBody.TextOrNumber?
    let start: String?
    let end: String?
    let enabled: Bool?

    var changes: RecurringRuleService.Changes {
        RecurringRuleService.Changes(
            amount: amount, category: category, description: description, payee: payee, tags: tags?.text,
            notes: notes, cadence: cadence, interval: interval?.text, start: start, end: end, isEnabled: enabled)
    }
}
