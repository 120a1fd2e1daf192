import Foundation
import SimpleFIN
import VaultCore
import VaultServices

/// Which SimpleFIN bridges a person may point this server at.
///
/// A setup token names a URL the server then requests, on sign-up's say-so; without a check, anyone with an
/// account could make the server probe addresses on its own network (server-side request forgery). Unless the
/// deployment allows private bridges (`--allow-private-bridges`, and `--demo`, whose bridge is on loopback),
/// a token naming `localhost`, a loopback, private, link-local or unique-local address literal is refused.
/// Host names are not resolved here: a name that resolves to a private address is not caught.
enum BridgeAddressPolicy {
    static func check(_ setupToken: String, allowPrivate: Bool) throws {
        guard !allowPrivate else { return }
        let host: String?
        switch try? SetupToken(parsing: setupToken) {
        case .claim(let url)?: host = url.host
        case .access(let access)?: host = access.root.host
        case nil: return  // not a token at all: the sync service says what is wrong with it
        }
        guard let host, isPrivate(host) else { return }
        throw VaultError(
            InvalidInput(
                field: "setup-token",
                "This token points at '\(host)', an address on this server's own network. Use a token from "
                    + "SimpleFIN Bridge, or start the server with --allow-private-bridges to use a bridge you run."))
    }

    /// Loopback, private (RFC 1918), link-local, unique-local, unspecified, or a local name.
    static func isPrivate(_ host: String) -> Bool {
        let name = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]."))
        if name == "localhost" || name.hasSuffix(".localhost") || name.hasSuffix(".local")
            || name.hasSuffix(".internal")
        {
            return true
        }
        let octets = name.split(separator: ".").compactMap { UInt8($0) }
        if octets.count == 4, name.split(separator: ".").count == 4 {
            switch (octets[0], octets[1]) {
            case (0, _), (10, _), (127, _), (169, 254), (192, 168): return true
            case (172, let second) where (16...31).contains(second): return true
            case (100, let second) where (64...127).contains(second): return true
            default: return false
            }
        }
        if name.contains(":") {
            return name == "::" || name == "::1" || name.hasPrefix("fe8") || name.hasPrefix("fe9")
                || name.hasPrefix("fea") || name.hasPrefix("feb") || name.hasPrefix("fc") || name.hasPrefix("fd")
                || name.hasPrefix("::ffff:")
        }
        return false
    }
}
