import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// A local SimpleFIN bridge that behaves like the real one, quirks included, for tests and the demo.
///
/// It serves one scenario under `/simplefin`: `/info`, `POST /claim/TOKEN`, `/accounts` with Basic
/// authentication, and `/create` (a page naming the setup tokens). Bind it to loopback only.
public struct SimpleFINBridge: Sendable {
    public let state: BridgeState
    let logger: Logger

    public init(state: BridgeState, logger: Logger = Logger(label: "simplefin.bridge")) {
        self.state = state
        self.logger = logger
    }

    /// The loopback port the demo bridge listens on, so a demo connection stays reachable from one
    /// `ghostvault` run to the next (each run starts the bridge again when it needs it).
    public static let demoPort = 47_615

    /// The setup token for a claim path on a server: base64 of `http://HOST:PORT/simplefin/claim/TOKEN`.
    public static func setupToken(host: String, port: Int, claimToken: String) -> String {
        Data("http://\(host):\(port)/simplefin/claim/\(claimToken)".utf8).base64EncodedString()
    }

    /// The routes of the bridge.
    public func router() -> Router<BasicRequestContext> {
        let router = Router()
        let state = self.state
        router.get("/simplefin/info") { _, _ in
            let versions = await state.scenario.versions ?? ["1.0"]
            return Self.json(["versions": versions])
        }
        router.get("/simplefin/create") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "text/plain; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(string: "Create a setup token in the SimpleFIN Bridge web app.\n")))
        }
        router.post("/simplefin/claim/:token") { request, context in
            let token = context.parameters.get("token") ?? ""
            switch await state.claim(token) {
            case .refused:
                return Self.text(.forbidden, "Forbidden")
            case .access(let user):
                if let broken = await state.scenario.brokenClaimAnswer { return Self.text(.ok, broken) }
                let authority = request.head.authority ?? "127.0.0.1"
                return Self.text(
                    .ok, "http://\(Self.escape(user.username)):\(Self.escape(user.password))@\(authority)/simplefin")
            }
        }
        router.get("/simplefin/accounts") { request, _ in
            try await Self.accounts(request, state: state)
        }
        return router
    }

    /// Answers `/accounts`: authentication, the daily budget, transport faults, then the account set.
    static func accounts(_ request: Request, state: BridgeState) async throws -> Response {
        guard let (username, password) = basicCredentials(request.headers[.authorization]) else {
            return text(.forbidden, "Forbidden")
        }
        let scenario = await state.scenario
        if let delay = scenario.delaySeconds, delay > 0 { try await Task.sleep(for: .milliseconds(Int(delay * 1000))) }
        switch await state.admit(username: username, password: password) {
        case .unauthorized:
            return text(.forbidden, "Forbidden")
        case .lapsed:
            return text(.init(code: 402), "Payment Required")
        case .proxyError:
            return text(.init(code: 524), "error code: 524")
        case .proxyBlock:
            return Response(
                status: .forbidden, headers: [.contentType: "text/html; charset=UTF-8"],
                body: .init(
                    byteBuffer: ByteBuffer(
                        string: "<!DOCTYPE html><html><head><title>Access denied</title></head>"
                            + "<body>Error 1010: the owner of this website has banned your access.</body></html>")))
        case .tooManyRequests:
            return json(
                [
                    "errors": [
                        "Too many requests. SimpleFIN data is only refreshed once every 24 hours. "
                            + "Expected usage of this API is 24 requests per day."
                    ]
                ],
                status: .tooManyRequests)
        case .allowed(let user, let warning):
            let query = BridgeResponse.Query(queryPairs(request.uri.query ?? ""))
            let now = Int64(await state.now.timeIntervalSince1970)
            return json(BridgeResponse.accountSet(scenario, user: user, query: query, now: now, warning: warning))
        }
    }

    /// Query pairs in order, repeated keys kept, percent-escapes and `+` decoded.
    static func queryPairs(_ query: String) -> [(String, String)] {
        query.split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ text: Substring) -> String {
                String(text).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(text)
            }
            return (decode(parts[0]), parts.count > 1 ? decode(parts[1]) : "")
        }
    }

    static func basicCredentials(_ header: String?) -> (String, String)? {
        guard let header, header.hasPrefix("Basic "),
            let data = Data(base64Encoded: String(header.dropFirst(6))),
            let decoded = String(data: data, encoding: .utf8), let colon = decoded.firstIndex(of: ":")
        else { return nil }
        return (String(decoded[..<colon]), String(decoded[decoded.index(after: colon)...]))
    }

    static func escape(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
    }

    static func text(_ status: HTTPResponse.Status, _ body: String) -> Response {
        Response(
            status: status, headers: [.contentType: "text/plain; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(string: body)))
    }

    static func json(_ object: [String: Any], status: HTTPResponse.Status = .ok) -> Response {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return Response(
            status: status, headers: [.contentType: "application/json"],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
