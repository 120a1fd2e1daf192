import Foundation
import VaultCore

/// One card's answer to "which card should I use?", for `GET /api/v1/cards/best` and `ghostvault cards best --json`.
public struct CardRecommendationPayload: Codable, Hashable, Sendable {
    /// 1 for the best card; more miles first, ties by the cards page's order.
    public let rank: Int
    public let card: String
    public let title: String
    /// Whole miles the purchase would add to the card's cycle.
    public let miles: Int64
    /// The rate it earns and the cap or threshold that decides it.
    public let reason: String

    public init(rank: Int, _ recommendation: CardService.Recommendation) {
        self.rank = rank
        card = recommendation.card.id.description
        title = recommendation.card.title
        miles = recommendation.miles
        reason = recommendation.reason
    }

    /// The ranked list, numbered from 1.
    public static func ranked(_ recommendations: [CardService.Recommendation]) -> [CardRecommendationPayload] {
        recommendations.enumerated().map { CardRecommendationPayload(rank: $0.offset + 1, $0.element) }
    }
}
