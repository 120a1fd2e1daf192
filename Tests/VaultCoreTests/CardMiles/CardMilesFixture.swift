import Foundation
import Testing
import VaultCore

/// The card miles suites, grouped so `--filter CardMiles` runs them all.
@Suite enum CardMilesTests {}

/// Builders shared by the card miles tests: amounts in SGD, dates from ISO text, cards from the library.
enum CardMilesFixture {
    static let household = Household.ID(UUID())

    /// `text` dollars in SGD, parsed exactly.
    static func sgd(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Money {
        try Money(parsing: text, currency: .sgd)
    }

    static func date(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> LocalDate {
        try #require(LocalDate(iso: text), sourceLocation: sourceLocation)
    }

    /// The library card `id` as a tracked card.
    static func library(
        _ id: String, chosen: [BonusCategory] = [], cycle: CardCycle? = nil, sortOrder: Int = 0,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> MilesCard {
        let template = try #require(CardLibrary.card(id: id), sourceLocation: sourceLocation)
        return try template.makeCard(
            id: MilesCard.ID(UUID()), householdID: household, chosenCategories: chosen, cycle: cycle,
            sortOrder: sortOrder)
    }

    /// A custom card with the given rates and thresholds.
    static func custom(
        local: String? = "4.0", foreign: String? = nil, base: String? = "0.4", minimum: String? = nil,
        maximum: String? = nil, cycle: CardCycle = .calendarMonth, caps: [CategoryCap] = [], sortOrder: Int = 0,
        name: String = "Custom"
    ) throws -> MilesCard {
        MilesCard(
            id: MilesCard.ID(UUID()), householdID: household, bank: .other, network: .other, name: name,
            minimumSpend: try minimum.map { try sgd($0) }, maximumSpend: try maximum.map { try sgd($0) }, cycle: cycle,
            localRate: local.flatMap(MilesRate.init), foreignRate: foreign.flatMap(MilesRate.init),
            baseRate: base.flatMap(MilesRate.init), categoryCaps: caps, sortOrder: sortOrder)
    }

    /// An expense of `amount` dollars on `day` (default 2026-03-10).
    static func spend(
        _ amount: String, _ category: BonusCategory? = nil, on day: String = "2026-03-10", foreign: Bool = false
    ) throws -> CardExpense {
        CardExpense(amount: try sgd(amount), date: try date(day), bonusCategory: category, isForeignCurrency: foreign)
    }

    /// Whole miles `card` earns from `expenses`.
    static func miles(_ card: MilesCard, _ expenses: [CardExpense]) throws -> Int64 {
        try CardMilesCalculator.miles(card: card, expenses: expenses)
    }

    /// The report for the calendar month of March 2026 (or `card`'s cycle containing `today`).
    static func report(
        _ card: MilesCard, _ expenses: [CardExpense], today: String = "2026-03-20",
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> CardCycleReport {
        try #require(
            try CardCycleReport(card: card, expenses: expenses, today: try date(today)), sourceLocation: sourceLocation)
    }
}
