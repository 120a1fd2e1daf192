import Foundation

/// The payment network of a miles card (spec `card-miles.md`, CreditCard.network).
public enum CardNetwork: String, CaseIterable, Hashable, Sendable, Codable, CustomStringConvertible {
    case visa, mastercard, amex, other

    /// The network's name as printed on the card.
    public var description: String {
        switch self {
        case .visa: "Visa"
        case .mastercard: "Mastercard"
        case .amex: "AMEX"
        case .other: "Other"
        }
    }
}
