import Foundation
import VaultCore

/// What deleting a card took with it, for `DELETE /api/v1/cards/{id}` and `ghostvault cards remove --json`.
public struct CardRemovalPayload: Codable, Hashable, Sendable {
    public let deleted: String
    public let title: String
    /// Manual expenses deleted with the card.
    public let expensesDeleted: Int
    /// The name of the account made for the card, deleted with it; nil when the card counted an account of the
    /// household's, which stays.
    public let accountDeleted: String?

    public init(_ removal: CardService.Removal) {
        deleted = removal.card.id.description
        title = removal.card.title
        expensesDeleted = removal.expensesDeleted
        accountDeleted = removal.accountDeleted?.displayName
    }
}
