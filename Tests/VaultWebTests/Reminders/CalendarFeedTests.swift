import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import VaultCore
import VaultServices
import VaultTestSupport

@testable import VaultWeb

/// Reminders without a push service (issue 20): a secret per-person calendar link, made and turned off in
/// Settings or the API, that a phone's calendar subscribes to.
@Suite struct CalendarFeedTests {
    /// The link a Settings page shows, as a path.
    static func feedPath(in html: String) throws -> String {
        let address = try #require(Browser.first(#"id="calendar-link" readonly value="([^"]+)""#, in: html))
        let path = try #require(URL(string: address)?.path)
        #expect(address.hasSuffix(".ics"))
        return path
    }

    /// Parses iCalendar text back, line by line: every line ends in CRLF and holds at most 75 octets, folded
    /// lines start with a space, components open and close in order. Returns the unfolded content lines.
    static func parse(_ text: String) throws -> [String] {
        let bytes = Array(text.utf8)
        #expect(bytes.suffix(2) == [13, 10], "the last line ends in CRLF")
        var physical: [[UInt8]] = []
        var current: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == 13 {
                try #require(index + 1 < bytes.count && bytes[index + 1] == 10, "a CR not followed by LF")
                physical.append(current)
                current = []
                index += 2
                continue
            }
            try #require(bytes[index] != 10, "a bare LF")
            current.append(bytes[index])
            index += 1
        }
        var lines: [String] = []
        for line in physical {
            #expect(line.count <= 75, "a line of \(line.count) octets")
            // Each physical line is whole UTF-8: a fold never splits a character.
            let text = try #require(String(validating: line, as: UTF8.self))
            if text.hasPrefix(" ") {
                try #require(!lines.isEmpty)
                lines[lines.count - 1] += text.dropFirst()
            } else {
                lines.append(text)
            }
        }
        var open: [String] = []
        for line in lines {
            if line.hasPrefix("BEGIN:") { open.append(String(line.dropFirst(6))) }
            if line.hasPrefix("END:") { #expect(open.popLast() == String(line.dropFirst(4)), "\(line)") }
            #expect(line.contains(":"), "\(line) has no value")
        }
        #expect(open.isEmpty)
        return lines
    }

    @Test("a link made in Settings serves the upcoming bills as a valid calendar; a new one or off makes it 404")
    func settingsLink() async throws {
        try await withWeb { world in
            // Given
            let browser = try await world.connected("jo@example.com")
            var html = try await browser.page("/settings/calendar").html
            #expect(html.contains("No calendar link yet."))
            // When
            let made = try await browser.submit("/settings/calendar", from: "/settings/calendar", [:])
            // Then: the page shows the link once, and it serves text/calendar to anyone who has it.
            #expect(made.status == .ok)
            html = String(buffer: made.body)
            let path = try Self.feedPath(in: html)
            #expect(html.contains("webcal://"))
            let feed = try await world.client.execute(uri: path, method: .get)
            #expect(feed.status == .ok)
            #expect(feed.headers[.contentType] == "text/calendar; charset=utf-8")
            let lines = try Self.parse(String(buffer: feed.body))
            #expect(lines.first == "BEGIN:VCALENDAR")
            #expect(lines.last == "END:VCALENDAR")
            let report = try await world.scope(of: "jo@example.com").reports.recurring()
            let expected = BillCalendar.occurrences(report)
            #expect(expected.count > 5)
            #expect(lines.filter { $0 == "BEGIN:VEVENT" }.count == expected.count)
            #expect(lines.filter { $0 == "TRIGGER:-P1D" }.count == expected.count)
            #expect(lines.contains("DTSTART;VALUE=DATE:" + ICalendar.date(expected[0].date)))
            #expect(lines.contains { $0.hasPrefix("SUMMARY:Netflix: $") })
            // Never an account's name or number.
            let shown = lines.filter { !$0.hasPrefix("UID:") }
            for listed in try await world.scope(of: "jo@example.com").accounts.list(includeHidden: true) {
                #expect(!shown.contains { $0.contains(listed.account.name) }, "\(listed.account.name)")
            }
            // The transfer to savings is described with the account's last four digits at the bank.
            #expect(shown.contains { $0.hasPrefix("SUMMARY:ONLINE TRANSFER TO SAVINGS: $") })
            #expect(!shown.contains { $0.contains("1177") })
            // The page afterwards says a link is on without showing it again.
            html = try await browser.page("/settings/calendar").html
            #expect(html.contains("A calendar link is on"))
            #expect(!html.contains(path))
            // A new link turns the old one off.
            let again = try await browser.submit("/settings/calendar", from: "/settings/calendar", [:])
            let newPath = try Self.feedPath(in: String(buffer: again.body))
            #expect(newPath != path)
            #expect(try await world.client.execute(uri: path, method: .get).status == .notFound)
            #expect(try await world.client.execute(uri: newPath, method: .get).status == .ok)
            // Turning it off.
            let off = try await browser.submit("/settings/calendar/revoke", from: "/settings/calendar", [:])
            #expect(off.status == .seeOther)
            #expect(try await world.client.execute(uri: newPath, method: .get).status == .notFound)
            html = try await browser.page("/settings/calendar").html
            #expect(html.contains("The calendar link is off"))
            #expect(html.contains("No calendar link yet."))
        }
    }

