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
    /// The amount as a share of the breakdown (`docs/figures.md`, "Category share"): of the sum of the top-level
    /// rows that are positive, so the top-level shares add up to exactly 100%. Nil for a row that is zero or
    /// negative (refunds beyond the month's purchases): no category shows a negative share.
    public let share: Percent?

    /// The name the uncategorised row goes by.
    public static let uncategorizedName = "Uncategorized"
}

enum CategoryRollup {
    /// Rows for every category with transactions, parents rolling up their children: top-level rows by
    /// amount (largest first, then name), each followed by its children in the same order.
    static func lines(
        own: [Category.ID?: Int64], counts: [Category.ID?: Int], tree: CategoryTree, currency: Currency
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
                amount: Money(minorUnits: sum.amount, currency: currency), count: sum.count, share: nil)
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
        return try withShares(lines)
    }

    /// The lines with their shares: the positive top-level rows share 100% exactly (`Percent.shares`), and a
    /// positive child row is its part of the same whole.
    static func withShares(_ lines: [CategoryLine]) throws(MoneyError) -> [CategoryLine] {
        let top = lines.indices.filter { lines[$0].depth == 0 && lines[$0].amount.isPositive }
        var whole: Int64 = 0
        for index in top { whole = try Exact.add(whole, lines[index].amount.minorUnits) }
        var shares = Dictionary(
            uniqueKeysWithValues: zip(top, Percent.shares(of: top.map { lines[$0].amount.minorUnits })))
        for index in lines.indices where lines[index].depth > 0 && lines[index].amount.isPositive {
            shares[index] = Percent.of(lines[index].amount.minorUnits, in: whole)
        }
        return lines.indices.map { index in
            let line = lines[index]
            return CategoryLine(
                categoryID: line.categoryID, name: line.name, emoji: line.emoji, depth: line.depth,
                amount: line.amount, count: line.count, share: shares[index])
        }
    }
}
