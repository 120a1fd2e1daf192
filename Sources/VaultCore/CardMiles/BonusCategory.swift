import Foundation

/// The kind of spend a card's bonus cap applies to (spec `card-miles.md`, BonusCategory), in the spec's order.
///
/// These are the card's categories, not the household's expense categories: "Contactless" is how a purchase
/// was paid, "Dining" what it was for. `general` is all other spend: tracked in the card's total, never bonus.
public enum BonusCategory: String, CaseIterable, Hashable, Sendable, Codable, CustomStringConvertible {
    case online, contactless, foreignCurrency, dining, travel, groceries, transport, shopping, fuel, general

    /// The spec's description of the category, as a picker shows it.
    public var description: String {
        switch self {
        case .online: "Online"
        case .contactless: "Contactless"
        case .foreignCurrency: "Foreign currency"
        case .dining: "Dining"
        case .travel: "Travel"
        case .groceries: "Groceries"
        case .transport: "Transport"
        case .shopping: "Shopping"
        case .fuel: "Fuel"
        case .general: "General"
        }
    }

    /// The categories a cap can be set on: every one but `general`, which by definition earns no bonus.
    public static let cappable: [BonusCategory] = allCases.filter { $0 != .general }
}
