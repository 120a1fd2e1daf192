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
        let reference = try await Reference.read(scope)
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
                same(product, Reference.decimal(value), "\(month) \(name) (service)")
                same(apiValue, Reference.decimal(value), "\(month) \(name) (API)")
            }
            same(report.savingsRate?.decimalString ?? "none", expected.savingsRate, "\(month) savings rate")
            let lines = Dictionary(
                report.spendingByCategory.filter { $0.depth == 0 }.map { ($0.name, $0) },
                uniquingKeysWith: { a, _ in a })
            let apiLines = (api["spendingByCategory"] as? [[String: Any]] ?? []).filter { $0["depth"] as? Int == 0 }
            #expect(lines.count == expected.topLevel.count, "\(month): the top-level categories")
            var shareSum: Int64 = 0
            for (name, amount) in expected.topLevel {
                same(lines[name]?.amount.decimalString, Reference.decimal(amount), "\(month) \(name) amount")
                let share = expected.shares[name].map { Reference.percent($0) } ?? "none"
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
                same(analysis["total"] as? String, Reference.decimal(value), "\(month) analysis \(type)")
            }
        }
        let dashboard = try await api("/dashboard")
        let current = dashboard["currentMonth"] as? [String: Any]
        let now = reference.totals(
            in: CalendarMonth(containing: OracleWorld.today).first,
            through: CalendarMonth(containing: OracleWorld.today).last)
        same(current?["income"] as? String, Reference.decimal(now.income), "dashboard income (API)")
        same(current?["spending"] as? String, Reference.decimal(now.spending), "dashboard spending (API)")
        let home = try await browser.page("/dashboard").html
        #expect(home.contains(Reference.display(now.spending)), "the dashboard page shows this month's spending")
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
            same(line?.remaining?.decimalString, Reference.decimal(left), "\(name) left (service)")
            let apiLine = (apiBudget["lines"] as? [[String: Any]])?.first { $0["name"] as? String == name }
            same(apiLine?["remaining"] as? String, Reference.decimal(left), "\(name) left (API)")
            let shown = Browser.all(
                #"<td data-label="Category">(?:\S+ )?\#(name)</td>.*?<td data-label="Left" class="[^"]*">([^<]*)</td>"#,
                in: budgetPage.replacingOccurrences(of: "\n", with: " "))
            #expect(
                shown.count == 2 && shown.allSatisfy { $0 == Reference.display(left) },
                "\(name) left on the page: \(shown)")
            checked += 1
        }
        same(budget.leftToSpend.decimalString, Reference.decimal(leftToSpend), "left to spend (service)")
        same(apiBudget["leftToSpend"] as? String, Reference.decimal(leftToSpend), "left to spend (API)")
        let dashboardBudget = dashboard["budget"] as? [String: Any]
        same(dashboardBudget?["leftToSpend"] as? String, Reference.decimal(leftToSpend), "left to spend (dashboard)")

        // Net worth: balances as of today, scheduled entries left out.
        let worth = try await scope.reports.netWorth().netWorth.totals
        let apiWorth = (try await api("/networth"))["totals"] as? [String: Any]
        same(worth.assets.decimalString, Reference.decimal(reference.assets), "assets (service)")
        same(worth.liabilities.decimalString, Reference.decimal(reference.liabilities), "liabilities (service)")
        same(worth.netWorth.decimalString, Reference.decimal(reference.assets - reference.liabilities), "net worth")
        same(
            apiWorth?["netWorth"] as? String, Reference.decimal(reference.assets - reference.liabilities),
            "net worth (API)")
        for account in try await scope.accounts.list(includeHidden: true) where account.account.currency == .usd {
            same(
                account.account.balance.decimalString, Reference.decimal(reference.balances[account.account.name] ?? 0),
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
            same(trend.income.decimalString, Reference.decimal(expected.income), "\(name) income")
            same(apiTrend["spending"] as? String, Reference.decimal(expected.spending), "\(name) spending (API)")
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
            same(row.classification.rawValue, Reference.classification(of: row).rawValue, "\(row.description)")
        }
        return checked
    }
}

