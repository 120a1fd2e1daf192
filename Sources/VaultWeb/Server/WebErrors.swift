import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOHTTP1
import VaultCore
import VaultServices

/// Sends the browser elsewhere from deep inside a handler (to sign in, say).
struct WebRedirect: HTTPResponseError {
    let location: String
    var status: HTTPResponse.Status { .seeOther }

    func response(from request: Request, context: some RequestContext) throws -> Response { .seeOther(location) }
}

/// A page that says what went wrong and what to do.
struct PageError: HTTPResponseError {
    let status: HTTPResponse.Status
    let title: String
    let message: String

    func response(from request: Request, context: some RequestContext) throws -> Response {
        .html(
            Layout.page(
                title: title, signedIn: (context as? WebContext)?.signedIn ?? (context as? PageContext)?.signedIn,
                body: """
                    <h1>\(title)</h1>
                    <div class="card"><p>\(message)</p><p><a class="button" href="/dashboard">Back to the dashboard</a></p></div>
                    """), status: status)
    }

    static let forgedForm = PageError(
        status: .forbidden, title: "This form has expired",
        message: "The form did not carry a valid security token (it may be old, or from another site). "
            + "Go back, reload the page and submit it again.")
}

/// A JSON error with a stable code: `{"error": {"code": ..., "message": ..., "problems": [...]}}`.
struct APIError: HTTPResponseError {
    let status: HTTPResponse.Status
    let code: String
    let message: String
    var problems: [Problem] = []
    /// For `confirmation_required`, how many things would go with it (a card's manual expenses); else nil.
    var count: Int?

    struct Body: Encodable {
        struct Detail: Encodable {
            let code: String
            let message: String
            let problems: [Problem]
            let count: Int?
        }
        let error: Detail
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        var response = try Response.json(
            Body(error: .init(code: code, message: message, problems: problems, count: count)), status: status)
        if status == .unauthorized { response.headers[.wwwAuthenticate] = "Bearer realm=\"GhostVault\"" }
        return response
    }

    static let unauthorized = APIError(
        status: .unauthorized, code: "unauthorized",
        message: "Sign in first: send `Authorization: Bearer TOKEN` with a token from POST /api/v1/auth/login.")
    static let forged = APIError(
        status: .forbidden, code: "csrf",
        message: "A request made with the session cookie must carry its X-CSRF-Token header.")

    /// The API's form of a use case's failure.
    init(_ error: VaultError) {
        self.init(
            status: Self.status(of: error.code), code: error.code.rawValue, message: error.message,
            problems: error.problems)
    }

    init(status: HTTPResponse.Status, code: String, message: String, problems: [Problem] = []) {
        self.status = status
        self.code = code
        self.message = message
        self.problems = problems
    }

    static func status(of code: VaultError.Code) -> HTTPResponse.Status {
        switch code {
        case .invalidInput: .unprocessableContent
        case .notFound: .notFound
        case .conflict: .conflict
        case .confirmationRequired: .conflict
        case .unavailable, .databaseUnreachable: .serviceUnavailable
        case .unauthorized: .unauthorized
        case .tooLarge: .contentTooLarge
        case .forbidden: .forbidden
        }
    }
}

/// Turns failures inside the API into JSON errors: a use case's with its code, a malformed body with
/// `bad_request`, and anything unexpected with `internal` (its details go to the log, not the client).
struct APIErrorMiddleware: RouterMiddleware {
    typealias Context = WebContext

