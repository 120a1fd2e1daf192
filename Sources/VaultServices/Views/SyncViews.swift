import Foundation
import VaultCore

/// A sync report as JSON.
public struct SyncReportView: Codable, Hashable, Sendable {
    public let connectionId: String
    public let connection: String
    public let status: String
    public let requests: Int
    public let remainingRequests: Int
    public let accountsAdded: Int
    public let accountsDeactivated: Int
    public let transactionsAdded: Int
    public let transactionsUpdated: Int
    public let pendingPosted: Int
    public let idsReissued: Int
    public let pendingDropped: Int
    public let skippedDeleted: Int
    public let messages: [String]
    /// Why the sync failed; absent when it worked.
    public let failure: String?

    public init(_ report: SyncService.Report) {
        connectionId = report.connection.id.description
        connection = report.connection.label
        status = report.connection.status.rawValue
        requests = report.requests
        remainingRequests = report.remainingRequests
        accountsAdded = report.accountsAdded
        accountsDeactivated = report.accountsDeactivated
        transactionsAdded = report.transactionsAdded
        transactionsUpdated = report.transactionsUpdated
        pendingPosted = report.pendingPosted
        idsReissued = report.idsReissued
        pendingDropped = report.pendingDropped
        skippedDeleted = report.skippedDeleted
        messages = report.messages
        failure = report.failure
    }
}

/// A connection with its institutions as JSON; never includes the access URL.
public struct ConnectionView: Codable, Hashable, Sendable {
    public struct InstitutionEntry: Codable, Hashable, Sendable {
        public let id: String
        public let name: String
        public let status: String?
        public let message: String?
        public let accounts: Int
        public let lastSuccessAt: String?
    }

    public let id: String
    public let label: String
    public let server: String
    public let status: String
    public let message: String?
    public let lastSyncAt: String?
    public let lastSuccessAt: String?
    public let requestsUsedToday: Int
    public let requestsLeftToday: Int
    public let institutions: [InstitutionEntry]

    public init(_ overview: SyncService.Overview) {
        let iso = ISO8601DateFormatter()
        let connection = overview.connection
        id = connection.id.description
        label = connection.label
        server = connection.server
        status = connection.status.rawValue
        message = connection.statusMessage
        lastSyncAt = connection.lastSyncAt.map(iso.string(from:))
        lastSuccessAt = connection.lastSuccessAt.map(iso.string(from:))
        requestsUsedToday = overview.budget.used
        requestsLeftToday = overview.budget.remaining
        institutions = overview.institutions.map {
            InstitutionEntry(
                id: $0.institution.id.description, name: $0.institution.name, status: $0.institution.status?.rawValue,
                message: $0.institution.statusMessage, accounts: $0.accounts,
                lastSuccessAt: $0.institution.lastSuccessAt.map(iso.string(from:)))
        }
    }
}

/// Bank sync's status as JSON (`GET /api/v1/sync/status`): the overall health, the latest sync, and each
/// connection with its institutions, the bank's messages and the requests left today.
public struct SyncStatusView: Codable, Hashable, Sendable {
    /// `not-connected`, `never-synced`, `ok`, `partial` or `failed` (`SyncService.Health`).
    public let health: String
    /// The latest sync of any connection, ISO 8601.
    public let lastSyncAt: String?
    /// Why the last sync failed, per failed connection ("label: message"); empty unless `health` is `failed`.
    public let failures: [String]
    public let connections: [ConnectionView]

    public init(_ overviews: [SyncService.Overview]) {
        health = SyncService.Health(overviews).rawValue
        lastSyncAt = overviews.compactMap(\.connection.lastSyncAt).max().map { ISO8601DateFormatter().string(from: $0) }
        failures = overviews.filter { $0.connection.status != .active }.map {
            "\($0.connection.label): \($0.connection.statusMessage ?? $0.connection.status.rawValue)"
        }
        connections = overviews.map(ConnectionView.init)
    }
}
