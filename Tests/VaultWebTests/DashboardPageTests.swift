import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import VaultCore
import VaultServices
import VaultStore
import VaultTestSupport
import VaultWeb

@Suite struct DashboardPageTests {
    @Test("the dashboard shows the household's own numbers, every card, and the sync status")
    func dashboard() async throws {
        try await withWeb { world in
            let browser = try await world.connected("jo@example.com")
            let (status, html) = try await browser.page("/dashboard")
            #expect(status == .ok)
            // The numbers are the reports' numbers.
            let user = try #require(try await world.environment.database.users.credentials(email: "jo@example.com"))
                .user
            let scope = Fixture.vault(world.environment.database).household(user.householdID)
            let worth = try await scope.reports.netWorth().netWorth
            let month = try await scope.reports.month(nil)
            #expect(html.contains(worth.totals.netWorth.formatted()))
            #expect(html.contains(month.income.formatted()))
            #expect(html.contains(month.spending.formatted()))
            for title in [
                "Income vs Spending", "Net Worth Breakdown", "Income this month", "Expenses this month",
                "Savings rate", "Spending by Category", "Budget Progress", "Left to Spend", "Daily Spending",
                "Top Categories", "Recurring Payments", "Net Monthly Income",
            ] {
                #expect(html.contains(">\(title)<"), "\(title)")
            }
            // Every bar carries its exact numbers for the tap readout.
            // Drawn twice, for a phone's width and for a desktop's wide card: the same 12 months in each.
            let bars = Browser.all(#"<rect class="bar income"[^>]*data-text="([^"]+)""#, in: html)
            #expect(bars.count == 24 && Array(bars.prefix(12)) == Array(bars.suffix(12)))
            #expect(bars.last?.contains("income \(month.income.formatted())") == true)
            // The sync bar: last sync and requests left today.
            #expect(html.contains("Last sync:"))
            #expect(Browser.first(#"(\d+/24) syncs left today"#, in: html) != nil)
            #expect(html.contains("Sync Now"))
            // Institutions appear in the breakdown with links to their accounts.
            let accountLinks = Browser.all(#"href="/accounts/([0-9a-f-]{36})""#, in: html)
            #expect(accountLinks.count == worth.totals.accountCount)
        }
    }

    @Test("the month selector moves the net income card and the chart; a bad month is refused")
    func monthSelector() async throws {
        try await withWeb { world in
            let browser = try await world.connected("jo@example.com")
            let (_, html) = try await browser.page("/dashboard?month=2026-09")
            #expect(html.contains("<strong>Sep 2026</strong>"))
            #expect(html.contains("href=\"/dashboard?month=2026-08\""))
            #expect(html.contains("href=\"/dashboard?month=2026-10\""))
            let bad = try await browser.page("/dashboard?month=2026-13")
            #expect(bad.status == .unprocessableContent)
            #expect(bad.html.contains("That did not work"))
        }
    }

    @Test("the cumulative line chart is a link away without JavaScript, with a point per day")
    func lineChart() async throws {
        try await withWeb { world in
            let browser = try await world.connected("jo@example.com")
            let (_, html) = try await browser.page("/dashboard?chart=line&month=2026-10")
            #expect(Browser.first(#"(<svg data-view="bars"[^>]* hidden>)"#, in: html) != nil)
            #expect(Browser.first(#"(<svg data-view="line"[^>]* hidden>)"#, in: html) == nil)
            let points = Browser.all(#"<circle class="dot income"[^>]*data-text="([^"]+)""#, in: html)
            #expect(points.count == 62 && Array(points.prefix(31)) == Array(points.suffix(31)))  // phone and desktop
            #expect(points.first?.hasPrefix("Oct 1:") == true)
            // The Net view: one bar a month, its sign deciding its colour.
            let net = try await browser.page("/dashboard?chart=net&month=2026-10").html
            #expect(Browser.first(#"(<svg data-view="net"[^>]* hidden>)"#, in: net) == nil)
            #expect(Browser.first(#"(<svg data-view="bars"[^>]* hidden>)"#, in: net) != nil)
            let bars = Browser.all(#"<rect class="bar (income|spending) net""#, in: net)
            #expect(bars.count == 24)  // 12 months, drawn for phone and desktop
        }
    }

    @Test("the gear's buttons remove, move and add back cards, saved per person")
    func rearrangeWithoutScript() async throws {
        try await withWeb { world in
            let browser = try await world.signedUp("jo@example.com")
            let other = try await world.signedUp("sam@example.com")
            var response = try await browser.submit(
                "/dashboard/layout", from: "/dashboard?edit=1", ["card": "net-worth", "action": "remove"])
            #expect(response.status == .seeOther)
            response = try await browser.submit(
                "/dashboard/layout", from: "/dashboard?edit=1", ["card": "recurring", "action": "up"])
            var html = try await browser.page("/dashboard").html
            let order = Browser.all(#"data-card="([a-z-]+)""#, in: html)
            #expect(!order.contains("net-worth"))
            #expect(order.firstIndex(of: "recurring")! < order.firstIndex(of: "top-categories")!)
            // Someone else's dashboard is untouched.
            #expect(
                Browser.all(#"data-card="([a-z-]+)""#, in: try await other.page("/dashboard").html).contains(
                    "net-worth"))
            response = try await browser.submit(
                "/dashboard/layout", from: "/dashboard?edit=1", ["card": "net-worth", "action": "add"])
            html = try await browser.page("/dashboard").html
            #expect(Browser.all(#"data-card="([a-z-]+)""#, in: html).last == "net-worth")
            let unknown = try await browser.submit(
                "/dashboard/layout", from: "/dashboard?edit=1", ["card": "nope", "action": "add"])
            #expect(unknown.status == .badRequest)
            let forged = try await browser.submit(
                "/dashboard/layout", from: "/dashboard", ["card": "income", "action": "remove"], csrf: "x")
            #expect(forged.status == .forbidden)
        }
    }

    @Test("the page script saves a dragged layout through the API with the CSRF header")
    func rearrangeWithScript() async throws {
        try await withWeb { world in
            let browser = try await world.signedUp("jo@example.com")
            let body = #"{"layout":["recurring","income","net-worth"]}"#
            let forged = try await browser.request(
                "/api/v1/me/dashboard", method: .put, body: body, contentType: "application/json")
            #expect(forged.status == .forbidden)
            let token = try await browser.csrfToken(on: "/dashboard")
            let saved = try await browser.request(
                "/api/v1/me/dashboard", method: .put, headers: [.init("X-CSRF-Token")!: token], body: body,
                contentType: "application/json")
            #expect(saved.status == .ok)
            let html = try await browser.page("/dashboard").html
            #expect(Browser.all(#"data-card="([a-z-]+)""#, in: html) == ["recurring", "income", "net-worth"])
            let unknown = try await browser.request(
                "/api/v1/me/dashboard", method: .put, headers: [.init("X-CSRF-Token")!: token],
                body: #"{"layout":["bogus"]}"#, contentType: "application/json")
            #expect(unknown.status == .unprocessableContent)
        }
    }

    @Test("Sync Now without JavaScript syncs and says what happened")
    func syncNow() async throws {
        try await withWeb { world in
            let browser = try await world.connected("jo@example.com")
            let response = try await browser.submit("/sync", from: "/dashboard", [:])
            #expect(response.status == .seeOther)
            let location = try #require(response.headers[.location])
            let html = try await browser.page(location).html
            #expect(html.contains("Synced: 0 new transaction(s)"))
        }
    }

    @Test("a form's message shows once on the next page, and a link cannot put words on a page")
    func flashMessages() async throws {
        try await withWeb { world in
            let browser = try await world.signedUp("jo@example.com")
            #expect(!(try await browser.page("/dashboard?notice=Your+token+expired").html.contains("token expired")))
            #expect(!(try await browser.page("/settings?error=Paste+it+at+evil").html.contains("evil")))
            _ = try await browser.submit("/settings/theme", from: "/settings", ["theme": "light"])
            #expect(browser.cookie("gv_flash") != nil)
            #expect(
                try await browser.page("/settings").html.contains(
                    "<div class=\"alert notice\" role=\"status\">Saved.</div>"))
            #expect(browser.cookie("gv_flash") == nil)
            #expect(!(try await browser.page("/settings").html.contains("Saved.</div>")))
        }
    }

    @Test("a new person sees a welcome with the way to connect a bank")
    func emptyState() async throws {
        try await withWeb { world in
            let html = try await world.signedUp("jo@example.com").page("/dashboard").html
            #expect(html.contains("Welcome to GhostVault"))
            #expect(html.contains("No bank connected yet."))
            #expect(html.contains("No spending yet this month."))
        }
    }

    @Test("an account's page shows its properties and changes only its net worth category")
    func accountPage() async throws {
        try await withWeb { world in
            let browser = try await world.connected("jo@example.com")
            let dashboard = try await browser.page("/dashboard").html
            let id = try #require(Browser.first(#"href="/accounts/([0-9a-f-]{36})""#, in: dashboard))
            let (status, html) = try await browser.page("/accounts/\(id)")
            #expect(status == .ok)
            for label in [
                "Institution", "Net Worth Category", "Currency", "Current Balance", "Last Balance Update", "Status",
            ] {
                #expect(html.contains(">\(label)<"), "\(label)")
            }
            #expect(html.contains("Recent transactions"))
            #expect(html.contains("class=\"sparkline\""))
            let refused = try await browser.submit(
                "/accounts/\(id)", from: "/accounts/\(id)", ["netWorthCategory": "gold"])
            #expect(refused.status == .unprocessableContent)
            let saved = try await browser.submit(
                "/accounts/\(id)", from: "/accounts/\(id)", ["netWorthCategory": "other-assets"])
            #expect(saved.status == .seeOther)
            let after = try await browser.page("/accounts/\(id)").html
            #expect(after.contains("<option value=\"other-assets\" selected>"))
            #expect(try await browser.page("/accounts/not-an-id").status == .notFound)
            #expect(try await browser.page("/accounts/\(UUID().uuidString.lowercased())").status == .notFound)
        }
    }

    @Test("Settings switches the theme and shows the SimpleFIN status and the server address")
    func settings() async throws {
        try await withWeb { world in
            let browser = try await world.connected("jo@example.com")
            var html = try await browser.page("/settings").html
            #expect(html.contains("data-theme=\"system\""))
            #expect(html.contains("requests left today"))
            #expect(html.contains("A native app connects to"))
            let response = try await browser.submit("/settings/theme", from: "/settings", ["theme": "dark"])
            #expect(response.status == .seeOther)
            html = try await browser.page("/dashboard").html
            #expect(html.contains("<html lang=\"en\" data-theme=\"dark\">"))
            let bad = try await browser.submit("/settings/theme", from: "/settings", ["theme": "purple"])
            #expect(bad.status == .badRequest)
        }
    }

    @Test("the menu page lists the places without JavaScript")
    func menuPage() async throws {
        try await withWeb { world in
            let html = try await world.signedUp("jo@example.com").page("/menu").html
            #expect(html.contains("href=\"/connections\""))
            #expect(html.contains("id=\"menu-button\""))
            #expect(html.contains("href=\"/settings\""))
        }
    }
}

@Suite struct NetWorthPageTests {
    @Test("the net worth trend shows a point per day for each timeframe and a custom range; bad ranges are refused")
    func trend() async throws {
        try await withWeb { world in
            let browser = try await world.connected("jo@example.com")
            #expect(try await browser.page("/dashboard").html.contains("href=\"/networth\""))
            let year = try await browser.page("/networth").html
            #expect(year.contains("aria-current=\"true\">1Y<"))
            let points = Browser.all(#"<circle class="dot income"[^>]*data-text="([^"]+)""#, in: year)
            #expect((92...93).contains(points.count))
            let month = try await browser.page("/networth?history=1M").html
            #expect(Browser.all(#"<circle class="dot income""#, in: month).count >= 29)
            let custom = try await browser.page("/networth?from=2026-10-01&to=2026-10-31").html
            let days = Browser.all(#"<circle class="dot income"[^>]*data-text="([^"]+)""#, in: custom)
            #expect(days.count == 31)
            #expect(days.first?.hasPrefix("Oct 1, 2026: net worth ") == true)
            #expect(try await browser.page("/networth?history=2W").status == .unprocessableContent)
            #expect(try await browser.page("/networth?from=2026-10-31&to=2026-10-01").status == .unprocessableContent)
            #expect(try await browser.page("/networth?from=2026-10-01").status == .unprocessableContent)
        }
    }
}
