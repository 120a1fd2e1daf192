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

    init(
        export: LLMExport, accounts: [Account], transactions: [Transaction], tree: CategoryTree, range: DateRange,
        excluded: Set<Transaction.ID>
    ) {
        let byID = Dictionary(accounts.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        self.accounts = export.accounts.compactMap { line in
            byID[line.accountID].map { AccountAlias(name: $0.displayName, alias: line.label) }
        }
        var counts: [String: (category: String, count: Int)] = [:]
        for transaction in transactions
        where !excluded.contains(transaction.id) && transaction.classification == .expense {
            let name = transaction.payee.flatMap { $0.isEmpty ? nil : $0 } ?? transaction.description
            let category = transaction.categoryID.flatMap { tree[$0] }.map { tree.root(of: $0.id)?.name ?? $0.name }
            let current = counts[name] ?? ("Category: " + (category ?? CategoryLine.uncategorizedName), 0)
            counts[name] = (current.category, current.count + 1)
        }
        payees = counts.map { PayeeCategory(payee: $0.key, category: $0.value.category, count: $0.value.count) }
            .sorted { ($1.count, $0.payee) < ($0.count, $1.payee) }
            .prefix(Self.payeeCount).map { $0 }
        let middle = range.start.adding(days: range.dayCount / 2)
        dates = [range.start, middle, range.end].map {
            Example(original: $0.description, shown: export.options.dateStyle.label($0, in: range))
        }
        let largest = transactions.filter { !excluded.contains($0.id) }
            .sorted {
                ($0.amount.minorUnits.magnitude, $1.id.description) > (
                    $1.amount.minorUnits.magnitude, $0.id.description
                )
            }
            .prefix(3)
        amounts = largest.map {
            Example(original: $0.amount.formatted(), shown: export.text(export.options.rounding.rounded($0.amount)))
        }
        excludedCount = transactions.filter { excluded.contains($0.id) }.count
    }
}
