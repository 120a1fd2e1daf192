import Foundation
import VaultCore
import VaultStore

/// Monthly budget targets and notes per category (spec `budget-client.md`, Budgets: Monthly Targets).
public struct BudgetService: Sendable {
    let scope: HouseholdScope

    /// Sets a category's target and notes. A target is a non-negative amount in the household's currency
    /// (`""` or nil leaves none); notes of nil are kept as they were, `""` clears them.
    @discardableResult
    public func set(category reference: String, target: String?, notes: String? = nil) async throws -> BudgetTarget {
        try await scope.write { session in
            let household = try await session.household()
            let tree = try await session.categories.tree()
            var problems: [Problem] = []
            let category = Reference.category(reference, in: tree).value(collecting: &problems)
            var amount: Money?
            if let text = target?.trimmingCharacters(in: .whitespaces), !text.isEmpty {
                do {
                    amount = try Money(parsing: text, currency: household.baseCurrency)
                    if amount?.isNegative == true {
                        problems.append(
                            Problem(field: "target", message: "A target cannot be negative; write 0 or more."))
                    }
                } catch {
                    problems.append(Problem(field: "target", message: "'\(text)' is not an amount: \(error)"))
                }
            }
            let trimmedNotes = notes?.trimmingCharacters(in: .whitespacesAndNewlines)
            if let trimmedNotes, trimmedNotes.count > BudgetTarget.maximumNotesLength {
                problems.append(
                    Problem(field: "notes", message: "Notes are at most \(BudgetTarget.maximumNotesLength) characters.")
                )
            }
            if let trimmedNotes,
                let problem = PlainText.problem(trimmedNotes, field: "notes", label: "The notes", multiline: true)
            {
                problems.append(problem)
            }
            guard problems.isEmpty, let category else { throw InvalidInput(problems) }
            let existing = try await session.budgets.find(category: category.id, currency: household.baseCurrency)
            let keptNotes = trimmedNotes.map { $0.isEmpty ? nil : $0 } ?? existing?.notes
            let budget = BudgetTarget(
                id: existing?.id ?? scope.vault.newID(), householdID: scope.householdID, categoryID: category.id,
                target: amount, notes: keptNotes)
            if budget.target == nil && budget.notes == nil {
                _ = try await session.budgets.clear(category: category.id)
            } else {
                try await session.budgets.save(budget)
            }
            return budget
        }
    }

    /// Clears a category's target and notes (the Clear button); false when it had none.
    @discardableResult
    public func clear(category reference: String) async throws -> Bool {
        try await scope.write { session in
            let category = try Reference.category(reference, in: try await session.categories.tree()).mapError {
                InvalidInput([$0])
            }.get()
            return try await session.budgets.clear(category: category.id)
        }
    }
}
