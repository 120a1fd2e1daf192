import Foundation
import SQLKit
import VaultCore

/// The people who sign in, and their sessions. Users sit above households (a sign-in decides which
/// household a request may see), so this directory, like `HouseholdDirectory`, is not household-scoped;
/// it hands out nothing but the user and the household id a request is then scoped to.
public struct UserDirectory: Sendable {
    let database: VaultDatabase

    /// A user with the hash their password is checked against.
    public struct Credentials: Sendable {
        public let user: User
        public let passwordHash: String
    }

    /// A signed-in session: who it is and the CSRF token its forms must carry.
    public struct Session: Sendable {
        public let user: User
        public let kind: SessionKind
        public let csrfToken: String
        public let expiresAt: Date
    }

    /// A browser's cookie session, or a native app's or script's bearer token.
    public enum SessionKind: String, Sendable, Codable {
        case browser, api
    }

    /// Adds a user to the household being created in `session` (sign-up makes both in one transaction).
    ///
    /// - Throws: `StoreError.duplicate` when the email is taken.
    public func insert(_ user: User, passwordHash: String, in session: HouseholdSession) async throws {
        try session.requireOwn(user.householdID, "user")
        try await session.sql.raw(
            """
            INSERT INTO users (id, email, password_hash, household_id, role, theme, dashboard_layout, onboarded_at, created_at)
            VALUES (\(bind: user.id.description), \(bind: user.email), \(bind: passwordHash),
                    \(bind: user.householdID.description), \(bind: user.role.rawValue), \(bind: user.theme.rawValue),
                    \(bind: user.dashboardLayout.map(Self.encode(layout:))), \(bind: user.onboardedAt?.unixSeconds),
                    \(bind: session.now.unixSeconds))
            """
        ).run()
    }

    /// The user with this (normalised) email and their password hash, if there is one.
    public func credentials(email: String) async throws -> Credentials? {
        try await database.withConnection { sql in
            guard
                let row = try await sql.raw("SELECT * FROM users WHERE email = \(bind: User.normalizedEmail(email))")
                    .first()
            else { return nil }
            return Credentials(user: try Self.user(from: row), passwordHash: try row.text("password_hash"))
        }
    }

    /// The user with this id, if there is one.
    public func find(_ id: User.ID) async throws -> User? {
        try await database.withConnection { sql in
            try await sql.raw("SELECT * FROM users WHERE id = \(bind: id.description)").first().map(Self.user(from:))
        }
    }

    /// Every user of a household, oldest first.
    public func members(of household: Household.ID) async throws -> [User] {
        try await database.withConnection { sql in
            try await sql.raw(
                "SELECT * FROM users WHERE household_id = \(bind: household.description) ORDER BY created_at, id"
            ).all().map(Self.user(from:))
        }
    }

    /// Saves a user's own preferences: theme, dashboard layout and onboarding.
    public func savePreferences(_ user: User) async throws {
        try await database.withConnection { sql in
            try await sql.raw(
                """
                UPDATE users SET theme = \(bind: user.theme.rawValue),
                    dashboard_layout = \(bind: user.dashboardLayout.map(Self.encode(layout:))),
                    onboarded_at = \(bind: user.onboardedAt?.unixSeconds)
                WHERE id = \(bind: user.id.description)
                """
            ).run()
        }
    }

    /// Records a session under the SHA-256 of its token (the token itself is never stored).
    public func createSession(
        tokenHash: String, user: User.ID, kind: SessionKind, csrfToken: String, at now: Date, expiresAt: Date
    ) async throws {
        try await database.withConnection { sql in
            // Expired sessions are swept whenever a new one starts, so the table never grows without bound.
            try await sql.raw("DELETE FROM user_sessions WHERE expires_at <= \(bind: now.unixSeconds)").run()
            try await sql.raw(
                """
                INSERT INTO user_sessions (token_hash, user_id, kind, csrf_token, created_at, expires_at)
                VALUES (\(bind: tokenHash), \(bind: user.description), \(bind: kind.rawValue), \(bind: csrfToken),
                        \(bind: now.unixSeconds), \(bind: expiresAt.unixSeconds))
                """
            ).run()
        }
    }

    /// The live session with this token hash and its user; nil when unknown or expired.
    public func session(tokenHash: String, at now: Date) async throws -> Session? {
        try await database.withConnection { sql in
            guard
                let row = try await sql.raw(
                    """
                    SELECT u.*, s.kind AS session_kind, s.csrf_token, s.expires_at FROM user_sessions s
                    JOIN users u ON u.id = s.user_id
                    WHERE s.token_hash = \(bind: tokenHash) AND s.expires_at > \(bind: now.unixSeconds)
                    """
                ).first()
            else { return nil }
            return Session(
                user: try Self.user(from: row), kind: try row.value("session_kind"),
                csrfToken: try row.text("csrf_token"),
                expiresAt: Date(timeIntervalSince1970: TimeInterval(try row.int("expires_at"))))
        }
    }

    /// Ends one session (sign-out); false when there was none.
    @discardableResult
    public func deleteSession(tokenHash: String) async throws -> Bool {
        try await database.withConnection { sql in
            let existed =
                try await sql.raw("SELECT 1 AS one FROM user_sessions WHERE token_hash = \(bind: tokenHash)")
                .first() != nil
            try await sql.raw("DELETE FROM user_sessions WHERE token_hash = \(bind: tokenHash)").run()
            return existed
        }
    }

    static func user(from row: any SQLRow) throws -> User {
        User(
            id: try row.id("id"), email: try row.text("email"), householdID: try row.id("household_id"),
            role: try row.value("role"), theme: try row.value("theme"),
            dashboardLayout: try row.optionalText("dashboard_layout").map(Self.decode(layout:)),
            onboardedAt: try row.optionalInstant("onboarded_at"))
    }

    static func encode(layout: [String]) -> String {
        (try? String(decoding: JSONEncoder().encode(layout), as: UTF8.self)) ?? "[]"
    }

    static func decode(layout: String) -> [String] {
        (try? JSONDecoder().decode([String].self, from: Data(layout.utf8))) ?? []
    }
}

extension VaultDatabase {
    /// The people who sign in to this database's households, and their sessions.
    public var users: UserDirectory { UserDirectory(database: self) }
}
