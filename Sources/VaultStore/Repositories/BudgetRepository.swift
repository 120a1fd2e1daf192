import Foundation
import SQLKit
import VaultCore

/// A household's monthly budget targets and notes, one row per category at most.
public struct BudgetRepository: Sendable {
    let session: HouseholdSession

    /// Every target, in the household's currency.
    public func all(currency: Currency) async throws -> [BudgetTarget] {
        try await session.sql.raw("SELECT * FROM budgets WHERE household_id = \(bind: session.household)").all()
            .map { try Self.target(from: $0, currency: currency) }
    }

    public func find(category: Category.ID, currency: Currency) async throws -> BudgetTarget? {
        try await session.sql.raw(
            """
            SELECT * FROM budgets
            WHERE household_id = \(bind: session.household) AND category_id = \(bind: category.description)
            """
        ).first().map { try Self.target(from: $0, currency: currency) }
    }

    /// Stores a category's target and notes, replacing what it had; returns the changed fields.
    @discardableResult
    public func save(_ target: BudgetTarget) async throws -> [String] {
        try session.requireOwn(target.householdID, "budget")
        if let old = try await find(category: target.categoryID, currency: target.target?.currency ?? .usd) {
            let updated = BudgetTarget(
                id: old.id, householdID: old.householdID, categoryID: old.categoryID, target: target.target,
                notes: target.notes)
            return try await session.updateRow(
                "budgets", entity: "budget", id: old.id, from: Self.values(of: old), to: Self.values(of: updated))
        }
        try await session.insertRows(
            "budgets", entity: "budget", rows: [(target.id.description, Self.values(of: target))],
            extra: [("created_at", .int(session.now.unixSeconds)), ("updated_at", .int(session.now.unixSeconds))])
        return Self.values(of: target).columns.map(\.field)
    }

    /// Removes a category's target and notes; false when it had none.
    public func clear(category: Category.ID) async throws -> Bool {
        guard
            let row = try await session.sql.raw(
                """
                SELECT id FROM budgets
                WHERE household_id = \(bind: session.household) AND category_id = \(bind: category.description)
                """
            ).first()
        else { return false }
        return try await session.deleteRow("budgets", entity: "budget", id: try row.text("id"))
    }

    static func values(of target: BudgetTarget) -> RowValues {
        var values = RowValues()
        values.add("id", "id", .text(target.id.description))
        values.add("categoryID", "category_id", .text(target.categoryID.description))
        values.add("target", "target_minor", .int(target.target?.minorUnits))
        values.add("notes", "notes", .text(target.notes))
        return values
    }

    static func target(from row: any SQLRow, currency: Currency) throws -> BudgetTarget {
        BudgetTarget(
            id: try row.id("id"), householdID: try row.id("household_id"), categoryID: try row.id("category_id"),
            target: try row.optionalInt("target_minor").map { Money(minorUnits: $0, currency: currency) },
            notes: try row.optionalText("notes"))
    }
}
