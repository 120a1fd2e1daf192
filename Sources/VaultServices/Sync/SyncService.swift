import Foundation
import SimpleFIN
import VaultCore
import VaultStore

/// Bank sync through SimpleFIN: connecting with a setup token, syncing within the daily request
/// budget, and merging what the bank sent into the household's institutions, accounts and
/// transactions through the normalise and identity stages of ingest (DESIGN section 3).
public struct SyncService: Sendable {
    let scope: HouseholdScope
    let secrets: SecretBox
    let client: SimpleFINClient

    public init(scope: HouseholdScope, secrets: SecretBox, client: SimpleFINClient) {
        self.scope = scope
        self.secrets = secrets
        self.client = client
    }

    /// What one connection's sync did.
    public struct Report: Sendable {
        public var connection: BankConnection
        public var requests = 0
        public var accountsAdded = 0
        public var accountsDeactivated = 0
        public var transactionsAdded = 0
        public var transactionsUpdated = 0
        public var pendingPosted = 0
        public var idsReissued = 0
        public var pendingDropped = 0
        public var skippedDeleted = 0
        /// The bridge's messages, and anything that stopped the sync.
        public var messages: [String] = []
        /// Requests left today after this sync.
        public var remainingRequests = RequestBudget.dailyLimit
        /// Whether a bank reported a failure for part of the data (its message is among `messages`).
        public var partialFailure = false
        /// Whether an institution appeared that earlier syncs had not seen.
        public var newInstitution = false
        /// Transactions whose classification or category the sync set or changed (new ones included).
        public var classified = 0
        /// Why the connection did not sync: the bridge failed or refused it, or it needs attention first (a new
        /// token, a renewed subscription, tomorrow after a 429). Nil when it synced, or only waited for its budget.
        public var failure: String?

        /// Whether the sync failed (`failure` says why); `ghostvault sync` then exits non-zero.
        public var failed: Bool { failure != nil }
    }

    /// Claims a setup token (or takes a pasted access URL), stores the connection with its access
    /// encrypted, and runs the first sync.
    public func connect(
        setupToken: String, label: String = "SimpleFIN", historyDays: Int = SyncWindows.defaultHistoryDays
    )
        async throws -> Report
    {
        guard (1...SyncWindows.maximumHistoryDays).contains(historyDays) else {
            throw VaultError(
                InvalidInput(
                    field: "history-days", "A first sync reads 1 to \(SyncWindows.maximumHistoryDays) days of history.")
            )
        }
        let access = try await vaultOperation { try await claim(setupToken) }
        try await refuseDuplicate(of: access)
        let connection = BankConnection(
            id: scope.vault.newID(), householdID: scope.householdID, label: label, server: access.description)
        let sealed = try secrets.seal(access.rawValue, context: connection.id.description)
        try await scope.write { try await $0.connections.insert(connection, sealedAccess: sealed) }
        return try await sync(connection.id, trigger: .manual, historyDays: historyDays)
    }

    /// The access a setup token grants (claiming it), or a pasted access URL; bad tokens, and bridges the
    /// client's `AddressPolicy` refuses, are input to fix.
    func claim(_ setupToken: String) async throws -> AccessURL {
        switch try SetupToken(parsing: setupToken) {
        case .access(let url):
            // Nothing was claimed, so nothing was checked yet: refuse a private address before it is stored.
            try await client.checkAddress(of: url.root)
            return url
        case .claim(let url): return try await client.claim(url)
        }
    }

    /// Refuses to connect the same SimpleFIN access twice, which would import every account twice.
    func refuseDuplicate(of access: AccessURL) async throws {
        let existing = try await scope.read { session in
            var sealed: [(BankConnection, String)] = []
            for connection in try await session.connections.all() {
                sealed.append((connection, try await session.connections.sealedAccess(of: connection.id)))
            }
            return sealed
        }
        for (connection, secret) in existing {
            guard let opened = try? AccessURL(try secrets.open(secret, context: connection.id.description)) else {
                continue
            }
            if opened.root == access.root, opened.username == access.username {
                throw VaultError(
                    .conflict,
                    "This SimpleFIN access is already connected as '\(connection.label)'; run `ghostvault sync` instead."
                )
            }
        }
    }

