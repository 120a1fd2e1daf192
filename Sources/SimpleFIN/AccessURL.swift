import Foundation

/// The secret URL that grants read access to a SimpleFIN user's data: `https://user:pass@host/path`.
///
/// The credentials are split out for Basic authentication and never printed: `description` hides them.
public struct AccessURL: Hashable, Sendable, CustomStringConvertible {
    /// The server root without credentials: endpoints such as `/accounts` are appended to it.
    public let root: URL
    public let username: String
    public let password: String
    /// The URL exactly as the claim returned it (trimmed), for storing encrypted.
    public let rawValue: String

    /// Parses and validates an access URL: an absolute HTTPS URL with a user name and password
    /// (percent-escapes decoded). Plain HTTP is accepted only for loopback addresses, which tests and
    /// the local demo bridge use.
    public init(_ text: String) throws(SimpleFINError) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let components = URLComponents(string: trimmed), let scheme = components.scheme?.lowercased(),
            let host = components.host, !host.isEmpty
        else {
            throw SimpleFINError(.invalidAccessURL, "The access URL is not a URL; claim a new setup token.")
        }
        guard let user = components.percentEncodedUser?.removingPercentEncoding, !user.isEmpty,
            let password = components.percentEncodedPassword?.removingPercentEncoding, !password.isEmpty
        else {
            throw SimpleFINError(.invalidAccessURL, "The access URL carries no credentials; claim a new setup token.")
        }
        try Self.requireSecure(scheme: scheme, host: host)
        var bare = components
        bare.user = nil
        bare.password = nil
        bare.query = nil
        bare.fragment = nil
        if bare.path.hasSuffix("/") { bare.path.removeLast() }
        guard let root = bare.url else {
            throw SimpleFINError(.invalidAccessURL, "The access URL could not be read; claim a new setup token.")
        }
        self.root = root
        self.username = user
        self.password = password
        self.rawValue = trimmed
    }

    /// The value of the `Authorization` header.
    var basicAuthorization: String {
        "Basic " + Data("\(username):\(password)".utf8).base64EncodedString()
    }

    /// The root with the credentials replaced by `***`, safe for logs and messages.
    public var description: String {
        guard var components = URLComponents(url: root, resolvingAgainstBaseURL: false) else { return "***" }
        components.user = "***"
        return components.string ?? "***"
    }

    /// HTTPS everywhere; HTTP only to this machine (reference section 2.3).
    static func requireSecure(scheme: String, host: String) throws(SimpleFINError) {
        switch scheme {
        case "https":
            return
        case "http" where isLoopback(host):
            return
        default:
            throw SimpleFINError(
                .invalidAccessURL,
                "SimpleFIN must be reached over HTTPS (plain HTTP is allowed only to this machine); got \(scheme)://\(host)."
            )
        }
    }

    /// Whether a host name or address is this machine: `localhost`, or an address literal in any form
    /// the resolver reads (`127.1`, `0x7f.1`, `[::ffff:127.0.0.1]`) whose value is loopback, the way
    /// `AddressPolicy` reads it. `127.evil.example` is a name, not loopback.
    static func isLoopback(_ host: String) -> Bool {
        if host.lowercased() == "localhost" { return true }
        return IPAddress(literal: host)?.scope == .loopback
    }
}
