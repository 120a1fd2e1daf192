import Foundation
import Testing

/// Stopping `ghostvault serve`: a requested stop (SIGTERM from systemd, Ctrl-C) drains and exits 0, so a
/// service manager never records an ordinary stop as a failure.
@Suite struct ServeStopTests {
    @Test(
        "SIGTERM and SIGINT stop serve with status 0 and no error, the scheduled sync on (the default)",
        .timeLimit(.minutes(1)), arguments: [SIGTERM, SIGINT])
    func requestedStop(signal: Int32) async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let port = try ServeMetricsTests.freePort()
        let app = "http://127.0.0.1:\(port)"
        let (out, err) = (cli.home.appendingPathComponent("out.log"), cli.home.appendingPathComponent("err.log"))
        for file in [out, err] { FileManager.default.createFile(atPath: file.path, contents: nil) }
        let (outHandle, errHandle) = (try FileHandle(forWritingTo: out), try FileHandle(forWritingTo: err))
        defer {
            try? outHandle.close()
            try? errHandle.close()
        }
        let process = Process()
        process.executableURL = CLIRunner.executable
        // No --sync-minutes: the schedule is on, as it is for everyone who does not turn it off.
        process.arguments = ["serve", "--port", "\(port)"]
        var environment = ProcessInfo.processInfo.environment
        environment["GHOSTVAULT_HOME"] = cli.home.path
        for key in ["GHOSTVAULT_DATABASE", "GHOSTVAULT_SYNC_MINUTES"] { environment.removeValue(forKey: key) }
        process.environment = environment
        process.standardOutput = outHandle
        process.standardError = errHandle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        defer {
            if process.isRunning {
                process.interrupt()
                process.terminate()
            }
        }
        var started = false
        for _ in 0..<150 where !started {
            try await Task.sleep(for: .milliseconds(200))
            started = (try? await ServeMetricsTests.get("\(app)/healthz"))?.status == 200
        }
        let stderr = { String(decoding: (try? Data(contentsOf: err)) ?? Data(), as: UTF8.self) }
        try #require(started, "\(stderr())")

        // When
        kill(process.processIdentifier, signal)
        let deadline = ContinuousClock.now + .seconds(30)
        while process.isRunning, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(100)) }

        // Then
        try #require(!process.isRunning, "serve did not stop within 30 s of the signal")
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 0, "\(stderr())")
        #expect(!stderr().contains("Error:"), "\(stderr())")
    }

    @Test("serve removes dataset uploads a previous run staged, at start", .timeLimit(.minutes(1)))
    func stagedUploadsRemovedAtStart() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        // The server's temporary folder is the test's own, so no other test's staged files are touched.
        let temporary = cli.home.appendingPathComponent("tmp")
        let staging = temporary.appendingPathComponent("ghostvault-imports")
        try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
        let staged = staging.appendingPathComponent("\(UUID())-\(String(repeating: "ab", count: 16)).zip")
        try Data("PK".utf8).write(to: staged)
        let port = try ServeMetricsTests.freePort()
        try await ServeMetricsTests.serving(
            cli, arguments: ["serve", "--port", "\(port)", "--sync-minutes", "0"],
            environment: ["TMPDIR": temporary.path], app: "http://127.0.0.1:\(port)"
        ) { () async throws in
            #expect(!FileManager.default.fileExists(atPath: staged.path))
            #expect(FileManager.default.fileExists(atPath: staging.path))
        }
    }
}
