import Foundation

/// Miles earned in one cycle of one card (spec `card-miles.md`, Category Cap Logic; issue 17).
///
/// The algorithm:
/// - A card without caps is one pool of all its spend, limited by its minimum and maximum spending thresholds;
///   inside them spend earns the local rate, or the foreign rate when charged in a foreign currency.
/// - A card with caps has one pool per cap, holding the spend whose bonus category the cap covers; inside it
///   spend earns the cap's bonus rate. Spend in no cap (`general`, or no category) earns the base rate, foreign
///   or not: on these cards the local and foreign rates are the headline bonus, which only a cap earns.
/// - In each pool, while its spend is below the minimum, all of it earns the base rate; once the minimum is met,
///   the first spend up to the cap (maximum) earns the bonus and whatever lies above it the base rate. This is
///   the spec's rule read as the state of the category ("orange: below min, earning base rate; green: min met,
///   earning bonus"), as the banks apply it: reaching UOB Visa Signature's $1,000 contactless minimum earns
///   4 mpd on all of the first $1,200, not only on the $200 above the minimum.
/// - Which purchases fill the room under a cap or maximum matters only when their rates differ (local and
///   foreign under one maximum): purchases fill it in date order, ties in the order given. A refund (negative
///   amount) takes its spend back at the place it reaches, at its own rate.
///
/// Rounding: miles are exact (minor units times hundredths of a mile) until the end of the cycle, then rounded
/// down to whole miles once per card and cycle. The spec is silent; per cycle, because a minimum unlocks the
/// bonus on spend made before it was met, so no single purchase's miles are final until the cycle ends, and
/// down, because no bank credits a fraction of a mile and the tracker must never promise more than arrives.
public enum CardMilesCalculator {
    /// Whole miles `card` earns from `expenses`, which must all be in the card's currency and one cycle.
    public static func miles(card: MilesCard, expenses: [CardExpense]) throws(MoneyError) -> Int64 {
        let exact = try exactMiles(card: card, expenses: expenses)
        let perMile = Int128(100) * Int128(card.currency.minorUnitsPerMajor)
        let whole = Money.divide(max(exact, 0), by: perMile, rounding: .down)
        guard let miles = Int64(exactly: whole) else { throw .overflow }
        return miles
    }

    /// The miles in units of one minor unit times one hundredth of a mile per major unit, unrounded.
    static func exactMiles(card: MilesCard, expenses: [CardExpense]) throws(MoneyError) -> Int128 {
        for expense in expenses where expense.amount.currency != card.currency {
            throw .currencyMismatch(card.currency, expense.amount.currency)
        }
        let ordered = expenses.enumerated().sorted { ($0.element.date, $0.offset) < ($1.element.date, $1.offset) }
            .map(\.element)
        let base = card.effectiveBaseRate
        guard card.hasCategoryCaps else {
            return pool(
                ordered, minimum: card.minimumSpend, limit: card.maximumSpend, base: base,
                bonus: { $0.isForeign ? card.effectiveForeignRate : card.effectiveLocalRate })
        }
        var total = Int128(0)
        var byCap = Array(repeating: [CardExpense](), count: card.categoryCaps.count)
        for expense in ordered {
            if let index = card.capIndex(for: expense.bonusCategory) {
                byCap[index].append(expense)
            } else {
                total += Int128(expense.amount.minorUnits) * Int128(base.hundredths)
            }
        }
        for (cap, spend) in zip(card.categoryCaps, byCap) {
            total += pool(spend, minimum: cap.minimumSpend, limit: cap.cap, base: base, bonus: { _ in cap.bonusRate })
        }
        return total
    }

    /// The miles of one pool: base rate until `minimum` is met, then `bonus` on spend from 0 to `limit`.
    private static func pool(
        _ expenses: [CardExpense], minimum: Money?, limit: Money?, base: MilesRate,
        bonus: (CardExpense) -> MilesRate
    ) -> Int128 {
        let spent = expenses.reduce(Int128(0)) { $0 + Int128($1.amount.minorUnits) }
        let unlocked = minimum.map { spent >= Int128($0.minorUnits) } ?? true
        var total = Int128(0)
        var reached = Int128(0)
        for expense in expenses {
            let amount = Int128(expense.amount.minorUnits)
            let from = min(reached, reached + amount)
            let to = max(reached, reached + amount)
            reached += amount
            var inside = Int128(0)
            if unlocked {
                let top = limit.map { Int128($0.minorUnits) } ?? to
                inside = max(0, min(to, top) - max(from, 0))
            }
            let outside = (to - from) - inside
            let signed = inside * Int128(bonus(expense).hundredths) + outside * Int128(base.hundredths)
            total += amount < 0 ? -signed : signed
        }
        return total
    }

    /// The spend of `expenses` that falls in `range`, in `currency`: a card's cycle spend, or the month's total.
    public static func spend(
        of expenses: [CardExpense], in range: DateRange, currency: Currency
    ) throws(MoneyError) -> Money {
        try Money.sum(expenses.lazy.filter { range.contains($0.date) }.map(\.amount), currency: currency)
    }

    /// The spend of every card's expenses in the calendar `month`, whatever each card's cycle, per currency
    /// (spec Dashboard: the monthly overview at the top of the cards page).
    public static func calendarMonthSpend(
        of expenses: [CardExpense], month: CalendarMonth
    ) throws(MoneyError)
        -> MoneyBag
    {
        try MoneyBag(expenses.lazy.filter { month.range.contains($0.date) }.map(\.amount))
    }
}
