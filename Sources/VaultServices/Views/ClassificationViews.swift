import Foundation
import VaultCore

/// A classification run as JSON.
public struct ClassificationResultView: Codable, Hashable, Sendable {
    public struct ChangeEntry: Codable, Hashable, Sendable {
        public let id: String
        public let date: String
        public let description: String
        public let classification: String
        public let previousClassification: String
        public let source: String
        public let categoryId: String?
        public let fields: [String]
    }

    public let examined: Int
    public let changed: Int
    public let pairsAdded: Int
    public let pairsRemoved: Int
    public let skippedRules: [String]
    public let changes: [ChangeEntry]

    public init(_ result: ClassificationService.Result) {
        examined = result.examined
        changed = result.changes.count
        pairsAdded = result.pairsAdded
        pairsRemoved = result.pairsRemoved
        skippedRules = result.skippedRules
        changes = result.changes.map {
            ChangeEntry(
                id: $0.transaction.id.description, date: $0.transaction.date.description,
                description: $0.transaction.description, classification: $0.transaction.classification.rawValue,
                previousClassification: $0.before.classification.rawValue,
                source: $0.transaction.classificationSource.rawValue,
                categoryId: $0.transaction.categoryID?.description,
                fields: $0.fields)
        }
    }
}

/// A transfer pair as JSON.
public struct TransferPairView: Codable, Hashable, Sendable {
    public let date: String
    public let fromAccount: String
    public let toAccount: String
    public let amount: String
    public let currency: String
    public let type: String
    public let fromId: String
    public let toId: String

    public init(_ pair: TransferService.Listed) {
        date = pair.outflow.transaction.date.description
        fromAccount = pair.outflow.account.displayName
        toAccount = pair.inflow.account.displayName
        amount = pair.inflow.transaction.amount.decimalString
        currency = pair.inflow.transaction.amount.currency.code
        type = pair.isManual ? "manual" : (pair.isCardPayment ? "card-payment" : "auto")
        fromId = pair.outflow.transaction.id.description
        toId = pair.inflow.transaction.id.description
    }
}

/// A rule as JSON.
public struct RuleView: Codable, Hashable, Sendable {
    public let id: String
    public let name: String
    public let category: String?
    public let categoryId: String?
    public let classification: String?
    public let join: String
    public let priority: Int
    public let active: Bool
    /// Why GhostVault switched the rule off (a pattern it refuses); absent otherwise.
    public let inactiveReason: String?
    public let builtIn: Bool
    public let origin: String
    public let filters: [RuleCondition]
    public let tags: [String]
    public let excludeFromTotals: Bool

    public init(_ rule: Rule, tree: CategoryTree) {
        id = rule.id.description
        name = rule.name
        category = rule.categoryID.map { tree.path(of: $0) }
        categoryId = rule.categoryID?.description
        classification = rule.classification?.rawValue
        join = rule.join.rawValue
        priority = rule.priority
        active = rule.isActive
        inactiveReason = rule.inactiveReason
        builtIn = rule.origin != .user
        origin = rule.origin.rawValue
        filters = rule.conditions
        tags = rule.tagsToAdd
        excludeFromTotals = rule.excludeFromTotals
    }
}
