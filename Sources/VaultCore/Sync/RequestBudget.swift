import Foundation

/// The SimpleFIN daily request budget of one connection (spec `ghostvault.md` section 4).
///
/// The bridge expects at most 24 requests a day per access token and blocks tokens that go far
/// beyond (reference section 4), so GhostVault keeps its own count per connection per UTC day:
///
/// | requests used today | state        | what may run                               |
/// |---------------------|--------------|--------------------------------------------|
/// | 0 to 19             | normal       | automatic and manual syncs                 |
/// | 20 to 22            | warning      | both, with a warning shown                 |
/// | 23                  | manual only  | manual syncs; automatic ones stop to keep the last request for a person |
/// | 24                  | exhausted    | nothing until midnight UTC                 |
public struct RequestBudget: Hashable, Sendable {
    /// Requests the bridge expects per day (reference section 4; spec section 4).
    public static let dailyLimit = 24
    /// From this many requests used, the person is warned (spec section 4).
    public static let warningAt = 20
    /// From this many used, automatic sync stops so one request stays for a manual sync (spec section 4).
    public static let automaticStopsAt = 23

    /// Requests already made today (UTC).
    public let used: Int

    public init(used: Int) { self.used = max(0, used) }

    /// Where the budget stands.
    public enum State: String, Hashable, Sendable {
        case normal, warning, manualOnly = "manual-only", exhausted
    }

    public var state: State {
        if used >= Self.dailyLimit { return .exhausted }
        if used >= Self.automaticStopsAt { return .manualOnly }
        if used >= Self.warningAt { return .warning }
        return .normal
    }

    /// Requests left today, as shown to a person ("22/24").
    public var remaining: Int { max(0, Self.dailyLimit - used) }

    /// Whether a sync needing `requests` requests may start: an automatic one must leave the last
    /// request for a person, a manual one may use everything left.
    public func allows(_ trigger: SyncTrigger, requests: Int) -> Bool {
        switch trigger {
        case .automatic: used + requests <= Self.automaticStopsAt
        case .manual: used + requests <= Self.dailyLimit
        }
    }

    /// The UTC day an instant falls on, as days since 1970-01-01: the budget resets when it changes.
    public static func day(of instant: Date) -> Int64 {
        Int64((instant.timeIntervalSince1970 / 86_400).rounded(.down))
    }
}

/// Who asked for a sync.
public enum SyncTrigger: String, Hashable, Sendable {
    /// The daily schedule, or a stale view opening (spec section 4: over 4 hours since the last sync).
    case automatic
    /// A person pressing Sync Now or running `ghostvault sync`.
    case manual
}

/// When an automatic sync is due (spec `ghostvault.md` section 4, Background Sync).
public enum SyncSchedule {
    /// A view opening syncs when the last sync is older than this.
    public static let staleAfter: TimeInterval = 4 * 3_600
    /// The scheduled sync runs once a day.
    public static let dailyInterval: TimeInterval = 24 * 3_600

    /// Whether the daily automatic sync is due.
    public static func dailyDue(lastSync: Date?, now: Date) -> Bool {
        guard let lastSync else { return true }
        return now.timeIntervalSince(lastSync) >= dailyInterval
    }

    /// Whether opening the app should sync because the data is stale.
    public static func isStale(lastSync: Date?, now: Date) -> Bool {
        guard let lastSync else { return true }
        return now.timeIntervalSince(lastSync) > staleAfter
    }
}