/// What the oracle reads of a household: every row (history and scheduled), the accounts, the targets.
struct Reference {
    let rows: [String: Transaction]
    let accounts: [Account.ID: Account]
    let tree: CategoryTree
    /// Target per category name, in cents.
    let targets: [String: Int64]
    let balances: [String: Int64]
    let assets: Int64
    let liabilities: Int64

    var history: [Transaction] { rows.values.filter { $0.date <= OracleWorld.today } }
    var scheduled: [Transaction] { rows.values.filter { $0.date > OracleWorld.today } }

    /// Every month from the first row's through today's.
    var months: [CalendarMonth] {
        guard let first = history.map(\.date).min() else { return [] }
        var months: [CalendarMonth] = []
        var cursor = CalendarMonth(containing: first)
        while cursor <= CalendarMonth(containing: OracleWorld.today) {
            // Only months with rows, and the current one: empty months are trivially right.
            if history.contains(where: { CalendarMonth(containing: $0.date) == cursor })
                || cursor == CalendarMonth(containing: OracleWorld.today)
            {
                months.append(cursor)
            }
            cursor = cursor.next
        }
        return months
    }

    static func read(_ scope: HouseholdScope) async throws -> Reference {
        var rows: [String: Transaction] = [:]
        var page = 1
        while true {
            let listed = try await scope.transactions.list(
                TransactionQuery(includeTransfers: true, timing: "all", page: page, pageSize: 1_000))
            for item in listed.items { rows[item.transaction.id.description] = item.transaction }
            if listed.items.count < 1_000 { break }
            page += 1
        }
        let listedAccounts = try await scope.accounts.list(includeHidden: true, counting: false).map(\.account)
        let accounts = Dictionary(uniqueKeysWithValues: listedAccounts.map { ($0.id, $0) })
        let tree = try await scope.categories.tree()
        let budget = try await scope.reports.budget(nil).report
        let targets = Dictionary(
            uniqueKeysWithValues: budget.lines.compactMap { line in line.target.map { (line.name, $0.minorUnits) } })
        // Balances: the opening balance the generator gave, moved by every entry dated today or before.
        var balances: [String: Int64] = [:]
        var assets: Int64 = 0
        var liabilities: Int64 = 0
        for account in listedAccounts {
            var balance = OracleHousehold.openings[account.name] ?? 0
            for row in rows.values where row.accountID == account.id && row.date <= OracleWorld.today {
                balance += row.amount.minorUnits
            }
            balances[account.name] = balance
            guard account.currency == .usd, account.isActive, !account.isHidden, !account.isTrackingOnly else {
                continue
            }
            if account.isLiability { liabilities -= balance } else { assets += balance }
        }
        return Reference(
            rows: rows, accounts: accounts, tree: tree, targets: targets, balances: balances, assets: assets,
            liabilities: liabilities)
    }

    /// The sums of `docs/figures.md` over the counted rows dated `from` through `through`.
    struct Totals {
        var income: Int64 = 0
        var spending: Int64 = 0
        var net: Int64 { income - spending }
        var savingsRate: String {
            guard income > 0 else { return "none" }
            // Half away from zero, to hundredths of a percent.
            let scaled = Double(net) * 10_000 / Double(income)
            return Reference.percent(Int64(scaled.rounded(.toNearestOrAwayFromZero)))
        }
        /// Spending per top-level category name (Uncategorized included), children rolled in.
        var topLevel: [String: Int64] = [:]
        /// Spending per category name, its descendants rolled in.
        var rolled: [String: Int64] = [:]
        /// Shares of the positive top-level lines, in hundredths of a percent.
        var shares: [String: Int64] = [:]
    }

