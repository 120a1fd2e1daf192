import Foundation

/// Which addresses the SimpleFIN client may send requests to.
///
/// A setup token names a URL the server then requests, and the bridge's claim answers with another
/// URL the server requests on every sync. On a server with open sign-up, anyone could otherwise make it
/// call addresses on its own machine or network (server-side request forgery): `127.0.0.1:5432`, a
/// router's admin page, the cloud metadata service at `169.254.169.254`. So before every request the
/// client resolves the host, checks every address it resolves to (`IPAddress.scope`), and connects to
/// the address it checked (see `SimpleFINClient`): a DNS answer that changes between the check and
/// the connection (DNS rebinding) is never used.
///
/// - `publicOnly` (the default) allows public addresses only.
/// - `allowPrivate` allows everything: a server run with `--allow-private-bridges`, or `--demo`.
/// - `allowing(_:port:)` adds one exact address and port, such as the demo bridge on `127.0.0.1` or
///   a test's bridge, without opening the rest of the machine.
public struct AddressPolicy: Sendable {
    /// Whether addresses on this machine and its networks are allowed.
    public let allowsPrivate: Bool
    /// Address and port pairs allowed whatever their scope.
    public private(set) var exceptions: Set<Endpoint>
    /// Where host names are looked up.
    let resolver: any HostResolver

    /// One address and port.
    public struct Endpoint: Hashable, Sendable {
        public let address: IPAddress
        public let port: Int

        public init(_ address: IPAddress, port: Int) {
            self.address = address
            self.port = port
        }
    }

    /// Public addresses only, looked up with the system resolver.
    public static let publicOnly = AddressPolicy(allowsPrivate: false)
    /// Any address: for a server whose operator runs their own bridge.
    public static let allowPrivate = AddressPolicy(allowsPrivate: true)

    public init(allowsPrivate: Bool, resolver: any HostResolver = SystemResolver()) {
        self.allowsPrivate = allowsPrivate
        self.exceptions = []
        self.resolver = resolver
    }

    /// This policy, also allowing exactly `address` on `port`.
    public func allowing(_ address: IPAddress, port: Int) -> AddressPolicy {
        var policy = self
        policy.exceptions.insert(Endpoint(address, port: port))
        return policy
    }

    /// Checks the host of `url` and returns the address to connect to, or nil when every address is
    /// allowed and the HTTP client may resolve the name itself.
    ///
    /// Every address the name resolves to must be allowed, not just the first: a name that answers
    /// with both a public and a private address is refused. The first address is the one to use.
    public func admit(_ url: URL) async throws(SimpleFINError) -> IPAddress? {
        guard let host = Self.connectionHost(of: url) else {
            throw SimpleFINError(.invalidAccessURL, "The SimpleFIN address has no host; use a new setup token.")
        }
        let port = url.port ?? (url.scheme?.lowercased() == "http" ? 80 : 443)
        return try await admit(host: host, port: port)
    }

    /// Checks `host` on `port` (see `admit(_:)`).
    public func admit(host: String, port: Int) async throws(SimpleFINError) -> IPAddress? {
        guard !allowsPrivate else { return nil }
        let addresses: [IPAddress]
        if let literal = IPAddress(literal: host) {
            addresses = [literal]
        } else if Self.isLocalhostName(host) {
            // RFC 6761: these names are this machine whatever a resolver says (some answer for
            // `x.localhost`, some send it on to DNS); they are judged as loopback without a lookup.
            addresses = [.v4(0x7F00_0001), .v6(1)]
        } else {
            do {
                addresses = try await resolver.addresses(of: host)
            } catch {
                throw SimpleFINError(
                    .transport,
                    "Could not find the SimpleFIN server \(host): its name does not resolve. Check the token and "
                        + "the network, and try again.")
            }
        }
        guard let first = addresses.first else {
            throw SimpleFINError(.transport, "Could not find the SimpleFIN server \(host); try again later.")
        }
        if let refused = addresses.first(where: { !allows($0, port: port) }) {
            throw Self.refusal(host: host, address: refused)
        }
        return first
    }

    /// `localhost` and the names under it (`x.localhost`, with or without the final dot).
    static func isLocalhostName(_ host: String) -> Bool {
        var name = host.lowercased()
        if name.hasSuffix(".") { name.removeLast() }
        return name == "localhost" || name.hasSuffix(".localhost")
    }

    /// Whether one resolved address may be contacted on `port`.
    public func allows(_ address: IPAddress, port: Int) -> Bool {
        allowsPrivate || address.scope == .public || exceptions.contains(Endpoint(address, port: port))
    }

    /// The host the HTTP client connects to for `url`, written as AsyncHTTPClient reads it (`URL.host`
    /// without IPv6 brackets), so that the pinned address is found under the same name.
    static func connectionHost(of url: URL) -> String? {
        guard var host = url.host, !host.isEmpty else { return nil }
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        return host
    }

    /// What a person is told: where the name led, why it is refused, and what to do instead.
    static func refusal(host: String, address: IPAddress) -> SimpleFINError {
        let named =
            IPAddress(literal: host) == address
            ? "This bridge address (\(address))" : "This bridge address (\(host)) resolves to \(address), which"
        return SimpleFINError(
            .privateAddress,
            "\(named) is not a public internet address: it is \(address.scope.phrase). GhostVault does not send "
                + "SimpleFIN requests to this server's own network. Use a setup token from SimpleFIN Bridge, or start "
                + "GhostVault with --allow-private-bridges to use a bridge you run yourself.")
    }
}
