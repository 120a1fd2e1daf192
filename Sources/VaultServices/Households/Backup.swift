import Foundation
import VaultCore
import VaultStore

#if canImport(Glibc)
import Glibc
#endif

/// `ghostvault backup` and `ghostvault restore` (issue 19): a consistent copy of an SQLite database while the
/// server runs, and putting one back.
///
/// The copy holds every household of the database: their data, sign-ins and change log. Bank access URLs in it
/// are sealed with the server's key (`secret.key` beside the database, or `--secret-key`), which is not in the
/// copy: keep a copy of the key with the backup, or reconnect the banks after a restore.
public enum Backup {
    /// Copies the SQLite database at `location` into a new file at `path`, readable by its owner alone.
    public static func make(from location: String, to path: String) async throws {
        try await vaultOperation {
            try await VaultDatabase.using(try DatabaseLocation(parsing: location)) { database in
                try await database.backup(to: (path as NSString).expandingTildeInPath)
            }
        }
    }

    /// What a restore did.
    public struct Restored: Sendable {
        /// The households the restored database holds.
        public let households: [String]
        /// Whether a database with households was replaced (only with `force`).
        public let replacedData: Bool
    }

    /// Puts the backup at `path` in place of the SQLite database at `location`. The backup is checked first (it
    /// must open as a GhostVault database, migrated to this version, and pass SQLite's integrity check) on a copy
    /// beside the target, which then replaces it in one rename. A target that holds any household is replaced only
    /// with `force`. Stop the server first: it keeps the old file open.
    public static func restore(from path: String, to location: String, force: Bool) async throws -> Restored {
        try await vaultOperation {
            let backup = (path as NSString).expandingTildeInPath
            guard case .sqliteFile(let target) = try DatabaseLocation(parsing: location) else {
                throw VaultError(
                    .invalidInput,
                    "A backup file restores into an SQLite database file; give one with --database (PostgreSQL "
                        + "is restored with its own tools, pg_restore).")
            }
            let manager = FileManager.default
            guard manager.fileExists(atPath: backup) else {
                throw VaultError(.notFound, "There is no backup file at \(backup).")
            }
            let folder = (target as NSString).deletingLastPathComponent
            let staging = (folder.isEmpty ? "." : folder) + "/.restoring-\(UUID().uuidString).sqlite"
            defer { for suffix in ["", "-wal", "-shm"] { try? manager.removeItem(atPath: staging + suffix) } }
            try manager.createDirectory(
                atPath: folder.isEmpty ? "." : folder, withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
            try manager.copyItem(atPath: backup, toPath: staging)
            try manager.setAttributes([.posixPermissions: 0o600], ofItemAtPath: staging)
            let households: [String]
            do {
                households = try await VaultDatabase.using(.sqliteFile(path: staging)) { database in
                    guard try await database.isIntact() else {
                        throw VaultError(.invalidInput, "\(backup) is damaged (SQLite's integrity check fails).")
                    }
                    return try await database.households.all().map(\.name)
                }
            } catch let error as VaultError {
                throw error
            } catch {
                throw VaultError(
                    .invalidInput, "\(backup) is not a GhostVault backup (it does not open as one): \(error)")
            }
            var replacedData = false
            if manager.fileExists(atPath: target) {
                let existing = try await VaultDatabase.using(.sqliteFile(path: target)) { database in
                    try await database.households.all().count
                }
                if existing > 0, !force {
                    throw VaultError(
                        .confirmationRequired,
                        "\(target) holds \(existing) household\(existing == 1 ? "" : "s"); nothing was changed. "
                            + "Restore over it with --force (back it up first with `ghostvault backup`).")
                }
                replacedData = existing > 0
            }
            for suffix in ["-wal", "-shm"] { try? manager.removeItem(atPath: target + suffix) }
            // rename(2) replaces the target in one step: readers see the old file or the new, never neither.
            guard rename(staging, target) == 0 else {
                throw VaultError(
                    .unavailable,
                    "The backup could not be put in place of \(target) (error \(errno)); the database is unchanged.")
            }
            return Restored(households: households, replacedData: replacedData)
        }
    }
}
