import Foundation
import HTTPTypes
import Hummingbird
import Logging
import VaultStore

/// What a reverse proxy or an orchestrator asks: `GET /healthz` (the process answers) and `GET /readyz` (the
/// database answers and its schema is current). Neither needs a sign-in nor says anything of anyone's data.
enum Operations {
    static func addRoutes(to router: some RouterMethods<WebContext>, environment: WebEnvironment) {
        router.get("/healthz") { _, _ in try Response.json(Health(status: "ok")) }
        router.get("/readyz") { _, _ in
            do {
                let readiness = try await environment.database.readiness()
                guard readiness.pendingMigrations.isEmpty else {
                    return try notReady(
                        "the database's schema is not current (migrations to run: \(readiness.pendingMigrations.joined(separator: ", "))); restart the server to migrate it"
                    )
                }
                return try Response.json(Health(status: "ready"))
            } catch {
                return try notReady("the database does not answer")
            }
        }
    }

    static func notReady(_ reason: String) throws -> Response {
        var response = try Response.json(Health(status: "not-ready", reason: reason), status: .serviceUnavailable)
        response.headers[.retryAfter] = "5"
        return response
    }

    struct Health: Encodable, Sendable {
        let status: String
        var reason: String?
    }
}

/// One log line per request, after its response: method, the route's pattern (never the path, which may
/// hold ids, nor the query), status, duration and a request id, which the response also carries as
/// `X-Request-ID`. No token, email or amount is ever in it. Requests for static assets are logged at debug.
/// Every other line the request causes through `context.logger` carries the same id (`id`), in place of
/// Hummingbird's own, so an error line can be found from the request line or the response's header.
struct RequestLogMiddleware: RouterMiddleware {
    typealias Context = WebContext
    let logger: Logger

    func handle(
        _ request: Request, context: WebContext, next: (Request, WebContext) async throws -> Response
    ) async throws -> Response {
        let started = ContinuousClock.now
        let id = Self.requestID(request.headers[.requestID])
        var context = context
        context.logger[metadataKey: "hb.request.id"] = nil
        context.logger[metadataKey: "id"] = "\(id)"
        var response: Response
        var failed = false
        do {
            response = try await next(request, context)
        } catch {
            // The security-headers middleware turns every error into a response, so this is rare: log and pass on.
            failed = true
            logger.error(
                "request failed",
                metadata: ["method": "\(request.method)", "id": "\(id)", "error": "\(type(of: error))"])
            throw error
        }
        if !failed {
            response.headers[.requestID] = id
            let elapsed = ContinuousClock.now - started
            let milliseconds = Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000
            let route = context.endpointPath ?? "unmatched"
            let level: Logger.Level =
                route.hasPrefix("/assets/") ? .debug : response.status.code >= 500 ? .error : .info
            logger.log(
                level: level, "request",
                metadata: [
                    "method": "\(request.method)", "route": "\(route)", "status": "\(response.status.code)",
                    "ms": "\(String(format: "%.1f", milliseconds))", "id": "\(id)",
                ])
        }
        return response
    }

    /// The caller's request id when it is a short token of safe characters (a proxy's), else a new one.
    static func requestID(_ given: String?) -> String {
        if let given, (1...64).contains(given.count),
            given.unicodeScalars.allSatisfy({
                CharacterSet.alphanumerics.contains($0) || "-_.".unicodeScalars.contains($0)
            }),
            given.allSatisfy(\.isASCII)
        {
            return given
        }
        var generator = SystemRandomNumberGenerator()
        return String(UInt64.random(in: .min ... .max, using: &generator), radix: 16)
    }
}

extension HTTPField.Name {
    static let requestID = Self("X-Request-ID")!
}
