import Foundation
import Hummingbird
import VaultCore
import VaultServices

/// `/api/v1/calendar-feed`: the signed-in person's secret calendar link for upcoming bills. GET says whether
/// one is on, POST makes a new one (the old one stops working) and answers its address once, DELETE turns it off.
struct CalendarFeedAPI: Sendable {
    let environment: WebEnvironment

    func addRoutes(to api: some RouterMethods<APIContext>) {
        api.get("/calendar-feed") { _, context in
            let createdAt = try await environment.vault(for: context.user).calendarFeeds.createdAt(for: context.user)
            return try Response.json(CalendarFeedPayload(createdAt: createdAt, url: nil))
        }
        api.post("/calendar-feed") { request, context in
            let feeds = environment.vault(for: context.user).calendarFeeds
            let token = try await feeds.create(for: context.user)
            let url = CalendarFeedPages.feedURL(token: token, base: environment.baseURL(request))
            return try Response.json(
                CalendarFeedPayload(createdAt: try await feeds.createdAt(for: context.user), url: url),
                status: .created)
        }
        api.delete("/calendar-feed") { _, context in
            try Response.json([
                "revoked": try await environment.vault(for: context.user).calendarFeeds.revoke(for: context.user)
            ])
        }
    }
}

/// Whether a person's calendar link is on, and, only when it was just made, its address.
struct CalendarFeedPayload: Encodable, Sendable {
    let active: Bool
    /// When the link was made, ISO 8601.
    let createdAt: String?
    /// The secret address; present only in the answer that made it.
    let url: String?

    init(createdAt: Date?, url: String?) {
        active = createdAt != nil
        self.createdAt = createdAt.map { ISO8601DateFormatter().string(from: $0) }
        self.url = url
    }
}
