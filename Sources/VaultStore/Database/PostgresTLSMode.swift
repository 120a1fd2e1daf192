/// How connections to PostgreSQL use TLS: the URL's `sslmode`, with libpq's meanings.
///
/// Only `verify-full` stops an impostor on the network: `prefer` and `require` encrypt but accept any
/// certificate, and `verify-ca` accepts any certificate its CA signed, for whatever host. libpq's `allow`
/// (plain first, TLS only when the server insists) is not offered: PostgresNIO always asks for TLS first.
public enum PostgresTLSMode: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// No TLS: passwords and data cross the network in clear. The default on loopback.
    case disable
    /// TLS when the server offers it, plain when it does not; the certificate is not checked.
    case prefer
    /// TLS or no connection; the certificate is not checked, unless `sslrootcert` names a CA file, which makes
    /// it `verifyCA` (libpq's rule, kept so a libpq URL means the same here). The default off loopback.
    case require
    /// TLS, with the server's certificate chain verified against `sslrootcert` or the system's trusted roots.
    case verifyCA = "verify-ca"
    /// As `verifyCA`, and the certificate must also be for the URL's host (its name, or its IP address).
    case verifyFull = "verify-full"

    /// The mode when the URL names none: `disable` on loopback, where nothing crosses a network, else `require`;
    /// `verify-full` when `sslrootcert=system` asks for the system's roots (as libpq 16 does).
    static func implied(loopback: Bool, systemRoots: Bool) -> PostgresTLSMode {
        systemRoots ? .verifyFull : loopback ? .disable : .require
    }

    /// Reads `sslmode`, saying which modes work when it is none of them.
    init(sslmode text: String) throws(StoreError) {
        if let mode = PostgresTLSMode(rawValue: text) {
            self = mode
        } else if text == "allow" {
            throw StoreError(
                .configuration,
                "sslmode=allow is not supported; use sslmode=prefer to encrypt when the server offers TLS, "
                    + "or sslmode=verify-full to insist on TLS with a checked certificate.")
        } else {
            throw StoreError(
                .configuration,
                "sslmode=\(text) is not a TLS mode; use one of \(Self.allCases.map(\.rawValue).joined(separator: ", ")) "
                    + "(verify-full checks the server's certificate and name).")
        }
    }

    public var description: String { rawValue }
}
