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

/// The 50/30/20 lens's settings: the target shares and a person's payee choices.
public struct LensService: Sendable {
    let scope: HouseholdScope

    /// The household's targets (50/30/20 unless changed).
    public func targets() async throws -> LensTargets {
        try await scope.read { try await $0.lens.targets() ?? .standard }
    }

    /// Changes the target shares; they must be whole percentages adding up to 100.
    public func setTargets(needs: Int, wants: Int, savings: Int) async throws -> LensTargets {
        let targets = try await vaultOperation { try LensTargets.make(needs: needs, wants: wants, savings: savings) }
        try await scope.write { session in
            try await session.lens.setTargets(targets, newID: scope.vault.newID(LensBucket.self).description)
        }
        return targets
    }

    /// Always puts a payee's spending in a bucket ("Always classify [payee] as [category]"), or with nil
    /// returns it to the automatic rules. Returns the payee key the choice is stored under.
    @discardableResult
    public func classify(payee: String, as bucket: LensBucket?) async throws -> String {
        let key = PayeeKey.normalize(payee)
        guard !key.isEmpty else {
            throw VaultError.wrap(
                InvalidInput(field: "payee", "Give a payee name with letters in it, like \"Netflix\"."))
        }
        try await scope.write { session in
            try await session.lens.setOverride(
                payeeKey: key, bucket: bucket, newID: scope.vault.newID(LensBucket.self).description)
        }
        return key
    }
}
