import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import VaultCore
import VaultServices
import VaultTestSupport

@testable import VaultWeb

/// The Recurring page and its API (spec section 10's list view, issue 20): series under NEEDS, WANTS and
/// SAVINGS with subtotals, the monthly total of spending, and confirm, dismiss, reclassify, stop tracking.
@Suite struct RecurringPagesTests {
    /// The series keys of a group on the page, in order.
    static func keys(_ bucket: String, in html: String) -> [String] {
        guard let start = html.range(of: "id=\"recurring-\(bucket)\"") else { return [] }
        let section = html[start.upperBound...]
        let end = section.range(of: "</section>")?.lowerBound ?? section.endIndex
        return Browser.all(#"<li class="recurring-item" data-series="([^"]+)""#, in: String(section[..<end]))
    }

    static func subtotal(_ bucket: String, in html: String) -> String? {
        Browser.first(
            #"id="recurring-\#(bucket)"[^>]*>\s*<h2[^>]*><span>[A-Z]+</span><span class="amount subtotal" data-subtotal="([^"]+)""#,
            in: html)
    }

    @Test("series are grouped under NEEDS, WANTS and SAVINGS with subtotals; the total is needs and wants")
    func groups() async throws {
        try await withWeb { world in
            // Given: the demo household, with a mortgage, subscriptions and transfers to savings and a brokerage.
            let browser = try await world.connected("jo@example.com")
            // When
            let html = try await browser.page("/recurring").html
            let report = try await world.scope(of: "jo@example.com").reports.recurring()
            // Then: the groups in the spec's order, each with the subtotal the report computes.
            let needs = try #require(html.range(of: ">NEEDS<")).lowerBound
            let wants = try #require(html.range(of: ">WANTS<")).lowerBound
            let savings = try #require(html.range(of: ">SAVINGS<")).lowerBound
            #expect(needs < wants && wants < savings)
            for group in report.groups {
                #expect(Self.subtotal(group.bucket.rawValue, in: html) == group.monthlyTotal.decimalString)
                #expect(Self.keys(group.bucket.rawValue, in: html) == group.series.map(\.key))
            }
            let need = try #require(report.monthlyByBucket[.need])
            let want = try #require(report.monthlyByBucket[.want])
            let toSavings = try #require(report.monthlyByBucket[.savings])
            #expect(toSavings.isPositive)
            #expect(report.monthlyTotal.minorUnits == need.minorUnits + want.minorUnits)
            #expect(html.contains(#"id="monthly-recurring" data-amount="\#(report.monthlyTotal.decimalString)""#))
            // The transfers to savings and to the brokerage are saving, not spending.
            let savingsNames = try #require(report.groups.first { $0.bucket == .savings }).series.map(\.name)
            #expect(savingsNames.contains("Harbor Brokerage"))
            #expect(savingsNames.contains { $0.hasPrefix("ONLINE TRANSFER TO SAVINGS") })
            #expect(html.contains(">Upcoming Bills<"))
            #expect(html.contains(">INCOME<"))
        }
    }

    @Test("reclassifying a series as a Want moves it to WANTS, moves the subtotals and is kept")
    func reclassify() async throws {
        try await withWeb { world in
            // Given: Comcast starts as a need (its category is Bills: internet is a need, spec section 10).
            let browser = try await world.connected("jo@example.com")
            var html = try await browser.page("/recurring").html
            let before = try await world.scope(of: "jo@example.com").reports.recurring()
            let bill = try #require(before.series.first { $0.name == "Comcast" })
            #expect(Self.keys("need", in: html).contains(bill.key))
            // When
            let response = try await browser.submit(
                "/recurring", from: "/recurring", ["series": bill.key, "action": "reclassify", "bucket": "want"])
            // Then
            #expect(response.status == .seeOther)
            html = try await browser.page("/recurring").html
            #expect(html.contains("Comcast is now under Wants"))
            #expect(!Self.keys("need", in: html).contains(bill.key))
            #expect(Self.keys("want", in: html).contains(bill.key))
            let after = try await world.scope(of: "jo@example.com").reports.recurring()
            #expect(
                after.monthlyByBucket[.want]?.minorUnits
                    == before.monthlyByBucket[.want]!.minorUnits + bill.monthlyAmount.minorUnits)
            #expect(after.monthlyTotal == before.monthlyTotal)
            // Savings takes it out of the monthly spending total.
            _ = try await browser.submit(
                "/recurring", from: "/recurring", ["series": bill.key, "action": "reclassify", "bucket": "savings"])
            let saved = try await world.scope(of: "jo@example.com").reports.recurring()
            #expect(saved.monthlyTotal.minorUnits == before.monthlyTotal.minorUnits - bill.monthlyAmount.minorUnits)
            let unknownBucket = try await browser.submit(
                "/recurring", from: "/recurring", ["series": bill.key, "action": "reclassify", "bucket": "luxury"])
            #expect(unknownBucket.status == .unprocessableContent)
        }
    }

