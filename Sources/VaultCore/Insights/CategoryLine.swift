import Foundation

/// One row of a by-category breakdown: a category's amount with its children's rolled in.
public struct CategoryLine: Hashable, Sendable {
    /// Nil for the "Uncategorized" row.
    public let categoryID: Category.ID?
    public let name: String
    public let emoji: String?
    /// 0 for a top-level category, 1 for its children, and so on.
    public let depth: Int
    /// The category's own amount plus its descendants'.
    public let amount: Money
    /// How many transactions the amount sums, descendants included.
    public let count: Int
    /// The amount as a share of the breakdown's total; nil when the total is not positive.
    public let share: Percent?

    /// The name the uncategorised row goes by.
    public static let uncategorizedName = "Uncategorized"
}

enum CategoryRollup {
    /// Rows for every category with transactions, parents rolling up their children: top-level rows by
    /// amount (largest first, then name), each followed by its children in the same order.
    static func lines(
        own: [Category.ID?: Int64], counts: [Category.ID?: Int], tree: CategoryTree, currency: Currency, total: Int64
    ) throws(MoneyError) -> [CategoryLine] {
        var rolled: [Category.ID: (amount: Int64, count: Int)] = [:]
        var uncategorized: (amount: Int64, count: Int) = (0, 0)
        for (id, amount) in own {
            let count = counts[id] ?? 0
            guard let id, tree[id] != nil else {
                uncategorized = (try Exact.add(uncategorized.amount, amount), uncategorized.count + count)
                continue
            }
            for category in [tree[id]!] + tree.ancestors(of: id) {
                let current = rolled[category.id] ?? (0, 0)
                rolled[category.id] = (try Exact.add(current.amount, amount), current.count + count)
            }
        }
        var lines: [CategoryLine] = []
        func line(
            _ id: Category.ID?, _ name: String, _ emoji: String?, _ depth: Int, _ sum: (amount: Int64, count: Int)
        )
            -> CategoryLine
        {
            CategoryLine(
                categoryID: id, name: name, emoji: emoji, depth: depth,
                amount: Money(minorUnits: sum.amount, currency: currency), count: sum.count,
                share: total > 0 ? Percent.of(sum.amount, in: total) : nil)
        }
        func ordered(_ categories: [Category]) -> [(Category, (amount: Int64, count: Int))] {
            categories.compactMap { category in rolled[category.id].map { (category, $0) } }
                .sorted { ($1.1.amount, $0.0.name) < ($0.1.amount, $1.0.name) }
        }
        func visit(_ parent: Category.ID?, depth: Int) {
            for (category, sum) in ordered(tree.children(of: parent)) {
                lines.append(line(category.id, category.name, category.emoji, depth, sum))
                visit(category.id, depth: depth + 1)
            }
        }
        visit(nil, depth: 0)
        if uncategorized.count > 0 || uncategorized.amount != 0 {
            let row = line(nil, CategoryLine.uncategorizedName, nil, 0, uncategorized)
            // The uncategorised row takes its place among the top-level rows by amount.
            let index =
                lines.indices.first { lines[$0].depth == 0 && lines[$0].amount.minorUnits < uncategorized.amount }
                ?? lines.endIndex
            lines.insert(row, at: index)
        }
        return lines
    }
}
