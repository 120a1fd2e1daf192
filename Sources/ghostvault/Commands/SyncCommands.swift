import ArgumentParser
import Foundation
import VaultCore
import VaultServices

/// `ghostvault connect SETUP-TOKEN`: claims a SimpleFIN setup token and runs the first sync.
struct ConnectCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "connect",
        abstract: "Connect a SimpleFIN Bridge account with a setup token, then sync.",
        discussion: """
            Create a setup token at SimpleFIN Bridge and paste it here (line breaks and spaces are fine). \
            The access it grants is stored encrypted with the key in the data folder (see README); \
            the first sync reads a year of history in 90-day requests.
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var bridges: BridgeOptions

    @Argument(help: "The setup token (or a claim URL).")
    var setupToken: String

    @Option(help: "A name for this connection.")
    var label = "SimpleFIN"

    @Option(help: "Days of history the first sync reads.")
    var historyDays = SyncWindows.defaultHistoryDays

    @Option(help: "Give this existing connection (label or id) a new token instead of adding one.")
    var replacing: String?

    func run() async throws {
        let report = try await global.withSync(policy: bridges.policy) { sync, _ in
            let report =
                if let replacing {
                    try await sync.reconnect(try await sync.connection(replacing).id, setupToken: setupToken)
                } else {
                    try await sync.connect(setupToken: setupToken, label: label, historyDays: historyDays)
                }
            try SyncReportOutput.print([report], json: output.json)
            return report
        }
        try SyncReportOutput.exitIfFailed([report])
    }
}

/// `ghostvault sync [CONNECTION]`: syncs all connections, or one, within today's request budget.
struct SyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Fetch new transactions and balances from SimpleFIN.",
        discussion: """
            SimpleFIN allows 24 requests a day per connection; `ghostvault connections` shows what is left. \
            Exits with status 1 when any connection failed to sync (the bridge or a proxy in front of it failed, the \
            access was revoked, the subscription lapsed, or SimpleFIN asked to slow down), so a scheduled job \
            notices; a sync that only waits for its daily budget exits 0.
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var bridges: BridgeOptions

    @Argument(help: "A connection's label or id, or one of its institutions (default: all).")
    var connection: String?

    @Flag(help: "Run as the scheduled sync does: skip when the budget is down to its last request.")
    var automatic = false

    @Flag(help: "Do not sync: show how the last sync went (exit status 1 when it failed).")
    var status = false

    func validate() throws {
        if status, automatic || connection != nil {
            throw ValidationError("--status shows every connection and sends no request; leave out the other options.")
        }
    }

    func run() async throws {
        if status { return try await showStatus() }
        let reports = try await global.withSyncAndDemo(policy: bridges.policy) { sync, _ in
            let trigger: SyncTrigger = automatic ? .automatic : .manual
            let reports =
                if let connection {
                    [
                        try await sync.sync(
                            try await sync.connection(connection, orInstitution: true).id, trigger: trigger)
                    ]
                } else {
                    try await sync.syncAll(trigger: trigger)
                }
            if reports.isEmpty, !output.json {
                Terminal.print("There is no SimpleFIN connection yet; run `ghostvault connect SETUP-TOKEN` first.")
                return reports
            }
            try SyncReportOutput.print(reports, json: output.json)
            return reports
        }
        try SyncReportOutput.exitIfFailed(reports)
    }
}

extension SyncCommand {
    /// `ghostvault sync --status`: the last sync's result per connection, as Settings > Data & Sync and
    /// `GET /api/v1/sync/status` show it; exits 1 when a connection's last sync failed.
    func showStatus() async throws {
        let health = try await global.withSync { sync, household in
            let overview = try await sync.overview()
            let zone = try await household.details().timeZone
            let view = SyncStatusView(overview)
            if output.json {
                try Terminal.printJSON(view)
            } else {
                let last = overview.compactMap(\.connection.lastSyncAt).max()
                Terminal.print(
                    "Bank sync: \(view.health); last sync \(ConnectionsCommand.List.format(last, zone)).")
                for failure in view.failures { Terminal.print("  failed: \(failure)") }
                for item in overview {
                    for entry in item.institutions where entry.institution.status == .failure {
                        Terminal.print("  \(entry.institution.name): \(entry.institution.statusMessage ?? "failed")")
                    }
                }
            }
            return SyncService.Health(overview)
        }
        if health == .failed { throw ExitCode.failure }
    }
}

