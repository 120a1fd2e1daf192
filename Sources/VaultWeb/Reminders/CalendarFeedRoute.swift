import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import VaultServices

/// `GET /calendar/<token>.ics`: the bills calendar a phone subscribes to, read with nothing but its secret
/// link (a calendar app has no session). An unknown, revoked or malformed token gets the same plain 404 as any
/// path that does not exist, so a guess learns nothing; 256-bit tokens make guessing pointless anyway.
enum CalendarFeedRoute {
    static func addRoutes(to router: some RouterMethods<WebContext>, environment: WebEnvironment) {
        router.get("/calendar/:feed") { request, context in
            let file = context.parameters.get("feed") ?? ""
            guard file.hasSuffix(".ics"),
                let text = try await environment.vault().calendarFeeds.calendar(token: String(file.dropLast(4)))
            else { throw HTTPError(.notFound) }
            return Response(
                status: .ok,
                headers: [
                    .contentType: "text/calendar; charset=utf-8",
                    .contentDisposition: "inline; filename=\"bills.ics\"",
                ],
                body: .init(byteBuffer: ByteBuffer(string: text)))
        }
    }
}
