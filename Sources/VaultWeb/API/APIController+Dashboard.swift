import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import VaultCore
import VaultServices

extension APIController {
    /// `GET /api/v1/dashboard`: the dashboard's numbers. The encoded answer is kept per household, month and
    /// layout until the household's data or day changes, so a repeated request costs the session lookup and
    /// one read of the household's version. The ETag names that version: a client that kept the answer asks
    /// with `If-None-Match` and gets 304 while it is still right.
    func dashboard(_ request: Request, _ context: APIContext) async throws -> Response {
        let user = context.user
        let month = request.queryForm["month"]
        let layout = DashboardCard.layout(user.dashboardLayout)
        let (_, stamp) = try await environment.household(of: user).stamp()
        let key = "\(user.householdID)|\(month ?? "")|\(layout.map(\.rawValue).joined(separator: ","))"
        let tag = Self.entityTag(stamp, key: key)
        var headers: HTTPFields = [.eTag: tag]
        if let asked = request.headers[.ifNoneMatch], Self.matches(asked, tag) {
            return Response(status: .notModified, headers: headers)
        }
        let body = try await environment.answers.dashboardJSON.value(for: key, stamp: stamp) { [environment] in
            let data = try await DashboardData.current(environment, user: user, month: month, stamp: stamp)
            return try Response.jsonBody(DashboardView(data, layout: layout))
        }
        headers[.contentType] = "application/json; charset=utf-8"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: body))
    }

    /// A strong entity tag for an answer computed under `stamp` for `key` (FNV-1a of the key: the tag says
    /// nothing of the month or layout it is for).
    static func entityTag(_ stamp: HouseholdStamp, key: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        return "\"\(stamp.dataVersion)-\(stamp.today)-\(stamp.requestDay)-\(String(hash, radix: 16))\""
    }

    /// Whether an `If-None-Match` header names `tag` (or is `*`); weak tags compare by their value.
    static func matches(_ header: String, _ tag: String) -> Bool {
        header.split(separator: ",").contains { candidate in
            let trimmed = candidate.trimmingCharacters(in: .whitespaces)
            return trimmed == "*" || trimmed == tag || trimmed == "W/" + tag
        }
    }
}
