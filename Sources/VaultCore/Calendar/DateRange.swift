import Foundation

/// A closed range of calendar dates: both `start` and `end` are included, as in every filter a person sets.
public struct DateRange: Hashable, Sendable, Codable, CustomStringConvertible {
    public let start: LocalDate
    public let end: LocalDate

    /// Creates a range; nil when `end` is before `start`.
    public init?(start: LocalDate, end: LocalDate) {
        guard start <= end else { return nil }
        self.start = start
        self.end = end
    }

    init(unchecked start: LocalDate, _ end: LocalDate) {
        self.start = start
        self.end = end
    }

    /// Whether `date` falls within the range, ends included.
    public func contains(_ date: LocalDate) -> Bool { start <= date && date <= end }

    /// How many days the range covers, ends included.
    public var dayCount: Int { start.days(until: end) + 1 }

    /// Every date of the range in order.
    public var dates: [LocalDate] { (0..<dayCount).map { start.adding(days: $0) } }

    public var description: String { "\(start) to \(end)" }
}

/// A period of the calendar that has a date range and neighbours: a month, a week, a year, a statement cycle.
public protocol CalendarPeriod: Hashable, Sendable {
    /// The dates the period covers.
    var range: DateRange { get }
    /// The period right after this one.
    var next: Self { get }
    /// The period right before this one.
    var previous: Self { get }
}