    /// Gives an existing connection a new setup token (after SimpleFIN revoked the old access), then syncs it.
    public func reconnect(_ id: BankConnection.ID, setupToken: String) async throws -> Report {
        let access = try await vaultOperation { try await claim(setupToken) }
        let sealed = try secrets.seal(access.rawValue, context: id.description)
        try await scope.write { session in
            guard var connection = try await session.connections.find(id) else {
                throw VaultError(.notFound, "There is no connection \(id) in this household.")
            }
            try await session.connections.replaceAccess(of: id, with: sealed)
            connection.server = access.description
            connection.status = .active
            connection.statusMessage = nil
            try await session.connections.update(connection)
        }
        return try await sync(id, trigger: .manual)
    }

    /// Syncs every connection that can sync now.
    public func syncAll(
        trigger: SyncTrigger, historyDays: Int = SyncWindows.defaultHistoryDays
    ) async throws -> [Report] {
        var reports: [Report] = []
        for connection in try await scope.read({ try await $0.connections.all() }) {
            // One connection's trouble (a secret that will not open, say) must not stop the others.
            do {
                reports.append(try await syncOnce(connection, trigger: trigger, historyDays: historyDays))
            } catch {
                // A database that stopped answering is not this connection's trouble, and fails the others too.
                if VaultError.isOutage(error) { throw VaultError.wrap(error) }
                var report = Report(connection: connection)
                let reason = (error as? VaultError)?.message ?? "\(error)"
                report.messages.append(reason)
                report.failure = reason
                reports.append(report)
            }
        }
        return reports
    }

    /// Syncs a connection unless another sync of it is under way, here or on another server sharing the database
    /// (`VaultDatabase.exclusively`): then it says so and spends nothing. Once claimed, `sync` reads the
    /// connection afresh, so a scheduled sync finds it synced by the other server and no longer due.
    func syncOnce(_ connection: BankConnection, trigger: SyncTrigger, historyDays: Int) async throws -> Report {
        let claimed = try await scope.vault.database.exclusively("sync:\(connection.id)") {
            try await sync(connection.id, trigger: trigger, historyDays: historyDays)
        }
        if let claimed { return claimed }
        var report = Report(connection: connection)
        report.messages.append("Another sync of this connection is under way; its result shows when it finishes.")
        return report
    }

    /// Syncs one connection: plans its windows, spends requests only within the budget, and merges.
    /// Each sync's outcome and the connection's requests left today go to the metrics (`SyncMetrics`).
    public func sync(
        _ id: BankConnection.ID, trigger: SyncTrigger, historyDays: Int = SyncWindows.defaultHistoryDays
    )
        async throws -> Report
    {
        let report = try await syncUnrecorded(id, trigger: trigger, historyDays: historyDays)
        SyncMetrics.record(report, trigger: trigger)
        return report
    }

