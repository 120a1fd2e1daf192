import VaultCore

/// A tag and how many transactions carry it, as JSON (`GET /api/v1/tags`, `ghostvault tags --json`).
public struct TagStatView: Codable, Hashable, Sendable {
    public let tag: String
    public let count: Int

    public init(_ stat: TagStat) {
        tag = stat.tag
        count = stat.count
    }
}
