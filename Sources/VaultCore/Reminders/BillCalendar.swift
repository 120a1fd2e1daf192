import Foundation

/// The upcoming bills as a calendar a phone subscribes to (issue 20, "reminders without a push service";
/// spec `ghostvault.md` section 10, User Actions: Set Reminder).
///
/// One all-day event per expected charge of every recurring series a person sees (confirmed or detected
/// with at least medium confidence, not dismissed, not income), from today through `horizonDays` ahead, on
/// the household's calendar date, with an alarm the day before. An event names the payee, the expected
/// amount and how often it comes, never an account. Its UID is a hash of the series key and the date, so
/// the same charge keeps its UID across downloads and a calendar updates it in place.
public enum BillCalendar {
    /// One expected charge.
    public struct Occurrence: Hashable, Sendable {
        public let seriesKey: String
        public let name: String
        public let amount: Money
        public let date: LocalDate
        public let cadence: RecurringCadence
    }

    /// How far ahead the calendar reaches (about three months: a quarterly bill shows once).
    public static let horizonDays = 90
    /// How many days before a bill the alarm goes off (the issue: "an alert the day before").
    public static let alarmDaysBefore = 1
    /// How often a subscribed calendar should fetch the feed again; calendars treat this as a hint.
    public static let refreshHours = 6

    /// Every expected charge of the report's bills from its day through `horizonDays` later, by date, then
    /// name, then series key.
    public static func occurrences(_ report: RecurringReport, horizonDays: Int = horizonDays) -> [Occurrence] {
        let end = report.today.adding(days: horizonDays)
        let detected = report.groups.flatMap(\.series).flatMap { series in
            series.dueDates(from: report.today, through: end).map {
                Occurrence(
                    seriesKey: series.key, name: series.name, amount: series.amount, date: $0, cadence: series.cadence)
            }
        }
        // The person's own schedules that take money out: every entry they will make in the horizon.
        let scheduled = report.rules.filter(\.amount.isNegative).flatMap { rule in
            rule.occurrences(in: DateRange(unchecked: report.today, end)).map {
                Occurrence(
                    seriesKey: RecurringReport.seriesKey(of: rule), name: rule.payee ?? rule.description,
                    amount: rule.amount, date: $0, cadence: RecurringCadence(rule))
            }
        }
        return (detected + scheduled)
            .sorted { ($0.date, $0.name, $0.seriesKey) < ($1.date, $1.name, $1.seriesKey) }
    }

    /// The iCalendar text of the occurrences; `stamp` is when it was made.
    public static func render(_ occurrences: [Occurrence], calendarName: String, stamp: Date) -> String {
        let events = occurrences.map { occurrence in
            ICalendar.Event(
                uid: uid(seriesKey: occurrence.seriesKey, date: occurrence.date), date: occurrence.date,
                summary: "\(payee(occurrence.name)): \(occurrence.amount.formatted())",
                description: "Expected \(occurrence.cadence.displayName.lowercased()) charge of "
                    + "\(occurrence.amount.formatted()), from your recurring bills in GhostVault.",
                alarmDaysBefore: alarmDaysBefore)
        }
        return ICalendar.calendar(
            productID: "-//GhostVault//Upcoming Bills//EN", name: calendarName, refreshHours: refreshHours,
            events: events, stamp: stamp)
    }

    /// A word with this many digits is an account or card number, or a reference (`...1177`, `XX4821`,
    /// `#000123`), not part of a payee's name ("7-Eleven" and "24 Hour Fitness" have fewer).
    static let numberDigits = 4

    /// The payee as an event names it: the bank's text without the words that hold numbers, so a transfer
    /// described as "ONLINE TRANSFER TO SAVINGS ...1177" does not put an account's last four on a phone's
    /// lock screen. A name that is only such words is "Recurring bill".
    public static func payee(_ name: String) -> String {
        // Words with many digits (account numbers) or an @ (an email in a transfer's description) stay off calendars.
        let words = name.split(whereSeparator: \.isWhitespace).filter {
            $0.count(where: \.isNumber) < numberDigits && !$0.contains("@")
        }
        return words.isEmpty ? "Recurring bill" : words.joined(separator: " ")
    }

    /// `<16 hex digits>-<yyyymmdd>@ghostvault`: a 64-bit FNV-1a hash of the series key (which holds an account
    /// id, so the id itself is not shown) and the date.
    public static func uid(seriesKey: String, date: LocalDate) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in seriesKey.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex + "-" + ICalendar.date(date) + "@ghostvault"
    }
}
