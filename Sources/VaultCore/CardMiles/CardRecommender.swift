import Foundation

/// "Which card should I use?" (issue 17): the person's cards ranked by the miles one purchase would earn now.
///
/// Each card's miles for the purchase are the difference between its cycle's miles with and without it
/// (`CardMilesCalculator`), over the expenses already in the cycle that contains the purchase date. So a cap
/// already used up earns the base rate, and a purchase that reaches a cap's minimum is credited with the bonus
/// it unlocks on the spend before it. The purchase becomes an expense through `MilesCard.expense(...)`, the same
/// function the card's cycle records it with, so the miles promised here are the miles recorded after.
///
/// A purchase is in one currency. Only cards whose amounts are in that currency can earn on it (nothing is
/// converted); a card in another currency, one whose statement day is not a day of the month, and one that earns
/// no miles at all are listed after every card that can, each with the reason it cannot (issue 34).
///
/// Ranking: cards that can earn first; then more miles first; ties by the card's sort order, then name, then id,
/// so the answer never changes between two asks.
public enum CardRecommender {
    /// A purchase to place.
    public struct Purchase: Hashable, Sendable {
        public var amount: Money
        public var date: LocalDate
        /// The kind of spend; nil or `general` for none in particular.
        public var bonusCategory: BonusCategory?
        public var isForeignCurrency: Bool

        public init(
            amount: Money, date: LocalDate, bonusCategory: BonusCategory? = nil, isForeignCurrency: Bool = false
        ) {
            self.amount = amount
            self.date = date
            self.bonusCategory = bonusCategory
            self.isForeignCurrency = isForeignCurrency
        }
    }

    /// One card's answer.
    public struct Choice: Hashable, Sendable {
        public let cardID: MilesCard.ID
        /// Whole miles the purchase would add to the card's cycle.
        public let miles: Int64
        /// One line saying why: the rate it earns and the cap or threshold that decides it, or why it cannot earn.
        public let reason: String
        /// Whether the card can earn miles on the purchase at all; false for a card in another currency, one with
        /// a statement day that is not a day of the month, or one that earns no miles (its `miles` are then 0).
        public let canEarn: Bool
    }

    /// The cards ranked for `purchase`, each with the expenses on it (any dates; the purchase's cycle is used);
    /// every card is in the answer, those that cannot earn on the purchase last.
    public static func rank(
        _ purchase: Purchase, cards: [(card: MilesCard, expenses: [CardExpense])]
    ) throws(MoneyError) -> [Choice] {
        var ranked: [(card: MilesCard, choice: Choice)] = []
        for (card, expenses) in cards {
            if let reason = cannotEarn(purchase, on: card) {
                ranked.append((card, Choice(cardID: card.id, miles: 0, reason: reason, canEarn: false)))
                continue
            }
            guard let range = card.cycle.range(containing: purchase.date) else { continue }
            let before = expenses.filter { range.contains($0.date) }
            let expense = card.expense(
                amount: purchase.amount, date: purchase.date, bonusCategory: purchase.bonusCategory,
                isForeignCurrency: purchase.isForeignCurrency)
            let milesBefore = try CardMilesCalculator.miles(card: card, expenses: before)
            let milesAfter = try CardMilesCalculator.miles(card: card, expenses: before + [expense])
            let reason = try self.reason(card: card, expenses: before, expense: expense)
            ranked.append(
                (card, Choice(cardID: card.id, miles: milesAfter - milesBefore, reason: reason, canEarn: true)))
        }
        ranked.sort { a, b in
            if a.choice.canEarn != b.choice.canEarn { return a.choice.canEarn }
            if a.choice.miles != b.choice.miles { return a.choice.miles > b.choice.miles }
            if a.card.sortOrder != b.card.sortOrder { return a.card.sortOrder < b.card.sortOrder }
            if a.card.name != b.card.name { return a.card.name < b.card.name }
            return a.card.id < b.card.id
        }
        return ranked.map(\.choice)
    }

    /// Why `card` cannot earn on `purchase` at all, in plain words; nil when it can.
    static func cannotEarn(_ purchase: Purchase, on card: MilesCard) -> String? {
        let currency = purchase.amount.currency
        if card.currency != currency {
            return "Cannot earn on a purchase in \(currency.code): this card's amounts are in "
                + "\(card.currency.code), and nothing is converted"
        }
        if card.cycle.range(containing: purchase.date) == nil {
            return "Cannot tell which cycle the purchase falls in: the card's statement day is not 1 to 31"
        }
        if !card.earnsMiles { return "Earns no miles: the card has no earn rate" }
        return nil
    }

    /// The one-line reason for `card`, from where its cycle stands before the purchase.
    static func reason(card: MilesCard, expenses: [CardExpense], expense: CardExpense) throws(MoneyError) -> String {
        let base = "base \(card.effectiveBaseRate) mpd"
        let amount = expense.amount.minorUnits
        guard card.hasCategoryCaps else {
            let rate = expense.isForeign ? card.effectiveForeignRate : card.effectiveLocalRate
            let kind = expense.isForeign ? "foreign" : "local"
            let spent = try Money.sum(expenses.map(\.amount), currency: card.currency).minorUnits
            if let minimum = card.minimumSpend, spent + amount < minimum.minorUnits {
                let short = Money(minorUnits: minimum.minorUnits - spent - amount, currency: card.currency)
                return "Still \(short) short of the \(minimum) minimum after this: \(base)"
            }
            if let maximum = card.maximumSpend {
                if spent >= maximum.minorUnits { return "Over the \(maximum) maximum: \(base)" }
                if spent + amount > maximum.minorUnits {
                    let room = Money(minorUnits: maximum.minorUnits - spent, currency: card.currency)
                    return "\(rate) mpd \(kind) on the \(room) left under the \(maximum) maximum, \(base) on the rest"
                }
            }
            if let minimum = card.minimumSpend, spent < minimum.minorUnits {
                return "Reaches the \(minimum) minimum: \(rate) mpd \(kind) on the cycle's spend"
            }
            return "\(rate) mpd \(kind)"
        }
        guard let index = card.capIndex(for: expense.bonusCategory) else {
            let category = expense.bonusCategory.map { "\($0)" } ?? "General"
            return "\(category) spend has no bonus cap on this card: \(base)"
        }
        let cap = card.categoryCaps[index]
        let spent = try Money.sum(
            expenses.filter { card.capIndex(for: $0.bonusCategory) == index }.map(\.amount), currency: card.currency
        ).minorUnits
        let rate = "\(cap.bonusRate) mpd"
        if let minimum = cap.minimumSpend, spent < minimum.minorUnits {
            if spent + amount < minimum.minorUnits {
                let short = Money(minorUnits: minimum.minorUnits - spent - amount, currency: card.currency)
                return "\(cap.name) still \(short) short of its \(minimum) minimum after this: \(base)"
            }
            return
                "Reaches the \(minimum) \(cap.name) minimum: \(rate) on the cycle's \(cap.name) spend up to \(cap.cap)"
        }
        if spent >= cap.cap.minorUnits { return "\(cap.name) cap of \(cap.cap) already reached: \(base)" }
        let room = Money(minorUnits: cap.cap.minorUnits - spent, currency: card.currency)
        if amount > room.minorUnits { return "\(rate) on the \(room) left of the \(cap.name) cap, \(base) on the rest" }
        return "\(rate) on \(cap.name): \(room) left of the \(cap.cap) cap"
    }
}
