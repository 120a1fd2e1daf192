import Foundation
import VaultCore

/// What `PUT /transactions/{id}/bonus-category` set.
struct BonusCategoryChoicePayload: Encodable, Sendable {
    let transaction: String
    /// The card whose account holds the transaction.
    let card: String
    let cardTitle: String
    /// The category as sent; nil for a card without caps, where it does not count toward anything.
    let bonusCategory: BonusCategory?
    /// Whether it was said to be foreign; nil leaves it decided from the bonus category and description.
    let foreign: Bool?
    /// Whether the category is now remembered for the transaction's payee on this card.
    let rememberedForPayee: Bool
}
