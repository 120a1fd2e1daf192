import Foundation
import HTTPTypes
import Hummingbird

/// A second line behind the CSRF token: a state-changing request that a browser says came from another
/// site is refused before anything reads it.
///
/// Browsers say where a request came from in `Sec-Fetch-Site` (every current one sends it); only
/// `same-origin` and `none` (typed, bookmarked) may change anything. An older browser sends `Origin`, which
/// must then be this server, scheme included: the configured `--public-url`, or the address the request reached
/// (`Host`, or the host a trusted proxy forwarded) over the scheme it was reached by. Requests that carry
/// neither, such as scripts and native apps with a bearer token, are left to the CSRF token and the bearer
/// token, which no other site can send.
struct OriginCheckMiddleware: RouterMiddleware {
    typealias Context = WebContext
    let configuration: WebConfiguration

    func handle(
        _ request: Request, context: WebContext, next: (Request, WebContext) async throws -> Response
    )
        async throws -> Response
    {
        guard Self.changesState(request.method), !isAllowed(request) else { return try await next(request, context) }
        if request.uri.path.hasPrefix("/api/") {
            throw APIError(
                status: .forbidden, code: "cross_site",
                message: "This request came from another site, so it was refused. Send it from GhostVault's own pages, "
                    + "or without a browser's cookies (with a bearer token).")
        }
        throw PageError(
            status: .forbidden, title: "This form came from another site",
            message: "A page on another site tried to send this form, so nothing was changed. "
                + "To make this change, open GhostVault yourself and submit the form there.")
    }

    static func changesState(_ method: HTTPRequest.Method) -> Bool {
        method != .get && method != .head && method != .options
    }

    func isAllowed(_ request: Request) -> Bool {
        if let site = request.headers[.secFetchSite]?.lowercased() { return site == "same-origin" || site == "none" }
        guard let text = request.headers[.origin] else { return true }
        // "null" (a sandboxed frame, a redirect from elsewhere) or anything unreadable is not this server.
        guard let origin = Self.origin(text) else { return false }
        // The public address is a whole origin, scheme included.
        if let publicURL = configuration.publicURL, let ours = Self.origin(publicURL), ours == origin { return true }
        // The Host a request arrived with says nothing of the scheme: `http://host` is another origin than
        // `https://host` (a page a network attacker serves over plain HTTP), so the scheme is compared too.
        guard origin.scheme == scheme(of: request) else { return false }
        var hosts: [String] = []
        if let authority = request.head.authority { hosts.append(authority.lowercased()) }
        if configuration.trustForwardedFor, let forwarded = request.headers[.xForwardedHost] {
            hosts += forwarded.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        }
        return hosts.contains(origin.host)
    }

    /// The scheme the browser reached this server by: what a trusted proxy says in `X-Forwarded-Proto`, else
    /// `https` when the server is set up to be reached over HTTPS (`--secure-cookies`, as the deployment guide
    /// says), else `http`, the only scheme GhostVault itself serves.
    func scheme(of request: Request) -> String {
        if configuration.trustForwardedFor, let forwarded = request.headers[.xForwardedProto],
            let first = forwarded.split(separator: ",").first
        {
            return first.trimmingCharacters(in: .whitespaces).lowercased()
        }
        return configuration.secureCookies ? "https" : "http"
    }

    /// An origin's scheme and `host[:port]` (lower-case, the scheme's default port left out).
    static func origin(_ text: String) -> (scheme: String, host: String)? {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
            let name = components.host?.lowercased(), !name.isEmpty
        else { return nil }
        let host = name.contains(":") && !name.hasPrefix("[") ? "[\(name)]" : name
        guard let port = components.port, !(scheme == "http" && port == 80), !(scheme == "https" && port == 443)
        else { return (scheme, host) }
        return (scheme, "\(host):\(port)")
    }
}

extension HTTPField.Name {
    static let secFetchSite = Self("Sec-Fetch-Site")!
    static let xForwardedHost = Self("X-Forwarded-Host")!
    static let xForwardedProto = Self("X-Forwarded-Proto")!
}
