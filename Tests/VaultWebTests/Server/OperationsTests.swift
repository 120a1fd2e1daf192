import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import SimpleFIN
import Testing
import VaultCore
import VaultServices
import VaultStore
import VaultTestSupport
@testable import VaultWeb

/// `/healthz`, `/readyz` and the request log: what a self-hoster's proxy and logs see.
@Suite struct OperationsTests {
    /// Log lines, kept for the test.
    final class Captured: @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [(Logger.Level, String, Logger.Metadata)] = []
        func append(_ line: (Logger.Level, String, Logger.Metadata)) { lock.withLock { lines.append(line) } }
        var all: [(Logger.Level, String, Logger.Metadata)] { lock.withLock { lines } }
    }

    struct Handler: LogHandler {
        let captured: Captured
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace
        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }
        func log(
            level: Logger.Level, message: Logger.Message, metadata: Logger.Metadata?, source: String, file: String,
            function: String, line: UInt
        ) {
            // As a real handler prints it: the logger's own metadata (a request's id), then the line's.
            captured.append((level, message.description, self.metadata.merging(metadata ?? [:]) { $1 }))
        }
    }

    func withLoggedApp(
        _ body: @Sendable (any TestClientProtocol, Captured, VaultDatabase) async throws -> Void
    )
        async throws
    {
        let captured = Captured()
        try await TestBackend.sqlite.withDatabase { database in
            let configuration = WebConfiguration(passwordCost: 4, syncCheckInterval: nil)
            try await SimpleFINClient.using(policy: configuration.bridgePolicy) { client in
                let environment = WebEnvironment(
                    database: database, secrets: SecretBox(key: Data(repeating: 3, count: 32)), simpleFIN: client,
                    configuration: configuration, clock: { Fixture.now })
                var logger = Logger(label: "test", factory: { _ in Handler(captured: captured) })
                logger.logLevel = .info
                // The same logger for the server's own lines, as `buildApplication` passes it.
                try await Application(router: buildRouter(environment, logger: logger), logger: logger).test(.router) {
                    client in
                    try await body(client, captured, database)
                }
            }
        }
    }

    @Test("healthz says the process is up; readyz that the database answers and is current; neither needs a sign-in")
    func health() async throws {
        try await withLoggedApp { client, _, _ in
            let health = try await client.execute(uri: "/healthz", method: .get)
            #expect(health.status == .ok)
            #expect(try json(health)["status"] as? String == "ok")
            let ready = try await client.execute(uri: "/readyz", method: .get)
            #expect(ready.status == .ok)
            #expect(try json(ready)["status"] as? String == "ready")
        }
    }

    @Test("readyz answers 503 with a reason and Retry-After when the database is gone")
    func notReady() async throws {
        try await withLoggedApp { client, _, database in
            await database.close()
            let ready = try await client.execute(uri: "/readyz", method: .get)
            #expect(ready.status == .serviceUnavailable)
            #expect(ready.headers[.retryAfter] == "5")
            #expect(try json(ready)["reason"] as? String == "the database does not answer")
        }
    }

    @Test("a request produces exactly one log line: method, route pattern, status, duration, id; no token or email")
    func requestLog() async throws {
        try await withLoggedApp { client, captured, _ in
            let signup = try await client.execute(
                uri: "/api/v1/auth/signup", method: .post, headers: [.contentType: "application/json"],
                body: ByteBuffer(string: #"{"email":"jo@example.com","password":"correct horse battery"}"#))
            let token = try #require(try json(signup)["token"] as? String)
            let before = captured.all.count
            let response = try await client.execute(
                uri: "/api/v1/transactions/01a20d90-c0dd-75c5-b95d-2bd95357bb5c/receipts?x=secret", method: .get,
                headers: [.authorization: "Bearer \(token)", HTTPField.Name("X-Request-ID")!: "proxy-42"])
            #expect(response.headers[HTTPField.Name("X-Request-ID")!] == "proxy-42")
            let lines = captured.all.dropFirst(before)
            #expect(lines.count == 1)
            let line = try #require(lines.first)
            #expect(line.1 == "request")
            #expect(line.2["method"] == "GET")
            #expect(line.2["route"] == "/api/v1/transactions/{id}/receipts", "\(line.2)")
            #expect(line.2["status"] == "\(response.status.code)")
            #expect(line.2["id"] == "proxy-42")
            #expect(line.2["ms"] != nil)
            let everything = captured.all.map { "\($0.1) \($0.2)" }.joined(separator: "\n")
            #expect(
                !everything.contains(token) && !everything.contains("jo@example.com") && !everything.contains("secret"))
            // A request id that is not a short safe token is replaced.
            let odd = try await client.execute(
                uri: "/healthz", method: .get, headers: [HTTPField.Name("X-Request-ID")!: "a b\u{7F}"])
            #expect(odd.headers[HTTPField.Name("X-Request-ID")!] != "a b\u{7F}")
        }
    }

    @Test("a refused sign-in is logged with the account's id or 'none', never the typed email, under its request's id")
    func refusalLog() async throws {
        try await withLoggedApp { client, captured, _ in
            _ = try await client.execute(
                uri: "/api/v1/auth/signup", method: .post, headers: [.contentType: "application/json"],
                body: ByteBuffer(string: #"{"email":"jo@example.com","password":"correct horse battery"}"#))
            var refused: [String: String] = [:]
            for email in ["jo@example.com", "Nobody.Else@Example.org"] {
                for attempt in 1...6 {
                    let response = try await client.execute(
                        uri: "/api/v1/auth/login", method: .post,
                        headers: [.contentType: "application/json", .requestID: "login-\(attempt)-\(email.count)"],
                        body: ByteBuffer(string: #"{"email":"\#(email)","password":"guess"}"#))
                    if response.status == .tooManyRequests {
                        refused[email] = try #require(response.headers[.requestID])
                    }
                }
            }
            let lines = captured.all
            let refusals = lines.filter { $0.1.hasPrefix("Sign-in refused") }
            #expect(refusals.count == 2)
            let known = try #require(refusals.first { $0.2["id"] == "\(refused["jo@example.com"] ?? "-")" })
            #expect(known.2["user"] != nil && known.2["user"] != "none", "\(known.2)")
            let unknown = try #require(
                refusals.first { $0.2["id"] == "\(refused["Nobody.Else@Example.org"] ?? "-")" })
            #expect(unknown.2["user"] == "none", "\(unknown.2)")
            for line in refusals { #expect(line.2["hb.request.id"] == nil) }
            let everything = lines.map { "\($0.1) \($0.2)" }.joined(separator: "\n").lowercased()
            #expect(!everything.contains("jo@example.com") && !everything.contains("nobody.else"), "\(everything)")
        }
    }

    @Test("a line a request's failure causes carries the request line's id and X-Request-ID, and no other")
    func errorLineID() async throws {
        let captured = Captured()
        let logger = Logger(label: "test", factory: { _ in Handler(captured: captured) })
        struct Broken: Error {}
        let router = Router(context: WebContext.self)
        router.add(middleware: RequestLogMiddleware(logger: logger))
        router.add(middleware: SecurityHeadersMiddleware())
        router.get("/broken") { _, _ -> Response in throw Broken() }
        try await Application(router: router, logger: logger).test(.router) { client in
            for given in ["proxy-7", nil] {
                let response = try await client.execute(
                    uri: "/broken", method: .get, headers: given.map { [.requestID: $0] } ?? [:])
                #expect(response.status == .internalServerError)
                let id = try #require(response.headers[.requestID])
                if let given { #expect(id == given) }
                let lines = captured.all.filter { $0.2["id"] == "\(id)" }
                #expect(lines.map(\.1) == ["Request failed", "request"], "\(captured.all)")
                #expect(lines.allSatisfy { $0.2["hb.request.id"] == nil }, "\(lines)")
            }
        }
    }
}
