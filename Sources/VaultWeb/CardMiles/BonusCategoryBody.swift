import Foundation

/// `PUT /api/v1/transactions/{id}/bonus-category`.
struct BonusCategoryBody: Decodable, Sendable {
    let bonusCategory: String?
    /// Whether it was charged in a foreign currency; left out to decide from the category and description.
    let foreign: Bool?
    /// Remember the category for the transaction's payee on this card (default true).
    let rememberForPayee: Bool?
}
