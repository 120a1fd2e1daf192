import Foundation

/// `POST /api/v1/cards/order`: the cards' ids in the order wanted; cards not named keep their order after them.
struct CardOrderBody: Decodable, Sendable {
    let ids: [String]
}
