import Foundation

/// A spending, income or transfer category; categories form a tree per household.
public struct Category: Hashable, Sendable, Identifiable {
    public typealias ID = Identifier<Category>

    public let id: ID
    public let householdID: Household.ID
    /// The parent, or nil for a top-level category.
    public var parentID: ID?
    /// The display name, casing kept as typed ("Groceries").
    public var name: String
    /// A stable lower-case key for matching and sync ("groceries"); it does not change on rename.
    public let key: String
    public var kind: CategoryKind
    public var emoji: String?
    /// A colour as `#RRGGBB`.
    public var color: String?
    /// An inactive category keeps its history but is not offered for new entries.
    public var isActive: Bool

    public init(
        id: ID, householdID: Household.ID, parentID: ID? = nil, name: String, key: String, kind: CategoryKind,
        emoji: String? = nil, color: String? = nil, isActive: Bool = true
    ) {
        self.id = id
        self.householdID = householdID
        self.parentID = parentID
        self.name = name
        self.key = key
        self.kind = kind
        self.emoji = emoji
        self.color = color
        self.isActive = isActive
    }

    /// The emoji and the name, as pickers show them: "🛒 Groceries".
    public var label: String {
        if let emoji, !emoji.isEmpty { return "\(emoji) \(name)" }
        return name
    }
}

/// Whether a category files spending, income or transfers (spec `budget-client.md`, Create Category).
public enum CategoryKind: String, CaseIterable, Hashable, Sendable, Codable, CustomStringConvertible {
    case expense, income, transfer

    /// "Expense", "Income", "Transfer".
    public var displayName: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }
    public var description: String { rawValue }
}

/// Category keys: lower-case letters and digits joined by hyphens, derived from a name.
public enum CategoryKey {
    /// `"Bills & Utilities"` becomes `"bills-utilities"`, `"Café"` becomes `"cafe"`.
    public static func make(from name: String) -> String {
        let folded = name.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).lowercased()
        var key = ""
        var pendingHyphen = false
        for scalar in folded.unicodeScalars {
            if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                if pendingHyphen, !key.isEmpty { key.append("-") }
                pendingHyphen = false
                key.unicodeScalars.append(scalar)
            } else {
                pendingHyphen = true
            }
        }
        return key
    }

    /// A key for `name` not in `taken`: the plain key, else it prefixed by the parent's key, else numbered.
    public static func unique(for name: String, parentKey: String?, taken: Set<String>) -> String {
        let base = make(from: name).isEmpty ? "category" : make(from: name)
        if !taken.contains(base) { return base }
        if let parentKey, !taken.contains("\(parentKey)-\(base)") { return "\(parentKey)-\(base)" }
        var number = 2
        while taken.contains("\(base)-\(number)") { number += 1 }
        return "\(base)-\(number)"
    }

    /// Whether text is a well-formed colour for a category: `#RRGGBB`.
    public static func isValidColor(_ text: String) -> Bool {
        text.count == 7 && text.hasPrefix("#") && text.dropFirst().allSatisfy(\.isHexDigit)
    }
}