    func totals(in from: LocalDate, through: LocalDate) -> Totals {
        var totals = Totals()
        for row in history where row.date >= from && row.date <= through {
            let classification = Self.classification(of: row)
            guard let account = accounts[row.accountID], account.currency == .usd, !account.isHidden,
                !account.isTrackingOnly, !row.isExcluded, !row.isPending,
                classification == .income || classification == .expense
            else { continue }
            if classification == .income {
                totals.income += row.amount.minorUnits
                continue
            }
            let spent = -row.amount.minorUnits
            totals.spending += spent
            var category = row.categoryID.flatMap { tree[$0] }
            totals.topLevel[
                category.map { tree.ancestors(of: $0.id).last ?? $0 }?.name ?? "Uncategorized", default: 0] +=
                spent
            while let current = category {
                totals.rolled[current.name, default: 0] += spent
                category = current.parentID.flatMap { tree[$0] }
            }
        }
        // Largest remainder over the positive top-level lines, in tenths of a percent.
        let positive = totals.topLevel.filter { $0.value > 0 }.sorted { $0.key < $1.key }
        let whole = positive.reduce(0) { $0 + $1.value }
        if whole > 0 {
            var tenths = positive.map { ($0.key, $0.value * 1_000 / whole, $0.value * 1_000 % whole) }
            var left = 1_000 - tenths.reduce(0) { $0 + $1.1 }
            // Ties go to the line listed first: the larger amount, then the name.
            let order = tenths.indices.sorted {
                let a = tenths[$0]
                let b = tenths[$1]
                if a.2 != b.2 { return a.2 > b.2 }
                return (positive[$0].value, positive[$1].key) > (positive[$1].value, positive[$0].key)
            }
            for index in order where left > 0 {
                tenths[index].1 += 1
                left -= 1
            }
            for (name, share, _) in tenths { totals.shares[name] = share * 10 }
        }
        return totals
    }

    /// The name of `docs/figures.md`: payee, else description, else category, else "Unnamed".
    func name(_ row: Transaction) -> String {
        for candidate in [row.payee, row.description, row.categoryID.flatMap { tree[$0]?.name }] {
            if let text = candidate?.trimmingCharacters(in: .whitespaces), !text.isEmpty { return text }
        }
        return "Unnamed"
    }

    /// What each generated row is, known from how the generator wrote it, not from the product's classifier: the
    /// payroll is income; the card payments (paired or from outside the household) and the transfer to savings are
    /// transfers; everything else (purchases, the refund, the late lunch) is an expense.
    static func classification(of row: Transaction) -> Classification {
        switch row.description {
        case "ACME PAYROLL": .income
        case "Card payment", "Payment thank you", "AUTOMATIC PAYMENT - THANK YOU", "Transfer to savings",
            "Transfer from checking":
            .transfer
        default: .expense
        }
    }

    static func decimal(_ cents: Int64) -> String {
        let sign = cents < 0 ? "-" : ""
        let magnitude = cents.magnitude
        return sign + "\(magnitude / 100)." + (magnitude % 100 < 10 ? "0" : "") + "\(magnitude % 100)"
    }

    static func percent(_ hundredths: Int64) -> String { decimal(hundredths) }

    /// As the pages show an amount: `-$1,234.50`.
    static func display(_ cents: Int64) -> String {
        let sign = cents < 0 ? "-" : ""
        let magnitude = cents.magnitude
        let formatter = NumberFormatter()
        formatter.numberStyle = .decimal
        formatter.groupingSeparator = ","
        let whole = formatter.string(from: NSNumber(value: magnitude / 100)) ?? "\(magnitude / 100)"
        return sign + "$" + whole + "." + (magnitude % 100 < 10 ? "0" : "") + "\(magnitude % 100)"
    }
}

/// The generated household: every kind of row `docs/figures.md` speaks of, drawn from a seed.
enum OracleHousehold {
    /// Opening balances in cents, by account name.
    static let openings: [String: Int64] = [
        "Checking": 500_000, "Savings": 100_000, "Card": 0, "Euro": 20_000, "Old Card": -10_000, "Hidden": 30_000,
    ]

