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
import VaultWeb

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
            captured.append((level, message.description, metadata ?? [:]))
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
                let logger = Logger(label: "test", factory: { _ in Handler(captured: captured) })
                try await Application(router: buildRouter(environment, logger: logger)).test(.router) { client in
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
}
