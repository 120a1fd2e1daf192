import Foundation

/// One SimpleFIN access grant of a household: the access URL (kept encrypted by the store, never in
/// this value), a label, and how its syncs are going.
public struct BankConnection: Hashable, Sendable, Identifiable {
    public typealias ID = Identifier<BankConnection>

    public let id: ID
    public let householdID: Household.ID
    /// What a person calls it ("SimpleFIN").
    public var label: String
    /// The bridge's root URL without credentials, for display.
    public var server: String
    public var status: Status
    /// What the bridge said last time, or what to do about the status.
    public var statusMessage: String?
    public var lastSyncAt: Date?
    public var lastSuccessAt: Date?

    /// Whether the connection can sync, and if not, what a person must do.
    public enum Status: String, Hashable, Sendable, Codable, CaseIterable {
        /// Syncing normally.
        case active
        /// The bridge refused the access URL (403): a new setup token is needed.
        case needsToken = "needs-token"
        /// The SimpleFIN subscription lapsed (402).
        case paymentRequired = "payment-required"
        /// The bridge answered 429; wait until tomorrow.
        case rateLimited = "rate-limited"
        /// The bridge could not be reached or answered garbage; retried on the next sync.
        case unreachable
    }

    public init(
        id: ID, householdID: Household.ID, label: String, server: String, status: Status = .active,
        statusMessage: String? = nil, lastSyncAt: Date? = nil, lastSuccessAt: Date? = nil
    ) {
        self.id = id
        self.householdID = householdID
        self.label = label
        self.server = server
        self.status = status
        self.statusMessage = statusMessage
        self.lastSyncAt = lastSyncAt
        self.lastSuccessAt = lastSuccessAt
    }
}
