import Foundation
import SQLKit
import VaultCore

extension Migration {
    /// The Loans category and its built-in patterns (issue 21: "a loan or mortgage payment from checking is
    /// Housing or Loans by its account's kind") for households made before them. Each household without a
    /// category keyed `loans` gets one, named as a new household's (or "Loan payments" when a top-level category
    /// is already called Loans), and, when it has built-in rules, "Merchants: loans" under it.
    ///
    /// Existing transactions are not re-filed: the person applies rules, or re-classifies, when they choose.
    static let loansCategory = Migration(
        name: "0022-loans-category",
        statements: { _ in [] },
        data: { db in
            guard let entry = DefaultCategories.entries.first(where: { $0.key == "loans" }) else { return }
            let rows = try await db.raw(
                """
                SELECT h.id AS household_id,
                    EXISTS (SELECT 1 FROM categories c WHERE c.household_id = h.id AND c.parent_id IS NULL
                        AND lower(c.name) = lower(\(bind: entry.name))) AS name_taken
                FROM households h
                WHERE NOT EXISTS (SELECT 1 FROM categories c WHERE c.household_id = h.id AND c.key = \(bind: entry.key))
                ORDER BY h.id
                """
            ).all()
            let now = Date()
            var random = SystemRandomNumberGenerator()
            for row in rows {
                let household: Household.ID = try row.id("household_id")
                let name = try row.decode(column: "name_taken", as: Bool.self) ? "Loan payments" : entry.name
                let id = Category.ID.generate(at: now, using: &random)
                try await db.raw(
                    """
                    INSERT INTO categories (id, household_id, parent_id, name, key, kind, emoji, color, active,
                        created_at, updated_at)
                    VALUES (\(bind: id.description), \(bind: household.description), NULL, \(bind: name),
                        \(bind: entry.key), \(bind: entry.kind.rawValue), \(bind: entry.emoji), \(bind: entry.color),
                        \(bind: true), \(bind: now.unixSeconds), \(bind: now.unixSeconds))
                    """
                ).run()
                try await db.raw(
                    "UPDATE households SET data_version = data_version + 1 WHERE id = \(bind: household.description)"
                ).run()
                try await ChangeLog(sql: db, householdID: household, actor: .system, now: now, movesInputs: false)
                    .record("category", id, .insert, fields: [])
            }
            try await addMerchantRule(for: entry.key, on: db)
        })
}
