import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import SimpleFIN
import Testing
import VaultCore
import VaultServices
import VaultStore
import VaultTestSupport
import VaultWeb

/// The reference oracle of `docs/figures.md` (issue 34): each definition implemented a second time, as plainly as it
/// can be (loops over every row of the household, no SQL, no tallies, no caches), and compared with what the product
/// shows on every surface: the services, the JSON API, the pages' HTML, and the kept answer after a write.
///
/// Households are generated with every kind of row the definitions speak of: income, purchases and refunds, card
/// payments paired and unpaired (the bank-file case), transfers, excluded rows, a foreign-currency account, a hidden
/// account and a tracking-only card, scheduled entries (a recurring rule and an entry dated ahead), month and year
/// boundaries, February and a leap day, and budget targets.
@Suite struct FiguresOracleTests {
    /// Households per database: each is a different draw of amounts, days and categories.
    static let seeds: [UInt64] = [1, 2, 3]

    @Test("every figure equals the reference implementation on every surface", arguments: TestBackend.enabled)
    func figures(backend: TestBackend) async throws {
        try await backend.withDatabase { database in
            try await SimpleFINClient.using(policy: .allowPrivate) { simpleFIN in
                let environment = WebEnvironment(
                    database: database, secrets: SecretBox(key: Data(repeating: 5, count: 32)), simpleFIN: simpleFIN,
                    configuration: WebConfiguration(passwordCost: 4, syncCheckInterval: nil),
                    clock: { Fixture.now })
                try await Application(router: buildRouter(environment)).test(.router) { client in
                    var checked = 0
                    for seed in Self.seeds {
                        let world = try await OracleWorld.make(client: client, environment: environment, seed: seed)
                        try await OracleHousehold.generate(world.scope, seed: seed)
                        checked += try await world.checkEverything()
                        // A write moves the household's data version: the kept answers must follow.
                        _ = try await world.scope.transactions.add(
                            TransactionInput(
                                amount: "-12.34", account: "Card", date: "2026-11-20", category: "Dining",
                                description: "Late lunch"))
                        checked += try await world.checkEverything()
                    }
                    print("FiguresOracleTests (\(backend)): \(Self.seeds.count) households, \(checked) figures checked")
                    #expect(checked > 500)
                }
            }
        }
    }
}

/// One signed-up household on the app under test: its browser (pages), its API token and its use cases.
struct OracleWorld {
    let browser: Browser
    let token: String
    let client: any TestClientProtocol
    let scope: HouseholdScope
    /// The fixture's today in the household's time zone (New York): 2026-11-21.
    static let today = LocalDate(iso: "2026-11-21")!

