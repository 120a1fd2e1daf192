import Foundation

/// A card a person tracks for miles (spec `card-miles.md`, CreditCard): copied from the library or made by hand.
///
/// Amounts (thresholds, caps) are in `currency`, SGD for every library card. A card with caps is tracked by
/// its caps instead of by the simple minimum and maximum (the spec's `hasCategoryCaps`, here `hasCategoryCaps`
/// computed from `categoryCaps` so the two can never disagree).
public struct MilesCard: Hashable, Sendable, Identifiable {
    public typealias ID = Identifier<MilesCard>

    public let id: ID
    public let householdID: Household.ID
    public var bank: CardBank
    public var network: CardNetwork
    /// The card's name without the bank: "Altitude Visa Signature".
    public var name: String
    /// The last four digits, to tell two of the same card apart; nil when not given.
    public var lastFourDigits: String?
    /// The currency of the card's thresholds, caps and expenses.
    public var currency: Currency
    /// Total spend in a cycle needed for the local and foreign rates (simple cards); nil when there is none.
    public var minimumSpend: Money?
    /// Total spend in a cycle past which only the base rate is earned (simple cards); nil when there is none.
    public var maximumSpend: Money?
    public var cycle: CardCycle
    /// Miles per dollar on local spend; nil when not given.
    public var localRate: MilesRate?
    /// Miles per dollar on foreign-currency spend; nil when not given.
    public var foreignRate: MilesRate?
    /// Miles per dollar below the minimum, above the maximum, and on spend outside a cap; nil when not given.
    public var baseRate: MilesRate?
    /// What else the card earns, as the library or the person wrote it.
    public var notes: String?
    public var categoryCaps: [CategoryCap]
    /// The credit-card account whose transactions count toward this card, when linked (issue 17).
    public var linkedAccountID: Account.ID?
    /// Whether the linked account was made for this card (for its manual expenses) and goes when it goes.
    public var ownsAccount: Bool
    /// The library card this one was copied from (`CardTemplate.id`); nil for a custom card.
    public var templateID: String?
    /// Position on the cards page, lowest first; ties by name, then id.
    public var sortOrder: Int

    public init(
        id: ID, householdID: Household.ID, bank: CardBank, network: CardNetwork, name: String,
        lastFourDigits: String? = nil, currency: Currency = .sgd, minimumSpend: Money? = nil,
        maximumSpend: Money? = nil, cycle: CardCycle = .calendarMonth, localRate: MilesRate? = nil,
        foreignRate: MilesRate? = nil, baseRate: MilesRate? = nil, notes: String? = nil,
        categoryCaps: [CategoryCap] = [], linkedAccountID: Account.ID? = nil, ownsAccount: Bool = false,
        templateID: String? = nil, sortOrder: Int = 0
    ) {
        self.id = id
        self.householdID = householdID
        self.bank = bank
        self.network = network
        self.name = name
        self.lastFourDigits = lastFourDigits
        self.currency = currency
        self.minimumSpend = minimumSpend
        self.maximumSpend = maximumSpend
        self.cycle = cycle
        self.localRate = localRate
        self.foreignRate = foreignRate
        self.baseRate = baseRate
        self.notes = notes
        self.categoryCaps = categoryCaps
        self.linkedAccountID = linkedAccountID
        self.ownsAccount = ownsAccount
        self.templateID = templateID
        self.sortOrder = sortOrder
    }

    /// Whether the card is tracked by its caps rather than by the simple minimum and maximum.
    public var hasCategoryCaps: Bool { !categoryCaps.isEmpty }

    /// Whether the card earns miles at all: false when no rate is set (Standard Chartered X Card).
    public var earnsMiles: Bool {
        [localRate, foreignRate, baseRate].contains { ($0?.hundredths ?? 0) > 0 }
            || categoryCaps.contains { $0.bonusRate.hundredths > 0 }
    }

    /// The rate on local spend inside the thresholds: the local rate, else the base rate, else none.
    public var effectiveLocalRate: MilesRate { localRate ?? baseRate ?? .zero }
    /// The rate on foreign spend inside the thresholds: the foreign rate, else the local rate (issue 17:
    /// "at the foreign rate where the card has one").
    public var effectiveForeignRate: MilesRate { foreignRate ?? effectiveLocalRate }
    /// The rate outside the thresholds and caps: the base rate, else the local rate (no separate base rate given).
    public var effectiveBaseRate: MilesRate { baseRate ?? localRate ?? .zero }

    /// The categories a card expense can be put in: the caps' categories in cap order, then `general`
    /// (spec Add Expense: "the card's bonus categories + General"); empty for a card without caps.
    public var bonusCategoryChoices: [BonusCategory] {
        guard hasCategoryCaps else { return [] }
        var seen: [BonusCategory] = []
        for category in categoryCaps.flatMap(\.categories) where !seen.contains(category) { seen.append(category) }
        return seen + [.general]
    }

    /// "UOB Visa Signature ···1234": bank, name and last four, as the cards page heads each card; a card of
    /// another bank ("Other") goes by its name.
    public var title: String {
        let base = fullName
        guard let lastFourDigits, !lastFourDigits.isEmpty else { return base }
        return base + " ···" + lastFourDigits
    }

    /// "UOB Visa Signature": the bank and the name, or the name alone for a card of another bank.
    public var fullName: String { bank == .other ? name : "\(bank) \(name)" }

    /// "1.4 / 2.4 / 1.4 mpd": local, foreign and base rates, a dash for one not given.
    public var earnRatesLine: String {
        [localRate, foreignRate, baseRate].map { $0?.description ?? "-" }.joined(separator: " / ") + " mpd"
    }

    /// The index of the cap spend in `category` counts toward, if any: the first cap covering it.
    public func capIndex(for category: BonusCategory?) -> Int? {
        guard let category, category != .general else { return nil }
        return categoryCaps.firstIndex { $0.covers(category) }
    }
}
