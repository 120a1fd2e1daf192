import Foundation

/// A day of the week, numbered as ISO 8601 does: Monday is 1, Sunday is 7.
public enum Weekday: Int, CaseIterable, Hashable, Sendable, Codable, CustomStringConvertible {
    case monday = 1, tuesday, wednesday, thursday, friday, saturday, sunday

    /// The English name, as a person types it on the command line.
    public var description: String {
        switch self {
        case .monday: "monday"
        case .tuesday: "tuesday"
        case .wednesday: "wednesday"
        case .thursday: "thursday"
        case .friday: "friday"
        case .saturday: "saturday"
        case .sunday: "sunday"
        }
    }

    /// Parses an English day name or its three-letter abbreviation, in any case.
    public init?(name: String) {
        let lower = name.lowercased()
        guard
            let match = Weekday.allCases.first(where: { $0.description == lower || $0.description.prefix(3) == lower })
        else { return nil }
        self = match
    }
}
