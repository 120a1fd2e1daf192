import Foundation
import SQLKit
import VaultCore

/// Sign-in failures, counted in the database so every server sharing it and every restart see the same counts
/// (`LoginLimits` decides). Each call is one transaction; on PostgreSQL it first takes a transaction-level
/// advisory lock, so two servers' attempts at once are counted one after the other, never both let through.
extension VaultDatabase {
    /// The advisory lock key sign-in counting takes on PostgreSQL ("GVLOGIN!" in ASCII).
    static let loginLockKey: Int64 = 0x4756_4C4F_4749_4E21

    /// Starts an attempt: nil when it may go ahead (it is then counted as a failure until `signInSucceeded`),
    /// else why and until when it must wait.
    public func beginSignIn(
        email: String, address: String, now: Date, limits: LoginLimits
    ) async throws
        -> LoginLimits.Refusal?
    {
        try await loginTransaction { db in
            let keys = LoginLimits.Keys(email: email, address: address)
            try await Self.forgetOld(db, now: now, limits: limits)
            let history = try await Self.history(db, keys: keys, email: email, address: address)
            if let refusal = limits.refusal(history, now: now) { return refusal }
            try await Self.count(db, keys: keys, familiar: history.isFamiliar, at: now)
            return nil
        }
    }

    /// Why and until when the next attempt must wait, or nil; counts nothing.
    public func signInRefusal(
        email: String, address: String, now: Date, limits: LoginLimits
    ) async throws
        -> LoginLimits.Refusal?
    {
        try await loginTransaction { db in
            try await Self.forgetOld(db, now: now, limits: limits)
            let history = try await Self.history(
                db, keys: LoginLimits.Keys(email: email, address: address), email: email, address: address)
            return limits.refusal(history, now: now)
        }
    }

    /// Counts a failure without an attempt (tests, and failures found without `beginSignIn`).
    public func recordSignInFailure(email: String, address: String, now: Date) async throws {
        try await loginTransaction { db in
            let keys = LoginLimits.Keys(email: email, address: address)
            try await Self.count(db, keys: keys, familiar: try await Self.isFamiliar(db, email, address), at: now)
        }
    }

    /// The attempt begun at `now` was right: it no longer counts, the account's failures from this address are
    /// forgiven, and the address becomes familiar to the account (the latest 16 are kept).
    public func signInSucceeded(email: String, address: String, now: Date) async throws {
        let (email, address) = LoginLimits.clamped(email: email, address: address)
        try await loginTransaction { db in
            let keys = LoginLimits.Keys(email: email, address: address)
            let at = Self.milliseconds(now)
            try await db.raw("DELETE FROM login_failures WHERE key = \(bind: keys.pair)").run()
            for key in [keys.address, keys.unfamiliar] {
                // One failure at `at` taken back: the row goes when it held only that one.
                try await db.raw(
                    "DELETE FROM login_failures WHERE key = \(bind: key) AND at_ms = \(bind: at) AND count <= 1"
                ).run()
                try await db.raw(
                    "UPDATE login_failures SET count = count - 1 WHERE key = \(bind: key) AND at_ms = \(bind: at)"
                ).run()
            }
            try await db.raw(
                """
                INSERT INTO login_familiar (email, address, last_ms) VALUES (\(bind: email), \(bind: address), \(bind: at))
                ON CONFLICT (email, address) DO UPDATE SET last_ms = excluded.last_ms
                """
            ).run()
            let kept = try await db.raw(
                """
                SELECT address FROM login_familiar WHERE email = \(bind: email)
                ORDER BY last_ms DESC, address LIMIT \(bind: Int64(LoginLimits.familiarAddressesPerAccount))
                """
            ).all().map { try $0.decode(column: "address", as: String.self) }
            try await db.raw(
                "DELETE FROM login_familiar WHERE email = \(bind: email) AND address NOT IN (\(binds: kept))"
            ).run()
        }
    }

    private func loginTransaction<T: Sendable>(_ body: (any SQLDatabase) async throws -> T) async throws -> T {
        try await transaction { db in
            if dialect == .postgres {
                try await db.raw("SELECT pg_advisory_xact_lock(\(bind: Self.loginLockKey))").run()
            }
            return try await body(db)
        }
    }

    private static func milliseconds(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded()) }

    private static func forgetOld(_ db: any SQLDatabase, now: Date, limits: LoginLimits) async throws {
        let cutoff = milliseconds(now.addingTimeInterval(-max(limits.window, limits.slowdown)))
        try await db.raw("DELETE FROM login_failures WHERE at_ms <= \(bind: cutoff)").run()
    }

    private static func isFamiliar(_ db: any SQLDatabase, _ email: String, _ address: String) async throws -> Bool {
        let (email, address) = LoginLimits.clamped(email: email, address: address)
        return try await db.raw(
            "SELECT 1 AS one FROM login_familiar WHERE email = \(bind: email) AND address = \(bind: address)"
        ).first() != nil
    }

    private static func history(
        _ db: any SQLDatabase, keys: LoginLimits.Keys, email: String, address: String
    ) async throws -> LoginLimits.History {
        var dates: [String: [Date]] = [:]
        for row in try await db.raw(
            """
            SELECT key, at_ms, count FROM login_failures
            WHERE key IN (\(bind: keys.pair), \(bind: keys.address), \(bind: keys.unfamiliar)) ORDER BY at_ms
            """
        ).all() {
            let key = try row.decode(column: "key", as: String.self)
            let at = Date(timeIntervalSince1970: TimeInterval(try row.decode(column: "at_ms", as: Int64.self)) / 1000)
            let count = Int(try row.decode(column: "count", as: Int64.self))
            dates[key, default: []] += Array(repeating: at, count: min(count, 10_000))
        }
        return LoginLimits.History(
            pair: dates[keys.pair] ?? [], address: dates[keys.address] ?? [], unfamiliar: dates[keys.unfamiliar] ?? [],
            isFamiliar: try await isFamiliar(db, email, address))
    }

    private static func count(_ db: any SQLDatabase, keys: LoginLimits.Keys, familiar: Bool, at now: Date) async throws
    {
        let at = milliseconds(now)
        for key in [keys.pair, keys.address] + (familiar ? [] : [keys.unfamiliar]) {
            try await db.raw(
                """
                INSERT INTO login_failures (key, at_ms, count) VALUES (\(bind: key), \(bind: at), 1)
                ON CONFLICT (key, at_ms) DO UPDATE SET count = login_failures.count + 1
                """
            ).run()
        }
    }
}