    @Test("confirm, dismiss and stop tracking are kept; unknown series and actions are refused")
    func actions() async throws {
        try await withWeb { world in
            let browser = try await world.connected("jo@example.com")
            let report = try await world.scope(of: "jo@example.com").reports.recurring()
            let spending = report.groups.flatMap(\.series)
            let (first, second, third) = (spending[0], spending[1], spending[2])
            var response = try await browser.submit(
                "/recurring", from: "/recurring", ["series": first.key, "action": "confirm"])
            #expect(response.status == .seeOther)
            response = try await browser.submit(
                "/recurring", from: "/recurring", ["series": second.key, "action": "dismiss"])
            #expect(response.status == .seeOther)
            response = try await browser.submit(
                "/recurring", from: "/recurring", ["series": third.key, "action": "delete"])
            #expect(response.status == .seeOther)
            let html = try await browser.page("/recurring").html
            #expect(html.contains("\(third.name) is no longer tracked."))
            let after = try await world.scope(of: "jo@example.com").reports.recurring()
            #expect(after.series.first { $0.key == first.key }?.status == .confirmed)
            #expect(after.dismissed.map(\.key) == [second.key])
            #expect(!after.series.contains { $0.key == second.key || $0.key == third.key })
            #expect(html.contains(">Dismissed<"))
            #expect(html.contains(#"class="badge ok">Confirmed<"#))
            let unknown = try await browser.submit(
                "/recurring", from: "/recurring", ["series": "nope", "action": "dismiss"])
            #expect(unknown.status == .notFound)
            let badAction = try await browser.submit(
                "/recurring", from: "/recurring", ["series": first.key, "action": "explode"])
            #expect(badAction.status == .unprocessableContent)
        }
    }

    @Test("another household's series is not found, by page or API, and stays as it was")
    func otherHousehold() async throws {
        try await withWeb { world in
            // Given: two households on the same bridge data, so their series look alike but are their own.
            _ = try await world.connected("jo@example.com")
            let sam = try await world.connected("sam@example.com")
            let jos = try await world.scope(of: "jo@example.com").reports.recurring()
            let key = try #require(jos.groups.first?.series.first?.key)
            // When
            let page = try await sam.submit(
                "/recurring", from: "/recurring", ["series": key, "action": "reclassify", "bucket": "savings"])
            let token = try await sam.csrfToken(on: "/recurring")
            let api = try await sam.request(
                "/api/v1/recurring/actions", method: .post, headers: [.init("X-CSRF-Token")!: token],
                body: #"{"series":"\#(key)","action":"dismiss"}"#, contentType: "application/json")
            // Then
            #expect(page.status == .notFound)
            #expect(api.status == .notFound)
            let after = try await world.scope(of: "jo@example.com").reports.recurring()
            #expect(after.groups.map(\.monthlyTotal) == jos.groups.map(\.monthlyTotal))
            #expect(after.dismissed.isEmpty)
        }
    }

    @Test("a forged form (wrong or missing CSRF token) changes nothing")
    func forged() async throws {
        try await withWeb { world in
            let browser = try await world.connected("jo@example.com")
            let before = try await world.scope(of: "jo@example.com").reports.recurring()
            let key = try #require(before.groups.first?.series.first?.key)
            for csrf in ["forged", ""] {
                let response = try await browser.submit(
                    "/recurring", from: "/recurring", ["series": key, "action": "reclassify", "bucket": "want"],
                    csrf: csrf)
                #expect(response.status == .forbidden)
            }
            let api = try await browser.request(
                "/api/v1/recurring/actions", method: .post,
                body: #"{"series":"\#(key)","action":"dismiss"}"#, contentType: "application/json")
            #expect(api.status == .forbidden)
            let after = try await world.scope(of: "jo@example.com").reports.recurring()
            #expect(after.groups.map(\.series) == before.groups.map(\.series))
            #expect(after.dismissed.isEmpty)
        }
    }

    @Test("the recurring API answers the groups and takes confirm and reclassify by key")
    func api() async throws {
        try await withWeb { world in
            let browser = try await world.connected("jo@example.com")
            let report = try json(try await browser.request("/api/v1/recurring"))
            let groups = try #require(report["groups"] as? [[String: Any]])
            #expect(groups.map { $0["bucket"] as? String } == ["need", "want", "savings"])
            let needKeys = try #require(groups.first?["keys"] as? [String])
            let key = try #require(needKeys.first)
            let token = try await browser.csrfToken(on: "/recurring")
            func act(_ body: String) async throws -> TestResponse {
                try await browser.request(
                    "/api/v1/recurring/actions", method: .post, headers: [.init("X-CSRF-Token")!: token],
                    body: body, contentType: "application/json")
            }
            #expect(try await act(#"{"series":"\#(key)","action":"confirm"}"#).status == .ok)
            let moved = try await act(#"{"series":"\#(key)","action":"reclassify","bucket":"want"}"#)
            #expect(moved.status == .ok)
            #expect(try json(moved)["bucket"] as? String == "want")
            #expect(try await act(#"{"series":"\#(key)","action":"reclassify"}"#).status == .unprocessableContent)
            let after = try json(try await browser.request("/api/v1/recurring"))
            let series = (after["series"] as? [[String: Any]])?.first { $0["key"] as? String == key }
            #expect(series?["status"] as? String == "confirmed")
            #expect(series?["bucket"] as? String == "want")
            let wants = (after["groups"] as? [[String: Any]])?.first { $0["bucket"] as? String == "want" }
            #expect((wants?["keys"] as? [String])?.contains(key) == true)
        }
    }
}
