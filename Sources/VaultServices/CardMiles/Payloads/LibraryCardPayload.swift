import Foundation
import VaultCore

/// A card in the library, for `GET /api/v1/cards/library` and `ghostvault cards library --json`.
public struct LibraryCardPayload: Codable, Hashable, Sendable {
    /// A cap as the library gives it; `categories` is empty where the person picks it when adding the card.
    public struct Cap: Codable, Hashable, Sendable {
        public let categories: [BonusCategory]
        public let minimumSpend: String?
        public let cap: String
        public let bonusRate: MilesRate
        public let chosenByPerson: Bool
    }

    /// The key to add it with: `uob-visa-signature`.
    public let id: String
    public let bank: CardBank
    public let bankName: String
    public let network: CardNetwork
    public let name: String
    public let currency: String
    public let localRate: MilesRate?
    public let foreignRate: MilesRate?
    public let baseRate: MilesRate?
    public let earnRates: String
    public let notes: String?
    public let minimumSpend: String?
    public let maximumSpend: String?
    public let caps: [Cap]
    /// How many cap categories must be given (`categories`) when adding it.
    public let categoriesToChoose: Int
    /// `available`, `not-miles` (listed so people find it) or `discontinuing` (from `discontinuingFrom`).
    public let availability: String
    /// The month it is withdrawn from, `YYYY-MM`.
    public let discontinuingFrom: String?
    /// Whether it is withdrawn by today.
    public let discontinued: Bool

    public init(_ template: CardTemplate, today: LocalDate) {
        id = template.id
        bank = template.bank
        bankName = template.bank.description
        network = template.network
        name = template.name
        currency = Currency.sgd.code
        localRate = template.localRate
        foreignRate = template.foreignRate
        baseRate = template.baseRate
        earnRates =
            [template.localRate, template.foreignRate, template.baseRate].map { $0?.description ?? "-" }
            .joined(separator: " / ") + " mpd"
        notes = template.notes
        minimumSpend = template.minimumSpend?.decimalString
        maximumSpend = template.maximumSpend?.decimalString
        caps = template.caps.map {
            Cap(
                categories: $0.categories, minimumSpend: $0.minimumSpend?.decimalString, cap: $0.cap.decimalString,
                bonusRate: $0.bonusRate, chosenByPerson: $0.isChosenByPerson)
        }
        categoriesToChoose = template.categoriesToChoose
        switch template.availability {
        case .available: (availability, discontinuingFrom) = ("available", nil)
        case .notMiles: (availability, discontinuingFrom) = ("not-miles", nil)
        case .discontinuing(let month): (availability, discontinuingFrom) = ("discontinuing", month.description)
        }
        discontinued = template.isDiscontinued(on: today)
    }
}
