import Foundation
import SimpleFINWire

/// `SetupToken(parsing:)` and `AccessURL(_:)` on pasted text.
///
/// What must hold: a claim is an HTTP(S) URL; an access URL has both credentials, its root carries neither,
/// it is HTTPS unless the host is this machine, and its `description` (what logs and messages show) never
/// contains the password, decoded or escaped, unless the password is also part of the public address.
enum SetupTokenTarget {
    static func run(_ text: String) {
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

    /// Names and addresses that `AccessURL` may reach over plain HTTP (a looser test than its own).
    private static func isLoopback(_ url: URL) -> Bool {
        let host = (url.host ?? "").trimmingCharacters(in: CharacterSet(charactersIn: "[]")).lowercased()
        return host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }
}
