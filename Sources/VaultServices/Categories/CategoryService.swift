import Foundation
import VaultCore
import VaultStore

/// Creating, changing, moving and removing a household's categories, keeping the tree whole.
public struct CategoryService: Sendable {
    let scope: HouseholdScope

    /// What a person gives to create a category.
    public struct Input: Sendable {
        public var name: String
        /// `expense`, `income` or `transfer`; nil takes the parent's type, else expense.
        public var kind: String?
        /// The parent's name, key, path or id; nil for a top-level category.
        public var parent: String?
        public var emoji: String?
        /// `#RRGGBB`.
        public var color: String?

        public init(
            name: String, kind: String? = nil, parent: String? = nil, emoji: String? = nil, color: String? = nil
        ) {
            self.name = name
            self.kind = kind
            self.parent = parent
            self.emoji = emoji
            self.color = color
        }
    }

    /// Changes to a category; nil leaves a field alone. `parent` of `""` moves it to the top level;
    /// an empty emoji or colour removes it.
    public struct Changes: Sendable {
        public var name: String?
        public var kind: String?
        public var parent: String?
        public var emoji: String?
        public var color: String?
        public var isActive: Bool?

        public init(
            name: String? = nil, kind: String? = nil, parent: String? = nil, emoji: String? = nil,
            color: String? = nil, isActive: Bool? = nil
        ) {
            self.name = name
            self.kind = kind
            self.parent = parent
            self.emoji = emoji
            self.color = color
            self.isActive = isActive
        }
    }

    /// What removing a category does, said before it is done.
    public struct RemovalPlan: Sendable, CustomStringConvertible {
        public let category: Category
        /// The direct children, which move up to `newParent` (the top level when nil).
        public let children: [Category]
        public let newParent: Category?
        /// How many transactions are filed directly under the category.
        public let transactionCount: Int
        /// Where those transactions go; nil means they become uncategorised.
        public let transactionsMoveTo: Category?
        /// Rules that file into the category: they follow the transactions, or are deleted with it.
        public let rules: [Rule]

        /// Whether removing touches anything besides the category itself.
        public var hasConsequences: Bool { !children.isEmpty || transactionCount > 0 || !rules.isEmpty }

        public var description: String {
            var lines = ["Removing '\(category.name)' will:"]
            if !children.isEmpty {
                let place = newParent.map { "under '\($0.name)'" } ?? "to the top level"
                lines.append(
                    "- move its \(children.count) child categor\(children.count == 1 ? "y" : "ies") ("
                        + children.map(\.name).joined(separator: ", ") + ") \(place)")
            }
            if transactionCount > 0 {
                let target = transactionsMoveTo.map { "move to '\($0.name)'" } ?? "become uncategorised"
                lines.append("- make its \(transactionCount) transaction\(transactionCount == 1 ? "" : "s") \(target)")
            }
            if !rules.isEmpty {
                let names = rules.map { "'\($0.name)'" }.joined(separator: ", ")
                lines.append(
                    transactionsMoveTo.map { "- make the rule(s) \(names) file into '\($0.name)'" }
                        ?? "- delete the rule(s) \(names), which file into it")
            }
            if !hasConsequences { lines.append("- delete it; nothing else uses it") }
            return lines.joined(separator: "\n")
        }
    }

    /// The household's category tree.
    public func tree() async throws -> CategoryTree {
        try await scope.read { try await $0.categories.tree() }
    }

    /// Finds a category by id, key, name or path.
    public func find(_ reference: String) async throws -> Category {
        try Self.resolve(reference, in: try await tree())
    }

    /// Creates a category, or refuses the input whole.
    public func add(_ input: Input) async throws -> Category {
        try await scope.write { session in
            let tree = try await session.categories.tree()
            var problems: [Problem] = []
            var parent: Category?
            if let reference = input.parent, !reference.isEmpty {
                switch Reference.category(reference, in: tree, field: "parent") {
                case .success(let found): parent = found
                case .failure(let problem): problems.append(problem)
                }
            }
            var kind: CategoryKind? = parent?.kind ?? .expense
            if let text = input.kind {
                kind = CategoryKind(rawValue: text.lowercased())
                if kind == nil { problems.append(Self.kindProblem(text)) }
            }
            let name = input.name.trimmingCharacters(in: .whitespacesAndNewlines)
            problems += tree.problems(id: nil, name: name, kind: kind ?? parent?.kind ?? .expense, parentID: parent?.id)
            problems += Self.appearanceProblems(emoji: input.emoji, color: input.color)
            guard problems.isEmpty, let kind else { throw InvalidInput(problems) }
            let category = Category(
                id: scope.vault.newID(), householdID: session.householdID, parentID: parent?.id, name: name,
                key: CategoryKey.unique(for: name, parentKey: parent?.key, taken: Set(tree.categories.map(\.key))),
                kind: kind, emoji: Self.nonEmpty(input.emoji), color: Self.nonEmpty(input.color)?.uppercased())
            try await session.categories.insert(category)
            return category
        }
    }

