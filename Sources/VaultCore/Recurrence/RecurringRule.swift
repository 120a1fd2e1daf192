import Foundation

/// How often a recurring rule repeats (spec `expense-tracker.md` 2.6.2).
public enum Cadence: String, CaseIterable, Hashable, Sendable, Codable, CustomStringConvertible {
    case daily, weekly, monthly, yearly

    public var description: String { rawValue }

    /// "day", "week", "month", "year": the unit an interval counts.
    public var unit: String {
        switch self {
        case .daily: "day"
        case .weekly: "week"
        case .monthly: "month"
        case .yearly: "year"
        }
    }
}

/// A scheduled entry (spec `expense-tracker.md` 2.6, issue 18): the transaction it repeats and when.
///
/// Its instances are ordinary transactions (source `recurring`) linked to the rule; the entry the rule was made
/// from is its template. Instances are generated a calendar year at a time: the rest of the current year when the
/// rule is made or changed, and next year on "Generate Next Year"; `generatedThroughYear` records how far.
/// This is not the bank-data recurring detector (`RecurringDetector`), which finds patterns in synced history.
public struct RecurringRule: Hashable, Sendable, Identifiable {
    public typealias ID = Identifier<RecurringRule>

    public let id: ID
    public let householdID: Household.ID
    public var accountID: Account.ID
    /// Signed like a transaction: negative for an expense, positive for income.
    public var amount: Money
    public var categoryID: Category.ID?
    public var description: String
    public var payee: String?
    public var tags: [String]
    public var notes: String?
    public var cadence: Cadence
    /// Every `interval` days, weeks, months or years; 1 or more.
    public var interval: Int
    /// The first occurrence, and the anchor of every later one (a monthly rule from the 31st keeps the 31st).
    public var start: LocalDate
    /// The last day an occurrence may fall on; nil for none.
    public var end: LocalDate?
    public var isEnabled: Bool
    /// The last calendar year whose instances have been generated.
    public var generatedThroughYear: Int

    public init(
        id: ID, householdID: Household.ID, accountID: Account.ID, amount: Money, categoryID: Category.ID? = nil,
        description: String, payee: String? = nil, tags: [String] = [], notes: String? = nil, cadence: Cadence,
        interval: Int = 1, start: LocalDate, end: LocalDate? = nil, isEnabled: Bool = true, generatedThroughYear: Int
    ) {
        self.id = id
        self.householdID = householdID
        self.accountID = accountID
        self.amount = amount
        self.categoryID = categoryID
        self.description = description
        self.payee = payee
        self.tags = tags
        self.notes = notes
        self.cadence = cadence
        self.interval = interval
        self.start = start
        self.end = end
        self.isEnabled = isEnabled
        self.generatedThroughYear = generatedThroughYear
    }

    /// The most an interval may be: every 999 days, weeks, months or years.
    public static let maximumInterval = 999

    /// "monthly", "every 2 weeks": the cadence as the rules list says it.
    public var cadenceText: String {
        interval == 1 ? cadence.rawValue : "every \(interval) \(cadence.unit)s"
    }

    /// The occurrences dated within `range`, in order (`RecurrenceSchedule`), at most `limit` of them.
    public func occurrences(in range: DateRange, limit: Int = .max) -> [LocalDate] {
        RecurrenceSchedule(cadence: cadence, interval: interval, start: start, end: end).dates(in: range, limit: limit)
    }
}

/// The dates a recurrence falls on, computed from its start each time (never step by step), so a day lost to a
/// short month comes back in the next long one.
///
/// - Daily and weekly: every `interval` days or `7 × interval` days from the start.
/// - Monthly: the start's day of the month, every `interval` months; in a month too short for it, the month's last
///   day (a rule from January 31st falls on February 28th or 29th, April 30th, then March 31st again).
/// - Yearly: the start's month and day every `interval` years; a rule from February 29th falls on February 28th
///   in other years and on the 29th again in leap years.
public struct RecurrenceSchedule: Hashable, Sendable {
    public let cadence: Cadence
    public let interval: Int
    public let start: LocalDate
    public let end: LocalDate?

    public init(cadence: Cadence, interval: Int, start: LocalDate, end: LocalDate?) {
        self.cadence = cadence
        self.interval = max(1, interval)
        self.start = start
        self.end = end
    }

    /// The `n`th occurrence (0 is the start).
    public func occurrence(_ n: Int) -> LocalDate {
        switch cadence {
        case .daily: start.adding(days: n * interval)
        case .weekly: start.adding(days: n * interval * 7)
        case .monthly: start.adding(months: n * interval)
        case .yearly: start.adding(months: n * interval * 12)
        }
    }

    /// The occurrences within `range` (and on or before `end`), in order; at most `limit` of them, so a caller
    /// bounding what it writes never builds more.
    public func dates(in range: DateRange, limit: Int = .max) -> [LocalDate] {
        let last = min(range.end, end ?? range.end)
        guard last >= start, last >= range.start else { return [] }
        // Jump close to the range's start instead of walking from a start decades back.
        var n = max(0, firstIndex(onOrAfter: range.start) - 1)
        var dates: [LocalDate] = []
        while true {
            let date = occurrence(n)
            if date > last || dates.count >= limit { break }
            if date >= range.start { dates.append(date) }
            n += 1
        }
        return dates
    }

    /// An index at or just before the first occurrence on or after `date`.
    func firstIndex(onOrAfter date: LocalDate) -> Int {
        guard date > start else { return 0 }
        switch cadence {
        case .daily: return start.days(until: date) / interval
        case .weekly: return start.days(until: date) / (7 * interval)
        case .monthly:
            return ((date.year - start.year) * 12 + date.month - start.month) / interval
        case .yearly: return (date.year - start.year) / interval
        }
    }
}
