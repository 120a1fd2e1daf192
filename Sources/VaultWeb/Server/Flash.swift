import Foundation
import Hummingbird

/// A one-time message for the page a form redirects to ("Synced: 12 new transactions", "Saved.").
///
/// It travels in a short-lived HttpOnly cookie, never in the URL, so a link from elsewhere cannot put words
/// in the app's mouth; the next page shows it and clears it.
struct Flash: Sendable, Equatable {
    enum Kind: String, Sendable { case notice, error }

    let kind: Kind
    let message: String

    static let cookieName = "gv_flash"
    /// Long enough for a slow redirect, short enough that it never shows up on some later visit.
    static let lifetime = 60
    /// Messages are sentences; a longer one is cut so the cookie stays well under browsers' limits.
    static let maximumLength = 1_000

    /// The cookie's value: the kind and the message, URL-safe base64.
    var cookieValue: String {
        let data = Data("\(kind.rawValue):\(message.prefix(Self.maximumLength))".utf8)
        return data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(
            of: "/", with: "_"
        )
        .replacingOccurrences(of: "=", with: "")
    }

    init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// Reads a cookie value; nil when it is not one of ours.
    init?(cookieValue: String) {
        var base64 = cookieValue.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64), let text = String(data: data, encoding: .utf8),
            let colon = text.firstIndex(of: ":"), let kind = Kind(rawValue: String(text[..<colon]))
        else { return nil }
        self.init(kind, String(text[text.index(after: colon)...]))
    }

    /// The message as the page shows it.
    var html: HTML { kind == .notice ? Layout.notice(message) : Layout.problems([message]) }
}

extension Response {
    /// See other, with a one-time message for the page it leads to.
    static func seeOther(_ location: String, flash: Flash) -> Response {
        var response = Response.seeOther(location)
        response.setCookie(
            Cookie(
                name: Flash.cookieName, value: flash.cookieValue, maxAge: Flash.lifetime, path: "/", httpOnly: true,
                sameSite: .lax))
        return response
    }
}
