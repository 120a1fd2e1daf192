import Foundation

/// The categories a new household starts with.
///
/// The set covers the category lists of every spec: `ghostvault.md` section 8 (dining, groceries,
/// transportation, shopping, entertainment, bills, healthcare, travel, other), `card-miles.md`
/// (Dining, Transport, Shopping, Groceries, Online, Travel, Utilities, Others: Transport is
/// Transportation, Online is Shopping's child, Utilities is Bills' child, Others is Other) and the
/// 50/30/20 needs of section 9 (housing, loans, insurance, utilities). Income and transfer categories give
/// paychecks and card payments a home. Parents with children show the tree at work.
public enum DefaultCategories {
    /// One category of the default set; `parentKey` names its parent in the same set.
    public struct Entry: Hashable, Sendable {
        public let key: String
        public let name: String
        public let kind: CategoryKind
        public let emoji: String
        public let color: String
        public let parentKey: String?
    }

    /// Parents come before their children.
    public static let entries: [Entry] = [
        .init(key: "dining", name: "Dining", kind: .expense, emoji: "🍽️", color: "#E4572E", parentKey: nil),
        .init(key: "coffee", name: "Coffee", kind: .expense, emoji: "☕", color: "#A0522D", parentKey: "dining"),
        .init(key: "groceries", name: "Groceries", kind: .expense, emoji: "🛒", color: "#3BB273", parentKey: nil),
        .init(
            key: "transportation", name: "Transportation", kind: .expense, emoji: "🚗", color: "#4D9DE0", parentKey: nil),
        .init(key: "fuel", name: "Fuel", kind: .expense, emoji: "⛽", color: "#2E86AB", parentKey: "transportation"),
        .init(
            key: "transit", name: "Transit & Parking", kind: .expense, emoji: "🚇", color: "#5DA9E9",
            parentKey: "transportation"),
        .init(key: "shopping", name: "Shopping", kind: .expense, emoji: "🛍️", color: "#E1BC29", parentKey: nil),
        .init(
            key: "online", name: "Online Shopping", kind: .expense, emoji: "📦", color: "#F2A541", parentKey: "shopping"),
        .init(
            key: "entertainment", name: "Entertainment", kind: .expense, emoji: "🎬", color: "#7768AE", parentKey: nil),
        .init(key: "bills", name: "Bills", kind: .expense, emoji: "🧾", color: "#15616D", parentKey: nil),
        .init(key: "utilities", name: "Utilities", kind: .expense, emoji: "💡", color: "#1B998B", parentKey: "bills"),
        .init(
            key: "phone-internet", name: "Phone & Internet", kind: .expense, emoji: "📱", color: "#3D5A80",
            parentKey: "bills"),
        .init(key: "housing", name: "Housing", kind: .expense, emoji: "🏠", color: "#8D6A9F", parentKey: nil),
        .init(key: "loans", name: "Loans", kind: .expense, emoji: "🏦", color: "#6D597A", parentKey: nil),
        .init(key: "insurance", name: "Insurance", kind: .expense, emoji: "🛡️", color: "#5C6B73", parentKey: nil),
        .init(key: "healthcare", name: "Healthcare", kind: .expense, emoji: "🩺", color: "#D1495B", parentKey: nil),
        .init(key: "travel", name: "Travel", kind: .expense, emoji: "✈️", color: "#00A6A6", parentKey: nil),
        .init(key: "other", name: "Other", kind: .expense, emoji: "🗂️", color: "#9E9E9E", parentKey: nil),
        .init(key: "salary", name: "Salary", kind: .income, emoji: "💼", color: "#2A9D8F", parentKey: nil),
        .init(
            key: "interest", name: "Interest & Dividends", kind: .income, emoji: "📈", color: "#43AA8B", parentKey: nil),
        .init(key: "other-income", name: "Other Income", kind: .income, emoji: "💰", color: "#90BE6D", parentKey: nil),
        .init(key: "transfers", name: "Transfers", kind: .transfer, emoji: "🔁", color: "#6C757D", parentKey: nil),
        .init(
            key: "card-payment", name: "Credit Card Payment", kind: .transfer, emoji: "💳", color: "#495057",
            parentKey: "transfers"),
    ]
}
