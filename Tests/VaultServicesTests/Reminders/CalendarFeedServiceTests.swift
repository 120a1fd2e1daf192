import Foundation
import SQLKit
import Testing
import VaultCore
import VaultServices
import VaultTestSupport

@testable import VaultStore

/// Secret calendar links (migration 0019) on SQLite and PostgreSQL: only a hash is stored, one link per
/// person, a new one replaces the old, and a revoked or unknown one reads nothing.
@Suite struct CalendarFeedServiceTests {
    func vault(_ database: VaultDatabase) -> Vault { Vault(database: database, actor: .system, clock: { Fixture.now }) }

    func signUp(_ email: String, _ database: VaultDatabase) async throws -> User {
        try await vault(database).users(passwordCost: 4).signUp(
            .init(email: email, password: "correct horse", confirmation: "correct horse"))
    }

    @Test(
        "a link is stored as its SHA-256 only, one per person; a new one or revoking stops the old",
        arguments: TestBackend.enabled)
    func lifecycle(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            // Given
            let jo = try await signUp("jo@example.com", database)
            let sam = try await signUp("sam@example.com", database)
            let feeds = vault(database).calendarFeeds
            #expect(try await feeds.createdAt(for: jo) == nil)
            // When
            let first = try await feeds.create(for: jo)
            let sams = try await feeds.create(for: sam)
            // Then: 256 bits, URL-safe; the row holds a 64-hex-digit hash, never the token.
            #expect(first.utf8.count == 43)
            let stored = try await database.withConnection { sql in
                try await sql.raw("SELECT user_id, token_hash FROM calendar_feeds ORDER BY user_id").all().map {
                    (
                        try $0.decode(column: "user_id", as: String.self),
                        try $0.decode(column: "token_hash", as: String.self)
                    )
                }
            }
            #expect(stored.count == 2)
            #expect(stored.allSatisfy { $0.1.count == 64 && $0.1.allSatisfy(\.isHexDigit) })
            #expect(!stored.contains { $0.1.contains(first) || $0.1.contains(sams) })
            #expect(try await feeds.createdAt(for: jo) != nil)
            let calendar = try #require(try await feeds.calendar(token: first))
            #expect(calendar.hasPrefix("BEGIN:VCALENDAR\r\n"))
            // A second link replaces the first.
            let second = try await feeds.create(for: jo)
            #expect(second != first)
            #expect(try await feeds.calendar(token: first) == nil)
            #expect(try await feeds.calendar(token: second) != nil)
            // Revoking ends it, and only Jo's.
            #expect(try await feeds.revoke(for: jo))
            #expect(try await !feeds.revoke(for: jo))
            #expect(try await feeds.calendar(token: second) == nil)
            #expect(try await feeds.createdAt(for: jo) == nil)
            #expect(try await feeds.calendar(token: sams) != nil)
            // Nonsense is not looked up at all.
            for token in ["", "x", String(repeating: "é", count: 43), String(repeating: "A", count: 43)] {
                #expect(try await feeds.calendar(token: token) == nil)
            }
        }
    }
}
