import Foundation
import VaultCore
import VaultStore

/// Limits sign-in attempts (`LoginLimits` has the rules) with the counts in the database, so every server sharing
/// it and every restart see the same ones: N servers allow no more guesses than one.
///
/// An attempt is counted as a failure *before* the password is checked (bcrypt takes a quarter of a second,
/// and requests sent in parallel would otherwise all pass the check before any failure is counted); a
/// success takes its count back, clears its address's failures for the account and remembers the address.
struct LoginLimiter: Sendable {
    typealias Refusal = LoginLimits.Refusal
    typealias Reason = LoginLimits.Reason

    let database: VaultDatabase
    let limits: LoginLimits

    init(database: VaultDatabase, perAccount: Int, perAddress: Int, window: Duration, slowdown: Duration = .seconds(30))
    {
        self.database = database
        limits = LoginLimits(perAccount: perAccount, perAddress: perAddress, window: window, slowdown: slowdown)
    }

    /// Starts an attempt: nil when it may go ahead (it is then counted until `succeeded`), else why and until
    /// when it must wait.
    func begin(email: String, address: String, now: Date) async throws -> Refusal? {
        try await database.beginSignIn(email: email, address: address, now: now, limits: limits)
    }

    /// The attempt begun at `now` was right.
    func succeeded(email: String, address: String, now: Date) async throws {
        try await database.signInSucceeded(email: email, address: address, now: now)
    }

    /// Why and until when the next attempt must wait, or nil when it may be made now.
    func retryAfter(email: String, address: String, now: Date) async throws -> Refusal? {
        try await database.signInRefusal(email: email, address: address, now: now, limits: limits)
    }

    /// Counts a failure (for tests and for failures found without `begin`).
    func record(email: String, address: String, now: Date) async throws {
        try await database.recordSignInFailure(email: email, address: address, now: now)
    }
}
