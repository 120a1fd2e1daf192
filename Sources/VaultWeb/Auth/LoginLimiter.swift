import Foundation

/// Counts failed sign-ins per account and per client address within a sliding window, so a password
/// cannot be guessed by trying many (OWASP's authentication cheat sheet: limit attempts per account and
/// per source). A success clears the account's count.
///
/// The counts live in memory: a restart forgets them, and each server instance counts on its own.
actor LoginLimiter {
    let perAccount: Int
    let perAddress: Int
    let window: TimeInterval
    private var failures: [String: [Date]] = [:]

    init(perAccount: Int, perAddress: Int, window: Duration) {
        self.perAccount = perAccount
        self.perAddress = perAddress
        self.window = TimeInterval(window.components.seconds)
    }

    /// When the next attempt may be made, or nil when it may be made now.
    func retryAfter(email: String, address: String, now: Date) -> Date? {
        prune(now: now)
        let account = failures["account:" + email] ?? []
        let source = failures["address:" + address] ?? []
        var waits: [Date] = []
        if account.count >= perAccount, let oldest = account.first { waits.append(oldest.addingTimeInterval(window)) }
        if source.count >= perAddress, let oldest = source.first { waits.append(oldest.addingTimeInterval(window)) }
        return waits.max()
    }

    func recordFailure(email: String, address: String, now: Date) {
        failures["account:" + email, default: []].append(now)
        failures["address:" + address, default: []].append(now)
    }

    func recordSuccess(email: String) {
        failures["account:" + email] = nil
    }

    private func prune(now: Date) {
        let cutoff = now.addingTimeInterval(-window)
        for (key, dates) in failures {
            let kept = dates.filter { $0 > cutoff }
            failures[key] = kept.isEmpty ? nil : kept
        }
    }
}
