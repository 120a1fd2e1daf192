import Foundation
import VaultCore

/// What changing a recurring rule did, for `PATCH /api/v1/recurring-rules/{id}` and
/// `ghostvault recurring-rules edit --json`.
public struct RecurringRuleEditPayload: Codable, Sendable {
    public let rule: RecurringRulePayload
    /// The fields that changed, named as the API takes them (`enabled`, `category`); empty when nothing did (and then
    /// no instance was replaced).
    public let changed: [String]
    /// Untouched instances dated today or later that were deleted to be made again.
    public let removed: Int
    /// Instances made from the new fields and schedule.
    public let generated: Int

    public init(_ listed: RecurringRuleService.Listed, edited: RecurringRuleService.Edited) {
        rule = RecurringRulePayload(listed)
        changed = edited.changed.map(Self.fieldName)
        removed = edited.removed
        generated = edited.generated
    }

    /// The name a person sends for a field the store names otherwise (`isEnabled` is `enabled`).
    public static func fieldName(_ stored: String) -> String {
        ["isEnabled": "enabled", "categoryID": "category", "accountID": "account"][stored] ?? stored
    }
}
