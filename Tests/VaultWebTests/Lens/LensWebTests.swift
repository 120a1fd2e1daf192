import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import VaultCore
import VaultServices
import VaultTestSupport
import VaultWeb

/// The 50/30/20 lens on the web (issue 20): the dashboard's lens view, a segment's transactions with why each
/// landed there, reclassifying one transaction or always a payee, the targets in Settings, and the API; another
/// household can never see or move this household's transactions.
@Suite struct LensWebTests {
    let rules = RecurringRulesAPITests()

    /// Ann's November: $600 at Safeway (a need), $300 dining and $100 Netflix (wants), a paycheck; and $50 of dining
    /// in October. Returns the transactions' ids by description.
    func ann(_ world: WebWorld, email: String = "ann@example.com") async throws -> (Browser, [String: String]) {
        let browser = try await world.signedUp(email)
        let scope = try await world.scope(of: email)
        _ = try await scope.accounts.add(.init(name: "Wallet", kind: "cash", balance: "10000"))
        var ids: [String: String] = [:]
        for (amount, date, description, category) in [
            ("-600", "2026-11-03", "SAFEWAY 1234", nil), ("-300", "2026-11-04", "Alice Bistro", "Dining"),
            ("-100", "2026-11-05", "NETFLIX", nil), ("3000", "2026-11-06", "ACME PAYROLL", nil),
            ("-50", "2026-10-10", "October Bistro", "Dining"),
        ] as [(String, String, String, String?)] {
            let listed = try await scope.transactions.add(
                TransactionInput(
                    amount: amount, account: "Wallet", date: date, category: category, description: description))
            ids[description] = listed.transaction.id.description
        }
        return (browser, ids)
    }

