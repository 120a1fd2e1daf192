import Foundation

/// A card in the library (spec `card-miles.md`, Pre-populated Card Library): adding it copies it into a
/// `MilesCard` the person can then edit.
public struct CardTemplate: Hashable, Sendable, Identifiable {
    /// Whether the card is one to track for miles.
    public enum Availability: Hashable, Sendable {
        /// A miles card on offer.
        case available
        /// Not a miles card (Standard Chartered X Card: "Cashback card, not miles"); listed so people find it.
        case notMiles
        /// Being withdrawn from `month` (Citibank PremierMiles: "Discontinuing Jan 2026").
        case discontinuing(from: CalendarMonth)
    }

    /// A cap as the library gives it; `categories` is empty where the person picks the category when adding
    /// the card (UOB Lady's Solitaire: "user selects 2 categories").
    public struct CapTemplate: Hashable, Sendable {
        public let categories: [BonusCategory]
        public let minimumSpend: Money?
        public let cap: Money
        public let bonusRate: MilesRate

        /// Whether the person chooses this cap's category.
        public var isChosenByPerson: Bool { categories.isEmpty }
    }

    /// A stable key for the API and CLI: `uob-visa-signature`.
    public let id: String
    public let bank: CardBank
    public let network: CardNetwork
    public let name: String
    public let localRate: MilesRate?
    public let foreignRate: MilesRate?
    public let baseRate: MilesRate?
    /// The spec's Notes column word for word; the UOB cards whose note is "see below" describe their caps.
    public let notes: String?
    public let minimumSpend: Money?
    public let maximumSpend: Money?
    public let caps: [CapTemplate]
    /// The cycle a new copy starts with. The spec gives no cycle per card and a statement day is the
    /// person's own, so every library card starts on the calendar month and the person sets a statement day.
    public let cycle: CardCycle
    public let availability: Availability

    /// Whether the card is withdrawn by `today` (a discontinuing card still listed, with its warning).
    public func isDiscontinued(on today: LocalDate) -> Bool {
        if case .discontinuing(let month) = availability { return today >= month.first }
        return false
    }

    /// How many caps need a category chosen by the person.
    public var categoriesToChoose: Int { caps.filter(\.isChosenByPerson).count }

    /// A tracked card copied from this template: the library's rates, notes, thresholds and caps, the
    /// person's choices for caps whose category they pick (in cap order), and their own details.
    ///
    /// Throws when the choices do not fit: one per open cap, none `general`, and no category in two caps.
    public func makeCard(
        id: MilesCard.ID, householdID: Household.ID, chosenCategories: [BonusCategory] = [],
        lastFourDigits: String? = nil, cycle: CardCycle? = nil, sortOrder: Int = 0
    ) throws(CardTemplateError) -> MilesCard {
        guard chosenCategories.count == categoriesToChoose else {
            throw .wrongNumberOfChoices(card: name, expected: categoriesToChoose, got: chosenCategories.count)
        }
        if chosenCategories.contains(.general) { throw .generalChosen(card: name) }
        var remaining = chosenCategories[...]
        var caps: [CategoryCap] = []
        for template in self.caps {
            var categories = template.categories
            if template.isChosenByPerson, let choice = remaining.popFirst() { categories = [choice] }
            caps.append(
                CategoryCap(
                    categories, minimumSpend: template.minimumSpend, cap: template.cap, bonusRate: template.bonusRate
                ))
        }
        let all = caps.flatMap(\.categories)
        if let repeated = all.first(where: { category in all.filter { $0 == category }.count > 1 }) {
            throw .categoryInTwoCaps(card: name, category: repeated)
        }
        return MilesCard(
            id: id, householdID: householdID, bank: bank, network: network, name: name,
            lastFourDigits: lastFourDigits, currency: .sgd, minimumSpend: minimumSpend, maximumSpend: maximumSpend,
            cycle: cycle ?? self.cycle, localRate: localRate, foreignRate: foreignRate, baseRate: baseRate,
            notes: notes,
            categoryCaps: caps, templateID: self.id, sortOrder: sortOrder)
    }
}

/// Why a library card could not be added with the choices given.
public enum CardTemplateError: Error, Hashable, Sendable, CustomStringConvertible {
    case wrongNumberOfChoices(card: String, expected: Int, got: Int)
    case generalChosen(card: String)
    case categoryInTwoCaps(card: String, category: BonusCategory)

    public var description: String {
        switch self {
        case .wrongNumberOfChoices(let card, let expected, let got):
            "\(card) needs \(expected) bonus categories chosen, one per cap; \(got) were given."
        case .generalChosen(let card):
            "General spend earns no bonus, so it cannot be one of \(card)'s cap categories; choose another."
        case .categoryInTwoCaps(let card, let category):
            "\(category) is chosen for two of \(card)'s caps; choose a different category for each cap."
        }
    }
}
