import Foundation
import Testing

/// Settings from the command line, the environment and a JSON config file, in that order (swift-configuration).
@Suite struct SettingsTests {
    /// Writes `text` as a config file in the runner's folder; returns its path.
    func configFile(_ cli: CLIRunner, _ text: String) throws -> String {
        let path = cli.home.appendingPathComponent("ghostvault-\(UUID().uuidString).json").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("the command line wins over the environment, which wins over the config file, which wins over the default")
    func layers() throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let home = cli.home.path
        let config = try configFile(cli, #"{"database": "\#(home)/from-file.sqlite"}"#)
        let initialise = ["init", "--name", "Home", "--time-zone", "UTC", "--currency", "USD"]

        let fromFile = try cli.run(["--config", config] + initialise)
        #expect(fromFile.status == 0, "\(fromFile.stderr)")
        #expect(FileManager.default.fileExists(atPath: "\(home)/from-file.sqlite"))
        #expect(!FileManager.default.fileExists(atPath: "\(home)/ghostvault.sqlite"))

        let fromEnvironment = try cli.run(
            initialise, environment: ["GHOSTVAULT_CONFIG": config, "GHOSTVAULT_DATABASE": "\(home)/from-env.sqlite"])
        #expect(fromEnvironment.status == 0, "\(fromEnvironment.stderr)")
        #expect(FileManager.default.fileExists(atPath: "\(home)/from-env.sqlite"))

        let fromCommandLine = try cli.run(
            initialise + ["--database", "\(home)/from-flag.sqlite"],
            environment: ["GHOSTVAULT_CONFIG": config, "GHOSTVAULT_DATABASE": "\(home)/from-env.sqlite"])
        #expect(fromCommandLine.status == 0, "\(fromCommandLine.stderr)")
        #expect(FileManager.default.fileExists(atPath: "\(home)/from-flag.sqlite"))

        // An empty variable is unset: the file's database is used, where the household exists.
        let listed = try cli.run(
            ["accounts", "--json"], environment: ["GHOSTVAULT_CONFIG": config, "GHOSTVAULT_DATABASE": ""])
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(!FileManager.default.fileExists(atPath: "\(home)/ghostvault.sqlite"))
    }

    @Test("a setting of the wrong kind, a misspelt key, a missing or broken file each stop the command with a message")
    func refusals() throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let cases: [(arguments: [String], environment: [String: String], message: String)] = [
            (
                ["--config", try configFile(cli, #"{"port": "eighty"}"#)], [:],
                #""port" in the config file is not a whole number"#
            ),
            (
                ["--config", try configFile(cli, #"{"syncMinute": 5}"#)], [:],
                "names 'syncMinute', which is not a setting"
            ),
            (["--config", try configFile(cli, #"{"port": 8080"#)], [:], "is not a JSON object"),
            (["--config", try configFile(cli, "[8080]")], [:], "is not a JSON object"),
            (
                ["--config", try configFile(cli, #"{"database": {"url": "x"}}"#)], [:],
                "gives 'database' no usable value"
            ),
            (["--config", try configFile(cli, #"{"home": ""}"#)], [:], "gives 'home' no usable value"),
            (["--config", try configFile(cli, #"{"port": null}"#)], [:], "gives 'port' no usable value"),
            (["--config", cli.home.appendingPathComponent("missing.json").path], [:], "cannot be read"),
            ([], ["GHOSTVAULT_CONFIG": cli.home.appendingPathComponent("missing.json").path], "cannot be read"),
            ([], ["GHOSTVAULT_SYNC_MINUTES": "often"], "GHOSTVAULT_SYNC_MINUTES is not a whole number"),
            ([], ["GHOSTVAULT_SECURE_COOKIES": "maybe"], "GHOSTVAULT_SECURE_COOKIES is not true or false"),
        ]
        for (arguments, environment, message) in cases {
            let result = try cli.run(arguments + ["accounts"], environment: environment)
            #expect(result.status == 2, "\(arguments) \(environment): \(result.stderr)")
            #expect(result.stderr.contains(message), "\(arguments) \(environment): \(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: cli.home.appendingPathComponent("ghostvault.sqlite").path))
        }
        // A switch in the environment takes 1, yes or true as well as 0, no or false.
        for value in ["1", "yes", "true", "0", "no", "false"] {
            let result = try cli.run(["init", "--name", "Home"], environment: ["GHOSTVAULT_SECURE_COOKIES": value])
            #expect(result.status == 0, "\(value): \(result.stderr)")
        }
    }

    @Test(
        "serve takes its port from the config file and its metrics port from the environment", .timeLimit(.minutes(1)))
    func serveFromConfigFile() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let (port, metricsPort) = (try ServeMetricsTests.freePort(), try ServeMetricsTests.freePort())
        let config = try configFile(cli, #"{"port": \#(port), "syncMinutes": 0, "logLevel": "warning"}"#)
        try await ServeMetricsTests.serving(
            cli, arguments: ["serve", "--config", config], environment: ["GHOSTVAULT_METRICS_PORT": "\(metricsPort)"],
            app: "http://127.0.0.1:\(port)"
        ) { () async throws in
            #expect(try await ServeMetricsTests.get("http://127.0.0.1:\(port)/healthz").status == 200)
            #expect(try await ServeMetricsTests.get("http://127.0.0.1:\(metricsPort)/metrics").status == 200)
        }
    }
}
