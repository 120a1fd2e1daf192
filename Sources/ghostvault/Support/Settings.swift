import Configuration
import Foundation
import Synchronization
import SystemPackage
import VaultServices

/// GhostVault's settings, read through swift-configuration. Each is taken from the first of:
/// 1. the command line (`--sync-minutes 5`);
/// 2. the environment: `GHOSTVAULT_` and the key in capitals, a capital letter starting a new word
///    (`syncMinutes` is `GHOSTVAULT_SYNC_MINUTES`); an empty variable counts as unset;
/// 3. the JSON file named by `--config` or `GHOSTVAULT_CONFIG`, an object of these keys
///    (`{"syncMinutes": 5, "database": "postgres://…"}`);
/// 4. the setting's default, where it is read.
///
/// A value of the wrong kind (a port that is not a number, a switch that is not true or false) or a key the file
/// does not know stops the program with a message naming it, rather than being taken as unset.
struct Settings: Sendable {
    /// Every setting. The README's tables document each; the places that read them say their defaults.
    enum Key: String, CaseIterable, Sendable {
        /// An SQLite file path or a `postgres://` URL (`GlobalOptions.resolvedDatabase`).
        case database
        /// The folder holding the database and the secret key when neither is given (`GlobalOptions.dataFolder`).
        case home
        /// Which household a command acts on, when the database holds more than one.
        case household
        /// The key that encrypts SimpleFIN access URLs at rest (`GlobalOptions.secretKeyFile`).
        case secretKeyFile
        /// `serve`: the address and port to listen on.
        case host, port
        /// `serve`: trace … critical.
        case logLevel
        /// `serve`: mark the session cookie Secure.
        case secureCookies
        /// `serve`: the address Settings shows for native apps.
        case publicURL
        /// `serve`: minutes between scheduled sync checks; 0 turns them off.
        case syncMinutes
        /// `serve`, `connect`, `sync`: let SimpleFIN requests go to bridges on this machine's network.
        case allowPrivateBridges
        /// `serve`: take the client's address from `X-Forwarded-For`.
        case trustForwardedFor
        /// `serve`: Prometheus metrics on a port of their own, and the address it listens on.
        case metricsPort, metricsHost

        /// The kind of value the key holds.
        var kind: ConfigType {
            switch self {
            case .port, .syncMinutes, .metricsPort: .int
            case .secureCookies, .allowPrivateBridges, .trustForwardedFor: .bool
            default: .string
            }
        }

        /// Where it can be given, for messages: "--port, GHOSTVAULT_PORT or "port" in the config file".
        var names: String {
            let option = "--" + rawValue.replacing(/([a-z])([A-Z])/) { "\($0.output.1)-\($0.output.2)" }.lowercased()
            return "\(option), \(environmentName) or \"\(rawValue)\" in the config file"
        }

        /// The environment variable that sets it.
        var environmentName: String {
            "GHOSTVAULT_" + rawValue.replacing(/([a-z])([A-Z])/) { "\($0.output.1)_\($0.output.2)" }.uppercased()
        }
    }

    /// The environment variable naming the config file, when `--config` does not.
    static let configFileVariable = "GHOSTVAULT_CONFIG"

    /// The environment's and the file's values, checked.
    private let layers: [any ConfigProvider]

    /// The settings of this process: the command's (set in `Main`), or the environment's alone.
    @TaskLocal static var current = Settings(environment: ProcessInfo.processInfo.environment)

    /// The environment's settings alone; a value of the wrong kind is passed over (as unset) here: `load` is
    /// what reports it.
    init(environment: [String: String]) {
        layers = [Self.environmentProvider(environment)]
    }

    private init(layers: [any ConfigProvider]) {
        self.layers = layers
    }

    /// The environment's settings over the config file's (`configFile`, else `$GHOSTVAULT_CONFIG`, else none),
    /// each checked for its kind.
    static func load(configFile: String?, environment: [String: String]) async throws -> Settings {
        var layers: [any ConfigProvider] = [environmentProvider(environment)]
        if let path = configFile ?? environment[configFileVariable].flatMap({ $0.isEmpty ? nil : $0 }) {
            layers.append(try await fileProvider(path))
        }
        let settings = Settings(layers: layers)
        try settings.check()
        return settings
    }