/// `ghostvault connections`: institutions with status, accounts, last sync and requests left; remove.
struct ConnectionsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "connections",
        abstract: "Show SimpleFIN connections and their institutions, or remove one.",
        subcommands: [List.self, Remove.self],
        defaultSubcommand: List.self)

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Institutions with status, accounts and last sync.")

        @OptionGroup var global: GlobalOptions
        @OptionGroup var output: OutputOptions

        func run() async throws {
            try await global.withSync { sync, household in
                let overview = try await sync.overview()
                let zone = try await household.details().timeZone
                if output.json {
                    try Terminal.printJSON(overview.map(ConnectionView.init))
                    return
                }
                guard !overview.isEmpty else {
                    Terminal.print(
                        "No SimpleFIN connection yet. Run `ghostvault connect SETUP-TOKEN`, or `ghostvault demo`.")
                    return
                }
                for item in overview {
                    let connection = item.connection
                    Terminal.print(
                        "\(connection.label) (\(connection.status.rawValue)), \(item.budget.remaining)/\(RequestBudget.dailyLimit) "
                            + "requests left today, last sync \(Self.format(connection.lastSyncAt, zone))")
                    if let message = connection.statusMessage { Terminal.print("  \(message)") }
                    let rows = item.institutions.map { entry -> [String] in
                        [
                            entry.institution.name, entry.institution.status?.rawValue.uppercased() ?? "—",
                            String(entry.accounts), Self.format(entry.institution.lastSuccessAt, zone),
                            entry.institution.statusMessage ?? "",
                        ]
                    }
                    Terminal.print(
                        Terminal.table(["Institution", "Status", "Accounts", "Last success", "Message"], rows))
                }
            }
        }

        static func format(_ date: Date?, _ zone: TimeZone) -> String {
            guard let date else { return "never" }
            let formatter = DateFormatter()
            formatter.timeZone = zone
            formatter.dateFormat = "yyyy-MM-dd HH:mm"
            return formatter.string(from: date)
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Remove a connection, or one of its institutions, with their accounts and transactions.",
            discussion: "Anything with accounts is removed only with --yes.")

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The connection's label or id (optional when there is only one).")
        var connection: String?

        @Option(help: "Remove only this institution of the connection.")
        var institution: String?

        @Flag(help: "Confirm deleting the accounts and transactions too.")
        var yes = false

        func run() async throws {
            try await global.withSync { sync, _ in
                let removed = try await sync.remove(connection: connection, institution: institution, confirmed: yes)
                Terminal.print("Removed \(removed.accounts) account(s) and \(removed.transactions) transaction(s).")
            }
        }
    }
}

/// Printing sync reports.
enum SyncReportOutput {
    /// Says on standard error which connections failed and why, then exits with status 1; returns when none did.
    static func exitIfFailed(_ reports: [SyncService.Report]) throws {
        let failed = reports.filter(\.failed)
        guard !failed.isEmpty else { return }
        for report in failed {
            Terminal.error("Sync of '\(report.connection.label)' failed: \(report.failure ?? "")")
        }
        throw ExitCode.failure
    }

    static func print(_ reports: [SyncService.Report], json: Bool) throws {
        if json {
            try Terminal.printJSON(reports.map(SyncReportView.init))
            return
        }
        for report in reports {
            Terminal.print(
                "\(report.connection.label): \(report.transactionsAdded) new transaction(s), \(report.transactionsUpdated) updated"
                    + (report.pendingPosted > 0 ? ", \(report.pendingPosted) pending posted" : "")
                    + (report.accountsAdded > 0 ? ", \(report.accountsAdded) new account(s)" : "")
                    + "; \(report.requests) request(s), \(report.remainingRequests)/\(RequestBudget.dailyLimit) left today."
            )
            for message in report.messages { Terminal.print("  \(message)") }
        }
    }
}
