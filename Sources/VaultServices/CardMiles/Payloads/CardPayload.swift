import Foundation
import VaultCore

/// One card as the cards page shows it, for the API and `ghostvault cards --json`: its fields, the account it
/// counts, and its current cycle (dates, spend, bars, badge, caps, miles).
///
/// Amounts are exact decimal strings in the card's `currency`; rates are decimal strings of miles per dollar
/// ("1.4"); shares are percentages with two places, unclamped ("112.50" once past a target); dates YYYY-MM-DD.
public struct CardPayload: Codable, Hashable, Sendable {
    /// The account whose transactions count toward the card.
    public struct AccountRef: Codable, Hashable, Sendable {
        public let id: String
        public let name: String
        /// Whether it was made for this card (and goes when the card is deleted).
        public let ownedByCard: Bool
    }

    /// One cap as set on the card.
    public struct Cap: Codable, Hashable, Sendable {
        /// Bonus category keys (`contactless`); usually one.
        public let categories: [BonusCategory]
        public let minimumSpend: String?
        public let cap: String
        public let bonusRate: MilesRate

        public init(_ cap: CategoryCap) {
            categories = cap.categories
            minimumSpend = cap.minimumSpend?.decimalString
            self.cap = cap.cap.decimalString
            bonusRate = cap.bonusRate
        }
    }

    /// A progress bar toward a threshold.
    public struct Bar: Codable, Hashable, Sendable {
        public let target: String
        /// Spend over target, unclamped; nil for a zero target.
        public let share: Percent?
        /// The share clamped to 0 to 100, the width to draw.
        public let filled: Percent
        public let colour: ProgressColour
        /// "S$800 / S$1,000 min".
        public let label: String

        init(_ bar: CardCycleReport.Bar, spend: Money, suffix: String) {
            target = bar.target.decimalString
            share = bar.share
            filled = bar.filled
            colour = bar.colour
            label = "\(CardCycleReport.amountText(spend)) / \(CardCycleReport.amountText(bar.target)) \(suffix)"
        }
    }

    /// One cap's progress this cycle.
    public struct CapProgress: Codable, Hashable, Sendable {
        public let categories: [BonusCategory]
        /// "Contactless", or "Online & Contactless" for a shared cap.
        public let name: String
        public let spend: String
        public let stage: CardCycleReport.CapStage
        /// What the bar fills toward: the minimum while below it, else the cap.
        public let target: String
        public let towardMinimum: Bool
        public let share: Percent?
        public let filled: Percent
        public let colour: ProgressColour
        /// "Contactless: S$800 / S$1,000 min".
        public let label: String
        public let minimumSpend: String?
        public let cap: String
        public let bonusRate: MilesRate

        init(_ progress: CardCycleReport.CapProgress) {
            categories = progress.cap.categories
            name = progress.cap.name
            spend = progress.spend.decimalString
            stage = progress.stage
            target = progress.bar.target.decimalString
            towardMinimum = progress.isTowardMinimum
            share = progress.bar.share
            filled = progress.bar.filled
            colour = progress.bar.colour
            label = progress.label
            minimumSpend = progress.cap.minimumSpend?.decimalString
            cap = progress.cap.cap.decimalString
            bonusRate = progress.cap.bonusRate
        }
    }

    /// The badge of a card tracked by its minimum and maximum.
    public struct Badge: Codable, Hashable, Sendable {
        public let status: ThresholdStatus
        /// "Below minimum", "Minimum met", "In range", "Over maximum".
        public let text: String
        public let colour: ProgressColour
    }

    public let id: String
    /// "UOB Visa Signature ···1234".
    public let title: String
    public let bank: CardBank
    public let bankName: String
    public let network: CardNetwork
    public let name: String
    public let lastFourDigits: String?
    public let currency: String
    public let minimumSpend: String?
    public let maximumSpend: String?
    /// The statement day, 1 to 31; nil for the calendar month.
    public let statementDay: Int?
    public let localRate: MilesRate?
    public let foreignRate: MilesRate?
    public let baseRate: MilesRate?
    /// "1.4 / 2.4 / 1.4 mpd": local, foreign and base, a dash for one not given.
    public let earnRates: String
    public let notes: String?
    public let caps: [Cap]
    /// The categories a transaction on this card can be put in (caps' categories, then general); empty without caps.
    public let bonusCategories: [BonusCategory]
    /// The library card it was copied from (`uob-visa-signature`); nil for a custom card.
    public let template: String?
    public let sortOrder: Int
    public let account: AccountRef?
    /// The current cycle's first and last days.
    public let cycleStart: String
    public let cycleEnd: String
    /// Net spend this cycle, every category included.
    public let spend: String
    public let minimumBar: Bar?
    public let maximumBar: Bar?
    public let badge: Badge?
    public let capProgress: [CapProgress]
    /// Whole miles so far this cycle, rounded down once for the cycle; nil for a card that earns no miles.
    public let miles: Int64?
    /// Why the card counts nothing, when it cannot (its account is gone or in another currency).
    public let problem: String?

    public init(_ status: CardService.Status) {
        let card = status.card
        let report = status.report
        id = card.id.description
        title = card.title
        bank = card.bank
        bankName = card.bank.description
        network = card.network
        name = card.name
        lastFourDigits = card.lastFourDigits
        currency = card.currency.code
        minimumSpend = card.minimumSpend?.decimalString
        maximumSpend = card.maximumSpend?.decimalString
        if case .statementMonth(let day) = card.cycle { statementDay = day } else { statementDay = nil }
        localRate = card.localRate
        foreignRate = card.foreignRate
        baseRate = card.baseRate
        earnRates = card.earnRatesLine
        notes = card.notes
        caps = card.categoryCaps.map(Cap.init)
        bonusCategories = card.bonusCategoryChoices
        template = card.templateID
        sortOrder = card.sortOrder
        account = status.account.map {
            AccountRef(id: $0.id.description, name: $0.displayName, ownedByCard: card.ownsAccount)
        }
        cycleStart = report.range.start.description
        cycleEnd = report.range.end.description
        spend = report.spend.decimalString
        minimumBar = report.minimumBar.map { Bar($0, spend: report.spend, suffix: "min") }
        maximumBar = report.maximumBar.map { Bar($0, spend: report.spend, suffix: "max") }
        badge = report.status.map { Badge(status: $0, text: $0.description, colour: $0.colour) }
        capProgress = report.caps.map(CapProgress.init)
        miles = report.miles
        problem = status.problem
    }
}