    /// Changes or moves a category; returns it and the names of the fields that changed.
    public func edit(_ reference: String, _ changes: Changes) async throws -> (category: Category, changed: [String]) {
        try await scope.write { session in
            let tree = try await session.categories.tree()
            var category = try Self.resolve(reference, in: tree)
            var problems: [Problem] = []
            if let name = changes.name { category.name = name.trimmingCharacters(in: .whitespacesAndNewlines) }
            if let text = changes.kind {
                if let kind = CategoryKind(rawValue: text.lowercased()) {
                    category.kind = kind
                } else {
                    problems.append(Self.kindProblem(text))
                }
            }
            if let reference = changes.parent {
                if reference.isEmpty {
                    category.parentID = nil
                } else {
                    switch Reference.category(reference, in: tree, field: "parent") {
                    case .success(let parent): category.parentID = parent.id
                    case .failure(let problem): problems.append(problem)
                    }
                }
            }
            if let emoji = changes.emoji { category.emoji = Self.nonEmpty(emoji) }
            if let color = changes.color { category.color = Self.nonEmpty(color)?.uppercased() }
            if let active = changes.isActive { category.isActive = active }
            problems += tree.problems(
                id: category.id, name: category.name, kind: category.kind, parentID: category.parentID)
            problems += Self.appearanceProblems(emoji: changes.emoji, color: changes.color)
            guard problems.isEmpty else { throw InvalidInput(problems) }
            return (category, try await session.categories.update(category))
        }
    }

    /// What removing the category would do, without doing it.
    public func removalPlan(_ reference: String, moveTransactionsTo target: String? = nil) async throws -> RemovalPlan {
        try await scope.read { session in try await Self.plan(reference, target: target, session: session) }
    }

    /// Removes a category: its children move up to its parent and its transactions become uncategorised
    /// (or move to `target`). When that touches anything, `confirmed` must be true; otherwise the plan is
    /// returned in a `confirmation_required` error and nothing changes.
    @discardableResult
    public func remove(
        _ reference: String, moveTransactionsTo target: String? = nil, confirmed: Bool
    ) async throws -> RemovalPlan {
        try await scope.write { session in
            let plan = try await Self.plan(reference, target: target, session: session)
            if plan.hasConsequences, !confirmed {
                throw VaultError(.confirmationRequired, plan.description)
            }
            for child in plan.children {
                var moved = child
                moved.parentID = plan.newParent?.id
                try await session.categories.update(moved)
            }
            _ = try await session.categories.moveTransactions(from: plan.category.id, to: plan.transactionsMoveTo?.id)
            for var rule in plan.rules {
                if let target = plan.transactionsMoveTo {
                    rule.categoryID = target.id
                    try await session.rules.update(rule)
                } else {
                    _ = try await session.rules.delete(rule.id)
                }
            }
            // Recurring rules follow their transactions: to the category they move to, or uncategorised.
            for var recurring in try await session.recurringRules.all() where recurring.categoryID == plan.category.id {
                recurring.categoryID = plan.transactionsMoveTo?.id
                try await session.recurringRules.update(recurring)
            }
            _ = try await session.categories.delete(plan.category.id)
            return plan
        }
    }

    static func plan(_ reference: String, target: String?, session: HouseholdSession) async throws -> RemovalPlan {
        let tree = try await session.categories.tree()
        let category = try resolve(reference, in: tree)
        var problems: [Problem] = []
        var destination: Category?
        if let target, !target.isEmpty {
            switch Reference.category(target, in: tree, field: "move-to") {
            case .success(let found):
                // Children survive the removal, so moving into one is fine; into the category itself is not.
                if found.id == category.id {
                    problems.append(
                        Problem(field: "move-to", message: "Transactions cannot move into the category being removed."))
                } else if found.kind != category.kind {
                    problems.append(
                        Problem(
                            field: "move-to",
                            message:
                                "'\(found.name)' is a \(found.kind) category and '\(category.name)' a \(category.kind) one; "
                                + "move its transactions to a \(category.kind) category."))
                } else if !found.isActive {
                    problems.append(
                        Problem(field: "move-to", message: "'\(found.name)' is inactive; choose an active category."))
                }
                destination = found
            case .failure(let problem): problems.append(problem)
            }
        }
        let children = tree.children(of: category.id)
        let newParent = category.parentID.flatMap { tree[$0] }
        let siblings = tree.children(of: category.parentID).filter { $0.id != category.id }
        for child in children where siblings.contains(where: { $0.name.lowercased() == child.name.lowercased() }) {
            problems.append(
                Problem(
                    field: "category",
                    message: "Its child '\(child.name)' would sit beside another '\(child.name)'; "
                        + "rename or move one of them first."))
        }
        guard problems.isEmpty else { throw InvalidInput(problems) }
        return RemovalPlan(
            category: category, children: children, newParent: newParent,
            transactionCount: try await session.categories.transactionCount(in: [category.id]),
            transactionsMoveTo: destination,
            rules: try await session.rules.all().filter { $0.categoryID == category.id })
    }

    static func resolve(_ reference: String, in tree: CategoryTree) throws -> Category {
        switch Reference.category(reference, in: tree) {
        case .success(let category): return category
        case .failure(let problem): throw VaultError(.notFound, problem.message)
        }
    }

    static func kindProblem(_ text: String) -> Problem {
        Problem(field: "type", message: "'\(text)' is not a category type; use expense, income or transfer.")
    }

    static func appearanceProblems(emoji: String?, color: String?) -> [Problem] {
        var problems: [Problem] = []
        if let emoji = nonEmpty(emoji), emoji.count > 2 {
            problems.append(Problem(field: "emoji", message: "Use a single emoji, like 🛒."))
        }
        if let color = nonEmpty(color), !CategoryKey.isValidColor(color) {
            problems.append(
                Problem(field: "color", message: "'\(color)' is not a colour; write it as #RRGGBB, like #3BB273."))
        }
        return problems
    }

    static func nonEmpty(_ text: String?) -> String? {
        guard let trimmed = text?.trimmingCharacters(in: .whitespaces), !trimmed.isEmpty else { return nil }
        return trimmed
    }
}
