import Foundation
import SQLKit
import VaultCore

extension UserDirectory {
    /// Every member of the household `session` belongs to, oldest first, read in the session's transaction.
    public func members(of household: Household.ID, in session: HouseholdSession) async throws -> [User] {
        try session.requireOwn(household, "household")
        return try await session.sql.raw(
            "SELECT * FROM users WHERE household_id = \(bind: household.description) ORDER BY created_at, id"
        ).all().map(Self.user(from:))
    }

    /// Removes a member of the household `session` writes to, with their sessions and tokens, and logs it.
    ///
    /// - warning: the person can no longer sign in; their household's data stays for the other members.
    public func delete(_ user: User.ID, in session: HouseholdSession) async throws {
        let log = try session.log()
        guard
            try await session.sql.raw(
                """
                DELETE FROM users WHERE id = \(bind: user.description)
                AND household_id = \(bind: session.householdID.description) RETURNING id
                """
            ).first() != nil
        else { throw StoreError(.notFound, "There is no member \(user) in this household.") }
        try await log.record("user", user, .delete, fields: [])
    }

    /// Changes a member's role in the household `session` writes to, and logs it.
    public func setRole(_ role: MemberRole, of user: User.ID, in session: HouseholdSession) async throws {
        let log = try session.log()
        try await session.sql.raw(
            """
            UPDATE users SET role = \(bind: role.rawValue)
            WHERE id = \(bind: user.description) AND household_id = \(bind: session.householdID.description)
            """
        ).run()
        try await log.record("user", user, .update, fields: ["role"])
    }

    /// Deletes the household `session` writes to, with everything in it: its data, its members and its change
    /// log (foreign keys cascade from the household row).
    ///
    /// - warning: nothing of the household is left; call it only when its last member leaves.
    public func deleteHousehold(in session: HouseholdSession) async throws {
        _ = try session.log()
        _ = try await session.eraseData()
        try await session.sql.raw("DELETE FROM users WHERE household_id = \(bind: session.householdID.description)")
            .run()
        try await session.sql.raw("DELETE FROM households WHERE id = \(bind: session.householdID.description)").run()
    }
}
