import ArgumentParser
import Configuration
import Foundation
import Hummingbird
import Logging
import ServiceLifecycle
import SimpleFIN
import SimpleFINBridge
import VaultCore
import VaultServices
import VaultStore
import VaultWeb

/// `ghostvault serve`: the web app and JSON API.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the web app and the JSON API.",
        discussion: """
            Listens on 127.0.0.1:8080 by default; open http://127.0.0.1:8080 and create an account. Stop it with \
            Ctrl-C (requests in flight finish first). Each option can also come from the environment variable \
            named in its help, or from the JSON file given by --config (the README lists its keys). A scheduled \
            sync keeps every connection current within SimpleFIN's daily budget.
            """)

    @OptionGroup var global: GlobalOptions

    @Option(help: "The address to listen on ($GHOSTVAULT_HOST). Use 0.0.0.0 to accept other machines.")
    var host: String?

    @Option(help: "The port ($GHOSTVAULT_PORT).")
    var port: Int?

    @Option(help: "The file holding the key that encrypts SimpleFIN access ($GHOSTVAULT_SECRET_KEY_FILE).")
    var secretKeyFile: String?

    @Option(help: "trace, debug, info, notice, warning, error or critical ($GHOSTVAULT_LOG_LEVEL).")
    var logLevel: String?

    @Flag(help: "Mark cookies Secure: use when GhostVault is reached over HTTPS ($GHOSTVAULT_SECURE_COOKIES=1).")
    var secureCookies = false

    @Option(help: "The address people and apps reach this server at, shown in Settings ($GHOSTVAULT_PUBLIC_URL).")
    var publicURL: String?

    @Option(help: "Minutes between scheduled sync checks; 0 turns the schedule off ($GHOSTVAULT_SYNC_MINUTES).")
    var syncMinutes: Int?

    @Flag(
        help: ArgumentHelp(
            "Let SimpleFIN requests go to bridges on this server's own network, such as one you run yourself; "
                + "every request's resolved address is checked otherwise ($GHOSTVAULT_ALLOW_PRIVATE_BRIDGES=1)."))
    var allowPrivateBridges = false

    @Flag(
        help: ArgumentHelp(
            "Take the client's address from X-Forwarded-For, for sign-in limits; only behind a proxy that sets it "
                + "($GHOSTVAULT_TRUST_FORWARDED_FOR=1)."))
    var trustForwardedFor = false

    @Flag(help: "Also run the local demo bridge and a demo sign-in whose household is connected to it (loopback only).")
    var demo = false

    @Option(help: "Serve Prometheus metrics at /metrics on this port; off unless given ($GHOSTVAULT_METRICS_PORT).")
    var metricsPort: Int?

    @Option(help: "The address the metrics port listens on ($GHOSTVAULT_METRICS_HOST).")
    var metricsHost: String?

    func run() async throws {
        let settings = global.settings(adding: [
            .host: host.map { .string($0) }, .port: port.map { .int($0) },
            .secretKeyFile: secretKeyFile.map { .string($0) }, .logLevel: logLevel.map { .string($0) },
            .secureCookies: secureCookies ? .bool(true) : nil, .publicURL: publicURL.map { .string($0) },
            .syncMinutes: syncMinutes.map { .int($0) },
            .allowPrivateBridges: allowPrivateBridges || demo ? .bool(true) : nil,
            .trustForwardedFor: trustForwardedFor ? .bool(true) : nil, .metricsPort: metricsPort.map { .int($0) },
            .metricsHost: metricsHost.map { .string($0) },
        ])
        var configuration = WebConfiguration()
        configuration.host = settings.string(.host) ?? configuration.host
        configuration.port = settings.int(.port) ?? configuration.port
        configuration.secureCookies = settings.isOn(.secureCookies)
        configuration.publicURL = settings.string(.publicURL)
        configuration.allowPrivateBridges = settings.isOn(.allowPrivateBridges)
        configuration.trustForwardedFor = settings.isOn(.trustForwardedFor)
        if demo, !["127.0.0.1", "::1", "localhost"].contains(configuration.host) {
            // The demo sign-in's password is printed and documented: never offer it to other machines.
            throw ValidationError(
                "--demo serves only on loopback (127.0.0.1); drop --demo, or the host (\(Settings.Key.host.names)).")
        }
        if let text = settings.string(.logLevel) {
            guard let level = Logger.Level(rawValue: text) else {
                throw ValidationError(
                    "'\(text)' (\(Settings.Key.logLevel.names)) is not a log level; use trace, debug, info, notice, "
                        + "warning or error.")
            }
            configuration.logLevel = level
        }
        if let minutes = settings.int(.syncMinutes) {
            guard minutes >= 0 else { throw ValidationError("\(Settings.Key.syncMinutes.names) is 0 (off) or more.") }
            configuration.syncCheckInterval = minutes == 0 ? nil : .seconds(minutes * 60)
        }
        guard (1...65_535).contains(configuration.port) else {
            throw ValidationError("\(Settings.Key.port.names) is 1 to 65535.")
        }
        let metricsPort = settings.int(.metricsPort)
        if let metricsPort {
            guard (1...65_535).contains(metricsPort), metricsPort != configuration.port else {
                throw ValidationError("\(Settings.Key.metricsPort.names) is 1 to 65535 and not the app's own port.")
            }
        }
        let secrets = try SecretBox(keyFile: global.secretKeyFile(settings))
        var logger = Logger(label: "ghostvault")
        logger.logLevel = configuration.logLevel
        // Before the database opens: metrics made earlier would report nowhere.
        let metrics = metricsPort.map { port in
            PrometheusMetrics.start(
                host: settings.string(.metricsHost) ?? "127.0.0.1", port: port, logger: logger)
        }

        // The store says what it did to the files (permissions tightened), not every driver event.
        var storeLogger = logger
        storeLogger.logLevel = max(.warning, configuration.logLevel)
        try await VaultDatabase.using(try DatabaseLocation(parsing: global.database(settings)), logger: storeLogger) {
            database in
            try await SimpleFINClient.using(policy: configuration.bridgePolicy) { client in
                let web = WebEnvironment(
                    database: database, secrets: secrets, simpleFIN: client, configuration: configuration)
                var services: [any Service] = metrics.map { [$0] } ?? []
                var demoLines: [String] = []
                if demo {
                    demoLines = try await DemoSignIn.prepare(web)
                    services.append(DemoBridge.service(logger: logger))
                }
                let (host, lines) = (configuration.host, demoLines)
                let app = buildApplication(
                    web, services: services, logger: logger,
                    onServerRunning: { port in
                        Terminal.print("GhostVault is listening on http://\(host):\(port)")
                        for line in lines { Terminal.print(line) }
                    })
                try await runServer(app, logger: logger)
            }
        }
    }
}

