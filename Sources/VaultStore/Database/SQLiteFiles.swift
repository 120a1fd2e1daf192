import Foundation
import Logging

/// The files of an SQLite database, kept private to the account running GhostVault.
///
/// The database holds every transaction a household has: it is created readable and writable by its owner
/// alone (0600), in a folder only its owner can enter (0700). SQLite gives its `-wal` and `-shm` files the
/// database's own permissions. Files an older version created more openly are tightened on open, and so is
/// the folder when it holds nothing but GhostVault's files (a folder shared with other things, such as
/// `/tmp` or a home folder, is left alone); each change is logged.
enum SQLiteFiles {
    /// File names GhostVault keeps beside its database.
    static let companions = ["-wal", "-shm", "-journal"]

    /// Creates the folder and an empty database file with private permissions, or tightens existing ones.
    static func prepare(path: String, logger: Logger) throws {
        let manager = FileManager.default
        let file = URL(fileURLWithPath: path)
        let folder = file.deletingLastPathComponent()
        if !manager.fileExists(atPath: folder.path) {
            try manager.createDirectory(
                at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } else if isOpen(folder.path), holdsOnlyGhostVaultFiles(folder, database: file.lastPathComponent) {
            try tighten(folder.path, to: 0o700, logger: logger)
        }
        if !manager.fileExists(atPath: path) {
            guard manager.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
                throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
            }
        }
        for candidate in [path] + companions.map({ path + $0 }) where manager.fileExists(atPath: candidate) {
            if isOpen(candidate) { try tighten(candidate, to: 0o600, logger: logger) }
        }
    }

    /// Whether anyone but the owner may read, write or enter it.
    static func isOpen(_ path: String) -> Bool {
        permissions(path).map { $0 & 0o077 != 0 } ?? false
    }

    static func permissions(_ path: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue
    }

    private static func tighten(_ path: String, to mode: Int, logger: Logger) throws {
        let before = permissions(path).map { String($0, radix: 8) } ?? "?"
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
        logger.warning(
            "Made a database file private to its owner",
            metadata: ["path": "\(path)", "before": "\(before)", "after": "\(String(mode, radix: 8))"])
    }

    /// Whether a folder holds only the database, its companions, the secret key and GhostVault's backups.
    private static func holdsOnlyGhostVaultFiles(_ folder: URL, database: String) -> Bool {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return false }
        let ours = Set([database, "secret.key"] + companions.map { database + $0 })
        return names.allSatisfy { ours.contains($0) || $0.hasSuffix(".sqlite") || $0.hasPrefix("ghostvault") }
    }
}
