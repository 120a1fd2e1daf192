import Foundation
import VaultCore

/// One card's answer to "which card should I use?", for `GET /api/v1/cards/best` and `ghostvault cards best --json`.
public struct CardRecommendationPayload: Codable, Hashable, Sendable {
    /// 1 for the best card; more miles first, ties by the cards page's order. Nil (left out) for a card that
    /// cannot earn on the purchase, listed after those that can.
    public let rank: Int?
    public let card: String
    public let title: String
    /// Whole miles the purchase would add to the card's cycle.
    public let miles: Int64
    /// The rate it earns and the cap or threshold that decides it, or why the card cannot earn on the purchase.
    public let reason: String
    /// Whether the card can earn on the purchase at all: false for a card in another currency than the purchase,
    /// one whose statement day is not a day of the month, or one that earns no miles.
    public let canEarn: Bool

    public init(rank: Int?, _ recommendation: CardService.Recommendation) {
        self.rank = recommendation.canEarn ? rank : nil
        canEarn = recommendation.canEarn
        card = recommendation.card.id.description
        title = recommendation.card.title
        miles = recommendation.miles
        reason = recommendation.reason
    }

    /// The ranked list, the cards that can earn numbered from 1, then those that cannot.
    public static func ranked(_ recommendations: [CardService.Recommendation]) -> [CardRecommendationPayload] {
        recommendations.enumerated().map { CardRecommendationPayload(rank: $0.offset + 1, $0.element) }
    }
}
