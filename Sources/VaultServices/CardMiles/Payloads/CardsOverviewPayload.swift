import Foundation
import VaultCore

/// The cards page for the API and `ghostvault cards list --json`: this calendar month's spend across every card,
/// per currency, then each card in the page's order.
public struct CardsOverviewPayload: Codable, Hashable, Sendable {
    /// One currency's total.
    public struct Amount: Codable, Hashable, Sendable {
        public let currency: String
        public let amount: String
    }

    public let today: String
    /// The calendar month of `monthSpend`, `YYYY-MM`.
    public let month: String
    /// Spend this calendar month across all cards, whatever each card's cycle; one entry per currency.
    public let monthSpend: [Amount]
    public let cards: [CardPayload]

    public init(_ overview: CardService.Overview) {
        today = overview.today.description
        month = overview.month.description
        monthSpend = overview.monthSpend.amounts.map { Amount(currency: $0.currency.code, amount: $0.decimalString) }
        cards = overview.cards.map(CardPayload.init)
    }
}
