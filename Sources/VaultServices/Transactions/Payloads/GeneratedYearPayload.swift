import Foundation
import VaultCore

/// What Generate Next Year did for one rule, for `POST /api/v1/recurring-rules/generate-next-year` and
/// `ghostvault recurring-rules generate-next-year --json`.
public struct GeneratedYearPayload: Codable, Hashable, Sendable {
    public let rule: String
    public let description: String
    /// The years generated now; empty when the rule was already generated through next year.
    public let years: [Int]
    /// How many instances were made.
    public let count: Int
    public let generatedThroughYear: Int

    public init(_ generated: RecurringRuleService.Generated) {
        rule = generated.rule.id.description
        description = generated.rule.description
        years = generated.years
        count = generated.count
        generatedThroughYear = generated.rule.generatedThroughYear
    }
}
