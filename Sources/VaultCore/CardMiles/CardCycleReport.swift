import Foundation

/// One card's current cycle as the cards page shows it: dates, spend, bars, badge and miles (spec Dashboard).
///
/// Thresholds compare whole spend: exactly at a minimum meets it, exactly at a maximum or cap is not over it
/// but a cap is then used up ("maxed"). A card with caps shows one bar per cap and no minimum or maximum bars.
public struct CardCycleReport: Hashable, Sendable {
    /// One bar against a threshold: how far spend has come and the colour to draw it in.
    public struct Bar: Hashable, Sendable {
        /// The threshold the bar fills toward.
        public let target: Money
        /// Spend over target, unclamped (112% once past it); nil for a zero target.
        public let share: Percent?
        public let colour: ProgressColour

        /// The share clamped to 0...100%, the width to draw.
        public var filled: Percent {
            min(max(share ?? .whole(100), .whole(0)), .whole(100))
        }
    }

    /// Where spend under a cap stands (spec: two-stage progress).
    public enum CapStage: String, Hashable, Sendable, Codable {
        /// Below the cap's minimum: the cap's spend earns the base rate.
        case belowMinimum
        /// Minimum met or none: spend earns the bonus rate.
        case earningBonus
        /// Spend has reached the cap: more earns the base rate.
        case maxed
    }

    /// One cap's mini bar: "Contactless: $800 / $1,000 min", then "$1,150 / $1,200 cap"; "Online: $450 / $600".
    public struct CapProgress: Hashable, Sendable {
        public let cap: CategoryCap
        /// Net spend in the cap's categories this cycle.
        public let spend: Money
        public let stage: CapStage
        /// Toward the minimum while below it, toward the cap after.
        public let bar: Bar
        /// Whether the bar is counting toward the minimum (its label ends in "min") rather than the cap.
        public var isTowardMinimum: Bool { stage == .belowMinimum }
    }

    public let cardID: MilesCard.ID
    /// The cycle's first and last days.
    public let range: DateRange
    /// Net spend on the card in the cycle, every category included.
    public let spend: Money
    /// The minimum bar of a card without caps that has a minimum.
    public let minimumBar: Bar?
    /// The maximum bar of a card without caps that has a maximum.
    public let maximumBar: Bar?
    /// The badge of a card without caps; nil when it has no minimum and no maximum, or has caps.
    public let status: ThresholdStatus?
    /// One entry per cap, in the card's order.
    public let caps: [CapProgress]
    /// Whole miles earned so far this cycle (`CardMilesCalculator`); nil for a card that earns no miles.
    public let miles: Int64?

    /// The report for the cycle of `card` containing `today`, from the card's expenses (any dates: those
    /// outside the cycle are left out). Nil only for a card whose statement day is not 1 to 31.
    public init?(card: MilesCard, expenses: [CardExpense], today: LocalDate) throws(MoneyError) {
        guard let range = card.cycle.range(containing: today) else { return nil }
        try self.init(card: card, expenses: expenses, range: range)
    }

    /// The report for `card` over `range`, from its expenses; those outside `range` are left out.
    public init(card: MilesCard, expenses: [CardExpense], range: DateRange) throws(MoneyError) {
        let inCycle = expenses.filter { range.contains($0.date) }
        let spend = try CardMilesCalculator.spend(of: inCycle, in: range, currency: card.currency)
        cardID = card.id
        self.range = range
        self.spend = spend
        miles = card.earnsMiles ? try CardMilesCalculator.miles(card: card, expenses: inCycle) : nil
        guard !card.hasCategoryCaps else {
            minimumBar = nil
            maximumBar = nil
            status = nil
            var caps: [CapProgress] = []
            for (index, cap) in card.categoryCaps.enumerated() {
                let capSpend = try Money.sum(
                    inCycle.lazy.filter { card.capIndex(for: $0.bonusCategory) == index }.map(\.amount),
                    currency: card.currency)
                caps.append(Self.progress(of: cap, spend: capSpend))
            }
            self.caps = caps
            return
        }
        caps = []
        let units = spend.minorUnits
        minimumBar = card.minimumSpend.map { minimum in
            Bar(
                target: minimum, share: Self.share(units, of: minimum.minorUnits),
                colour: units >= minimum.minorUnits ? .green : .orange)
        }
        maximumBar = card.maximumSpend.map { maximum in
            Bar(
                target: maximum, share: Self.share(units, of: maximum.minorUnits),
                colour: units > maximum.minorUnits ? .red : .blue)
        }
        status = Self.status(spend: units, minimum: card.minimumSpend, maximum: card.maximumSpend)
    }

    /// `spend` as a share of `target`; nil for a zero target. Below the target the share is rounded down, so a bar
    /// never reaches 100% before its threshold is met (S$999.99 of a S$1,000 minimum is 99.99%, drawn 99%, where
    /// rounding to the nearest gave 100.00%); at or past it, to the nearest hundredth of a percent.
    static func share(_ spend: Int64, of target: Int64) -> Percent? {
        guard target > 0, spend < target else { return Percent.of(spend, in: target) }
        let hundredths = Money.divide(Int128(spend) * 10_000, by: Int128(target), rounding: .down)
        return Int64(exactly: hundredths).map(Percent.init(hundredths:))
    }

    /// The badge for `spend` against optional thresholds (spec Progress Indicators).
    static func status(spend: Int64, minimum: Money?, maximum: Money?) -> ThresholdStatus? {
        if let minimum, spend < minimum.minorUnits { return .belowMinimum }
        if let maximum { return spend > maximum.minorUnits ? .overMaximum : .inRange }
        return minimum == nil ? nil : .minimumMet
    }

    /// A cap's stage and bar. The colours follow the spec as written, which differ by whether the cap has a
    /// minimum: with one, orange below it, green earning the bonus, blue maxed; without one, blue in progress
    /// and green maxed (verification step 9: "Online cap shows green (maxed)").
    static func progress(of cap: CategoryCap, spend: Money) -> CapProgress {
        let units = spend.minorUnits
        let hasMinimum = cap.minimumSpend != nil
        let stage: CapStage
        if let minimum = cap.minimumSpend, units < minimum.minorUnits {
            stage = .belowMinimum
        } else if units >= cap.cap.minorUnits {
            stage = .maxed
        } else {
            stage = .earningBonus
        }
        let target = stage == .belowMinimum ? cap.minimumSpend! : cap.cap
        let colour: ProgressColour =
            switch stage {
            case .belowMinimum: .orange
            case .earningBonus: hasMinimum ? .green : .blue
            case .maxed: hasMinimum ? .blue : .green
            }
        return CapProgress(
            cap: cap, spend: spend, stage: stage,
            bar: Bar(target: target, share: Self.share(units, of: target.minorUnits), colour: colour))
    }
}
