import Foundation

/// A bonus cap: spend in its categories earns `bonusRate` up to `cap` (spec `card-miles.md`, CategoryCap).
///
/// The spec's cap has one category; a cap here has one or more, because HSBC Revolution's note gives one
/// $1.5k cap shared by online and contactless spend. Every other cap in the library has exactly one.
/// How spend earns under a cap is `CardMilesCalculator`'s job (the spec's Category Cap Logic).
public struct CategoryCap: Hashable, Sendable, Codable {
    /// The categories whose spend counts toward this cap, never empty and never `general`.
    public var categories: [BonusCategory]
    /// The spend in these categories needed before any of it earns the bonus; nil when there is none.
    public var minimumSpend: Money?
    /// The most spend per cycle that earns the bonus.
    public var cap: Money
    /// Miles per dollar on spend that earns the bonus.
    public var bonusRate: MilesRate

    /// A cap over one or more categories.
    public init(_ categories: [BonusCategory], minimumSpend: Money? = nil, cap: Money, bonusRate: MilesRate) {
        self.categories = categories
        self.minimumSpend = minimumSpend
        self.cap = cap
        self.bonusRate = bonusRate
    }

    /// A cap over one category, the spec's shape.
    public init(_ category: BonusCategory, minimumSpend: Money? = nil, cap: Money, bonusRate: MilesRate) {
        self.init([category], minimumSpend: minimumSpend, cap: cap, bonusRate: bonusRate)
    }

    /// `Online`, or `Online & Contactless` for a shared cap: the label of the cap's bar.
    public var name: String { categories.map(\.description).joined(separator: " & ") }

    /// Whether spend in `category` counts toward this cap.
    public func covers(_ category: BonusCategory) -> Bool { categories.contains(category) }
}
