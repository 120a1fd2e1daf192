import Foundation

extension MilesCard {
    /// A purchase as this card counts it: the one place where what a person says about a purchase (its bonus
    /// category, whether it was charged in a foreign currency) becomes what the card earns on.
    ///
    /// "Which card" (`CardRecommender`) predicts with it and the card's own cycle (`CardService`) records with it,
    /// so a prediction and the miles recorded afterwards cannot disagree (issue 34). The rules:
    /// - A purchase in the `foreignCurrency` category is foreign, whatever else was said.
    /// - On a card without caps the category means nothing more: the purchase earns the local or foreign rate.
    /// - On a card with caps, a foreign purchase whose category has no cap on the card (none, `general`, or one
    ///   the card does not cap) counts toward the card's foreign-currency cap when it has one: UOB Visa
    ///   Signature's foreign-currency cap is for exactly such spend. A category the card does cap stays: the
    ///   person said which cap it is for.
    public func expense(
        amount: Money, date: LocalDate, bonusCategory: BonusCategory?, isForeignCurrency: Bool
    ) -> CardExpense {
        let foreign = isForeignCurrency || bonusCategory == .foreignCurrency
        guard hasCategoryCaps else {
            return CardExpense(amount: amount, date: date, bonusCategory: nil, isForeignCurrency: foreign)
        }
        var category = bonusCategory
        if foreign, capIndex(for: category) == nil, capIndex(for: .foreignCurrency) != nil {
            category = .foreignCurrency
        }
        return CardExpense(amount: amount, date: date, bonusCategory: category, isForeignCurrency: foreign)
    }
}
