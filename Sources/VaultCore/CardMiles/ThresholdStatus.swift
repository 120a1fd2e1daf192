import Foundation

/// The status badge of a card tracked by its minimum and maximum (spec `card-miles.md`, Dashboard).
public enum ThresholdStatus: String, Hashable, Sendable, Codable, CustomStringConvertible {
    /// Spend is below the minimum: orange.
    case belowMinimum
    /// The minimum is met and the card has no maximum: green.
    case minimumMet
    /// Spend is at or above any minimum and at or below the maximum: green, with a blue maximum bar.
    case inRange
    /// Spend is above the maximum: red.
    case overMaximum

    /// The badge's words, as the spec writes them.
    public var description: String {
        switch self {
        case .belowMinimum: "Below minimum"
        case .minimumMet: "Minimum met"
        case .inRange: "In range"
        case .overMaximum: "Over maximum"
        }
    }

    /// The badge's colour (spec Progress Indicators: green once met, red once exceeded).
    public var colour: ProgressColour {
        switch self {
        case .belowMinimum: .orange
        case .minimumMet, .inRange: .green
        case .overMaximum: .red
        }
    }
}
