import Foundation

/// A bank, card issuer or broker that holds accounts; manual accounts may have none.
public struct Institution: Hashable, Sendable, Identifiable {
    public typealias ID = Identifier<Institution>

    public let id: ID
    public let householdID: Household.ID
    /// The name people know it by ("Chase").
    public var name: String
    /// The institution's web domain, when the bank reports one.
    public var domain: String?
    /// The SimpleFIN connection it came from; nil for institutions of manual accounts.
    public var connectionID: BankConnection.ID?
    /// The bridge's id for this login at the institution (v2 `conn_id`, or one derived from the v1 `org`).
    public var bankConnectionID: String?
    /// How the last sync went for it: success, or failure with the bank's message.
    public var status: SyncStatus?
    /// The bridge's message about this institution, shown as it came (sanitised).
    public var statusMessage: String?
    /// When a sync last brought its data without a problem.
    public var lastSuccessAt: Date?
    /// A person removed it from its connection; syncs skip its accounts from then on.
    public var isRemoved: Bool

    /// Whether the last sync of an institution brought everything.
    public enum SyncStatus: String, Hashable, Sendable, Codable { case success, failure }

    public init(
        id: ID, householdID: Household.ID, name: String, domain: String? = nil, connectionID: BankConnection.ID? = nil,
        bankConnectionID: String? = nil, status: SyncStatus? = nil, statusMessage: String? = nil,
        lastSuccessAt: Date? = nil, isRemoved: Bool = false
    ) {
        self.id = id
        self.householdID = householdID
        self.name = name
        self.domain = domain
        self.connectionID = connectionID
        self.bankConnectionID = bankConnectionID
        self.status = status
        self.statusMessage = statusMessage
        self.lastSuccessAt = lastSuccessAt
        self.isRemoved = isRemoved
    }
}
