import Foundation
import VaultCore
import VaultStore

/// Each person's secret calendar link for upcoming bills (issue 20, reminders without a push service): made,
/// replaced and turned off by its owner, read by a calendar app with nothing but the link.
///
/// The link's token is 256 random bits shown once when it is made; the store keeps only its SHA-256, as for
/// sessions. The feed is the person's household's bills (`BillCalendar`): payees and amounts, no accounts.
public struct CalendarFeedService: Sendable {
    let vault: Vault

    /// The name a subscribed calendar shows.
    public static let calendarName = "Upcoming bills (GhostVault)"

    /// When the person's current link was made; nil when they have none.
    public func createdAt(for user: User) async throws -> Date? {
        try await vaultOperation { try await vault.database.calendarFeeds.createdAt(for: user.id) }
    }

    /// Makes a new link for the person and returns its token; a link they had before stops working.
    public func create(for user: User) async throws -> String {
        try await vaultOperation {
            let token = UserService.randomToken()
            try await vault.database.calendarFeeds.replace(
                for: user.id, tokenHash: UserService.digest(token), at: vault.now)
            return token
        }
    }

    /// Turns the person's link off; false when they had none.
    @discardableResult
    public func revoke(for user: User) async throws -> Bool {
        try await vaultOperation { try await vault.database.calendarFeeds.revoke(for: user.id) }
    }

    /// The calendar behind a link's token, as iCalendar text; nil for a token that is malformed, unknown or
    /// revoked (the caller answers all three the same way, so a guess learns nothing).
    public func calendar(token: String) async throws -> String? {
        guard Self.isWellFormed(token) else { return nil }
        return try await vaultOperation {
            guard let user = try await vault.database.calendarFeeds.user(tokenHash: UserService.digest(token)) else {
                return nil
            }
            let report = try await vault.household(user.householdID).reports.recurring()
            return BillCalendar.render(
                BillCalendar.occurrences(report), calendarName: Self.calendarName, stamp: vault.now)
        }
    }

    /// A token as `UserService.randomToken()` makes them: 43 URL-safe base64 characters.
    static func isWellFormed(_ token: String) -> Bool {
        token.utf8.count == 43
            && token.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-"
                    || $0 == "_"
            }
    }
}

extension Vault {
    /// People's secret calendar links and the bills calendar behind them.
    public var calendarFeeds: CalendarFeedService { CalendarFeedService(vault: self) }
}
