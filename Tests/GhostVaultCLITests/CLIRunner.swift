import Foundation
import Testing

/// Runs the built `ghostvault` executable in a fresh process, as a person or a script would.
struct CLIRunner {
    /// The folder standing in for `$GHOSTVAULT_HOME`, unique to each test.
    let home: URL

    init() throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("ghostvault-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    }

    /// What one run printed and how it ended.
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// The executable: built beside the test bundle.
    static var executable: URL {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
            "ghostvault")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent(".build/debug/ghostvault")
    }

    /// The longest one command may take before the test gives up on it.
    static let timeout: TimeInterval = 60

    /// Runs `ghostvault` with `arguments`, its data under `home`.
    @discardableResult
    func run(_ arguments: String...) throws -> Result {
        try run(arguments)
    }

    /// Runs `ghostvault` with `arguments`; `input` is its standard input (none when nil).
    func run(_ arguments: [String], environment extra: [String: String] = [:], input: String? = nil) throws -> Result {
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["GHOSTVAULT_HOME"] = home.path
        environment.removeValue(forKey: "GHOSTVAULT_DATABASE")
        environment.merge(extra) { $1 }
        process.environment = environment
        // Output goes to files, so a chatty command never blocks on a full pipe.
        let outURL = home.appendingPathComponent("stdout-\(UUID().uuidString)")
        let errURL = home.appendingPathComponent("stderr-\(UUID().uuidString)")
        FileManager.default.createFile(atPath: outURL.path, contents: nil)
        FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        defer {
            try? out.close()
            try? err.close()
            try? FileManager.default.removeItem(at: outURL)
            try? FileManager.default.removeItem(at: errURL)
        }
        process.standardOutput = out
        process.standardError = err
        if let input {
            let inURL = home.appendingPathComponent("stdin-\(UUID().uuidString)")
            try Data(input.utf8).write(to: inURL)
            process.standardInput = try FileHandle(forReadingFrom: inURL)
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        try process.run()
        let deadline = Date().addingTimeInterval(Self.timeout)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        if process.isRunning {
            process.terminate()
            Issue.record("ghostvault \(arguments.joined(separator: " ")) took longer than \(Self.timeout) s")
        }
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            stdout: try String(contentsOf: outURL, encoding: .utf8),
            stderr: try String(contentsOf: errURL, encoding: .utf8))
    }

    /// Decodes a JSON result.
    func json(_ result: Result) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    }

    /// Removes the folder.
    func cleanUp() {
        try? FileManager.default.removeItem(at: home)
    }
}