    @Test("an unknown, malformed or revoked link answers like a path that does not exist")
    func unknownLinks() async throws {
        try await withWeb { world in
            let nowhere = try await world.client.execute(uri: "/no-such-page", method: .get)
            let token = String(repeating: "A", count: 43)
            for path in [
                "/calendar/\(token).ics", "/calendar/\(token)", "/calendar/short.ics", "/calendar/%00.ics",
                "/calendar/" + String(repeating: "b", count: 5000) + ".ics",
            ] {
                let response = try await world.client.execute(uri: path, method: .get)
                #expect(response.status == .notFound, "\(path)")
                #expect(response.status == nowhere.status)
                #expect(String(buffer: response.body) == String(buffer: nowhere.body), "\(path)")
                #expect(response.headers[.contentType] == nowhere.headers[.contentType])
            }
        }
    }

    @Test("each person has their own link, for their own household's bills")
    func perPerson() async throws {
        try await withWeb { world in
            let jo = try await world.connected("jo@example.com")
            let sam = try await world.signedUp("sam@example.com")
            let joLink = try Self.feedPath(
                in: String(buffer: try await jo.submit("/settings/calendar", from: "/settings/calendar", [:]).body))
            let samLink = try Self.feedPath(
                in: String(buffer: try await sam.submit("/settings/calendar", from: "/settings/calendar", [:]).body))
            let samsFeed = try Self.parse(
                String(buffer: try await world.client.execute(uri: samLink, method: .get).body))
            // Sam's household has no bank data: a valid calendar with no events.
            #expect(!samsFeed.contains("BEGIN:VEVENT"))
            // Sam turning his link off leaves Jo's working.
            _ = try await sam.submit("/settings/calendar/revoke", from: "/settings/calendar", [:])
            #expect(try await world.client.execute(uri: samLink, method: .get).status == .notFound)
            #expect(try await world.client.execute(uri: joLink, method: .get).status == .ok)
        }
    }

    @Test("a forged form makes no link and turns none off")
    func forged() async throws {
        try await withWeb { world in
            let browser = try await world.connected("jo@example.com")
            let forged = try await browser.submit("/settings/calendar", from: "/settings/calendar", [:], csrf: "x")
            #expect(forged.status == .forbidden)
            #expect(try await browser.page("/settings/calendar").html.contains("No calendar link yet."))
            let made = try await browser.submit("/settings/calendar", from: "/settings/calendar", [:])
            let path = try Self.feedPath(in: String(buffer: made.body))
            let revoke = try await browser.submit(
                "/settings/calendar/revoke", from: "/settings/calendar", [:], csrf: "x")
            #expect(revoke.status == .forbidden)
            #expect(try await world.client.execute(uri: path, method: .get).status == .ok)
        }
    }

    @Test("the API makes, reports and turns off the link; the address is only in the answer that made it")
    func api() async throws {
        try await withWeb { world in
            let browser = try await world.connected("jo@example.com")
            let token = try await browser.csrfToken(on: "/settings")
            let csrf: HTTPFields = [.init("X-CSRF-Token")!: token]
            #expect(try json(try await browser.request("/api/v1/calendar-feed"))["active"] as? Bool == false)
            let made = try await browser.request("/api/v1/calendar-feed", method: .post, headers: csrf, body: "{}")
            #expect(made.status == .created)
            let url = try #require(try json(made)["url"] as? String)
            let path = try #require(URL(string: url)?.path)
            #expect(try await world.client.execute(uri: path, method: .get).status == .ok)
            let state = try json(try await browser.request("/api/v1/calendar-feed"))
            #expect(state["active"] as? Bool == true)
            #expect(state["url"] == nil || state["url"] is NSNull)
            #expect(state["createdAt"] as? String != nil)
            let forged = try await browser.request("/api/v1/calendar-feed", method: .delete)
            #expect(forged.status == .forbidden)
            let off = try await browser.request("/api/v1/calendar-feed", method: .delete, headers: csrf)
            #expect(try json(off)["revoked"] as? Bool == true)
            #expect(try await world.client.execute(uri: path, method: .get).status == .notFound)
            // The OpenAPI document describes it, and reclassify on the recurring actions.
            let yaml = String(buffer: try await world.client.execute(uri: "/api/v1/openapi.yaml", method: .get).body)
            #expect(yaml.contains("  /calendar-feed:\n    get:"))
            #expect(yaml.contains("    CalendarFeed:\n      type: object"))
            #expect(yaml.contains("enum: [confirm, dismiss, delete, restore, reclassify]"))
        }
    }
}
