import Foundation

/// An auto-categorisation rule (spec `budget-client.md`, Auto-Categorization Rules; DESIGN section 3, stage 4).
///
/// When its conditions match a transaction (all of them with `.all`, any with `.any`), the rule sets
/// the category and, optionally, the classification, adds tags and excludes the transaction from
/// totals, unless a person set that field by hand.
public struct Rule: Hashable, Sendable, Identifiable {
    public typealias ID = Identifier<Rule>

    public let id: ID
    public let householdID: Household.ID
    public var name: String
    /// The category to file matching transactions under; nil leaves the category alone.
    public var categoryID: Category.ID?
    /// The classification to give; nil leaves it to the later stages.
    public var classification: Classification?
    public var tagsToAdd: [String]
    public var excludeFromTotals: Bool
    public var join: Join
    /// Higher wins when several rules match (spec: "Higher priority means ... it will match based on the highest").
    public var priority: Int
    public var isActive: Bool
    /// Why GhostVault switched the rule off, for the person to read (a pattern the engine now refuses);
    /// nil when it is on, or when a person switched it off. Editing the rule successfully clears it.
    public var inactiveReason: String?
    public var conditions: [RuleCondition]
    /// Who made the rule: a person, or GhostVault's built-in patterns.
    public var origin: Origin

    /// How conditions combine.
    public enum Join: String, Hashable, Sendable, Codable, CaseIterable {
        /// All filters must match (AND).
        case all
        /// Any filter can match (OR).
        case any
    }

    /// Where a rule came from; built-in ones are marked in lists and can be switched off.
    public enum Origin: String, Hashable, Sendable, Codable, CaseIterable {
        case user
        case incomePattern = "income-pattern"
        case merchantPattern = "merchant-pattern"

        /// The provenance a transaction records when this rule set one of its fields.
        public var provenance: Provenance {
            switch self {
            case .user: .rule
            case .incomePattern: .incomePattern
            case .merchantPattern: .merchantPattern
            }
        }
    }

    public init(
        id: ID, householdID: Household.ID, name: String, categoryID: Category.ID? = nil,
        classification: Classification? = nil, tagsToAdd: [String] = [], excludeFromTotals: Bool = false,
        join: Join = .all, priority: Int = 0, isActive: Bool = true, inactiveReason: String? = nil,
        conditions: [RuleCondition], origin: Origin = .user
    ) {
        self.id = id
        self.householdID = householdID
        self.name = name
        self.categoryID = categoryID
        self.classification = classification
        self.tagsToAdd = Tag.unique(tagsToAdd)
        self.excludeFromTotals = excludeFromTotals
        self.join = join
        self.priority = priority
        self.isActive = isActive
        self.inactiveReason = inactiveReason
        self.conditions = conditions
        self.origin = origin
    }

    /// The order rules are tried in, first wins: higher priority; on a tie, a person's rules before
    /// built-in ones, then name ignoring case, then id, so the result never depends on storage order.
    public static func precedes(_ a: Rule, _ b: Rule) -> Bool {
        if a.priority != b.priority { return a.priority > b.priority }
        if (a.origin == .user) != (b.origin == .user) { return a.origin == .user }
        let (left, right) = (a.name.lowercased(), b.name.lowercased())
        if left != right { return left < right }
        return a.id < b.id
    }
}

/// One filter of a rule: a field, an operator and a value (two for `between`).
public struct RuleCondition: Hashable, Sendable, Codable {
    public var field: Field
    public var op: Operator
    public var value: String
    /// The upper bound of `between`.
    public var secondValue: String?

    public enum Field: String, Hashable, Sendable, Codable, CaseIterable {
        case description, payee, amount, account
    }

    public enum Operator: String, Hashable, Sendable, Codable, CaseIterable {
        case contains
        case startsWith = "starts-with"
        case endsWith = "ends-with"
        case equals
        /// The value as a whole word: "GAS" matches "SHELL GAS 12" but not "VEGAS".
        case containsWord = "contains-word"
        case regex
        case greaterThan = "greater-than"
        case lessThan = "less-than"
        case between

        /// Whether the operator compares numbers (amounts) rather than text.
        public var isNumeric: Bool { self == .greaterThan || self == .lessThan || self == .between }
    }

    public init(_ field: Field, _ op: Operator, _ value: String, _ secondValue: String? = nil) {
        self.field = field
        self.op = op
        self.value = value
        self.secondValue = secondValue
    }
}
