import Foundation
import Hummingbird
import VaultCore
import VaultServices

/// Settings › Bill reminders: the person's secret calendar link for upcoming bills (issue 20, reminders without
/// a push service). The link is shown once, when it is made, since only its hash is kept; making a new one
/// turns the old one off, and turning it off leaves none.
struct CalendarFeedPages {
    let environment: WebEnvironment

    func addRoutes(to router: some RouterMethods<PageContext>) {
        router.get("/settings/calendar") { request, context in try await page(context, token: nil, request: request) }
        router.post("/settings/calendar") { request, context in
            _ = try await context.form(request)
            let token = try await environment.vault(for: context.signedIn.user).calendarFeeds.create(
                for: context.signedIn.user)
            // Shown on this response only (never in a redirect's flash cookie); `no-store` keeps it out of caches.
            return try await page(context, token: token, request: request)
        }
        router.post("/settings/calendar/revoke") { request, context in
            _ = try await context.form(request)
            let revoked = try await environment.vault(for: context.signedIn.user).calendarFeeds.revoke(
                for: context.signedIn.user)
            return Response.seeOther(
                "/settings/calendar",
                flash: Flash(
                    .notice,
                    revoked
                        ? "The calendar link is off: calendars subscribed to it get nothing new."
                        : "There was no calendar link to turn off."))
        }
    }

    func page(_ context: PageContext, token: String?, request: Request) async throws -> Response {
        let signedIn = context.signedIn
        let vault = environment.vault(for: signedIn.user)
        let createdAt = try await vault.calendarFeeds.createdAt(for: signedIn.user)
        let household = try await environment.household(of: signedIn.user).details()
        let csrf = Layout.csrfField(signedIn.csrfToken)
        let address = token.map { Self.feedURL(token: $0, base: environment.baseURL(request)) }
        let shown: HTML =
            address.map { address -> HTML in
                """
                <div class="notice-box" id="calendar-link-box"><p><strong>Your calendar link</strong> (shown only now: copy it or subscribe before leaving this page)</p>
                <label for="calendar-link">Address to subscribe to</label>
                <input type="text" id="calendar-link" readonly value="\(address)" spellcheck="false">
                <p class="row"><a class="button" href="\(Self.webcal(address))">Subscribe on this device</a></p>
                <p class="muted small">On an iPhone: Settings › Calendar › Accounts › Add Account › Other › Add Subscribed Calendar, and paste the address. In Google Calendar: Other calendars › From URL.</p></div>
                """
            } ?? .empty
        let status: HTML =
            if let createdAt {
                """
                <p id="calendar-status">A calendar link is on, made \(WebFormat.instant(createdAt, in: household.timeZone)).\(token == nil ? " For safety it was shown only once; if you lost it, make a new one." : "")</p>
                <form method="post" action="/settings/calendar">\(csrf)<button type="submit" class="secondary">Make a new link</button></form>
                <p class="muted small">A new link turns the old one off.</p>
                \(Layout.confirmed("Turn off", what: "Calendars subscribed to this link stop getting your bills. You can make a new link later.", confirm: "Turn off the calendar link", action: "/settings/calendar/revoke", csrfToken: signedIn.csrfToken))
                """
            } else {
                """
                <p id="calendar-status">No calendar link yet.</p>
                <form method="post" action="/settings/calendar">\(csrf)<button type="submit">Create calendar link</button></form>
                """
            }
        return .html(
            Layout.page(
                title: "Bill reminders", signedIn: signedIn, current: "/settings",
                body: """
                    <p><a href="/settings">‹ Settings</a></p>
                    <h1>Bill reminders</h1>
                    <section class="card" aria-labelledby="calendar-title"><h2 id="calendar-title">Upcoming bills in your calendar</h2>
                    <p>Your phone's calendar can subscribe to a private link that lists the bills expected in the next \(BillCalendar.horizonDays) days, each with an alert the day before. Nothing is pushed from this server: your calendar app fetches the list every few hours.</p>
                    <p class="muted small">The calendar shows each bill's payee and expected amount, never an account. Anyone with the link can read it, so keep it to yourself; turn it off here if it leaks.</p>
                    \(shown)\(status)</section>
                    """))
    }

    /// `https://host/calendar/<token>.ics`.
    static func feedURL(token: String, base: String) -> String { base + "/calendar/" + token + ".ics" }

    /// The same address for the `webcal:` scheme, which phones open as "subscribe to this calendar".
    static func webcal(_ address: String) -> String {
        for scheme in ["https://", "http://"] where address.hasPrefix(scheme) {
            return "webcal://" + address.dropFirst(scheme.count)
        }
        return address
    }
}
