import Foundation
import Hummingbird
import VaultCore
import VaultServices
import VaultStore

/// The signed-in pages: dashboard, account, menu. Connections, onboarding and settings have files of their own. Every handler reaches data only through the signed-in person's household.
struct AppPages {
    let environment: WebEnvironment

    func addRoutes(to router: some RouterMethods<PageContext>) {
        router.get("/dashboard") { request, context in try await dashboard(request, context) }
        router.post("/dashboard/layout") { request, context in try await changeLayout(request, context) }
        router.post("/sync") { request, context in try await syncNow(request, context) }
        router.get("/menu") { _, context in
            let signedIn = context.signedIn
            return Response.html(
                Layout.page(
                    title: "Menu", signedIn: signedIn, current: "/menu",
                    body: "<h1>Menu</h1><nav aria-label=\"Places\">\(Layout.menuList(current: nil))</nav>"))
        }
        router.get("/networth") { request, context in try await netWorth(request, context) }
        router.get("/income") { request, context in try await incomeTrend(request, context) }
        router.get("/accounts/:id") { request, context in try await account(request, context) }
        router.post("/accounts/:id") { request, context in try await editAccount(request, context) }
    }

    // MARK: - Dashboard

    func dashboard(_ request: Request, _ context: PageContext) async throws -> Response {
        let signedIn = context.signedIn
        let query = request.queryForm
        let (_, stamp) = try await environment.household(of: signedIn.user).stamp()
        let data = try await DashboardData.current(
            environment, user: signedIn.user, month: query["month"], stamp: stamp)
        return .html(
            DashboardPage.render(
                data, signedIn: signedIn, layout: DashboardCard.layout(signedIn.user.dashboardLayout),
                editing: query["edit"] == "1", chart: query["chart"]))
    }

    /// Moves, removes or adds back a card (the gear's buttons, which work without JavaScript).
    func changeLayout(_ request: Request, _ context: PageContext) async throws -> Response {
        let form = try await context.form(request)
        let signedIn = context.signedIn
        guard let card = form["card"].flatMap(DashboardCard.init(rawValue:)) else {
            throw PageError(
                status: .badRequest, title: "Unknown component", message: "There is no such dashboard component.")
        }
        var layout = DashboardCard.layout(signedIn.user.dashboardLayout)
        switch form["action"] {
        case "remove": layout.removeAll { $0 == card }
        case "add": if !layout.contains(card) { layout.append(card) }
        case "up", "down":
            if let index = layout.firstIndex(of: card) {
                let target = form["action"] == "up" ? index - 1 : index + 1
                if layout.indices.contains(target) { layout.swapAt(index, target) }
            }
        default:
            throw PageError(
                status: .badRequest, title: "Unknown change", message: "Use Move up, Move down, Remove or Add back.")
        }
        var user = signedIn.user
        user.dashboardLayout = layout.map(\.rawValue)
        try await environment.savePreferences(user)
        return .seeOther("/dashboard?edit=1")
    }

    /// Sync Now without JavaScript: syncs every connection, then shows the dashboard with what happened.
    func syncNow(_ request: Request, _ context: PageContext) async throws -> Response {
        let signedIn = context.signedIn
        let form = try await context.form(request)
        let reports = try await environment.sync(for: signedIn.user).syncAll(trigger: .manual)
        let message = SyncSummary.text(reports)
        let next = form["next"].flatMap(AuthPages.localPath) ?? "/dashboard"
        return .seeOther(next, flash: Flash(reports.contains(where: \.failed) ? .error : .notice, message))
    }

    // MARK: - Net worth trend

    func netWorth(_ request: Request, _ context: PageContext) async throws -> Response {
        let signedIn = context.signedIn
        let query = request.queryForm
        let (timeframe, range) = try TimeframeSelector.parse(query)
        let reports = environment.household(of: signedIn.user).reports
        let history = try await reports.netWorthHistory(range)
        let totals = try await reports.netWorth().netWorth.totals
        return .html(NetWorthPage.render(history, chosen: timeframe, query: query, totals: totals, signedIn: signedIn))
    }

    // MARK: - Income trend

    func incomeTrend(_ request: Request, _ context: PageContext) async throws -> Response {
        let query = request.queryForm
        let (timeframe, range) = try TimeframeSelector.parse(query)
        let trend = try await environment.household(of: context.signedIn.user).reports.incomeTrend(range)
        return .html(
            IncomeTrendPage.render(
                trend, chosen: timeframe, query: query, chart: query["chart"], signedIn: context.signedIn))
    }

    // MARK: - Account

    func account(
        _ request: Request, _ context: PageContext, problems: [String] = []
    )
        async throws -> Response
    {
        let signedIn = context.signedIn
        let detail = try await AccountDetail.load(environment, user: signedIn.user, id: try Self.id(context))
        return .html(
            AccountPage.render(
                detail, signedIn: signedIn, problems: problems,
                back: AccountPage.back(from: request.queryForm["from"] ?? request.headers[.referer])),
            status: problems.isEmpty ? .ok : .unprocessableContent)
    }

    /// Changes the one thing the account page edits: its net worth category.
    func editAccount(_ request: Request, _ context: PageContext) async throws -> Response {
        let form = try await context.form(request)
        let signedIn = context.signedIn
        let id = try Self.id(context)
        let scope = environment.household(of: signedIn.user)
        let account = try await scope.accounts.find(id)
        do {
            _ = try await scope.accounts.edit(
                account.id.description, .init(netWorthCategory: form["netWorthCategory"] ?? ""))
        } catch let error as VaultError where error.code == .invalidInput {
            return try await self.account(request, context, problems: error.problems.map(\.message))
        }
        return .seeOther("/accounts/\(account.id.description)", flash: Flash(.notice, "Saved."))
    }

    static func id(_ context: some RequestContext) throws -> String {
        guard let id = context.parameters.get("id"), Identifier<Account>(id) != nil else {
            throw PageError(status: .notFound, title: "Not found", message: "There is no such page here.")
        }
        return id
    }
}

/// A sync's outcome in one sentence.
enum SyncSummary {
    static func text(_ reports: [SyncService.Report]) -> String {
        guard !reports.isEmpty else { return "There is no SimpleFIN connection yet; connect one first." }
        let added = reports.map(\.transactionsAdded).reduce(0, +)
        let updated = reports.map(\.transactionsUpdated).reduce(0, +)
        let messages = reports.flatMap(\.messages)
        let failed = reports.filter(\.failed)
        if !failed.isEmpty {
            // Said first, so the one-line message does not read as a success.
            let reasons = failed.map { "\($0.connection.label): \($0.failure ?? "")" }.joined(separator: " ")
            return "Sync failed. \(reasons) Settings > Data & Sync has the details and Retry."
                + (added + updated > 0 ? " Other connections: \(added) new transaction(s), \(updated) updated." : "")
        }
        var text = "Synced: \(added) new transaction(s), \(updated) updated."
        if !messages.isEmpty { text += " " + messages.joined(separator: " ") }
        return text
    }
}