/// The demo sign-in of `serve --demo`: a household connected to the local bridge's demo household.
enum DemoSignIn {
    static let email = "demo@ghostvault.local"
    /// Printed on start. The demo exists for trying GhostVault on loopback; it is opt-in with `--demo`.
    static let password = "ghostvault-demo"

    /// Creates the demo sign-in the first time and connects it; returns the lines to print.
    static func prepare(_ web: WebEnvironment) async throws -> [String] {
        let users = web.database.users
        let vault = Vault(database: web.database, actor: .system)
        var user = try await users.credentials(email: email)?.user
        if user == nil {
            user = try await vault.users(passwordCost: web.configuration.passwordCost).signUp(
                .init(email: email, password: password, confirmation: password, timeZone: TimeZone.current.identifier))
        }
        guard var user else { return [] }
        let scope = vault.household(user.householdID)
        let sync = SyncService(scope: scope, secrets: web.secrets, client: web.simpleFIN)
        if try await sync.overview().isEmpty {
            _ = try await DemoBridge.whileRunning {
                try await sync.connect(
                    setupToken: DemoBridge.setupToken, label: "Demo", historyDays: DemoHouseholdHistory.days)
            }
        }
        if user.onboardedAt == nil {
            user.onboardedAt = Date()
            try await vault.users().savePreferences(user)
        }
        return [
            "Demo sign-in: \(email) / \(password)",
            "Demo SimpleFIN setup token (for a new account's Connections page): \(DemoBridge.setupToken)",
        ]
    }
}
