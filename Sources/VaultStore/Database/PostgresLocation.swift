import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A PostgreSQL server and database, parsed from `postgres://user:password@host:port/database?key=value&...`.
///
/// The keys GhostVault reads (any other `ssl…` key is refused rather than ignored):
/// - `sslmode`: `disable`, `prefer`, `require`, `verify-ca` or `verify-full`, as libpq means them (see
///   `PostgresTLSMode`). Default: `disable` on loopback (`localhost`, 127.0.0.0/8, `::1`), `require` elsewhere,
///   so a server on another machine is reached in clear only when the URL says `sslmode=disable`.
/// - `sslrootcert`: a PEM file of the CA certificates that verify the server (a private CA), or `system` for
///   the system's trusted roots (then the default mode is `verify-full`, and weaker ones are refused, as in
///   libpq 16). Without it, `verify-ca` and `verify-full` use the system's roots. With a file, `require` verifies
///   the chain as `verify-ca` does.
/// - `schema`: a schema to work in instead of `public`.
/// - `connect_timeout`: seconds (1 to 300, default 5) a query waits for a connection, and a new connection for
///   the server, before the database counts as unreachable.
public struct PostgresLocation: Sendable, Hashable, CustomStringConvertible {
    /// Where the certificates that verify the server come from.
    public enum TrustedRoots: Sendable, Hashable {
        /// The system's trusted CA certificates.
        case system
        /// The CA certificates in a PEM file (`sslrootcert=/path/ca.pem`).
        case file(path: String)
    }

    /// The host name or IP address, without the brackets an IPv6 address has in a URL.
    public var host: String
    public var port: Int
    public var username: String
    public var password: String?
    public var database: String?
    public var tlsMode: PostgresTLSMode
    /// What verifies the server's certificate, in the modes that verify it.
    public var trustedRoots: TrustedRoots
    /// A schema to work in instead of `public`; tests give each test its own.
    public var schema: String?
    /// How long a query waits for a connection (and a new connection for the server) before the database
    /// counts as unreachable: `connect_timeout` in seconds, as libpq names it; 5 unless given.
    public var connectTimeout: Duration = .seconds(5)

    public init(url text: String) throws(StoreError) {
        guard let url = URLComponents(string: text), let host = url.host, !host.isEmpty else {
            throw StoreError(
                .configuration,
                "The PostgreSQL URL could not be read; write it as "
                    + "postgres://user:password@host:5432/database.")
        }
        self.host = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        self.port = url.port ?? 5432
        self.username = url.percentEncodedUser?.removingPercentEncoding ?? "postgres"
        self.password = url.percentEncodedPassword?.removingPercentEncoding
        let path = url.path.hasPrefix("/") ? String(url.path.dropFirst()) : url.path
        self.database = path.isEmpty ? nil : path
        let query = Dictionary((url.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { $1 })
        if let unknown = query.keys.sorted().first(where: {
            $0.hasPrefix("ssl") && !["sslmode", "sslrootcert"].contains($0)
        }) {
            throw StoreError(
                .configuration,
                "\(unknown) is not supported; GhostVault reads sslmode and sslrootcert "
                    + "(client certificates are not supported: use a password).")
        }
        let rootCertificate = query["sslrootcert"]
        self.trustedRoots =
            switch rootCertificate {
            case nil, "system": .system
            case .some(let path): .file(path: (path as NSString).expandingTildeInPath)
            }
        self.tlsMode =
            try query["sslmode"].map { text throws(StoreError) in try PostgresTLSMode(sslmode: text) }
            ?? .implied(loopback: Self.isLoopback(self.host), systemRoots: rootCertificate == "system")
        if rootCertificate == "system", tlsMode != .verifyFull {
            throw StoreError(
                .configuration,
                "sslrootcert=system needs sslmode=verify-full (the system's roots vouch for names, not for a "
                    + "private server); use verify-full, or give your CA's file as sslrootcert.")
        }
        if rootCertificate != nil, tlsMode == .disable {
            throw StoreError(
                .configuration,
                "sslrootcert is given but sslmode=disable turns TLS off; use sslmode=verify-full to check the "
                    + "server with that certificate, or remove sslrootcert.")
        }
        if let text = query["connect_timeout"] {
            guard let seconds = Int(text), (1...300).contains(seconds) else {
                throw StoreError(
                    .configuration, "connect_timeout=\(text) must be a whole number of seconds from 1 to 300.")
            }
            self.connectTimeout = .seconds(seconds)
        }
        self.schema = query["schema"]
        if let schema, !schema.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }) {
            throw StoreError(.configuration, "schema=\(schema) must be letters, digits and underscores.")
        }
    }

    /// Whether `host` is this machine: `localhost`, an address in 127.0.0.0/8, or `::1` (also written in full,
    /// or as the IPv4-mapped `::ffff:127.x.y.z`). Names other than `localhost` count as remote, whatever they
    /// resolve to.
    public static func isLoopback(_ host: String) -> Bool {
        if ["localhost", "localhost."].contains(host.lowercased()) { return true }
        var v4 = in_addr()
        if inet_pton(AF_INET, host, &v4) == 1 {
            return UInt32(bigEndian: v4.s_addr) >> 24 == 127
        }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, host, &v6) == 1 else { return false }
        let bytes = withUnsafeBytes(of: v6) { Array($0) }
        let ipv4Mapped = bytes[..<10].allSatisfy { $0 == 0 } && bytes[10] == 0xFF && bytes[11] == 0xFF
        return (bytes[..<15].allSatisfy { $0 == 0 } && bytes[15] == 1) || (ipv4Mapped && bytes[12] == 127)
    }

    /// The URL without the password.
    public var description: String {
        var options = ["sslmode=\(tlsMode)"]
        if case .file(let path) = trustedRoots { options.append("sslrootcert=\(path)") }
        if let schema { options.append("schema=\(schema)") }
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return "postgres://\(username)@\(shownHost):\(port)/\(database ?? "")?" + options.joined(separator: "&")
    }
}
