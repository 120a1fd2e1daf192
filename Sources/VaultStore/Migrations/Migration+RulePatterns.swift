import Foundation
import SQLKit
import VaultCore

extension Migration {
    /// Rule patterns run on a linear-time engine (issue 14), which refuses what could run for minutes
    /// (backreferences, lookaround) and patterns over its size limits. Rules whose pattern it refuses are
    /// switched off with the engine's message in the new `inactive_reason`, never deleted, so the person
    /// sees why and can fix them.
    ///
    /// - warning: It judges patterns with the engine of the release that runs it, so a later engine that
    ///   accepts more would have left more rules on; rules switched off here stay off until edited.
    static let rulePatterns = Migration(
        name: "0010-rule-patterns",
        statements: { _ in ["ALTER TABLE rules ADD COLUMN inactive_reason TEXT"] },
        data: { db in
            let rows = try await db.raw("SELECT id, household_id, active, conditions FROM rules ORDER BY id").all()
            let now = Date()
            for row in rows where try row.bool("active") {
                let id: Rule.ID = try row.id("id")
                guard let reason = refusal(conditionsJSON: try row.text("conditions")) else { continue }
                let household: Household.ID = try row.id("household_id")
                try await db.raw(
                    """
                    UPDATE rules SET active = \(bind: false), inactive_reason = \(bind: reason),
                        updated_at = \(bind: now.unixSeconds)
                    WHERE id = \(bind: id.description)
                    """
                ).run()
                try await db.raw(
                    "UPDATE households SET data_version = data_version + 1 WHERE id = \(bind: household.description)"
                ).run()
                try await ChangeLog(sql: db, householdID: household, actor: .system, now: now, movesInputs: false)
                    .record("rule", id, .update, fields: ["isActive", "inactiveReason"])
            }
        })

    /// Why the engine refuses one of these stored filters, or nil when it accepts them all (or they cannot be
    /// read: the repository reports unreadable filters itself).
    static func refusal(conditionsJSON: String) -> String? {
        guard let conditions = try? JSONDecoder().decode([RuleCondition].self, from: Data(conditionsJSON.utf8)) else {
            return nil
        }
        for (index, condition) in conditions.enumerated() where condition.op == .regex {
            do {
                _ = try RulePattern(condition.value)
            } catch {
                let message = error.problems.map(\.message).joined(separator: " ")
                return conditions.count == 1 ? message : "Filter \(index + 1): \(message)"
            }
        }
        return nil
    }
}
