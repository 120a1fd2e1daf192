import VaultCore
import VaultStore

extension TransactionService {
    /// What the Add page starts from: the most used tags (the suggestion chips) and the account the last
    /// manual entry went to (the default account).
    public struct CaptureDefaults: Sendable {
        public let topTags: [TagStat]
        public let lastAccountID: Account.ID?
    }

    /// How many suggestion chips the Add page shows.
    public static let suggestedTagCount = 8

    public func captureDefaults() async throws -> CaptureDefaults {
        try await scope.read { session in
            CaptureDefaults(
                topTags: try await session.transactions.tagCounts(limit: Self.suggestedTagCount),
                lastAccountID: try await session.transactions.lastManualAccount())
        }
    }

    /// The most tags `tagCounts()` returns: far more than a household types by hand, and a bound on the answer.
    public static let maximumTagCount = 10_000

    /// Every tag of the household with how many transactions carry it, most used first, then by name.
    public func tagCounts() async throws -> [TagStat] {
        try await scope.read { try await $0.transactions.tagCounts(limit: Self.maximumTagCount) }
    }
}
