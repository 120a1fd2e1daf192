import ArgumentParser
import Foundation
import VaultServices

/// `ghostvault`: GhostVault from the command line, on a local SQLite file or a PostgreSQL database.
struct GhostVault: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ghostvault",
        abstract: "A private, self-hosted personal finance vault.",
        discussion: """
            Data lives in one SQLite file by default (see --database). Amounts are signed: negative is \
            money out, positive money in. Every listing takes --json for scripts.

            Exit status: 0 on success, 2 when the input needs fixing (the message says what), 1 otherwise.
            """,
        version: GhostVaultVersion.current,
        subcommands: [
            InitCommand.self, AddCommand.self, TransactionsCommand.self, AccountsCommand.self, CategoriesCommand.self,
            ConnectCommand.self, SyncCommand.self, ConnectionsCommand.self, DemoCommand.self, ClassifyCommand.self,
            TransfersCommand.self, RulesCommand.self, ReportCommand.self, BudgetCommand.self, RecurringCommand.self,
            LensCommand.self, GenerateCommand.self, ServeCommand.self, UsersCommand.self, ReceiptsCommand.self,
            TagsCommand.self, CardsCommand.self, EraseCommand.self, RecurringRulesCommand.self, BackupCommand.self,
            RestoreCommand.self, ExportCommand.self, ImportCommand.self, ExportLLMCommand.self,
        ]
    )
}

/// The program's version, printed by `--version`.
enum GhostVaultVersion {
    static let current = "0.1.0"
}

@main
enum Main {
    /// Runs the command, mapping failures to the documented exit statuses.
    static func main() async {
        do {
            var command = try GhostVault.parseAsRoot(
                GlobalOptions.movingLeadingOptions(Array(CommandLine.arguments.dropFirst())))
            let settings = try await Settings.load(
                configFile: GlobalOptions.given(in: command)?.config, environment: ProcessInfo.processInfo.environment)
            if let asyncCommand = command as? any AsyncParsableCommand {
                try await run(asyncCommand, with: settings)
            } else {
                try Settings.$current.withValue(settings) { try command.run() }
            }
        } catch let exit as ExitCode {
            // A command that has said what went wrong already (a failed sync) and only sets the status.
            Foundation.exit(exit.rawValue)
        } catch let error as VaultError {
            Terminal.error(error.description)
            Foundation.exit(error.isUserCorrectable ? 2 : 1)
        } catch {
            let code = GhostVault.exitCode(for: error)
            if code == .success { GhostVault.exit(withError: error) }
            // ArgumentParser's own messages already begin with "Error:".
            FileHandle.standardError.write(Data((GhostVault.fullMessage(for: error) + "\n").utf8))
            // ArgumentParser's usage errors (its exit code 64) are bad input too: exit 2, as documented.
            Foundation.exit(code == .validationFailure ? 2 : 1)
        }
    }

    /// Runs `command` with `settings` as the process's settings.
    nonisolated static func run(_ command: sending any AsyncParsableCommand, with settings: Settings) async throws {
        var command = command
        try await Settings.$current.withValue(settings) { try await command.run() }
    }
}
