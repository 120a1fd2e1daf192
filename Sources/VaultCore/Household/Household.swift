import Foundation

/// The unit that owns data: one person or a family sharing accounts. Every row belongs to exactly one.
public struct Household: Hashable, Sendable, Identifiable {
    public typealias ID = Identifier<Household>

    public let id: ID
    /// A name people recognise, like "The Tans".
    public var name: String
    /// The IANA time zone whose calendar dates transactions are filed under (`America/New_York`).
    public var timeZone: TimeZone
    /// The currency totals are reported in.
    public var baseCurrency: Currency
    /// The weekday weeks start on in reports.
    public var firstWeekday: Weekday

    public init(id: ID, name: String, timeZone: TimeZone, baseCurrency: Currency, firstWeekday: Weekday = .monday) {
        self.id = id
        self.name = name
        self.timeZone = timeZone
        self.baseCurrency = baseCurrency
        self.firstWeekday = firstWeekday
    }

    /// Today's calendar date in the household's time zone.
    public func today(at instant: Date) -> LocalDate { LocalDate(instant, in: timeZone) }
}
