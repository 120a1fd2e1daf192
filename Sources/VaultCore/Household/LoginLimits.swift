import Foundation

/// The rules that limit sign-in attempts so a password cannot be guessed, without letting a stranger lock the
/// owner out (OWASP's authentication cheat sheet: limit per account and per source, and beware of lockouts used
/// as a denial of service). The counts themselves are kept by the store, shared by every server.
///
/// Three counts within a sliding window:
/// - per account *and* address: `perAccount` failures make that address wait for the window to pass;
/// - per address: `perAddress` failures across any accounts make the address wait (password spraying);
/// - per account, from addresses it has never signed in from: past `perAccount` such failures, each further
///   attempt from an unfamiliar address waits `slowdown` after the last one. Guessing from many addresses is
///   slowed to a crawl, while the owner, from an address they signed in from before, is never held back by
///   what others did.
public struct LoginLimits: Hashable, Sendable {
    public let perAccount: Int
    public let perAddress: Int
    /// Seconds.
    public let window: TimeInterval
    /// Seconds an attempt from an unfamiliar address waits after the last one, once an account has had
    /// `perAccount` failures from unfamiliar addresses.
    public let slowdown: TimeInterval
    /// Addresses remembered per account (a phone moves between a few networks).
    public static let familiarAddressesPerAccount = 16

    public init(perAccount: Int, perAddress: Int, window: Duration, slowdown: Duration = .seconds(30)) {
        self.perAccount = perAccount
        self.perAddress = perAddress
        self.window = TimeInterval(window.components.seconds)
        self.slowdown = TimeInterval(slowdown.components.seconds)
    }

    /// Why an attempt must wait.
    public enum Reason: String, Sendable {
        case accountAndAddress = "failures for this account from this address"
        case address = "failures from this address"
        case unfamiliarAddresses = "failures for this account from addresses it has not signed in from"
    }

    /// An attempt that must wait, until when and why.
    public struct Refusal: Sendable, Equatable {
        public let until: Date
        public let reason: Reason

        public init(until: Date, reason: Reason) {
            self.until = until
            self.reason = reason
        }
    }

    /// The keys failures are counted under: the account and address, the address, the account from strangers.
    public struct Keys: Sendable {
        public let pair: String
        public let address: String
        public let unfamiliar: String

        /// Keys for an email and an address, each cut to the length the store keeps (320 and 300 characters).
        public init(email: String, address: String) {
            let (email, address) = LoginLimits.clamped(email: email, address: address)
            pair = "pair:" + address + " " + email
            self.address = "address:" + address
            unfamiliar = "unfamiliar:" + email
        }
    }

    /// The failures within the window under each key, oldest first, and whether the address is familiar.
    public struct History: Sendable {
        public var pair: [Date]
        public var address: [Date]
        public var unfamiliar: [Date]
        public var isFamiliar: Bool

        public init(pair: [Date], address: [Date], unfamiliar: [Date], isFamiliar: Bool) {
            self.pair = pair
            self.address = address
            self.unfamiliar = unfamiliar
            self.isFamiliar = isFamiliar
        }
    }

    /// An email and an address as the store keeps them: at most 320 and 300 characters.
    public static func clamped(email: String, address: String) -> (email: String, address: String) {
        (String(email.prefix(320)), String(address.prefix(300)))
    }

    /// Why and until when an attempt at `now` must wait, or nil when it may be made.
    public func refusal(_ history: History, now: Date) -> Refusal? {
        var refusals: [Refusal] = []
        if history.pair.count >= perAccount, let oldest = history.pair.first {
            refusals.append(Refusal(until: oldest.addingTimeInterval(window), reason: .accountAndAddress))
        }
        if history.address.count >= perAddress, let oldest = history.address.first {
            refusals.append(Refusal(until: oldest.addingTimeInterval(window), reason: .address))
        }
        if !history.isFamiliar, history.unfamiliar.count >= perAccount, let last = history.unfamiliar.last,
            now < last.addingTimeInterval(slowdown)
        {
            refusals.append(Refusal(until: last.addingTimeInterval(slowdown), reason: .unfamiliarAddresses))
        }
        return refusals.max { $0.until < $1.until }
    }
}
