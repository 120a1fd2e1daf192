import Foundation

/// How often a recurring charge comes (spec `ghostvault.md` section 10, `budget-client.md` Recurring).
///
/// "Bi-" means every two, as in biweekly: bimonthly is every two months and biyearly every two years.
public enum RecurringCadence: String, CaseIterable, Hashable, Sendable, Codable, CustomStringConvertible {
    case daily, weekly, biweekly, monthly, bimonthly, quarterly, yearly, biyearly

    /// The days between two charges that fit the cadence (spec: monthly 28-31, biweekly 13-15, weekly 6-8,
    /// quarterly 88-95, annual 360-370; the others in the same spirit).
    public var interval: ClosedRange<Int> {
        switch self {
        case .daily: 1...1
        case .weekly: 6...8
        case .biweekly: 13...15
        case .monthly: 28...31
        case .bimonthly: 58...63
        case .quarterly: 88...95
        case .yearly: 360...370
        case .biyearly: 725...735
        }
    }

    /// Whole calendar months between charges, for the cadences that follow the calendar; nil for day-based ones.
    public var months: Int? {
        switch self {
        case .daily, .weekly, .biweekly: nil
        case .monthly: 1
        case .bimonthly: 2
        case .quarterly: 3
        case .yearly: 12
        case .biyearly: 24
        }
    }

    /// The typical days between charges.
    public var nominalDays: Double {
        switch self {
        case .daily: 1
        case .weekly: 7
        case .biweekly: 14
        default: Double(months!) * 365.25 / 12
        }
    }

    /// How recent the last charge must be for the series to be live: one and a half intervals
    /// (45 days for monthly, as the spec sets), and at least two days.
    public var recencyDays: Int { max(2, Int(nominalDays * 1.5)) }

    /// The fewest charges that make a series: two, as the spec says, but a week of daily charges and
    /// three weekly ones, since two coffees a day or a week apart are a habit, not a bill.
    public var minimumOccurrences: Int {
        switch self {
        case .daily: 7
        case .weekly: 3
        default: 2
        }
    }

    /// Charges per month as a fraction: weekly is 52/12, quarterly 1/3.
    public var perMonth: (numerator: Int64, denominator: Int64) {
        switch self {
        case .daily: (365, 12)
        case .weekly: (52, 12)
        case .biweekly: (26, 12)
        default: (1, Int64(months!))
        }
    }

    /// "Daily", "Weekly", "BiWeekly", "Monthly", "BiMonthly", "Quarterly", "Yearly", "BiYearly".
    public var displayName: String {
        switch self {
        case .daily: "Daily"
        case .weekly: "Weekly"
        case .biweekly: "BiWeekly"
        case .monthly: "Monthly"
        case .bimonthly: "BiMonthly"
        case .quarterly: "Quarterly"
        case .yearly: "Yearly"
        case .biyearly: "BiYearly"
        }
    }

    /// The cadence an interval fits, if any.
    public static func fitting(days: Int) -> RecurringCadence? {
        allCases.first { $0.interval.contains(days) }
    }

    public var description: String { rawValue }
}

extension RecurringCadence {
    /// The cadence nearest a person's rule (every 2 weeks is biweekly, every 3 months quarterly; every 5 weeks,
    /// which has no name here, is the named cadence of the nearest length, ties to the shorter).
    public init(_ rule: RecurringRule) {
        let unitDays: Double =
            switch rule.cadence {
            case .daily: 1
            case .weekly: 7
            case .monthly: 30.4375
            case .yearly: 365.25
            }
        let days = unitDays * Double(max(1, rule.interval))
        self = Self.allCases.min { abs($0.nominalDays - days) < abs($1.nominalDays - days) } ?? .monthly
    }
}
