import Foundation
import SQLKit
import VaultCore

/// People's secret calendar links (the SHA-256 of each token, never the token). Like `UserDirectory` it
/// sits above households: a calendar app presents only the token, and the token decides whose bills it sees.
public struct CalendarFeedDirectory: Sendable {
    let database: VaultDatabase

    /// When the person's current link was made; nil when they have none.
    public func createdAt(for user: User.ID) async throws -> Date? {
        try await database.withConnection { sql in
            try await sql.raw("SELECT created_at FROM calendar_feeds WHERE user_id = \(bind: user.description)")
                .first().map { Date(timeIntervalSince1970: TimeInterval(try $0.int("created_at"))) }
        }
    }

    /// Keeps a new link's token hash for the person, replacing their previous link (which stops working).
    public func replace(for user: User.ID, tokenHash: String, at now: Date) async throws {
        try await database.withConnection { sql in
            try await sql.raw(
                """
                INSERT INTO calendar_feeds (user_id, token_hash, created_at)
                VALUES (\(bind: user.description), \(bind: tokenHash), \(bind: now.unixSeconds))
                ON CONFLICT (user_id) DO UPDATE SET token_hash = excluded.token_hash, created_at = excluded.created_at
                """
            ).run()
        }
    }

    /// Turns the person's link off; false when they had none.
    @discardableResult
    public func revoke(for user: User.ID) async throws -> Bool {
        try await database.withConnection { sql in
            let existed =
                try await sql.raw("SELECT 1 AS one FROM calendar_feeds WHERE user_id = \(bind: user.description)")
                .first() != nil
            try await sql.raw("DELETE FROM calendar_feeds WHERE user_id = \(bind: user.description)").run()
            return existed
        }
    }

    /// The person a link's token hash belongs to; nil for an unknown or revoked link.
    public func user(tokenHash: String) async throws -> User? {
        try await database.withConnection { sql in
            try await sql.raw(
                """
                SELECT u.* FROM calendar_feeds f JOIN users u ON u.id = f.user_id
                WHERE f.token_hash = \(bind: tokenHash)
                """
            ).first().map(UserDirectory.user(from:))
        }
    }
}

extension VaultDatabase {
    /// People's secret calendar links.
    public var calendarFeeds: CalendarFeedDirectory { CalendarFeedDirectory(database: self) }
}
