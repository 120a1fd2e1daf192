import Foundation

/// The bank that issues a miles card (spec `card-miles.md`, CreditCard.bank), in the spec's order.
public enum CardBank: String, CaseIterable, Hashable, Sendable, Codable, CustomStringConvertible {
    case dbs, uob, ocbc, citibank, hsbc, standardChartered, amex, maybank, other

    /// The bank's name as people write it.
    public var description: String {
        switch self {
        case .dbs: "DBS"
        case .uob: "UOB"
        case .ocbc: "OCBC"
        case .citibank: "Citibank"
        case .hsbc: "HSBC"
        case .standardChartered: "Standard Chartered"
        case .amex: "AMEX"
        case .maybank: "Maybank"
        case .other: "Other"
        }
    }
}
