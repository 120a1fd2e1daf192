import ArgumentParser
import Foundation
import VaultServices

/// `ghostvault backup FILE`: a consistent copy of the SQLite database, made while the server runs.
struct BackupCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Copy the database to a new file, consistently, while the server keeps running.",
        discussion: """
            Copies every household in the SQLite database (data, receipts, sign-ins and change log) into FILE, \
            readable by you alone, as it is at one moment. Bank access in it is sealed with the server's key \
            (secret.key beside the database, or --secret-key): keep a copy of the key with the backup, or reconnect \
            the banks after a restore. PostgreSQL is backed up with its own tools (pg_dump).
            """)

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The new file to write; it must not exist yet.")
    var file: String

    func run() async throws {
        try await Backup.make(from: global.resolvedDatabase, to: file)
        Terminal.print("Backed up \(global.shownDatabase) to \(file).")
    }
}

/// `ghostvault restore FILE [--force]`: puts a backup back in place of the SQLite database.
struct RestoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Put a backup back in place of the database (stop the server first).",
        discussion: """
            Checks FILE first (it must open as a GhostVault database, brought up to this version, and pass \
            SQLite's integrity check), then puts it in place of the database in one step. A database that holds \
            any household is replaced only with --force; without it nothing changes. Stop `ghostvault serve` \
            before restoring: it keeps the old file open.
            """)

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The backup file to restore.")
    var file: String

    @Flag(help: "Replace a database that holds households.")
    var force = false

    func run() async throws {
        let restored = try await Backup.restore(from: file, to: global.resolvedDatabase, force: force)
        let names = restored.households.isEmpty ? "no households" : restored.households.joined(separator: ", ")
        Terminal.print(
            "Restored \(file) into \(global.shownDatabase) (\(names))"
                + (restored.replacedData ? ", replacing what was there." : "."))
    }
}