    static func generate(_ scope: HouseholdScope, seed: UInt64) async throws {
        var random = SeededGenerator(seed: seed)
        for (name, kind, currency, hidden, tracking) in [
            ("Checking", "checking", "USD", false, false), ("Savings", "savings", "USD", false, false),
            ("Card", "credit-card", "USD", false, false), ("Euro", "cash", "EUR", false, false),
            ("Old Card", "credit-card", "USD", false, true), ("Hidden", "checking", "USD", true, false),
        ] {
            _ = try await scope.accounts.add(
                .init(
                    name: name, kind: kind, currency: currency, balance: Reference.decimal(openings[name]!),
                    isHidden: hidden, isTrackingOnly: tracking))
        }
        func cents(_ range: ClosedRange<Int64>) -> String { Reference.decimal(Int64.random(in: range, using: &random)) }
        func add(
            _ amount: String, _ account: String, _ date: String, _ description: String, category: String? = nil,
            payee: String? = nil, excluded: Bool = false
        ) async throws {
            _ = try await scope.transactions.add(
                TransactionInput(
                    amount: amount, account: account, date: date, category: category, description: description,
                    payee: payee, isExcluded: excluded))
        }
        // A leap day, February, and a year boundary.
        try await add("-" + cents(1_000...9_000), "Card", "2024-02-29", "Leap day dinner", category: "Dining")
        try await add(cents(100_000...300_000), "Checking", "2025-02-28", "ACME PAYROLL", category: "Salary")
        try await add("-" + cents(1_000...5_000), "Card", "2025-12-31", "New Year's Eve", category: "Dining")
        let spending = ["Groceries", "Dining", "Coffee", "Transportation", "Shopping", "Online Shopping", "Utilities"]
        for month in ["2026-09", "2026-10", "2026-11"] {
            for day in ["01", "15"] {
                try await add(cents(200_000...350_000), "Checking", "\(month)-\(day)", "ACME PAYROLL")
            }
            for index in 0..<Int.random(in: 6...12, using: &random) {
                let day = String(format: "%02d", Int.random(in: 1...28, using: &random))
                let category = spending.randomElement(using: &random)
                let named = Bool.random(using: &random)
                try await add(
                    "-" + cents(100...25_000), "Card", "\(month)-\(day)", "Purchase \(index)",
                    category: index % 5 == 4 ? nil : category, payee: named ? "Shop \(index)" : nil)
            }
            // A refund larger than the month's purchases in Shopping: that category's line goes negative.
            try await add(cents(30_000...40_000), "Card", "\(month)-20", "Store refund", category: "Shopping")
            // A card payment paired with checking, and one from outside the household (a bank file's line).
            let payment = cents(10_000...50_000)
            try await add("-" + payment, "Checking", "\(month)-12", "Card payment")
            try await add(payment, "Card", "\(month)-12", "Payment thank you")
            try await add(cents(5_000...20_000), "Card", "\(month)-18", "AUTOMATIC PAYMENT - THANK YOU")
            // A transfer to savings, an excluded purchase, the foreign, hidden and tracking-only accounts.
            let moved = cents(10_000...90_000)
            try await add("-" + moved, "Checking", "\(month)-10", "Transfer to savings")
            try await add(moved, "Savings", "\(month)-10", "Transfer from checking")
            try await add(
                "-" + cents(500...5_000), "Card", "\(month)-11", "Excluded thing", category: "Dining", excluded: true)
            try await add("-" + cents(500...5_000), "Euro", "\(month)-09", "Cafe Paris", category: "Dining")
            try await add("-" + cents(500...5_000), "Hidden", "\(month)-08", "Hidden spend", category: "Groceries")
            try await add("-" + cents(500...5_000), "Old Card", "\(month)-07", "Old splurge", category: "Shopping")
        }
        // Scheduled: a monthly rule starting after today, and one entry dated ahead.
        var rule = TransactionInput(amount: "-45.00", account: "Checking", date: "2026-11-25", description: "Gym")
        rule.recurrence = .init(cadence: "monthly")
        _ = try await scope.transactions.add(rule)
        try await add("-" + cents(1_000...9_000), "Checking", "2026-12-05", "Dentist", category: "Healthcare")
        // Budget targets.
        for category in ["Groceries", "Dining", "Shopping"] {
            try await scope.budgets.set(category: category, target: cents(5_000...60_000))
        }
    }
}
