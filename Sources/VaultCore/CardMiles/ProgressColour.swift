import Foundation

/// The colour of a progress bar or badge on the cards page (spec `card-miles.md`, Progress Indicators).
public enum ProgressColour: String, Hashable, Sendable, Codable {
    case orange, green, blue, red
}
