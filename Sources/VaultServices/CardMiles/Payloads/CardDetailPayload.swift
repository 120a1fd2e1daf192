import Foundation
import VaultCore
import VaultStore

/// One card with the transactions its current cycle counts, for `GET /api/v1/cards/{id}`.
public struct CardDetailPayload: Codable, Hashable, Sendable {
    /// One transaction as the card counts it.
    public struct CountedTransaction: Codable, Hashable, Sendable {
        public let id: String
        public let date: String
        /// The transaction's own signed amount (`-12.50` is a purchase).
        public let amount: String
        /// Spend as the card counts it: a purchase positive, a refund negative.
        public let spend: String
        public let description: String
        public let payee: String?
        public let pending: Bool
        /// The cap category it counts toward; nil on a card without caps.
        public let bonusCategory: BonusCategory?
        /// How the category was decided: `chosen` (for this transaction), `payee` (remembered for its payee on
        /// this card) or `suggested` (from its category and description, `reason` says why).
        public let bonusCategorySource: String
        public let reason: String?
        /// Whether it earns the foreign rate.
        public let foreign: Bool
        /// Whether it was logged by hand (deleted with a card made for its expenses).
        public let manual: Bool

        public init(_ expense: CardService.Expense) {
            let row = expense.row
            id = row.id.description
            date = row.date.description
            amount = row.amount.decimalString
            spend = expense.expense.amount.decimalString
            description = row.description
            payee = row.payee
            pending = row.isPending
            bonusCategory = expense.expense.bonusCategory
            switch expense.source {
            case .chosen: (bonusCategorySource, reason) = ("chosen", nil)
            case .payee: (bonusCategorySource, reason) = ("payee", nil)
            case .suggested(let why): (bonusCategorySource, reason) = ("suggested", why)
            }
            foreign = expense.expense.isForeign
            manual = row.source == .manual
        }
    }

    public let card: CardPayload
    /// The current cycle's transactions, oldest first.
    public let transactions: [CountedTransaction]

    public init(_ status: CardService.Status) {
        card = CardPayload(status)
        transactions = status.expenses.map(CountedTransaction.init)
    }
}
