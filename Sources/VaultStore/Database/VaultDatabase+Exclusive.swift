import Foundation
import SQLKit

extension VaultDatabase {
    /// Runs `body` only if no other run holding `name` is under way, in this process or, on PostgreSQL, in any
    /// server sharing the database; nil when one is (nothing ran).
    ///
    /// On PostgreSQL the claim is a session advisory lock held on one pooled connection for as long as `body`
    /// runs: a server that dies mid-run drops its connection, and the lock with it, so no claim outlives its
    /// holder. SQLite has one server by definition; the in-process claim is all it needs. `body` should re-read
    /// what it decides on once it holds the claim (what another holder just did is visible then).
    public func exclusively<T: Sendable>(_ name: String, _ body: () async throws -> T) async throws -> T? {
        guard localClaims.claim(name) else { return nil }
        defer { localClaims.release(name) }
        guard dialect == .postgres else { return try await body() }
        let key = Self.lockKey(name)
        return try await withConnection { db -> T? in
            let taken =
                try await db.raw("SELECT pg_try_advisory_lock(\(bind: key)) AS taken").first()?
                .decode(column: "taken", as: Bool.self) ?? false
            guard taken else { return nil }
            let unlock = { try await db.raw("SELECT pg_advisory_unlock(\(bind: key))").run() }
            let result: T
            do {
                result = try await body()
            } catch {
                try? await unlock()
                throw error
            }
            do {
                try await unlock()
            } catch {
                // The claim's connection dropped while `body` ran on others: its lock went with the session, and
                // what `body` did stands (it is not an outage of the work, which succeeded).
                guard StoreError.outage(from: error) != nil else { throw error }
            }
            return result
        }
    }

    /// A stable 64-bit key for a claim's name (FNV-1a), distinct from the migrations' key by construction of the
    /// names ("sync:<id>").
    static func lockKey(_ name: String) -> Int64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return Int64(bitPattern: hash)
    }
}

/// Names claimed in this process (`VaultDatabase.exclusively`).
final class LocalClaims: @unchecked Sendable {
    private let lock = NSLock()
    private var held: Set<String> = []

    func claim(_ name: String) -> Bool { lock.withLock { held.insert(name).inserted } }
    func release(_ name: String) { _ = lock.withLock { held.remove(name) } }
}
