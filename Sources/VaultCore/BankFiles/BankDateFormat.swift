import Foundation

/// The order a bank file writes a date's parts in, whatever separates them.
///
/// `DD/MM/YYYY` also reads `5.1.2024`, `05-01-24` and `05/01/2024 14:30` (a time after the date is
/// ignored); `YYYY-MM-DD` also reads `20240105` and `2024-01-05T14:30:00`; the month-name forms read
/// `5 Jan 2024`, `05-JAN-24` and `Jan 5, 2024`. A two-digit year is 2000-2069 below 70 and 1900s from
/// 70 (the common pivot of spreadsheets); QIF's `1/ 5'24` (an apostrophe before a 21st-century year) reads
/// under the day-month orders too.
public enum BankDateFormat: String, CaseIterable, Hashable, Sendable, Codable {
    case yearMonthDay = "YYYY-MM-DD"
    case dayMonthYear = "DD/MM/YYYY"
    case monthDayYear = "MM/DD/YYYY"
    case dayMonthNameYear = "DD MMM YYYY"
    case monthNameDayYear = "MMM DD YYYY"

    /// The year from which a two-digit year is in the 1900s.
    static let twoDigitYearPivot = 70

    static let monthNames = [
        "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
    ]

    /// The date `text` names in this format, or nil.
    public func date(_ text: String) -> LocalDate? {
        let parts = Self.parts(of: text)
        switch self {
        case .yearMonthDay:
            if parts.count >= 1, parts[0].count == 8, let compact = Int(parts[0]) {
                return LocalDate(compactValue: compact)
            }
            guard parts.count >= 3, parts[0].count == 4 else { return nil }
            return Self.make(year: parts[0], month: parts[1], day: parts[2])
        case .dayMonthYear:
            guard parts.count >= 3 else { return nil }
            return Self.make(year: parts[2], month: parts[1], day: parts[0])
        case .monthDayYear:
            guard parts.count >= 3 else { return nil }
            return Self.make(year: parts[2], month: parts[0], day: parts[1])
        case .dayMonthNameYear:
            guard parts.count >= 3, let month = Self.month(named: parts[1]) else { return nil }
            return Self.make(year: parts[2], month: String(month), day: parts[0])
        case .monthNameDayYear:
            guard parts.count >= 3, let month = Self.month(named: parts[0]) else { return nil }
            return Self.make(year: parts[2], month: String(month), day: parts[1])
        }
    }

    /// The formats every one of `samples` reads in, most likely first: ISO, then day-first (most of the
    /// world), then month-first (the United States); a sample with a day over 12 rules out one of the two.
    public static func candidates(for samples: [String]) -> [BankDateFormat] {
        let filled = samples.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        guard !filled.isEmpty else { return [] }
        return allCases.filter { format in filled.allSatisfy { format.date($0) != nil } }
    }

    /// The date's text split into its numbers and words, at most the first three (a time after the date is
    /// left out: `2024-01-05T14:30` gives `2024`, `01`, `05`).
    static func parts(of text: String) -> [String] {
        var parts: [String] = []
        var current = ""
        var inDigits = false
        for character in text {
            let isDigit = character.isASCIIDigit
            if isDigit || character.isLetter {
                if !current.isEmpty && isDigit != inDigits {
                    parts.append(current)
                    current = ""
                }
                current.append(character)
                inDigits = isDigit
            } else if !current.isEmpty {
                parts.append(current)
                current = ""
            }
            if parts.count == 3 { return parts }
        }
        if !current.isEmpty { parts.append(current) }
        return Array(parts.prefix(3))
    }

    static func month(named word: String) -> Int? {
        let lower = word.lowercased()
        guard lower.count >= 3, let index = monthNames.firstIndex(of: String(lower.prefix(3))) else { return nil }
        return index + 1
    }

    static func make(year: String, month: String, day: String) -> LocalDate? {
        guard year.allSatisfy(\.isASCIIDigit), month.allSatisfy(\.isASCIIDigit), day.allSatisfy(\.isASCIIDigit),
            year.count == 2 || year.count == 4, (1...2).contains(month.count), (1...2).contains(day.count),
            var y = Int(year), let m = Int(month), let d = Int(day)
        else { return nil }
        if year.count == 2 { y += y < twoDigitYearPivot ? 2000 : 1900 }
        return LocalDate(year: y, month: m, day: d)
    }
}
