import Foundation
import VaultCore
import VaultServices

/// How the recurring-rules commands print a rule.
enum RecurringRuleText {
    static func row(_ listed: RecurringRuleService.Listed) -> [String] {
        let rule = listed.rule
        return [
            listed.summary, listed.account?.displayName ?? "—", rule.start.description, rule.end?.description ?? "—",
            rule.isEnabled ? "yes" : "no", String(rule.generatedThroughYear), String(listed.instanceCount),
            rule.id.description,
        ]
    }

    static func detail(_ listed: RecurringRuleService.Listed) -> String {
        let rule = listed.rule
        var lines = [
            listed.summary,
            "Account     \(listed.account?.displayName ?? "—")",
            "Category    \(listed.category?.name ?? "—")",
            "Repeats     \(rule.cadenceText) from \(rule.start)" + (rule.end.map { " until \($0)" } ?? ""),
            "Enabled     \(rule.isEnabled ? "yes" : "no")",
            "Generated   through \(rule.generatedThroughYear)",
            "Entries     \(listed.instanceCount)",
            "Id          \(rule.id)",
        ]
        if let payee = rule.payee { lines.insert("Payee       \(payee)", at: 3) }
        if !rule.tags.isEmpty { lines.append("Tags        \(rule.tags.joined(separator: ", "))") }
        if let notes = rule.notes { lines.append("Note        \(notes)") }
        return lines.joined(separator: "\n")
    }
}
