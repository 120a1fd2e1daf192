import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import VaultCore
import VaultServices
import VaultTestSupport
import VaultWeb

/// Spending categories and the income chart's timeframes (issue 20): the dashboard's categories open a category
/// page with the month against the last and its transactions; the income trend takes 1M, 3M, YTD, 1Y or a range.
@Suite struct SpendingWebTests {
    let lens = LensWebTests()

    func diningID(_ world: WebWorld, _ email: String = "ann@example.com") async throws -> String {
        let scope = try await world.scope(of: email)
        return try #require(try await scope.categories.tree().categories.first { $0.name == "Dining" }).id.description
    }

    @Test("the dashboard's categories open the category page: month over month and its transactions")
    func category() async throws {
        try await withWeb { world in
            let (browser, _) = try await lens.ann(world)
            let dining = try await diningID(world)
            let dashboard = try await browser.page("/dashboard").html
            #expect(dashboard.contains(#"href="/spending/\#(dining)?month=2026-11""#))
            #expect(dashboard.contains(#"href="/spending?month=2026-11">All categories →</a>"#))

            let page = try await browser.page("/spending/\(dining)?month=2026-11")
            #expect(page.status == .ok)
            #expect(page.html.contains("Dining: $300.00 vs $50.00 last month (+$250.00, ↑500.0%)"))
            #expect(page.html.contains("Alice Bistro"))
            #expect(!page.html.contains("October Bistro") && !page.html.contains("NETFLIX"))
            #expect(page.html.contains("Transactions (1)"))
            let october = try await browser.page("/spending/\(dining)?month=2026-10").html
            #expect(october.contains("October Bistro") && october.contains("nothing last month"))

            let breakdown = try await browser.page("/spending?month=2026-11").html
            #expect(breakdown.contains(#"<svg class="donut""#))
            #expect(breakdown.contains("vs $50.00 last month"))
            // Sorted by amount, largest first ($1,000 in all: Dining's $300 and the rest).
            let list = try #require(breakdown.components(separatedBy: #"id="category-list""#).last)
            let amounts = Browser.all(#"<span class="amount">\$([0-9,.]+)</span>"#, in: list).compactMap {
                Double($0.replacingOccurrences(of: ",", with: ""))
            }
            #expect(amounts.count >= 2)
            #expect(amounts == amounts.sorted(by: >))
            #expect(amounts.reduce(0, +) == 1_000)
            #expect(breakdown.contains(#"href="/spending/\#(dining)?month=2026-11""#))
        }
    }

    @Test("Uncategorized's page opens Transactions on the month's uncategorised spending")
    func uncategorized() async throws {
        try await withWeb { world in
            let (browser, _) = try await lens.ann(world)
            let scope = try await world.scope(of: "ann@example.com")
            for (amount, description) in [("-25", "QQX UNKNOWN SHOP"), ("40", "QQX REFUND DESK")] {
                _ = try await scope.transactions.add(
                    TransactionInput(amount: amount, account: "Wallet", date: "2026-11-07", description: description))
            }
            let page = try await browser.page("/spending/uncategorized?month=2026-11").html
            let link = try #require(
                Browser.first(#"<a href="([^"]+)" class="small">Open in Transactions</a>"#, in: page))
            #expect(link.contains("category=none") && link.contains("kind=expense"))
            #expect(link.contains("from=2026-11-01") && link.contains("to=2026-11-30"))
            let list = try await browser.page(link.replacingOccurrences(of: "&amp;", with: "&")).html
            #expect(list.contains("QQX UNKNOWN SHOP"))
            #expect(!list.contains("QQX REFUND DESK") && !list.contains("Alice Bistro"))
            #expect(list.contains(#"<option value="none" selected>Uncategorized</option>"#))
        }
    }

    @Test("another household's category and a malformed one are not found")
    func isolation() async throws {
        try await withWeb { world in
            _ = try await lens.ann(world)
            let dining = try await diningID(world)
            let sam = try await world.signedUp("sam@example.com")
            #expect(try await sam.page("/spending/\(dining)?month=2026-11").status == .notFound)
            #expect(try await sam.page("/spending/nonsense").status == .notFound)
            #expect(try await sam.page("/spending/\(UUID().uuidString.lowercased())").status == .notFound)
            let token = try await lens.token(world, "sam@example.com")
            let api = try await lens.rules.send(world, .get, "/api/v1/spending/\(dining)", token: token)
            #expect(api.status == .notFound)
        }
    }

    @Test("the category API answers the month against the last with the transactions")
    func api() async throws {
        try await withWeb { world in
            _ = try await lens.ann(world)
            let dining = try await diningID(world)
            let token = try await lens.token(world, "ann@example.com")
            let body = try json(
                try await lens.rules.send(world, .get, "/api/v1/spending/\(dining)?month=2026-11", token: token))
            #expect(body["thisMonth"] as? String == "300.00")
            #expect(body["lastMonth"] as? String == "50.00")
            #expect(body["change"] as? String == "250.00")
            #expect((body["transactions"] as? [String: Any])?["totalCount"] as? Int == 1)
        }
    }

    @Test("the income trend takes the net worth chart's timeframes and a custom range")
    func incomeTrend() async throws {
        try await withWeb { world in
            let (browser, _) = try await lens.ann(world)
            #expect(try await browser.page("/dashboard").html.contains(#"href="/income""#))
            let three = try await browser.page("/income?history=3M").html
            #expect(three.contains(#"<a href="/income?history=3M" aria-current="true">3M</a>"#))
            // Three months of days ending today (docs/figures.md, "Timeframes"), the window's dates shown.
            #expect(three.contains("$3,000.00 in · $1,050.00 out, Aug 22, 2026 to Nov 21, 2026"))
            let custom = try await browser.page("/income?from=2026-10-01&to=2026-10-31&chart=net").html
            #expect(custom.contains("$0.00 in · $50.00 out, Oct 1, 2026 to Oct 31, 2026"))
            #expect(
                custom.contains(
                    #"href="/income?from=2026-10-01&amp;to=2026-10-31&amp;chart=net" data-chart-view="net" aria-current="true""#
                ))
            #expect(try await browser.page("/income?from=2026-13-01&to=2026-10-31").status == .unprocessableContent)
            // The net worth page keeps its selector.
            #expect(
                try await browser.page("/networth?history=YTD").html.contains(
                    #"<a href="/networth?history=YTD" aria-current="true">YTD</a>"#))

            let token = try await lens.token(world, "ann@example.com")
            let trend = try json(
                try await lens.rules.send(world, .get, "/api/v1/reports/income?history=YTD", token: token))
            #expect((trend["months"] as? [[String: Any]])?.count == 11)
            #expect(trend["income"] as? String == "3000.00")
        }
    }
}
