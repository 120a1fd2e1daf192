import Foundation
import Testing
import VaultTestSupport

@testable import VaultStore

/// The database file holds everything a household has: only the account running GhostVault may read it.
@Suite struct SQLiteFilesTests {
    func withFolder(_ body: (URL) async throws -> Void) async throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("gv-files-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: base) }
        try await body(base)
    }

    @Test("a new database, its folder and its write-ahead log are private to their owner")
    func createdPrivate() async throws {
        try await withFolder { base in
            let folder = base.appendingPathComponent("data")
            let path = folder.appendingPathComponent("ghostvault.sqlite").path
            try await VaultDatabase.using(.sqliteFile(path: path)) { database in
                _ = try await database.households.all()
            }
            #expect(SQLiteFiles.permissions(folder.path) == 0o700)
            #expect(SQLiteFiles.permissions(path) == 0o600)
            for companion in ["-wal", "-shm"] where FileManager.default.fileExists(atPath: path + companion) {
                #expect(SQLiteFiles.permissions(path + companion) == 0o600)
            }
        }
    }

    @Test("files an older version left world-readable are tightened on open, and so is GhostVault's own folder")
    func existingTightened() async throws {
        try await withFolder { base in
            try FileManager.default.createDirectory(
                at: base, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
            let path = base.appendingPathComponent("ghostvault.sqlite").path
            try await VaultDatabase.using(.sqliteFile(path: path)) { _ in }
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: base.path)
            try await VaultDatabase.using(.sqliteFile(path: path)) { _ in }
            #expect(SQLiteFiles.permissions(path) == 0o600)
            #expect(SQLiteFiles.permissions(base.path) == 0o700)
        }
    }

    @Test("a folder shared with other files is left as it is")
    func sharedFolderLeftAlone() async throws {
        try await withFolder { base in
            try FileManager.default.createDirectory(
                at: base, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
            FileManager.default.createFile(atPath: base.appendingPathComponent("notes.txt").path, contents: nil)
            let path = base.appendingPathComponent("ghostvault.sqlite").path
            try await VaultDatabase.using(.sqliteFile(path: path)) { _ in }
            #expect(SQLiteFiles.permissions(base.path) == 0o755)
            #expect(SQLiteFiles.permissions(path) == 0o600)
        }
    }
}
