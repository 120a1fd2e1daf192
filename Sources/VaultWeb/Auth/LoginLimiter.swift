import Foundation

/// Counts sign-in attempts per account and per client address within a sliding window, so a password
/// cannot be guessed by trying many (OWASP's authentication cheat sheet: limit attempts per account and
/// per source).
///
/// An attempt is counted as a failure *before* the password is checked (bcrypt takes a quarter of a second,
/// and requests sent in parallel would otherwise all pass the check before any failure is counted); a
/// success takes its count back and clears the account's failures.
///
/// The counts live in memory, at most `maximumKeys` of them: a restart forgets them, and each server
/// instance counts on its own.
actor LoginLimiter {
    let perAccount: Int
    let perAddress: Int
    let window: TimeInterval
    /// Enough for a burst of sprayed emails without letting one grow the server's memory without bound.
    static let maximumKeys = 50_000
    private var failures: [String: [Date]] = [:]
    private var lastPrune = Date.distantPast

    init(perAccount: Int, perAddress: Int, window: Duration) {
        self.perAccount = perAccount
        self.perAddress = perAddress
        self.window = TimeInterval(window.components.seconds)
    }

    /// Starts an attempt: nil when it may go ahead (it is then counted until `succeeded`), else when the next
    /// attempt may be made.
    func begin(email: String, address: String, now: Date) -> Date? {
        if let wait = retryAfter(email: email, address: address, now: now) { return wait }
        record(email: email, address: address, now: now)
        return nil
    }

    /// The attempt begun at `now` was right: it no longer counts, and the account's failures are forgiven.
    func succeeded(email: String, address: String, now: Date) {
        failures["account:" + email] = nil
        let key = "address:" + address
        if var dates = failures[key], let index = dates.lastIndex(of: now) {
            dates.remove(at: index)
            failures[key] = dates.isEmpty ? nil : dates
        }
    }

    /// When the next attempt may be made, or nil when it may be made now.
    func retryAfter(email: String, address: String, now: Date) -> Date? {
        prune(now: now)
        trim(["account:" + email, "address:" + address], now: now)
        let account = failures["account:" + email] ?? []
        let source = failures["address:" + address] ?? []
        var waits: [Date] = []
        if account.count >= perAccount, let oldest = account.first { waits.append(oldest.addingTimeInterval(window)) }
        if source.count >= perAddress, let oldest = source.first { waits.append(oldest.addingTimeInterval(window)) }
        return waits.max()
    }

    /// Counts a failure (for tests and for failures found without `begin`).
    func record(email: String, address: String, now: Date) {
        if failures.count >= Self.maximumKeys { prune(now: now, force: true) }
        if failures.count >= Self.maximumKeys, let oldest = failures.min(by: { $0.value.last! < $1.value.last! }) {
            failures[oldest.key] = nil
        }
        failures["account:" + email, default: []].append(now)
        failures["address:" + address, default: []].append(now)
    }

    /// Drops every failure older than the window, at most once a second so sprayed attempts stay cheap.
    private func prune(now: Date, force: Bool = false) {
        guard force || abs(now.timeIntervalSince(lastPrune)) >= 1 else { return }
        lastPrune = now
        trim(Array(failures.keys), now: now)
    }

    private func trim(_ keys: [String], now: Date) {
        let cutoff = now.addingTimeInterval(-window)
        for key in keys {
            guard let dates = failures[key] else { continue }
            let kept = dates.filter { $0 > cutoff }
            failures[key] = kept.isEmpty ? nil : kept
        }
    }
}
