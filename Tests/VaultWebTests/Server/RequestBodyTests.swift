import Foundation
import Hummingbird
import Logging
import ServiceLifecycle
import SimpleFIN
import Testing
import VaultServices
import VaultTestSupport

@testable import VaultWeb

/// Bodies as they arrive on the socket: what a broken or hostile client sends that a router test cannot.
@Suite struct RequestBodyTests {
    @Test(
        "a body that ends before its Content-Length is a 400 saying so, for the API and for a form",
        .timeLimit(.minutes(1)))
    func shortBody() async throws {
        try await Self.serving { port in
            let api = try Self.exchange(
                port: port,
                "POST /api/v1/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                    + "Content-Length: 200\r\n\r\n{\"email\":\"jo@example.com\",")
            #expect(api.hasPrefix("HTTP/1.1 400"), "\(api)")
            #expect(api.contains("\"bad_request\"") && api.contains("Content-Length"), "\(api)")
            let page = try Self.exchange(
                port: port,
                "POST /login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                    + "Content-Length: 200\r\n\r\nemail=jo%40example.com")
            #expect(page.hasPrefix("HTTP/1.1 400"), "\(page)")
        }
    }

    /// Runs the real router on a free loopback port for `body`.
    static func serving(_ body: @escaping @Sendable (Int) async throws -> Void) async throws {
        try await TestBackend.sqlite.withDatabase { database in
            try await SimpleFINClient.using { client in
                let environment = WebEnvironment(
                    database: database, secrets: SecretBox(key: Data(repeating: 3, count: 32)), simpleFIN: client,
                    configuration: WebConfiguration(passwordCost: 4, syncCheckInterval: nil))
                let (ports, port) = AsyncStream.makeStream(of: Int.self)
                let app = Application(
                    router: buildRouter(environment),
                    configuration: .init(address: .hostname("127.0.0.1", port: 0)),
                    onServerRunning: { port.yield($0.localAddress?.port ?? 0) })
                let group = serverGroup(
                    app, logger: Logger(label: "test"), gracePeriod: .seconds(1), cancellationPeriod: .seconds(5),
                    signals: [])
                let running = Task { try await group.run() }
                defer { running.cancel() }
                var iterator = ports.makeAsyncIterator()
                let listening = try #require(await iterator.next())
                try await body(listening)
                await group.triggerGracefulShutdown()
                _ = try? await running.value
            }
        }
    }

    /// Sends `request` on a new connection, closes the sending side (the body ends there), and returns what the
    /// server answered before closing; gives up after 10 s.
    static func exchange(port: Int, _ request: String) throws -> String {
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        try #require(connected)
        let bytes = Array(request.utf8)
        try #require(send(socket, bytes, bytes.count, 0) == bytes.count)
        shutdown(socket, Int32(SHUT_WR))
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count <= 0 { break }
            answer += buffer[0..<count]
        }
        return String(decoding: answer, as: UTF8.self)
    }
}
