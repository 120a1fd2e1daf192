import Foundation

/// Limits sign-in attempts so a password cannot be guessed, without letting a stranger lock the owner out
/// (OWASP's authentication cheat sheet: limit per account and per source, and beware of lockouts used as a
/// denial of service).
///
/// Three counts within a sliding window:
/// - per account *and* address: `perAccount` failures make that address wait for the window to pass;
/// - per address: `perAddress` failures across any accounts make the address wait (password spraying);
/// - per account, from addresses it has never signed in from: past `perAccount` such failures, each further
///   attempt from an unfamiliar address waits `slowdown` after the last one. Guessing from many addresses is
///   slowed to a crawl, while the owner, from an address they signed in from before, is never held back by
///   what others did.
///
/// An attempt is counted as a failure *before* the password is checked (bcrypt takes a quarter of a second,
/// and requests sent in parallel would otherwise all pass the check before any failure is counted); a
/// success takes its count back, clears its address's failures for the account and remembers the address.
///
/// The counts live in memory, at most `maximumKeys` of them: a restart forgets them, and each server
/// instance counts on its own.
actor LoginLimiter {
    let perAccount: Int
    let perAddress: Int
    let window: TimeInterval
    /// How long an attempt from an unfamiliar address waits after the last one, once an account has had
    /// `perAccount` failures from unfamiliar addresses: two guesses a minute, about a minute's delay for the owner
    /// on a new network.
    let slowdown: TimeInterval
    /// Enough for a burst of sprayed emails without letting one grow the server's memory without bound.
    static let maximumKeys = 50_000
    /// Addresses remembered per account (a phone moves between a few networks).
    static let familiarAddressesPerAccount = 16
    private var failures: [String: [Date]] = [:]
    private var familiar: [String: [String]] = [:]
    private var lastPrune = Date.distantPast

    /// Why an attempt must wait.
    enum Reason: String, Sendable {
        case accountAndAddress = "failures for this account from this address"
        case address = "failures from this address"
        case unfamiliarAddresses = "failures for this account from addresses it has not signed in from"
    }

    /// An attempt that must wait, until when and why.
    struct Refusal: Sendable, Equatable {
        let until: Date
        let reason: Reason
    }

    init(perAccount: Int, perAddress: Int, window: Duration, slowdown: Duration = .seconds(30)) {
        self.perAccount = perAccount
        self.perAddress = perAddress
        self.window = TimeInterval(window.components.seconds)
        self.slowdown = TimeInterval(slowdown.components.seconds)
    }

    /// Starts an attempt: nil when it may go ahead (it is then counted until `succeeded`), else why and until
    /// when it must wait.
    func begin(email: String, address: String, now: Date) -> Refusal? {
        if let refusal = retryAfter(email: email, address: address, now: now) { return refusal }
        record(email: email, address: address, now: now)
        return nil
    }

    /// The attempt begun at `now` was right: it no longer counts, the account's failures from this address are
    /// forgiven, and the address becomes familiar to the account.
    func succeeded(email: String, address: String, now: Date) {
        failures[Self.pair(email, address)] = nil
        for key in ["address:" + address, "unfamiliar:" + email] {
            if var dates = failures[key], let index = dates.lastIndex(of: now) {
                dates.remove(at: index)
                failures[key] = dates.isEmpty ? nil : dates
            }
        }
        var addresses = familiar[email, default: []].filter { $0 != address }
        addresses.append(address)
        familiar[email] = Array(addresses.suffix(Self.familiarAddressesPerAccount))
        if familiar.count > Self.maximumKeys, let any = familiar.keys.first(where: { $0 != email }) {
            familiar[any] = nil
        }
    }

    /// Why and until when the next attempt must wait, or nil when it may be made now.
    func retryAfter(email: String, address: String, now: Date) -> Refusal? {
        prune(now: now)
        let pairKey = Self.pair(email, address)
        trim([pairKey, "address:" + address, "unfamiliar:" + email], now: now)
        var refusals: [Refusal] = []
        if let pair = failures[pairKey], pair.count >= perAccount, let oldest = pair.first {
            refusals.append(Refusal(until: oldest.addingTimeInterval(window), reason: .accountAndAddress))
        }
        if let source = failures["address:" + address], source.count >= perAddress, let oldest = source.first {
            refusals.append(Refusal(until: oldest.addingTimeInterval(window), reason: .address))
        }
        if !isFamiliar(email, address), let strangers = failures["unfamiliar:" + email],
            strangers.count >= perAccount, let last = strangers.last, now < last.addingTimeInterval(slowdown)
        {
            refusals.append(Refusal(until: last.addingTimeInterval(slowdown), reason: .unfamiliarAddresses))
        }
        return refusals.max { $0.until < $1.until }
    }

    /// Counts a failure (for tests and for failures found without `begin`).
    func record(email: String, address: String, now: Date) {
        if failures.count >= Self.maximumKeys { prune(now: now, force: true) }
        if failures.count >= Self.maximumKeys, let oldest = failures.min(by: { $0.value.last! < $1.value.last! }) {
            failures[oldest.key] = nil
        }
        failures[Self.pair(email, address), default: []].append(now)
        failures["address:" + address, default: []].append(now)
        if !isFamiliar(email, address) { failures["unfamiliar:" + email, default: []].append(now) }
    }

    private func isFamiliar(_ email: String, _ address: String) -> Bool {
        familiar[email]?.contains(address) ?? false
    }

    private static func pair(_ email: String, _ address: String) -> String { "pair:" + address + " " + email }

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
