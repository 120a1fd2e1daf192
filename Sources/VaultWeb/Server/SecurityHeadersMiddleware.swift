import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// Headers on every response: nothing loads from elsewhere, the app is never framed, no referrer leaks.
///
/// Every response means every one: a redirect or error thrown from deep inside a handler, the router's own
/// "not found" (also what an unsupported method such as OPTIONS gets) and anything unexpected are turned into
/// responses here, so they get the headers too. The router's "not found" is a page in the app's style for a
/// browser and a JSON error under `/api/`.
struct SecurityHeadersMiddleware: RouterMiddleware {
    typealias Context = WebContext

    static let contentSecurityPolicy =
        "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'; "
        + "frame-ancestors 'none'; form-action 'self'; base-uri 'none'; object-src 'none'"

    func handle(
        _ request: Request, context: WebContext, next: (Request, WebContext) async throws -> Response
    )
        async throws -> Response
    {
        var response: Response
        do {
            response = try await next(request, context)
        } catch {
            response = Self.response(for: error, request, context)
        }
        // A response that set its own, stricter policy keeps it (a receipt's sandbox, `Response.receipt`).
        if response.headers[.contentSecurityPolicy] == nil {
            response.headers[.contentSecurityPolicy] = Self.contentSecurityPolicy
        }
        response.headers[.xContentTypeOptions] = "nosniff"
        response.headers[.xFrameOptions] = "DENY"
        response.headers[.referrerPolicy] = "no-referrer"
        if response.headers[.cacheControl] == nil { response.headers[.cacheControl] = "no-store" }
        return response
    }

    /// What a failure that reached the outside of the app says.
    static func response(for error: any Error, _ request: Request, _ context: WebContext) -> Response {
        let isAPI = request.uri.path.hasPrefix("/api/")
        if let http = error as? HTTPError, http.status == .notFound {
            let missing: any HTTPResponseError =
                isAPI
                ? APIError(
                    status: .notFound, code: "not_found",
                    message: "There is no \(request.method) \(request.uri.path) in this API; see /api/v1/openapi.yaml.")
                : PageError(
                    status: .notFound, title: "Page not found",
                    message: "There is nothing at this address. Check the link, or start again from the dashboard.")
            if let response = try? missing.response(from: request, context: context) { return response }
        } else if let error = error as? any HTTPResponseError,
            let response = try? error.response(from: request, context: context)
        {
            return response
        }
        // The route's pattern, never the path: a path may carry a secret (a calendar address's token).
        context.logger.error(
            "Request failed", metadata: ["error": "\(error)", "route": "\(context.endpointPath ?? "unmatched")"])
        return Response(
            status: .internalServerError, headers: [.contentType: "text/plain; charset=utf-8"],
            body: .init(byteBuffer: .init(string: "The server could not finish this request; try again.")))
    }
}
