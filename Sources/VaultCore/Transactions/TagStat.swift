import Foundation

/// A tag and how many of the household's transactions carry it (spec `expense-tracker.md` 2.3.1, the local
/// TagStat): what the suggestion chips and the tag filters are built from.
public struct TagStat: Hashable, Sendable {
    /// The normalised tag (`coffee shop`).
    public let tag: String
    /// How many transactions carry it.
    public let count: Int

    public init(tag: String, count: Int) {
        self.tag = tag
        self.count = count
    }
}
