import Foundation
import SQLKit
import VaultCore

extension Migration {
    /// The built-in Housing patterns (mortgage, rent, HOA, property tax; issue 21) for households made before
    /// them. New households get the rule with the other built-ins; one that already has built-in rules gets
    /// "Merchants: housing" here, filed under its Housing category, with the priority a new household's would
    /// have. A household whose Housing category is gone, or that has no built-in rules yet (they are added
    /// on first use, Housing included), is left alone; so is one that already has a rule of that name.
    ///
    /// Existing transactions are not re-filed: the person applies rules when they choose, as with any rule.
    static let housingPatterns = Migration(
        name: "0016-housing-patterns",
        statements: { _ in [] },
        data: { db in try await addMerchantRule(for: "housing", on: db) })

    /// Gives every household that has built-in rules, a category with stable key `key` and no rule of that
    /// group's name the built-in merchant rule for `key`, with a new household's priority and words.
    static func addMerchantRule(for key: String, on db: any SQLDatabase) async throws {
        let name = BuiltInPatterns.merchantRuleName(key)
        let rows = try await db.raw(
            """
            SELECT c.household_id AS household_id, c.id AS category_id FROM categories c
            WHERE c.key = \(bind: key)
              AND EXISTS (SELECT 1 FROM rules r WHERE r.household_id = c.household_id AND r.origin <> 'user')
              AND NOT EXISTS (SELECT 1 FROM rules r WHERE r.household_id = c.household_id AND r.name = \(bind: name))
            ORDER BY c.household_id
            """
        ).all()
        let now = Date()
        var random = SystemRandomNumberGenerator()
        for row in rows {
            let household: Household.ID = try row.id("household_id")
            let category: Category.ID = try row.id("category_id")
            guard
                let rule = BuiltInPatterns.rules(
                    for: household, categoryIDs: [key: category], newID: { Rule.ID.generate(at: now, using: &random) }
                ).first(where: { $0.name == name })
            else { continue }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            let conditions = String(decoding: try encoder.encode(rule.conditions), as: UTF8.self)
            try await db.raw(
                """
                INSERT INTO rules (id, household_id, name, category_id, classification, tags, exclude_from_totals,
                    join_mode, priority, active, conditions, origin, created_at, updated_at)
                VALUES (\(bind: rule.id.description), \(bind: household.description), \(bind: rule.name),
                    \(bind: category.description), NULL, '[]', \(bind: false), \(bind: rule.join.rawValue),
                    \(bind: Int64(rule.priority)), \(bind: true), \(bind: conditions), \(bind: rule.origin.rawValue),
                    \(bind: now.unixSeconds), \(bind: now.unixSeconds))
                """
            ).run()
            try await db.raw(
                "UPDATE households SET data_version = data_version + 1 WHERE id = \(bind: household.description)"
            ).run()
            try await ChangeLog(sql: db, householdID: household, actor: .system, now: now, movesInputs: false)
                .record("rule", rule.id, .insert, fields: [])
        }
    }
}
