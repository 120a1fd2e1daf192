import Foundation
import VaultCore

extension SyncService {
    /// How bank sync stands over all of a household's connections, for Settings > Data & Sync and
    /// `GET /api/v1/sync/status` (spec `expense-tracker.md` sections 4.1 and 6).
    public enum Health: String, Hashable, Sendable, Codable {
        /// No SimpleFIN connection yet.
        case notConnected = "not-connected"
        /// Connected, but no sync has run yet.
        case neverSynced = "never-synced"
        /// The last sync of every connection worked.
        case ok
        /// It worked, but a bank reported a problem with part of the data (its message is on the institution).
        case partial
        /// A connection's last sync failed; its message says why and what to do.
        case failed

        /// The health of a household's connections: failed if any connection failed, else partial if any
        /// institution failed, else never-synced if none has synced, else ok.
        public init(_ overviews: [Overview]) {
            if overviews.isEmpty {
                self = .notConnected
            } else if overviews.contains(where: { $0.connection.status != .active }) {
                self = .failed
            } else if overviews.contains(where: { $0.institutions.contains { $0.institution.status == .failure } }) {
                self = .partial
            } else if overviews.allSatisfy({ $0.connection.lastSyncAt == nil }) {
                self = .neverSynced
            } else {
                self = .ok
            }
        }
    }
}
