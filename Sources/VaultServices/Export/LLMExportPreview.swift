import Foundation
import VaultCore

/// What the export does to a person's data, shown before they download it (spec section 14, Anonymization
/// Preview): each account's alias, how payees become categories, how days and amounts are written.
public struct LLMExportPreview: Sendable {
    public struct AccountAlias: Hashable, Sendable {
        public let name: String
        public let alias: String
    }

    public struct PayeeCategory: Hashable, Sendable {
        public let payee: String
        /// `Category: Dining`.
        public let category: String
        public let count: Int
    }

    public struct Example: Hashable, Sendable {
        public let original: String
        public let shown: String
    }

    public let accounts: [AccountAlias]
    /// The period's most frequent payees (most transactions first, then by name).
    public let payees: [PayeeCategory]
    public let dates: [Example]
    public let amounts: [Example]
    /// How many of the period's transactions are left out.
    public let excludedCount: Int

    /// How many payees the preview lists.
    public static let payeeCount = 12
    /// How many of the largest amounts it shows rounded.
    static let amountCount = 3

    /// `excluded`: the transactions the person left out (any date; those in `range` are the ones counted).
    init(
        export: LLMExport, accounts: [Account], transactions: TransactionDigest, excluded: [Transaction],
        tree: CategoryTree, range: DateRange
    ) {
        let byID = Dictionary(accounts.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        self.accounts = export.accounts.compactMap { line in
            byID[line.accountID].map { AccountAlias(name: $0.displayName, alias: line.label) }
        }
        let leftOut = excluded.filter { range.contains($0.date) }
        // Per payee, how many expenses each category line has; a payee is shown under its most frequent one.
        func label(_ categoryID: Category.ID?) -> String {
            let category = categoryID.flatMap { tree[$0] }.map { tree.root(of: $0.id)?.name ?? $0.name }
            return "Category: " + (category ?? CategoryLine.uncategorizedName)
        }
        var counts: [String: [String: Int]] = [:]
        for group in transactions.groups where group.classification == .expense {
            counts[group.name, default: [:]][label(group.categoryID), default: 0] += group.count
        }
        for transaction in leftOut where transaction.classification == .expense {
            let name = transaction.payee.flatMap { $0.isEmpty ? nil : $0 } ?? transaction.description
            counts[name]?[label(transaction.categoryID), default: 0] -= 1
        }
        payees = counts.compactMap { payee, categories -> PayeeCategory? in
            let total = categories.values.reduce(0, +)
            guard total > 0, let top = categories.max(by: { ($0.value, $1.key) < ($1.value, $0.key) }) else {
                return nil
            }
            return PayeeCategory(payee: payee, category: top.key, count: total)
        }
        .sorted { ($1.count, $0.payee) < ($0.count, $1.payee) }
        .prefix(Self.payeeCount).map { $0 }
        let middle = range.start.adding(days: range.dayCount / 2)
        dates = [range.start, middle, range.end].map {
            Example(original: $0.description, shown: export.options.dateStyle.label($0, in: range))
        }
        let omitted = Set(leftOut.map(\.id))
        amounts = transactions.largest.filter { !omitted.contains($0.id) }.prefix(Self.amountCount).map {
            Example(original: $0.amount.formatted(), shown: export.text(export.options.rounding.rounded($0.amount)))
        }
        excludedCount = leftOut.count
    }
}
