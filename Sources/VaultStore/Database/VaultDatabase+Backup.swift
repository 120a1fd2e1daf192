import Foundation
import SQLKit

extension VaultDatabase {
    /// Writes a consistent copy of an SQLite database to a new file at `path` while others keep reading and
    /// writing (`VACUUM INTO`: one read transaction, so the copy is the database as of one moment), readable by
    /// its owner alone (0600). Refuses a file that exists, and PostgreSQL, whose own tools back it up.
    public func backup(to path: String) async throws {
        guard dialect == .sqlite, case .sqliteFile = location else {
            throw StoreError(
                .configuration,
                "A backup file is made from an SQLite database; back up PostgreSQL with its own tools "
                    + "(pg_dump), or from the SQLite file you run on.")
        }
        let manager = FileManager.default
        guard !manager.fileExists(atPath: path) else {
            throw StoreError(.configuration, "\(path) already exists; choose a new file name, nothing was written.")
        }
        let folder = (path as NSString).deletingLastPathComponent
        guard folder.isEmpty || manager.fileExists(atPath: folder) else {
            throw StoreError(.configuration, "The folder \(folder) does not exist; create it first.")
        }
        // The copy gets the owner-only mode before any data is in it.
        guard manager.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
            throw StoreError(.configuration, "\(path) cannot be created; check the folder's permissions.")
        }
        do {
            try await withConnection { sql in try await sql.raw("VACUUM INTO \(bind: path)").run() }
        } catch {
            try? manager.removeItem(atPath: path)
            throw error
        }
    }

    /// Whether the database passes SQLite's integrity check (always true on PostgreSQL, which keeps its own).
    public func isIntact() async throws -> Bool {
        guard dialect == .sqlite else { return true }
        return try await withConnection { sql in
            try await sql.raw("PRAGMA integrity_check").all().first.map {
                try $0.decode(column: "integrity_check", as: String.self)
            }
        } == "ok"
    }
}
