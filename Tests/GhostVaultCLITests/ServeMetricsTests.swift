import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `ghostvault serve --metrics-port`: Prometheus metrics on a port of their own, never on the app's.
@Suite struct ServeMetricsTests {
    @Test(
        "requests show up by route pattern on the metrics port; the app's port has no /metrics", .timeLimit(.minutes(1))
    )
    func metrics() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let (port, metricsPort) = (try Self.freePort(), try Self.freePort())
        let app = "http://127.0.0.1:\(port)"
        try await Self.serving(
            cli, arguments: ["serve", "--port", "\(port)", "--metrics-port", "\(metricsPort)", "--sync-minutes", "0"],
            app: app
        ) { () async throws in
            for _ in 0..<3 { _ = try await Self.get("\(app)/healthz") }
            _ = try await Self.get("\(app)/api/v1/transactions")  // 401: counted under its route and status

            let metrics = try await Self.get("http://127.0.0.1:\(metricsPort)/metrics")
            #expect(metrics.status == 200)
            #expect(
                metrics.body.contains(
                    #"hb_requests{http_route="/healthz",http_request_method="GET",http_response_status_code="200"} 4"#),
                "\(metrics.body)")
            #expect(metrics.body.contains(#"http_route="/api/v1/transactions""#))
            #expect(metrics.body.contains("http_server_request_duration"))
            #expect(try await Self.get("\(app)/metrics").status == 404)
        }
    }

    /// Runs `ghostvault` with `arguments` (a `serve`) and `environment` added, waits until `app` answers
    /// `/healthz` once, runs `body`, then stops the server.
    static func serving(
        _ cli: CLIRunner, arguments: [String], environment extra: [String: String] = [:], app: String,
        _ body: () async throws -> Void
    ) async throws {
        let output = cli.home.appendingPathComponent("serve-\(UUID().uuidString).log")
        FileManager.default.createFile(atPath: output.path, contents: nil)
        let process = Process()
        process.executableURL = CLIRunner.executable
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["GHOSTVAULT_HOME"] = cli.home.path
        environment.removeValue(forKey: "GHOSTVAULT_DATABASE")
        environment.merge(extra) { $1 }
        process.environment = environment
        let log = try FileHandle(forWritingTo: output)
        process.standardOutput = log
        process.standardError = log
        process.standardInput = FileHandle.nullDevice
        try process.run()
        defer {
            process.terminate()
            process.waitUntilExit()
            try? log.close()
        }
        var started = false
        for _ in 0..<150 where !started {
            try await Task.sleep(for: .milliseconds(200))
            started = (try? await Self.get("\(app)/healthz"))?.status == 200
        }
        try #require(started, "\(String(decoding: (try? Data(contentsOf: output)) ?? Data(), as: UTF8.self))")
        try await body()
    }

    static func get(_ address: String) async throws -> (status: Int, body: String) {
        let (data, response) = try await URLSession.shared.data(from: URL(string: address)!)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
    }

    /// A port free on loopback now.
    static func freePort() throws -> Int {
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(socket, address, length) == 0 && getsockname(socket, address, &length) == 0
            }
        }
        guard bound else { throw CocoaError(.fileNoSuchFile) }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
