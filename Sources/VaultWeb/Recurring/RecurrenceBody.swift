import Foundation
import VaultServices

/// A recurrence as `POST /api/v1/transactions` takes it: `{"cadence": "monthly", "interval": 1, "start":
/// "2026-01-01", "end": "2026-12-31"}`; the start defaults to the entry's date, the end to none.
struct RecurrenceBody: Decodable, Sendable {
    let cadence: String?
    let interval: CardBody.TextOrNumber?
    let start: String?
    let end: String?

    var recurrence: RecurringRuleService.Recurrence {
        RecurringRuleService.Recurrence(cadence: cadence ?? "", interval: interval?.text, start: start, end: end)
    }
}
