import Foundation

/// One purchase on a miles card (spec `card-miles.md`, Expense), or one transaction of a linked account.
public struct CardExpense: Hashable, Sendable {
    /// The spend, positive, in the card's currency; a negative amount is a refund and takes spend back.
    public var amount: Money
    /// The day of the purchase, which decides its cycle.
    public var date: LocalDate
    /// The cap the purchase counts toward on a card with caps; nil or `general` for none.
    public var bonusCategory: BonusCategory?
    /// Whether the purchase was charged in a foreign currency (earns the card's foreign rate).
    ///
    /// The spec's Expense has no such field; its "Foreign / Local" rates need one. A purchase whose
    /// bonus category is `foreignCurrency` is foreign whatever this says.
    public var isForeignCurrency: Bool

    public init(amount: Money, date: LocalDate, bonusCategory: BonusCategory? = nil, isForeignCurrency: Bool = false) {
        self.amount = amount
        self.date = date
        self.bonusCategory = bonusCategory
        self.isForeignCurrency = isForeignCurrency
    }

    /// Whether the purchase earns at the foreign rate.
    public var isForeign: Bool { isForeignCurrency || bonusCategory == .foreignCurrency }
}
