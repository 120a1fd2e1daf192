import Foundation
import SimpleFINWire

/// `SetupToken(parsing:)` and `AccessURL(_:)` on pasted text, and `IPAddress(literal:)` on it and on the hosts.
///
/// What must hold: a claim is an HTTP(S) URL; an access URL has both credentials, its root carries neither,
/// it is HTTPS unless the host is this machine, and its `description` (what logs and messages show) never
/// contains the password, decoded or escaped, unless the password is also part of the public address. An
/// address literal reads as the C library reads it (`inet_aton`, `inet_pton`), since that is what connects.
enum SetupTokenTarget {
    static func run(_ text: String) {
        checkLiteral(text)
        if let token = try? SetupToken(parsing: text) {
            switch token {
            case .claim(let url):
                require(["http", "https"].contains(url.scheme?.lowercased() ?? ""), "claim \(url) is not HTTP(S)")
            case .access(let access):
                check(access)
            }
        }
        if let access = try? AccessURL(text) {
            check(access)
        }
    }

    static func check(_ access: AccessURL) {
        checkLiteral(access.root.host ?? "")
        require(!access.username.isEmpty && !access.password.isEmpty, "an access URL without credentials")
        let root = URLComponents(url: access.root, resolvingAgainstBaseURL: false)
        require(root?.user == nil && root?.password == nil, "the root \(access.root) carries credentials")
        let scheme = access.root.scheme?.lowercased()
        require(
            scheme == "https" || scheme == "http" && isLoopback(access.root),
            "\(access.root) is not HTTPS and not loopback")
        // What is shown, without the `***` that stands for the credentials (a password `*` is not shown by it).
        let shown = access.description.replacingOccurrences(of: "//***@", with: "//")
        let address = access.root.absoluteString
        let escaped = URLComponents(string: access.rawValue)?.percentEncodedPassword ?? access.password
        for secret in Set([access.password, escaped, ":\(escaped)@"]) where shown.contains(secret) {
            require(address.contains(secret), "description \(shown) shows the password \(secret)")
        }
    }

    /// `IPAddress(literal:)` agrees with the C library on text it can compare: IPv4 with `inet_aton` (which also
    /// reads the short and numeric forms), IPv6 with `inet_pton`; and an address reads back from its description.
    static func checkLiteral(_ text: String) {
        let address = IPAddress(literal: text)
        if let address {
            require(IPAddress(literal: address.description) == address, "\(address) does not read back")
            _ = address.scope
        }
        // glibc's inet_aton stops at the first space and ignores the rest, so only compare text without any.
        guard text.utf8.allSatisfy({ (0x21...0x7E).contains($0) }), !text.hasPrefix("[") else { return }
        if text.contains(":") {
            guard !text.contains("%") else { return }
            var raw = in6_addr()
            let expected =
                inet_pton(AF_INET6, text, &raw) == 1
                ? withUnsafeBytes(of: raw) { IPAddress.v6($0.reduce(UInt128(0)) { $0 << 8 | UInt128($1) }) } : nil
            require(
                address == expected,
                "\(text) reads as \(String(describing: address)), inet_pton \(String(describing: expected))")
        } else {
            var raw = in_addr()
            let expected = inet_aton(text, &raw) != 0 ? IPAddress.v4(UInt32(bigEndian: raw.s_addr)) : nil
            require(
                address == expected,
                "\(text) reads as \(String(describing: address)), inet_aton \(String(describing: expected))")
        }
    }

    /// Names and addresses that `AccessURL` may reach over plain HTTP, read by the C library rather than by
    /// `IPAddress`: `localhost`, 127.0.0.0/8 in any IPv4 form `inet_aton` reads, and `::1` however written.
    private static func isLoopback(_ url: URL) -> Bool {
        let host = (url.host ?? "").trimmingCharacters(in: CharacterSet(charactersIn: "[]")).lowercased()
        if host == "localhost" { return true }
        var v4 = in_addr()
        if !host.contains(":"), inet_aton(host, &v4) != 0 { return UInt32(bigEndian: v4.s_addr) >> 24 == 127 }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, String(host.prefix { $0 != "%" }), &v6) == 1 else { return false }
        return withUnsafeBytes(of: v6) { $0.dropLast().allSatisfy { $0 == 0 } && $0.last == 1 }
    }
}