    /// A reader of these settings with the command line's values first.
    func reading(commandLine: [Key: ConfigContent?] = [:]) -> Reader {
        var given: [AbsoluteConfigKey: ConfigValue] = [:]
        for case let (key, content?) in commandLine {
            given[AbsoluteConfigKey([key.rawValue])] = .init(content, isSecret: false)
        }
        return Reader(reader: ConfigReader(providers: [InMemoryProvider(name: "command line", values: given)] + layers))
    }

    /// Typed lookups of the settings.
    struct Reader: Sendable {
        let reader: ConfigReader

        func string(_ key: Key) -> String? { reader.string(forKey: ConfigKey(key.rawValue)) }
        func int(_ key: Key) -> Int? { reader.int(forKey: ConfigKey(key.rawValue)) }
        /// A switch: on only when some layer says so.
        func isOn(_ key: Key) -> Bool { reader.bool(forKey: ConfigKey(key.rawValue)) ?? false }
    }

    /// Reads every key as its kind and throws when any is of another kind.
    private func check() throws {
        let problems = Problems()
        let reader = ConfigReader(providers: layers, accessReporter: problems)
        for key in Key.allCases {
            switch key.kind {
            case .int: _ = reader.int(forKey: ConfigKey(key.rawValue))
            case .bool: _ = reader.bool(forKey: ConfigKey(key.rawValue))
            default: _ = reader.string(forKey: ConfigKey(key.rawValue))
            }
        }
        let found = problems.found.withLock { $0 }
        guard found.isEmpty else {
            throw VaultError(.invalidInput, found.joined(separator: "\n"))
        }
    }

    /// The environment's `GHOSTVAULT_` variables that are set to something, the database URL (it may hold a
    /// password) marked secret.
    private static func environmentProvider(_ environment: [String: String]) -> any ConfigProvider {
        EnvironmentVariablesProvider(
            environmentVariables: environment.filter { $0.key.hasPrefix("GHOSTVAULT_") && !$0.value.isEmpty },
            secretsSpecifier: .specific([Key.database.environmentName])
        ).prefixKeys(with: ConfigKey("ghostvault"))
    }

    /// The JSON config file, refused when it is missing, is not a JSON object or names a key that is not a setting
    /// (a misspelt key would otherwise be ignored without a word).
    private static func fileProvider(_ path: String) async throws -> any ConfigProvider {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw VaultError(
                .invalidInput,
                "The config file \(path) cannot be read; check the path given by --config "
                    + "or \(configFileVariable).")
        }
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw VaultError(
                .invalidInput, "The config file \(path) is not a JSON object such as {\"port\": 8080}.")
        }
        // A value that is an object, a list, null or empty would be read as no value at all: say so instead.
        if let (name, _) = object.sorted(by: { $0.key < $1.key }).first(where: { _, value in
            value is [String: Any] || value is [Any] || value is NSNull || (value as? String)?.isEmpty == true
        }) {
            throw VaultError(
                .invalidInput,
                "The config file \(path) gives '\(name)' no usable value; give a number, true or false, or text, "
                    + "or leave the key out.")
        }
        let known = Set(Key.allCases.map(\.rawValue))
        if let unknown = object.keys.sorted().first(where: { !known.contains($0) }) {
            throw VaultError(
                .invalidInput,
                "The config file \(path) names '\(unknown)', which is not a setting; "
                    + "the settings are \(Key.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
        do {
            return try await FileProvider<JSONSnapshot>(
                parsingOptions: .init(secretsSpecifier: .specific([Key.database.rawValue])), filePath: FilePath(path))
        } catch {
            throw VaultError(.invalidInput, "The config file \(path) cannot be read: \(error)")
        }
    }

    /// Collects the settings whose value is not of their kind, by where they came from.
    private final class Problems: AccessReporter, Sendable {
        let found = Mutex<[String]>([])

        func report(_ event: AccessEvent) {
            guard let key = Key(rawValue: event.metadata.key.components.last ?? "") else { return }
            let sources = event.providerResults.compactMap { result -> String? in
                guard case .failure = result.result else { return nil }
                // The environment's provider is wrapped (its keys prefixed); the file's is not.
                return result.providerName.hasPrefix("FileProvider")
                    ? "\"\(key.rawValue)\" in the config file" : key.environmentName
            }
            guard !sources.isEmpty || event.conversionError != nil else { return }
            let kind =
                switch key.kind {
                case .int: "a whole number"
                case .bool: "true or false (1 or 0, yes or no in the environment)"
                default: "text"
                }
            let source = sources.first ?? "The setting \(key.rawValue)"
            found.withLock { $0.append("\(source) is not \(kind).") }
        }
    }
}
