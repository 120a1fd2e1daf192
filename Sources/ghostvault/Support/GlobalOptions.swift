import ArgumentParser
import Foundation
import SimpleFIN
import VaultCore
import VaultServices

/// Options every command takes: where the data is and which household to act on.
struct GlobalOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "An SQLite file path or a postgres:// URL.",
            discussion: "Defaults to $GHOSTVAULT_DATABASE, else $GHOSTVAULT_HOME/ghostvault.sqlite, else "
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

    /// Lets the global options come before the command (`ghostvault --database x.sqlite transactions`):
    /// every command declares them, so those given first are moved to the end, where the command reads them.
    static func movingLeadingOptions(_ arguments: [String]) -> [String] {
        var leading: [String] = []
        var rest = arguments[...]
        while let first = rest.first {
            if first == "--database" || first == "--household", rest.count >= 2 {
                leading += rest.prefix(2)
                rest = rest.dropFirst(2)
            } else if first.hasPrefix("--database=") || first.hasPrefix("--household=") {
                leading.append(first)
                rest = rest.dropFirst()
            } else {
                break
            }
        }
        return Array(rest) + leading
    }

    /// The database location after defaults are applied.
    var resolvedDatabase: String {
        database ?? Self.defaultDatabase(environment: ProcessInfo.processInfo.environment)
    }

    /// The default database location for an environment (documented in the README).
    static func defaultDatabase(environment: [String: String]) -> String {
        if let explicit = environment["GHOSTVAULT_DATABASE"], !explicit.isEmpty { return explicit }
        return dataFolder(environment: environment) + "/ghostvault.sqlite"
    }

    /// The folder GhostVault keeps its files in: `$GHOSTVAULT_HOME`, else `$XDG_DATA_HOME/ghostvault`,
    /// else `~/.local/share/ghostvault`.
    static func dataFolder(environment: [String: String]) -> String {
        if let home = environment["GHOSTVAULT_HOME"], !home.isEmpty { return home }
        let data =
            environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share"
        return data + "/ghostvault"
    }

    /// The key that encrypts SimpleFIN access at rest: `$GHOSTVAULT_SECRET_KEY_FILE`, else `secret.key`
    /// in the data folder (created, mode 0600, on first use).
    var secretKeyFile: URL {
        let environment = ProcessInfo.processInfo.environment
        if let explicit = environment["GHOSTVAULT_SECRET_KEY_FILE"], !explicit.isEmpty {
            return URL(fileURLWithPath: explicit)
        }
        return URL(fileURLWithPath: Self.dataFolder(environment: environment) + "/secret.key")
    }

    /// Like `withSync`, with the demo bridge running (and allowed) when the household has a demo connection.
    func withSyncAndDemo<T>(
        policy: AddressPolicy = .publicOnly, _ body: (SyncService, HouseholdScope) async throws -> T
    ) async throws -> T {
        let hasDemo = try await withSync { sync, _ in
            try await sync.overview().contains { $0.connection.server.contains(DemoBridge.serverMarker) }
        }
        guard hasDemo else { return try await withSync(policy: policy, body) }
        return try await DemoBridge.whileRunning { try await withSync(policy: DemoBridge.allowing(policy), body) }
    }

    /// Opens the household and a sync service over it (with a SimpleFIN client that calls only what
    /// `policy` allows) for `body`.
    func withSync<T>(
        policy: AddressPolicy = .publicOnly, _ body: (SyncService, HouseholdScope) async throws -> T
    ) async throws -> T {
        try await withHousehold { household, _ in
            let secrets = try SecretBox(keyFile: secretKeyFile)
            return try await SimpleFINClient.using(policy: policy) { client in
                try await body(SyncService(scope: household, secrets: secrets, client: client), household)
            }
        }
    }

    /// Opens the vault, runs `body` with it, and closes it whatever happens.
    func withVault<T>(_ body: (Vault) async throws -> T) async throws -> T {
        try await Vault.using(resolvedDatabase, body)
    }

    /// Opens the vault and the household the command acts on.
    func withHousehold<T>(_ body: (HouseholdScope, Household) async throws -> T) async throws -> T {
        try await withVault { vault in
            let household = try await vault.households.resolve(self.household)
            return try await body(vault.household(household.id), household)
        }
    }
}

/// `--json` on every listing.
struct OutputOptions: ParsableArguments {
    @Flag(name: .long, help: "Print JSON for scripts instead of a table.")
    var json = false
}