    /// A bearer token for someone already signed up in a browser.
    func token(_ world: WebWorld, _ email: String) async throws -> String {
        let response = try await rules.api.post(
            world, "/api/v1/auth/login", #"{"email":"\#(email)","password":"correct horse battery"}"#)
        #expect(response.status == .ok, "\(String(buffer: response.body))")
        return try #require(try json(response)["token"] as? String)
    }

    /// The "52% of 50%" cells of the first lens table on a page, needs first.
    func shares(_ html: String) -> [String] {
        Array(Browser.all(#"<td class="num lens-share">([^<]+)</td>"#, in: html).prefix(3))
    }

    @Test("the Income vs Spending card turns into the tripartite bar or the donut, coloured with the spec's messages")
    func dashboard() async throws {
        try await withWeb { world in
            let (browser, _) = try await ann(world)
            let plain = try await browser.page("/dashboard").html
            #expect(plain.contains(#"data-chart-view="lens""#))
            #expect(plain.contains(#"<div class="lens-panel" data-view="lens" hidden>"#))

            let lens = try await browser.page("/dashboard?chart=lens").html
            #expect(lens.contains(#"<div class="lens-panel" data-view="lens">"#))
            #expect(shares(lens) == ["60% of 50%", "40% of 30%", "0% of 20%"])
            #expect(lens.contains("Needs are eating into your Wants/Savings"))
            #expect(lens.contains("Discretionary spending is elevated"))
            #expect(lens.contains("Consider increasing your savings rate"))
            #expect(lens.contains(#"class="lens-seg red" x="0" y="0" width="600""#))
            #expect(lens.contains(#"href="/lens/needs?month=2026-11""#))
            #expect(lens.contains("Significantly off"))

            let donut = try await browser.page("/dashboard?chart=lens-donut").html
            #expect(donut.contains(#"<div class="lens-panel" data-view="lens-donut">"#))
            #expect(donut.contains(#"<svg class="donut""#))
            #expect(donut.contains(#"stroke-dasharray="60 40""#))
        }
    }

    @Test("a segment lists its transactions with why; reclassifying one moves the percentages, Automatic undoes it")
    func reclassify() async throws {
        try await withWeb { world in
            let (browser, ids) = try await ann(world)
            let needs = try await browser.page("/lens/needs?month=2026-11")
            #expect(needs.status == .ok)
            #expect(needs.html.contains("SAFEWAY 1234"))
            #expect(!needs.html.contains("Alice Bistro") && !needs.html.contains("ACME PAYROLL"))
            #expect(
                Browser.first(#"<p class="small lens-reason">Why: ([^<]+)</p>"#, in: needs.html)?.contains("Groceries")
                    == true)
            #expect(needs.html.contains("Transactions (1)"))

            let safeway = try #require(ids["SAFEWAY 1234"])
            let moved = try await browser.submit(
                "/lens/choice", from: "/lens/needs?month=2026-11",
                ["transaction": safeway, "bucket": "want", "back": "/lens/needs?month=2026-11"])
            #expect(moved.status == .seeOther)
            #expect(moved.headers[.location] == "/lens/needs?month=2026-11")
            let after = try await browser.page("/lens/needs?month=2026-11").html
            #expect(shares(after) == ["0% of 50%", "100% of 30%", "0% of 20%"])
            #expect(after.contains("No transactions in this segment this month."))
            let wants = try await browser.page("/lens/wants?month=2026-11").html
            #expect(wants.contains("Why: Your choice for this transaction"))
            #expect(wants.contains(#"value="automatic""#))

            // The transaction page says the same and offers the buttons.
            let detail = try await browser.page("/transactions/\(safeway)").html
            #expect(detail.contains("Counts as <strong>Wants</strong>"))
            #expect(detail.contains(#"action="/lens/choice""#))

            _ = try await browser.submit(
                "/lens/choice", from: "/transactions/\(safeway)", ["transaction": safeway, "bucket": "automatic"])
            #expect(
                shares(try await browser.page("/dashboard?chart=lens").html) == [
                    "60% of 50%", "40% of 30%", "0% of 20%",
                ])
            // Income is not in the lens: no section, and a choice is refused with a reason.
            let payroll = try #require(ids["ACME PAYROLL"])
            #expect(!(try await browser.page("/transactions/\(payroll)").html.contains("50/30/20 lens")))
            let refused = try await browser.submit(
                "/lens/choice", from: "/dashboard", ["transaction": payroll, "bucket": "want", "back": "/dashboard"])
            #expect(refused.status == .seeOther)
            #expect(try await browser.page("/dashboard").html.contains("has no bucket to change"))
        }
    }

    @Test("Always classify a payee makes a payee choice that Settings lists and can hand back")
    func alwaysClassify() async throws {
        try await withWeb { world in
            let (browser, ids) = try await ann(world)
            let response = try await browser.submit(
                "/lens/payee", from: "/lens/wants?month=2026-11",
                ["transaction": try #require(ids["NETFLIX"]), "bucket": "need", "back": "/lens/wants?month=2026-11"])
            #expect(response.status == .seeOther)
            #expect(
                shares(try await browser.page("/dashboard?chart=lens").html) == [
                    "70% of 50%", "30% of 30%", "0% of 20%",
                ])
            let settings = try await browser.page("/settings/lens").html
            #expect(settings.contains("netflix · <strong>Needs</strong>"))
            let back = try await browser.submit(
                "/lens/payee", from: "/settings/lens",
                ["payee": "netflix", "bucket": "automatic", "back": "/settings/lens"])
            #expect(back.headers[.location] == "/settings/lens")
            #expect(try await browser.page("/settings/lens").html.contains("None yet."))
        }
    }

    @Test("targets are edited in Settings; a split that does not add up to 100 is refused with the sum")
    func targets() async throws {
        try await withWeb { world in
            let (browser, _) = try await ann(world)
            #expect(try await browser.page("/settings").html.contains(#"href="/settings/lens""#))
            let saved = try await browser.submit(
                "/settings/lens/targets", from: "/settings/lens", ["needs": "60", "wants": "20", "savings": "20"])
            #expect(saved.status == .seeOther)
            let lens = try await browser.page("/dashboard?chart=lens").html
            #expect(shares(lens) == ["60% of 60%", "40% of 20%", "0% of 20%"])
            #expect(!lens.contains("Needs are eating into your Wants/Savings"))
            let refused = try await browser.submit(
                "/settings/lens/targets", from: "/settings/lens", ["needs": "60", "wants": "30", "savings": "20"])
            #expect(refused.status == .unprocessableContent)
            let html = String(buffer: refused.body)
            #expect(html.contains("add up to 110%"))
            #expect(html.contains(#"name="wants" type="number""#) && html.contains(#"value="30""#))
            let forged = try await browser.submit(
                "/settings/lens/targets", from: "/settings/lens", ["needs": "10", "wants": "10", "savings": "80"],
                csrf: "forged")
            #expect(forged.status == .forbidden)
            #expect(
                try await browser.page("/settings/lens").html.contains(
                    #"id="target-needs" name="needs" type="number" inputmode="numeric" min="0" max="100" step="1" required value="60""#
                ))
        }
    }

    @Test("another household can never see or reclassify these transactions; a forged form is refused")
    func isolation() async throws {
        try await withWeb { world in
            let (ann, ids) = try await ann(world)
            let safeway = try #require(ids["SAFEWAY 1234"])
            let sam = try await world.signedUp("sam@example.com")
            let samScope = try await world.scope(of: "sam@example.com")
            _ = try await samScope.accounts.add(.init(name: "Purse", kind: "cash", balance: "10"))

            #expect(!(try await sam.page("/lens/needs?month=2026-11").html.contains("SAFEWAY")))
            for (action, fields) in [
                ("/lens/choice", ["transaction": safeway, "bucket": "want"]),
                ("/lens/payee", ["transaction": safeway, "bucket": "want"]),
                ("/lens/choice", ["transaction": UUID().uuidString.lowercased(), "bucket": "want"]),
            ] {
                let response = try await sam.submit(action, from: "/dashboard", fields)
                #expect(response.status == .notFound, "\(action)")
                #expect(String(buffer: response.body).contains("There is no transaction"), "\(action)")
            }
            #expect(try await sam.page("/settings/lens").html.contains("None yet."))
            // Ann's own forms need Ann's token.
            let forged = try await ann.submit(
                "/lens/choice", from: "/dashboard", ["transaction": safeway, "bucket": "want"], csrf: "forged")
            #expect(forged.status == .forbidden)
            #expect(try await ann.page("/lens/needs?month=2026-11").html.contains("SAFEWAY 1234"))
            #expect(try await sam.page("/lens/elsewhere").status == .notFound)

            // The API: another household's id and an unknown id are both not found.
            let token = try await token(world, "sam@example.com")
            for id in [safeway, UUID().uuidString.lowercased()] {
                let put = try await rules.send(
                    world, .put, "/api/v1/transactions/\(id)/lens", #"{"bucket":"want"}"#, token: token)
                #expect(put.status == .notFound)
                #expect((try json(put)["error"] as? [String: Any])?["code"] as? String == "not_found")
                #expect(
                    try await rules.send(world, .get, "/api/v1/transactions/\(id)/lens", token: token).status
                        == .notFound)
            }
            let samsNeeds = try json(
                try await rules.send(world, .get, "/api/v1/lens/needs?month=2026-11", token: token))
            #expect((samsNeeds["transactions"] as? [String: Any])?["totalCount"] as? Int == 0)
        }
    }

    @Test("the API answers the lens, a segment, a reclassification, payee choices and targets")
    func api() async throws {
        try await withWeb { world in
            let (_, ids) = try await ann(world)
            let token = try await token(world, "ann@example.com")
            let lens = try json(try await rules.send(world, .get, "/api/v1/lens?month=2026-11", token: token))
            let segments = try #require(lens["segments"] as? [[String: Any]])
            #expect(segments.map { $0["amount"] as? String } == ["600.00", "400.00", "0.00"])
            #expect(segments.map { $0["indicator"] as? String } == ["red", "yellow", "yellow"])

            let wants = try json(try await rules.send(world, .get, "/api/v1/lens/wants?month=2026-11", token: token))
            let items = try #require((wants["transactions"] as? [String: Any])?["items"] as? [[String: Any]])
            #expect(items.map { $0["name"] as? String } == ["Alice Bistro", "NETFLIX"])
            #expect(items.first?["reason"] as? String == "Everything else")

            let safeway = try #require(ids["SAFEWAY 1234"])
            let put = try await rules.send(
                world, .put, "/api/v1/transactions/\(safeway)/lens", #"{"bucket":"savings"}"#, token: token)
            #expect(put.status == .ok, "\(String(buffer: put.body))")
            #expect(try json(put)["bucket"] as? String == "savings")
            #expect(try json(put)["chosen"] as? Bool == true)
            let bad = try await rules.send(
                world, .put, "/api/v1/transactions/\(safeway)/lens", #"{"bucket":"luxury"}"#, token: token)
            #expect(bad.status == .unprocessableContent)

            let payee = try await rules.send(
                world, .put, "/api/v1/lens/payees", #"{"payee":"Netflix","bucket":"need"}"#, token: token)
            #expect(try json(payee)["payee"] as? String == "netflix")
            #expect(try jsonArray(try await rules.send(world, .get, "/api/v1/lens/payees", token: token)).count == 1)
            let long = String(repeating: "netflix ", count: 40)
            let tooLong = try await rules.send(
                world, .put, "/api/v1/lens/payees", #"{"payee":"\#(long)","bucket":"want"}"#, token: token)
            #expect(tooLong.status == .unprocessableContent, "a payee name past 200 characters is refused")
            #expect(try jsonArray(try await rules.send(world, .get, "/api/v1/lens/payees", token: token)).count == 1)

            let targets = try await rules.send(
                world, .put, "/api/v1/lens/targets", #"{"needs":60,"wants":20,"savings":20}"#, token: token)
            #expect(try json(targets)["needs"] as? Int == 60)
            let wrong = try await rules.send(
                world, .put, "/api/v1/lens/targets", #"{"needs":60,"wants":30,"savings":20}"#, token: token)
            #expect(wrong.status == .unprocessableContent)
            let dashboard = try json(try await rules.send(world, .get, "/api/v1/dashboard", token: token))
            #expect((dashboard["lens"] as? [String: Any])?["month"] as? String == "2026-11")
        }
    }
}
