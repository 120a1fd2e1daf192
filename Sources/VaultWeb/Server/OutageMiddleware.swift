import Foundation
import HTTPTypes
import Hummingbird
import VaultServices

/// Answers every request that failed because the database stopped answering: the API with its JSON error
/// (`database_unreachable`), a page with the app's layout saying GhostVault will retry, both 503 with a
/// `Retry-After`. The store logs the outage (`OutageLog`), once per outage rather than once per request.
struct OutageMiddleware: RouterMiddleware {
    typealias Context = WebContext

    /// Seconds a client is told to wait before trying again.
    static let retryAfter = 5
    static let pageMessage = "GhostVault cannot reach its database; it will retry."

    func handle(
        _ request: Request, context: WebContext, next: (Request, WebContext) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch  where VaultError.isOutage(error) {
            return try Self.response(to: request, context: context)
        }
    }

    static func response(to request: Request, context: WebContext) throws -> Response {
        let answer: any HTTPResponseError =
            request.uri.path.hasPrefix("/api/")
            ? APIError(
                status: .serviceUnavailable, code: VaultError.Code.databaseUnreachable.rawValue,
                message: "GhostVault cannot reach its database; it will retry. Try again in \(retryAfter) seconds.")
            : PageError(
                status: .serviceUnavailable, title: "Back in a moment",
                message: "\(pageMessage) Reload this page in a few seconds; nothing you saved is lost.")
        var response = try answer.response(from: request, context: context)
        response.headers[.retryAfter] = "\(retryAfter)"
        return response
    }
}