    private func syncUnrecorded(
        _ id: BankConnection.ID, trigger: SyncTrigger, historyDays: Int
    ) async throws -> Report {
        let now = scope.vault.now
        let day = RequestBudget.day(of: now)
        let (connection, sealed, used) = try await scope.read { session in
            guard let connection = try await session.connections.find(id) else {
                throw VaultError(.notFound, "There is no connection \(id) in this household.")
            }
            return (
                connection, try await session.connections.sealedAccess(of: id),
                try await session.syncRecords.requestsUsed(by: id, on: day)
            )
        }
        var report = Report(connection: connection)
        // A revoked token needs a new one; after a lapsed subscription a person may retry by hand once renewed.
        guard connection.status != .needsToken, connection.status != .paymentRequired || trigger == .manual else {
            let reason = connection.statusMessage ?? "This connection needs attention before it can sync."
            report.messages.append(reason)
            report.failure = reason
            return report
        }
        let budget = RequestBudget(used: used)
        report.remainingRequests = budget.remaining
        if connection.status == .rateLimited, let last = connection.lastSyncAt, RequestBudget.day(of: last) == day {
            // After a 429 the bridge is left alone until the next UTC day (reference section 5.4).
            let reason = "SimpleFIN asked to slow down today; the next sync runs after midnight UTC."
            report.messages.append(reason)
            report.failure = reason
            return report
        }
        if trigger == .automatic, !SyncSchedule.isStale(lastSync: connection.lastSyncAt, now: now) {
            report.messages.append("Synced less than 4 hours ago; the automatic sync waits.")
            return report
        }
        var windows = SyncWindows.plan(lastSuccessfulSync: connection.lastSuccessAt, now: now, historyDays: historyDays)
        let planned = windows.count
        if !budget.allows(trigger, requests: windows.count) {
            let affordable =
                trigger == .manual ? budget.remaining : max(0, RequestBudget.automaticStopsAt - budget.used)
            guard affordable > 0 else {
                report.messages.append(
                    trigger == .manual
                        ? "No SimpleFIN requests are left today; sync again after midnight UTC."
                        : "Automatic sync is paused to keep the last request of the day for you.")
                report.remainingRequests = budget.remaining
                return report
            }
            windows = Array(windows.prefix(affordable))
            report.messages.append(
                "Only \(affordable) request(s) left today: synced the most recent history, the rest follows tomorrow.")
        }
        let access = try AccessURL(try secrets.open(sealed, context: id.description))

        var sets: [(SyncWindows.Window, AccountSet)] = []
        var failure: (BankConnection.Status, String)?
        let limit = trigger == .manual ? RequestBudget.dailyLimit : RequestBudget.automaticStopsAt
        for window in windows {
            let reserved = try await vaultOperation {
                try await scope.vault.database.reserveSyncRequest(
                    household: scope.householdID, connection: id, on: day, limit: limit)
            }
            guard reserved else {
                report.messages.append("Another sync used up today's SimpleFIN requests; the rest follows tomorrow.")
                break
            }
            report.requests += 1
            do {
                let set = try await client.accounts(
                    access, AccountsQuery(start: window.start, end: window.end, pending: true))
                sets.append((window, set))
            } catch {
                failure = Self.status(for: error)
                break
            }
        }
        report.remainingRequests = RequestBudget(used: used + report.requests).remaining
        let merged = sets
        let stop = failure
        return try await scope.write { session in
            var connection = try await session.connections.find(id) ?? connection
            connection.lastSyncAt = now
            if !merged.isEmpty {
                try await SyncMerge(
                    session: session, household: try await session.household(), connection: connection, now: now
                )
                .merge(merged, into: &report)
            }
            if let (status, message) = stop {
                connection.status = status
                connection.statusMessage = message
                report.messages.append(message)
                report.failure = message
            } else {
                connection.status = .active
                connection.statusMessage = report.messages.first
                if report.newInstitution, connection.lastSuccessAt != nil {
                    // An institution linked at the bridge since the last sync gets its full history next time.
                    connection.lastSuccessAt = nil
                } else if merged.count == planned, !report.partialFailure {
                    // A sync cut short by the budget, or one where a bank failed part-way, reads the same
                    // period again next time instead of moving past the gap.
                    connection.lastSuccessAt = now
                }
            }
            if RequestBudget(used: used + report.requests).state == .warning {
                report.messages.append(
                    "\(report.remainingRequests) SimpleFIN requests are left today; syncs beyond \(RequestBudget.dailyLimit) wait until midnight UTC."
                )
            }
            try await session.connections.update(connection)
            report.connection = connection
            return report
        }
    }

    /// The connection state a SimpleFIN failure leaves behind, with what to do.
    static func status(for error: any Error) -> (BankConnection.Status, String) {
        guard let error = error as? SimpleFINError else { return (.unreachable, "\(error)") }
        switch error.code {
        case .accessRevoked, .invalidAccessURL, .claimRefused, .invalidSetupToken: return (.needsToken, error.message)
        case .paymentRequired: return (.paymentRequired, error.message)
        case .rateLimited: return (.rateLimited, error.message)
        // A refused address was not contacted: like an unreachable bridge, it is tried (and checked) again next time.
        case .unexpectedStatus, .notJSON, .malformedResponse, .timeout, .transport, .privateAddress:
            return (.unreachable, error.message)
        }
    }
}
