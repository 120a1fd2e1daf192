import Foundation
import VaultCore
import VaultStore

/// Creating, editing, listing, previewing and applying rules (spec `budget-client.md`, Auto-Categorization Rules).
public struct RuleService: Sendable {
    let scope: HouseholdScope

    public init(scope: HouseholdScope) { self.scope = scope }

    /// What a person gives for a rule; text fields are checked together.
    public struct Input: Sendable {
        public var name: String
        /// The category's name, key, path or id.
        public var category: String?
        /// `income`, `expense`, `transfer` or `ignore`.
        public var classification: String?
        /// `all` (AND, the default) or `any` (OR).
        public var join: String
        public var priority: Int
        public var isActive: Bool
        public var conditions: [RuleCondition]
        public var tags: String?
        public var excludeFromTotals: Bool

        public init(
            name: String, category: String?, classification: String? = nil, join: String = "all", priority: Int = 0,
            isActive: Bool = true, conditions: [RuleCondition], tags: String? = nil, excludeFromTotals: Bool = false
        ) {
            self.name = name
            self.category = category
            self.classification = classification
            self.join = join
            self.priority = priority
            self.isActive = isActive
            self.conditions = conditions
            self.tags = tags
            self.excludeFromTotals = excludeFromTotals
        }
    }

    /// One transaction a rule would change, from what to what.
    public struct PreviewItem: Sendable {
        public let transaction: Transaction
        public let categoryBefore: Category.ID?
        public let categoryAfter: Category.ID?
        public let classificationBefore: Classification
        public let classificationAfter: Classification
    }

    /// Rules sorted by name, optionally only those whose name contains `search` (ignoring case).
    public func list(search: String? = nil) async throws -> [Rule] {
        let all = try await scope.read { try await $0.rules.all() }
        guard let search, !search.isEmpty else { return all }
        return all.filter { $0.name.lowercased().contains(search.lowercased()) }
    }

    /// Finds a rule by id or exact name (ignoring case).
    public func find(_ reference: String) async throws -> Rule {
        try Reference.named(
            reference, in: try await list(), id: \.id.description, name: \.name, kind: "rule",
            noneYet: "There are no rules yet; `ghostvault rules add` makes one.")
    }

    /// Creates a rule, or refuses the input whole. It applies to existing transactions only when asked (`apply`).
    public func add(_ input: Input) async throws -> Rule {
        try await scope.write { session in
            let rule = try await Self.build(input, id: scope.vault.newID(), origin: .user, session: session)
            try await session.rules.insert([rule])
            return rule
        }
    }

    /// Replaces a rule's settings (built-in rules can be edited too; their origin stays). A successful edit
    /// clears the reason GhostVault switched the rule off for.
    public func edit(_ reference: String, _ input: Input) async throws -> Rule {
        let existing = try await find(reference)
        return try await scope.write { session in
            let rule = try await Self.build(input, id: existing.id, origin: existing.origin, session: session)
            try await session.rules.update(rule)
            return rule
        }
    }

    /// Switches a rule on or off (how built-in patterns are turned off).
    ///
    /// Switching on checks the filters first, so a rule switched off for a pattern GhostVault refuses stays
    /// off, with the reason, until its pattern is fixed; once on, the reason is gone.
    public func setActive(_ reference: String, _ active: Bool) async throws -> Rule {
        var rule = try await find(reference)
        if active { rule.inactiveReason = nil }
        rule.isActive = active
        let updated = rule
        try await scope.write { session in
            let problems = active ? RuleValidation.conditionProblems(updated.conditions) : []
            guard problems.isEmpty else { throw InvalidInput(problems) }
            _ = try await session.rules.update(updated)
        }
        return updated
    }

    public func delete(_ reference: String) async throws {
        let rule = try await find(reference)
        try await scope.write { session in _ = try await session.rules.delete(rule.id) }
    }

    /// The names of the built-in rules this household no longer has (a person deleted them), in their order.
    public func deletedBuiltIns() async throws -> [String] {
        try await scope.read { session in
            let kept = Set(try await session.rules.all().filter { $0.origin != .user }.map(\.name))
            return try await Self.builtIns(in: session, newID: { scope.vault.newID() }).map(\.name).filter {
                !kept.contains($0)
            }
        }
    }

    /// Puts back the built-in rules a person deleted (matched by name), filed under the household's default
    /// categories; rules still there, switched off or edited, are left as they are. Returns those restored.
    @discardableResult
    public func restoreBuiltIns() async throws -> [Rule] {
        try await scope.write { session in
            let kept = Set(try await session.rules.all().filter { $0.origin != .user }.map(\.name))
            let missing = try await Self.builtIns(in: session, newID: { scope.vault.newID() }).filter {
                !kept.contains($0.name)
            }
            if !missing.isEmpty { try await session.rules.insert(missing) }
            return missing
        }
    }

