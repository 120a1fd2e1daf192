import Foundation

/// Writes iCalendar text (RFC 5545) for calendars a phone subscribes to: all-day events with a display alarm.
///
/// The format's rules that matter here: every line ends with CRLF (3.1); a line longer than 75 octets is
/// folded by inserting CRLF and one space, and a fold never splits a UTF-8 character, since the octets of one
/// character must stay together for the text to decode (3.1); TEXT values escape backslash, semicolon and
/// comma with a backslash and write a line break as `\n` (3.3.11); control characters other than tab are not
/// allowed in TEXT and are dropped.
public enum ICalendar {
    /// An all-day event on a calendar date, with an optional alarm some days before it.
    public struct Event: Hashable, Sendable {
        /// Globally unique and stable: the same event keeps it from one download to the next, so a calendar
        /// updates the event instead of adding a copy.
        public let uid: String
        /// The floating calendar date (no time zone: the day is the same wherever the phone is).
        public let date: LocalDate
        public let summary: String
        public let description: String?
        /// Days before the event's start (midnight of its day) the alarm goes off; nil for none.
        public let alarmDaysBefore: Int?

        public init(uid: String, date: LocalDate, summary: String, description: String? = nil, alarmDaysBefore: Int?) {
            self.uid = uid
            self.date = date
            self.summary = summary
            self.description = description
            self.alarmDaysBefore = alarmDaysBefore
        }
    }

    /// The most octets a line may hold before its CRLF (RFC 5545 section 3.1).
    public static let maximumLineOctets = 75

    /// A whole calendar: its name, how often subscribers should refresh it, and its events, with CRLF line
    /// endings and long lines folded. `stamp` is when the calendar was made (each event's DTSTAMP, in UTC).
    public static func calendar(
        productID: String, name: String, refreshHours: Int, events: [Event], stamp: Date
    ) -> String {
        var lines = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:" + escape(productID), "CALSCALE:GREGORIAN", "METHOD:PUBLISH",
            "X-WR-CALNAME:" + escape(name), "REFRESH-INTERVAL;VALUE=DURATION:PT\(refreshHours)H",
            "X-PUBLISHED-TTL:PT\(refreshHours)H",
        ]
        let stamped = utcDateTime(stamp)
        for event in events {
            lines += [
                "BEGIN:VEVENT", "UID:" + escape(event.uid), "DTSTAMP:" + stamped,
                "DTSTART;VALUE=DATE:" + date(event.date), "DTEND;VALUE=DATE:" + date(event.date.adding(days: 1)),
                "SUMMARY:" + escape(event.summary),
            ]
            if let description = event.description { lines.append("DESCRIPTION:" + escape(description)) }
            lines.append("TRANSP:TRANSPARENT")
            if let days = event.alarmDaysBefore {
                lines += [
                    "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:" + escape(event.summary),
                    "TRIGGER:-P\(days)D", "END:VALARM",
                ]
            }
            lines.append("END:VEVENT")
        }
        lines.append("END:VCALENDAR")
        return lines.map { fold($0) + "\r\n" }.joined()
    }

    /// TEXT as a property value: `\` `;` `,` escaped, line breaks (CRLF, LF or CR) as `\n`, other control
    /// characters but tab dropped.
    public static func escape(_ text: String) -> String {
        var escaped = ""
        var scalars = text.unicodeScalars.makeIterator()
        var pending = scalars.next()
        while let scalar = pending {
            pending = scalars.next()
            switch scalar {
            case "\\": escaped += "\\\\"
            case ";": escaped += "\\;"
            case ",": escaped += "\\,"
            case "\r":
                escaped += "\\n"
                if pending == "\n" { pending = scalars.next() }
            case "\n", "\u{2028}", "\u{2029}": escaped += "\\n"
            case "\t": escaped.unicodeScalars.append(scalar)
            default:
                if scalar.properties.generalCategory == .control { continue }
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// One content line folded to lines of at most 75 octets (the first) and a space plus 74 octets (each
    /// continuation), joined by CRLF, without a final CRLF. A character is never split across a fold.
    public static func fold(_ line: String) -> String {
        var folded = ""
        var octets = 0
        for scalar in line.unicodeScalars {
            let size = UTF8.width(scalar)
            if octets + size > maximumLineOctets {
                folded += "\r\n "
                octets = 1
            }
            folded.unicodeScalars.append(scalar)
            octets += size
        }
        return folded
    }

    /// A DATE value: `20261122`.
    public static func date(_ date: LocalDate) -> String {
        pad(date.year, 4) + pad(date.month, 2) + pad(date.day, 2)
    }

    /// A UTC DATE-TIME value: `20261121T143000Z`.
    static func utcDateTime(_ instant: Date) -> String {
        let day = LocalDate(instant, in: TimeZone(identifier: "UTC")!)
        let seconds = Int(instant.timeIntervalSince1970.rounded(.down))
        let ofDay = ((seconds % 86_400) + 86_400) % 86_400
        return date(day) + "T" + pad(ofDay / 3600, 2) + pad(ofDay / 60 % 60, 2) + pad(ofDay % 60, 2) + "Z"
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
