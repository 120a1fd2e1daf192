import ArgumentParser
import Configuration
import Foundation
import SimpleFIN
import VaultCore
import VaultServices
import VaultStore

/// Options every command takes: where the data is and which household to act on.
struct GlobalOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "An SQLite file path or a postgres:// URL.",
            discussion: "Defaults to $GHOSTVAULT_DATABASE (or \"database\" in the --config file), else "
                + "$GHOSTVAULT_HOME/ghostvault.sqlite (or \"home\" in the file), else "
                + "$XDG_DATA_HOME/ghostvault/ghostvault.sqlite (~/.local/share/ghostvault/ghostvault.sqlite). "
                + "A postgres:// URL takes sslmode=disable|prefer|require|verify-ca|verify-full (disable by "
                + "default on loopback, require elsewhere), sslrootcert=CA.pem and schema=NAME.",
            valueName: "path-or-url"))
    var database: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The household's name or id, when the database holds more than one.", valueName: "name-or-id"))
    var household: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "A JSON file of settings ($GHOSTVAULT_CONFIG), such as {\"database\": \"postgres://…\", \"port\": 8080}.",
            discussion: "The command line comes first, then GHOSTVAULT_ variables, then this file; the README lists "
                + "every key.",
            valueName: "file"))
    var config: String?

    /// The options moved to the end by `movingLeadingOptions` when they come before the command.
    static let leading = ["--database", "--household", "--config"]

    /// Lets the global options come before the command (`ghostvault --database x.sqlite transactions`):
    /// every command declares them, so those given first are moved to the end, where the command reads them.
    static func movingLeadingOptions(_ arguments: [String]) -> [String] {
        var leading: [String] = []
        var rest = arguments[...]
        while let first = rest.first {
            if Self.leading.contains(first), rest.count >= 2 {
                leading += rest.prefix(2)
                rest = rest.dropFirst(2)
            } else if Self.leading.contains(where: { first.hasPrefix($0 + "=") }) {
                leading.append(first)
                rest = rest.dropFirst()
            } else {
                break
            }
        }
        return Array(rest) + leading
    }

    /// The global options a parsed command was given (every command but the root and its groups has them).
    static func given(in command: any ParsableCommand) -> GlobalOptions? {
        Mirror(reflecting: command).children.lazy.compactMap { ($0.value as? OptionGroup<GlobalOptions>)?.wrappedValue }
            .first
    }

    /// This command's settings: the command line's `--database` and `--household` over the environment's and the
    /// config file's.
    var settings: Settings.Reader { settings(adding: [:]) }

    /// The settings with a command's own options given on its command line (`serve`'s) added to these.
    func settings(adding options: [Settings.Key: ConfigContent?]) -> Settings.Reader {
        Settings.current.reading(
            commandLine: options.merging([
                .database: database.map { .string($0) }, .household: household.map { .string($0) },
            ]) {
                given, _ in given
            })
    }

    /// The database location after defaults are applied.
    var resolvedDatabase: String { database(settings) }

    /// The database as a message may show it: a PostgreSQL URL without its password.
    var shownDatabase: String {
        (try? DatabaseLocation(parsing: resolvedDatabase))?.description ?? resolvedDatabase
    }

    /// The database location `settings` give, after defaults are applied.
    func database(_ settings: Settings.Reader) -> String {
        settings.string(.database) ?? Self.dataFolder(settings: settings) + "/ghostvault.sqlite"
    }

    /// The folder GhostVault keeps its files in: the `home` setting (`$GHOSTVAULT_HOME`), else
    /// `$XDG_DATA_HOME/ghostvault`, else `~/.local/share/ghostvault`.
    static func dataFolder(settings: Settings.Reader) -> String {
        if let home = settings.string(.home) { return home }
        let environment = ProcessInfo.processInfo.environment
        let data =
            environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share"
        return data + "/ghostvault"
    }

    /// The key that encrypts SimpleFIN access at rest: the `secretKeyFile` setting
    /// (`$GHOSTVAULT_SECRET_KEY_FILE`), else `secret.key` in the data folder (created, mode 0600, on first use).
    var secretKeyFile: URL { secretKeyFile(settings) }

    /// The key file `settings` give, after defaults are applied.
    func secretKeyFile(_ settings: Settings.Reader) -> URL {
        URL(fileURLWithPath: settings.string(.secretKeyFile) ?? Self.dataFolder(settings: settings) + "/secret.key")
    }

    /// Like `withSync`, with the demo bridge running (and allowed) when the household has a demo connection.
    func withSyncAndDemo<T>(
        policy: AddressPolicy = .publicOnly, _ body: (SyncService, HouseholdScope) async throws -> T
    ) async throws -> T {
        // The database is opened once: whether the demo is connected decides only the client's policy.
        try await withHousehold { household, _ in
            let hasDemo = try await Self.sync(household, keyFile: secretKeyFile, policy: policy) { sync in
                try await sync.overview().contains { $0.connection.server.contains(DemoBridge.serverMarker) }
            }
            guard hasDemo else {
                return try await Self.sync(household, keyFile: secretKeyFile, policy: policy) {
                    try await body($0, household)
                }
            }
            return try await DemoBridge.whileRunning {
                try await Self.sync(household, keyFile: secretKeyFile, policy: DemoBridge.allowing(policy)) {
                    try await body($0, household)
                }
            }
        }
    }

    /// Opens the household and a sync service over it (with a SimpleFIN client that calls only what
    /// `policy` allows) for `body`.
    func withSync<T>(
        policy: AddressPolicy = .publicOnly, _ body: (SyncService, HouseholdScope) async throws -> T
    ) async throws -> T {
        try await withHousehold { household, _ in
            try await Self.sync(household, keyFile: secretKeyFile, policy: policy) { try await body($0, household) }
        }
    }

    /// A sync service over an open household, its secrets from `keyFile`, with a client that calls only what
    /// `policy` allows.
    private static func sync<T>(
        _ household: HouseholdScope, keyFile: URL, policy: AddressPolicy, _ body: (SyncService) async throws -> T
    ) async throws -> T {
        let secrets = try SecretBox(keyFile: keyFile)
        return try await SimpleFINClient.using(policy: policy) { client in
            try await body(SyncService(scope: household, secrets: secrets, client: client))
        }
    }

    /// Opens the vault, runs `body` with it, and closes it whatever happens.
    func withVault<T>(_ body: (Vault) async throws -> T) async throws -> T {
        try await Vault.using(resolvedDatabase, body)
    }

    /// Opens the vault and the household the command acts on.
    func withHousehold<T>(_ body: (HouseholdScope, Household) async throws -> T) async throws -> T {
        try await withVault { vault in
            let household = try await vault.households.resolve(settings.string(.household))
            return try await body(vault.household(household.id), household)
        }
    }
}

/// `--json` on every listing.
struct OutputOptions: ParsableArguments {
    @Flag(name: .long, help: "Print JSON for scripts instead of a table.")
    var json = false
}