    static func make(
        client: any TestClientProtocol, environment: WebEnvironment, seed: UInt64
    ) async throws -> OracleWorld {
        let email = "oracle\(seed)@example.com"
        let browser = Browser(client: client)
        let password = "correct horse battery"
        let signup = try await browser.submit(
            "/signup", from: "/signup",
            ["email": email, "password": password, "confirmation": password, "timeZone": "America/New_York"])
        #expect(signup.status == .seeOther)
        let login = try await client.execute(
            uri: "/api/v1/auth/login", method: .post, headers: [.contentType: "application/json"],
            body: ByteBuffer(string: #"{"email":"\#(email)","password":"\#(password)"}"#))
        let token = try #require(try json(login)["token"] as? String)
        let user = try #require(try await environment.database.users.credentials(email: email)).user
        return OracleWorld(
            browser: browser, token: token, client: client,
            scope: Fixture.vault(environment.database).household(user.householdID))
    }

    func api(_ uri: String) async throws -> [String: Any] {
        let response = try await client.execute(
            uri: "/api/v1" + uri, method: .get, headers: [.authorization: "Bearer \(token)"])
        #expect(response.status == .ok, "\(uri): \(String(buffer: response.body))")
        return try json(response)
    }

    /// Every figure of `docs/figures.md` on every surface against the reference; returns how many were compared.
    func checkEverything() async throws -> Int {
        let reference = try await FiguresReference.read(scope, today: OracleWorld.today)
        var checked = 0
        func same(
            _ product: String?, _ expected: String, _ what: String, sourceLocation: SourceLocation = #_sourceLocation
        ) {
            #expect(product == expected, "\(what)", sourceLocation: sourceLocation)
            checked += 1
        }

        // Income, spending, net and category shares, month by month: the service, the API and the dashboard.
        for month in reference.months {
            let expected = reference.totals(in: month.first, through: month.last)
            let report = try await scope.reports.month(month.description)
            let api = try await self.api("/reports/month?month=\(month)")
            for (name, product, apiValue, value) in [
                ("income", report.income.decimalString, api["income"] as? String, expected.income),
                ("spending", report.spending.decimalString, api["spending"] as? String, expected.spending),
                ("net", report.net.decimalString, api["net"] as? String, expected.net),
            ] {
                same(product, FiguresReference.decimal(value), "\(month) \(name) (service)")
                same(apiValue, FiguresReference.decimal(value), "\(month) \(name) (API)")
            }
            same(report.savingsRate?.decimalString ?? "none", expected.savingsRate, "\(month) savings rate")
            let lines = Dictionary(
                report.spendingByCategory.filter { $0.depth == 0 }.map { ($0.name, $0) },
                uniquingKeysWith: { a, _ in a })
            let apiLines = (api["spendingByCategory"] as? [[String: Any]] ?? []).filter { $0["depth"] as? Int == 0 }
            #expect(lines.count == expected.topLevel.count, "\(month): the top-level categories")
            var shareSum: Int64 = 0
            for (name, amount) in expected.topLevel {
                same(lines[name]?.amount.decimalString, FiguresReference.decimal(amount), "\(month) \(name) amount")
                let share = expected.shares[name].map { FiguresReference.percent($0) } ?? "none"
                same(lines[name]?.share?.decimalString ?? "none", share, "\(month) \(name) share")
                let apiLine = apiLines.first { $0["name"] as? String == name }
                same(apiLine?["share"] as? String ?? "none", share, "\(month) \(name) share (API)")
                #expect((lines[name]?.share?.hundredths ?? 0) >= 0, "\(month) \(name): a negative share")
                shareSum += lines[name]?.share?.hundredths ?? 0
            }
            #expect(expected.shares.isEmpty || shareSum == 10_000, "\(month): shares add up to \(shareSum)")
            // The analysis tab's month: its total spending and income are the month report's.
            for (type, value) in [("expense", expected.spending), ("income", expected.income)] {
                let analysis = try await self.api("/analysis?type=\(type)&timeframe=month&date=\(month.first)")
                same(analysis["total"] as? String, FiguresReference.decimal(value), "\(month) analysis \(type)")
            }
        }
        let dashboard = try await api("/dashboard")
        let current = dashboard["currentMonth"] as? [String: Any]
        let now = reference.totals(
            in: CalendarMonth(containing: OracleWorld.today).first,
            through: CalendarMonth(containing: OracleWorld.today).last)
        same(current?["income"] as? String, FiguresReference.decimal(now.income), "dashboard income (API)")
        same(current?["spending"] as? String, FiguresReference.decimal(now.spending), "dashboard spending (API)")
        let home = try await browser.page("/dashboard").html
        #expect(home.contains(FiguresReference.display(now.spending)), "the dashboard page shows this month's spending")
        checked += 1

        // Budgets: left = target − actual on the service, the API, both tables of the page, and left to spend.
        let budget = try await scope.reports.budget(nil).report
        let apiBudget = try await api("/budgets")
        let budgetPage = try await browser.page("/budgets").html
        let month = CalendarMonth(containing: OracleWorld.today)
        let spentNow = reference.totals(in: month.first, through: month.last)
        var leftToSpend: Int64 = 0
        for (name, target) in reference.targets {
            let actual = spentNow.rolled[name] ?? 0
            let left = target - actual
            leftToSpend += left
            let line = budget.lines.first { $0.name == name }
            same(line?.remaining?.decimalString, FiguresReference.decimal(left), "\(name) left (service)")
            let apiLine = (apiBudget["lines"] as? [[String: Any]])?.first { $0["name"] as? String == name }
            same(apiLine?["remaining"] as? String, FiguresReference.decimal(left), "\(name) left (API)")
            let shown = Browser.all(
                #"<td data-label="Category">(?:\S+ )?\#(name)</td>.*?<td data-label="Left" class="[^"]*">([^<]*)</td>"#,
                in: budgetPage.replacingOccurrences(of: "\n", with: " "))
            #expect(
                shown.count == 2 && shown.allSatisfy { $0 == FiguresReference.display(left) },
                "\(name) left on the page: \(shown)")
            checked += 1
        }
        same(budget.leftToSpend.decimalString, FiguresReference.decimal(leftToSpend), "left to spend (service)")
        same(apiBudget["leftToSpend"] as? String, FiguresReference.decimal(leftToSpend), "left to spend (API)")
        let dashboardBudget = dashboard["budget"] as? [String: Any]
        same(
            dashboardBudget?["leftToSpend"] as? String, FiguresReference.decimal(leftToSpend),
            "left to spend (dashboard)")

        // Net worth: balances as of today, scheduled entries left out.
        let worth = try await scope.reports.netWorth().netWorth.totals
        let apiWorth = (try await api("/networth"))["totals"] as? [String: Any]
        same(worth.assets.decimalString, FiguresReference.decimal(reference.assets), "assets (service)")
        same(worth.liabilities.decimalString, FiguresReference.decimal(reference.liabilities), "liabilities (service)")
        same(
            worth.netWorth.decimalString, FiguresReference.decimal(reference.assets - reference.liabilities),
            "net worth")
        same(
            apiWorth?["netWorth"] as? String, FiguresReference.decimal(reference.assets - reference.liabilities),
            "net worth (API)")
        for account in try await scope.accounts.list(includeHidden: true) where account.account.currency == .usd {
            same(
                account.account.balance.decimalString,
                FiguresReference.decimal(reference.balances[account.account.name] ?? 0),
                "\(account.account.name) balance")
        }

        // Timeframes: exactly the days the label says, on the service and the API.
        // On 2026-11-21: a month, three months and a year of days, written out rather than computed.
        for (name, first) in [("1M", "2026-10-22"), ("3M", "2026-08-22"), ("1Y", "2025-11-22")] {
            let start = LocalDate(iso: first)!
            let expected = reference.totals(in: start, through: OracleWorld.today)
            let trend = try await scope.reports.incomeTrend(HistoryRange(name: name)!)
            let apiTrend = try await api("/reports/income?history=\(name)")
            same(trend.range.start.description, start.description, "\(name) starts")
            same(apiTrend["from"] as? String, start.description, "\(name) starts (API)")
            same(trend.income.decimalString, FiguresReference.decimal(expected.income), "\(name) income")
            same(apiTrend["spending"] as? String, FiguresReference.decimal(expected.spending), "\(name) spending (API)")
        }

        // Names and history: the list shows history by default, each row by its one name.
        let listed = try await api("/transactions?size=1000&transfers=true")
        let items = listed["items"] as? [[String: Any]] ?? []
        same(String(items.count), String(reference.history.count), "rows listed by default")
        for item in items {
            let row = reference.rows[item["id"] as? String ?? ""]
            #expect((row?.date ?? OracleWorld.today) <= OracleWorld.today, "a scheduled row in history")
            same(item["name"] as? String, row.map(reference.name) ?? "?", "a row's name")
        }
        // The Transactions page shows each row of its first page by the same name.
        let page = try await browser.page("/transactions?transfers=1&size=50").html
        let named = Browser.all(#"<td class="what"><a href="/transactions/[^"]+"><strong>([^<]*)</strong>"#, in: page)
        let newest = items.prefix(named.count).map { reference.rows[$0["id"] as? String ?? ""].map(reference.name) }
        #expect(!named.isEmpty)
        for (shown, expected) in zip(named, newest) {
            let text = shown.replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&amp;", with: "&")
            same(text, expected ?? "?", "a row's name on the page")
        }
        let scheduled = try await api("/transactions?size=1000&transfers=true&when=scheduled")
        same(String(scheduled["totalCount"] as? Int ?? -1), String(reference.scheduled.count), "scheduled rows")

        // Every row is what the generator made it: card payments (paired or not) and transfers are never a refund
        // or income, the refund is spending.
        for row in reference.rows.values {
            same(row.classification.rawValue, FiguresReference.classification(of: row).rawValue, "\(row.description)")
        }
        return checked
    }
}