    func handle(
        _ request: Request, context: WebContext, next: (Request, WebContext) async throws -> Response
    )
        async throws -> Response
    {
        do {
            return try await next(request, context)
        } catch let error as VaultError where error.code == .databaseUnreachable {
            throw error  // answered by `OutageMiddleware`, which logs it once per outage
        } catch let error as VaultError {
            return try APIError(error).response(from: request, context: context)
        } catch let error as APIError {
            return try error.response(from: request, context: context)
        } catch let error as InvalidInput {
            return try APIError(VaultError(error)).response(from: request, context: context)
        } catch let error as DecodingError {
            return try APIError(
                status: .badRequest, code: "bad_request",
                message:
                    "The JSON body is not what this endpoint takes (\(Self.describe(error))); see /api/v1/openapi.yaml."
            ).response(from: request, context: context)
        } catch let error as HTTPParserError {
            return try APIError(
                status: .badRequest, code: "bad_request", message: HTTPParserError.message(error)
            ).response(from: request, context: context)
        } catch let error as HTTPError {
            return try APIError(
                status: error.status, code: error.status == .notFound ? "not_found" : "http_\(error.status.code)",
                message: error.body ?? error.status.reasonPhrase
            ).response(from: request, context: context)
        } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
            return try APIError(
                status: .contentTooLarge, code: "too_large",
                message: "The request body is larger than this API takes (\(WebContext.maximumBodySize / 1024) KiB); "
                    + "send less in one request."
            ).response(from: request, context: context)
        } catch {
            context.logger.error("API request failed", metadata: ["error": "\(error)", "path": "\(request.uri.path)"])
            return try APIError(
                status: .internalServerError, code: "internal",
                message: "Something went wrong on the server; try again."
            ).response(from: request, context: context)
        }
    }

    static func describe(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, _): "missing field '\(key.stringValue)'"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            context.codingPath.isEmpty
                ? "not valid JSON" : "field '\(context.codingPath.map(\.stringValue).joined(separator: "."))' is wrong"
        @unknown default: "unreadable"
        }
    }
}

/// Turns a use case's failure inside a page into a page that explains it.
struct PageErrorMiddleware: RouterMiddleware {
    typealias Context = WebContext

    func handle(
        _ request: Request, context: WebContext, next: (Request, WebContext) async throws -> Response
    )
        async throws -> Response
    {
        do {
            return try await next(request, context)
        } catch let error as InvalidInput {
            return try PageError(
                status: .unprocessableContent, title: "That did not work", message: VaultError(error).description
            )
            .response(from: request, context: context)
        } catch let error as VaultError where error.code == .databaseUnreachable {
            throw error  // answered by `OutageMiddleware`, which logs it once per outage
        } catch let error as VaultError {
            let status = APIError.status(of: error.code)
            return try PageError(
                status: status, title: status == .notFound ? "Not found" : "That did not work",
                message: error.description
            ).response(from: request, context: context)
        } catch let error as PageError {
            return try error.response(from: request, context: context)
        } catch let error as HTTPParserError {
            return try PageError(
                status: .badRequest, title: "That did not arrive whole", message: HTTPParserError.message(error)
            ).response(from: request, context: context)
        } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
            return try PageError(
                status: .contentTooLarge, title: "Too large",
                message: "What was sent is larger than this form takes (\(WebContext.maximumBodySize / 1024) KiB). "
                    + "Shorten it and try again."
            ).response(from: request, context: context)
        } catch let error as any HTTPResponseError {
            // Redirects and our own error pages answer for themselves; Hummingbird's become a page that says
            // what happened.
            guard let http = error as? HTTPError else { throw error }
            return try PageError(
                status: http.status, title: "That did not work", message: http.body ?? http.status.reasonPhrase
            ).response(from: request, context: context)
        } catch {
            context.logger.error("Page failed", metadata: ["error": "\(error)", "path": "\(request.uri.path)"])
            return try PageError(
                status: .internalServerError, title: "Something went wrong",
                message:
                    "The server could not finish this request. Try again; if it keeps happening, check the server's log."
            ).response(from: request, context: context)
        }
    }
}

extension HTTPParserError {
    /// What a client is told when what it sent is not whole HTTP: most often a body that ended before its
    /// `Content-Length` (a dropped connection, a client that miscounted). The client's fault, so a 400, not a 500.
    static func message(_ error: HTTPParserError) -> String {
        error == .invalidEOFState
            ? "The request ended before the body its Content-Length announced; send the whole body again."
            : "The request is not valid HTTP (\(error)); send it again."
    }
}