    static func builtIns(in session: HouseholdSession, newID: () -> Rule.ID) async throws -> [Rule] {
        let categories = try await session.categories.all()
        let byKey = Dictionary(categories.map { ($0.key, $0.id) }, uniquingKeysWith: { first, _ in first })
        return BuiltInPatterns.rules(for: session.householdID, categoryIDs: byKey, newID: newID)
    }

    /// Turns a person's correction into a rule for everything from the same payee, and applies it
    /// ("Apply to all from this payee"). The rule ranks above ordinary rules (priority 10).
    @discardableResult
    public func addPayeeRule(from transaction: Transaction) async throws -> Rule {
        let condition: RuleCondition
        let label: String
        if let payee = transaction.payee, !payee.isEmpty {
            condition = RuleCondition(.payee, .equals, payee)
            label = payee
        } else {
            // The description up to its first store number or reference: "SAFEWAY #1234" gives "SAFEWAY".
            let words = transaction.description.split(separator: " ").prefix { word in
                !word.contains("#") && !word.contains(where: \.isNumber)
            }
            label = words.isEmpty ? transaction.description : words.joined(separator: " ")
            condition = RuleCondition(.description, .startsWith, label)
        }
        let rule = try await scope.write { session in
            let existing = try await session.rules.all().first { $0.origin == .user && $0.conditions == [condition] }
            var rule = Rule(
                id: existing?.id ?? scope.vault.newID(), householdID: session.householdID, name: "Payee: \(label)",
                categoryID: transaction.categoryID,
                classification: transaction.classificationSource == .manual ? transaction.classification : nil,
                priority: Self.payeeRulePriority, conditions: [condition])
            if existing != nil {
                rule.isActive = true
                try await session.rules.update(rule)
            } else {
                try await session.rules.insert([rule])
            }
            return rule
        }
        try await apply()
        return rule
    }

    /// Rules made from a correction outrank ordinary rules (spec section 8: payee rules come first).
    public static let payeeRulePriority = 10

    /// What applying every rule (with `draft` added, when given) to all history would change, without changing it.
    ///
    /// The plan is made in a read snapshot: no write transaction is opened, so a preview never holds up anyone's
    /// writes while its rules match, and the rules, whether they have all been applied, and the rows it reads are
    /// of one moment.
    public func preview(adding draft: Input? = nil) async throws -> [PreviewItem] {
        try await scope.readSnapshot { session in
            var drafts: [Rule] = []
            if let draft {
                drafts.append(try await Self.build(draft, id: scope.vault.newID(), origin: .user, session: session))
            }
            return try await ClassificationService.plan(in: session, adding: drafts).changes.map {
                PreviewItem(
                    transaction: $0.transaction, categoryBefore: $0.before.categoryID,
                    categoryAfter: $0.transaction.categoryID, classificationBefore: $0.before.classification,
                    classificationAfter: $0.transaction.classification)
            }
        }
    }

    /// Applies the rules to existing transactions (fields set by hand stay as they are).
    @discardableResult
    public func apply() async throws -> ClassificationService.Result {
        try await ClassificationService(scope: scope).run()
    }

    static func build(_ input: Input, id: Rule.ID, origin: Rule.Origin, session: HouseholdSession) async throws -> Rule
    {
        let tree = try await session.categories.tree()
        var problems: [Problem] = []
        var category: Category?
        if let reference = input.category, !reference.isEmpty {
            category = Reference.category(reference, in: tree).value(collecting: &problems)
        }
        var classification: Classification?
        if let text = input.classification {
            classification = Classification(rawValue: text.lowercased())
            if classification == nil {
                problems.append(
                    Problem(
                        field: "classification",
                        message: "'\(text)' is not a classification; use income, expense, transfer or ignore."))
            }
        }
        let join = Rule.Join(rawValue: input.join.lowercased())
        if join == nil {
            problems.append(
                Problem(field: "join", message: "'\(input.join)' is not a filter join; use all (AND) or any (OR)."))
        }
        let rule = Rule(
            id: id, householdID: session.householdID, name: input.name.trimmingCharacters(in: .whitespacesAndNewlines),
            categoryID: category?.id, classification: classification, tagsToAdd: Tag.parseList(input.tags ?? ""),
            excludeFromTotals: input.excludeFromTotals, join: join ?? .all, priority: input.priority,
            isActive: input.isActive, conditions: input.conditions, origin: origin)
        let ruleProblems = RuleValidation.problems(rule) { tree[$0] != nil }
        problems += ruleProblems.filter { !(category == nil && input.category != nil && $0.field == "category") }
        guard problems.isEmpty else { throw InvalidInput(problems) }
        return rule
    }
}

extension RuleCondition {
    /// The filter as a person reads it: `description contains "UBER EATS"`.
    public var summary: String {
        switch op {
        case .between: "\(field.rawValue) between \(value) and \(secondValue ?? "?")"
        case .greaterThan: "\(field.rawValue) > \(value)"
        case .lessThan: "\(field.rawValue) < \(value)"
        default: "\(field.rawValue) \(op.rawValue) \"\(value)\""
        }
    }
}
