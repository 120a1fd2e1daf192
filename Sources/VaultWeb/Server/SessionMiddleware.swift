import Foundation
import HTTPTypes
import Hummingbird
import VaultServices
import VaultStore

/// Finds the signed-in person: a browser's session cookie, or a bearer token from a native app or script.
struct SessionMiddleware: RouterMiddleware {
    typealias Context = WebContext
    let environment: WebEnvironment

    static let cookieName = "gv_session"

    func handle(
        _ request: Request, context: WebContext, next: (Request, WebContext) async throws -> Response
    )
        async throws -> Response
    {
        // Assets are the same for everyone: no session lookup for them.
        if request.uri.path.hasPrefix("/assets/") { return try await next(request, context) }
        var context = context
        context.requestMethod = request.method
        context.requestTarget = request.uri.description
        if environment.configuration.trustForwardedFor, let forwarded = request.headers[.xForwardedFor] {
            context.forwardedFor = forwarded.split(separator: ",").last.map { $0.trimmingCharacters(in: .whitespaces) }
        }
        if let (token, kind) = Self.credential(in: request),
            let session = try await environment.session(token: token), session.kind == kind
        {
            context.signedIn = SignedIn(
                user: session.user, kind: session.kind, csrfToken: session.csrfToken, token: token,
                flash: request.cookies[Flash.cookieName].flatMap { Flash(cookieValue: $0.value) })
            context.carriesCSRFToken =
                request.method == .get || request.method == .head
                || constantTimeEquals(request.headers[.csrfToken] ?? "", session.csrfToken)
        }
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as HTTPError
            where error.status == .notFound && context.signedIn != nil && !request.uri.path.hasPrefix("/api/")
        {
            // The router's "not found" for a signed-in person: answered here, where the session is known, so the
            // page is in the app's frame with the home bar (issue 21), not a bare page.
            response = SecurityHeadersMiddleware.response(for: error, request, context)
        }
        // A page has shown the message: clear it (a redirect carries it on to the page that will).
        if request.cookies[Flash.cookieName] != nil, !(300..<400).contains(response.status.code),
            response.headers[values: .setCookie].allSatisfy({ !$0.hasPrefix(Flash.cookieName + "=") })
        {
            response.setCookie(
                Cookie(name: Flash.cookieName, value: "", maxAge: 0, path: "/", httpOnly: true, sameSite: .lax))
        }
        return response
    }

    /// The token a request carries and the kind of session it must belong to (a cookie cannot be
    /// replayed as a bearer token or the other way round).
    static func credential(in request: Request) -> (String, UserDirectory.SessionKind)? {
        if let header = request.headers[.authorization], header.lowercased().hasPrefix("bearer ") {
            return (String(header.dropFirst(7)).trimmingCharacters(in: .whitespaces), .api)
        }
        if let cookie = request.cookies[cookieName]?.value, !cookie.isEmpty { return (cookie, .browser) }
        return nil
    }
}

extension HTTPField.Name {
    static let xFrameOptions = Self("X-Frame-Options")!
    static let referrerPolicy = Self("Referrer-Policy")!
    static let csrfToken = Self("X-CSRF-Token")!
    static let xForwardedFor = Self("X-Forwarded-For")!
}
