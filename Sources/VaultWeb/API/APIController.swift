import Foundation
import Hummingbird
import NIOCore
import VaultCore
import VaultServices
import VaultStore

/// The JSON API under `/api/v1` (described by `/api/v1/openapi.yaml`): everything the pages of this part do,
/// for native apps and scripts (bearer tokens) and for the pages' own scripts (session cookie plus
/// `X-CSRF-Token`).
struct APIController: Sendable {
    let environment: WebEnvironment

    /// Routes anyone may reach: what identifies the server, its description, signing up and signing in.
    func addPublicRoutes(to api: some RouterMethods<WebContext>) {
        api.get("/info") { _, _ in try Response.json(InfoView()) }
        api.get("/openapi.yaml") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "application/yaml; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(string: OpenAPIDocument.yaml)))
        }
        api.post("/auth/signup") { request, context in try await signUp(request, context) }
        api.post("/auth/login") { request, context in try await logIn(request, context) }
    }

    /// Everything else: only for a signed-in person (`APIContext`).
    func addRoutes(to api: some RouterMethods<APIContext>) {
        addListRoutes(to: api)
        addTransactionRoutes(to: api)
        api.post("/auth/logout") { _, context in
            try await environment.endSession(token: context.signedIn.token)
            return Response(status: .noContent)
        }
        api.get("/me") { _, context in try Response.json(MeView(context.user)) }
        api.patch("/me") { request, context in try await updateMe(request, context) }
        api.put("/me/dashboard") { request, context in try await saveLayout(request, context) }
        api.get("/dashboard") { request, context in try await dashboard(request, context) }
        api.get("/networth") { request, context in
            let scope = environment.household(of: context.user)
            let worth = try await scope.reports.netWorth()
            let query = request.queryForm
            guard query["history"] != nil || query["from"] != nil || query["to"] != nil else {
                return try Response.json(NetWorthView(worth.netWorth, change: worth.change))
            }
            let parsed = try HistoryRange.parse(timeframe: query["history"], from: query["from"], to: query["to"])
            return try Response.json(NetWorthHistoryView(try await scope.reports.netWorthHistory(parsed)))
        }
        api.get("/reports/month") { request, context in
            let scope = environment.household(of: context.user)
            let query = request.queryForm
            return try Response.json(
                MonthReportView(
                    try await scope.reports.month(
                        query["month"], tags: query.all("tag"), payment: query["payment"],
                        reimbursement: query["reimbursement"])))
        }
        api.get("/accounts") { request, context in
            let scope = environment.household(of: context.user)
            return try Response.json(try await scope.accounts.list(includeHidden: true).map(AccountView.init))
        }
        api.get("/accounts/:id") { request, context in
            let user = context.user
            let detail = try await AccountDetail.load(environment, user: user, id: try Self.id(context))
            return try Response.json(AccountDetailView(detail))
        }
        api.patch("/accounts/:id") { request, context in
            let user = context.user
            let body = try await request.decode(as: AccountPatch.self, context: context)
            let scope = environment.household(of: user)
            let (account, _) = try await scope.accounts.edit(
                try Self.id(context),
                .init(
                    nickname: body.nickname, netWorthCategory: body.netWorthCategory, isHidden: body.hidden,
                    isTrackingOnly: body.trackingOnly))
            return try Response.json(AccountView(account))
        }
        api.get("/connections") { request, context in
            let user = context.user
            return try Response.json(try await environment.sync(for: user).overview().map(ConnectionView.init))
        }
        api.post("/connections") { request, context in
            let user = context.user
            let body = try await request.decode(as: ConnectBody.self, context: context)
            let report = try await environment.sync(for: user).connect(
                setupToken: body.setupToken, label: body.label ?? "SimpleFIN",
                historyDays: body.historyDays ?? SyncWindows.defaultHistoryDays)
            return try Response.json(SyncReportView(report), status: .created)
        }
        api.post("/sync") { request, context in
            let user = context.user
            return try Response.json(
                try await environment.sync(for: user).syncAll(trigger: .manual).map(SyncReportView.init))
        }
        api.post("/institutions/:id/sync") { request, context in
            let sync = environment.sync(for: context.user)
            let connection = try await sync.connection(try Self.id(context), orInstitution: true)
            return try Response.json(SyncReportView(try await sync.sync(connection.id, trigger: .manual)))
        }
        api.delete("/institutions/:id") { request, context in
            let sync = environment.sync(for: context.user)
            let id = try Self.id(context)
            let connection = try await sync.connection(id, orInstitution: true)
            let removed = try await sync.remove(
                connection: connection.id.description, institution: id,
                confirmed: request.queryForm["confirm"] == "true")
            return try Response.json(RemovedView(accounts: removed.accounts, transactions: removed.transactions))
        }
        api.get("/budgets") { request, context in
            let scope = environment.household(of: context.user)
            let (report, uncategorized) = try await scope.reports.budget(request.queryForm["month"])
            return try Response.json(BudgetReportView(report, uncategorized: uncategorized))
        }
        api.put("/budgets/:id") { request, context in
            let scope = environment.household(of: context.user)
            let body = try await request.decode(as: BudgetBody.self, context: context)
            let saved = try await scope.budgets.set(
                category: try Self.id(context), target: body.target ?? "", notes: body.notes)
            return try Response.json(BudgetTargetView(saved))
        }
        api.delete("/budgets/:id") { request, context in
            let scope = environment.household(of: context.user)
            return try Response.json(["cleared": try await scope.budgets.clear(category: try Self.id(context))])
        }
        api.get("/recurring") { request, context in
            let scope = environment.household(of: context.user)
            return try Response.json(RecurringReportView(try await scope.reports.recurring()))
        }
        api.post("/recurring/actions") { request, context in
            let scope = environment.household(of: context.user)
            let body = try await request.decode(as: RecurringActionBody.self, context: context)
            if body.action == "reclassify" {
                guard let bucket = body.bucket.flatMap(LensBucket.init(rawValue:)) else {
                    throw VaultError(InvalidInput(field: "bucket", "Reclassify takes a bucket: need, want or savings."))
                }
                let series = try await scope.recurring.reclassify(body.series, as: bucket)
                return try Response.json(
                    ["series": series.key, "name": series.name, "action": body.action, "bucket": bucket.rawValue])
            }
            guard let action = RecurringService.Action(rawValue: body.action) else {
                throw VaultError(
                    InvalidInput(field: "action", "The action is confirm, dismiss, delete, restore or reclassify."))
            }
            let series = try await scope.recurring.apply(action, to: body.series)
            return try Response.json(["series": series.key, "name": series.name, "action": action.rawValue])
        }
        api.get("/onboarding/review") { request, context in
            let user = context.user
            let sections = try await OnboardingPages(environment: environment).detected(user)
            return try Response.json(
                ReviewView(
                    paychecks: sections[0].items.map(TransactionView.init),
                    transfers: sections[1].items.map(TransactionView.init),
                    cardPayments: sections[2].items.map(TransactionView.init)))
        }
        api.post("/transactions/:id/classification") { request, context in
            let user = context.user
            let body = try await request.decode(as: ClassificationBody.self, context: context)
            var changes = TransactionChanges()
            changes.classification = body.classification
            changes.category = body.category
            changes.applyToPayee = body.applyToPayee ?? false
            let (listed, _) = try await environment.household(of: user).transactions.edit(try Self.id(context), changes)
            return try Response.json(TransactionView(listed))
        }
    }

    // MARK: - Auth

    func signUp(_ request: Request, _ context: WebContext) async throws -> Response {
        let body = try await request.decode(as: SignUpBody.self, context: context)
        let user = try await environment.users.signUp(
            .init(
                email: body.email, password: body.password, confirmation: body.confirmation ?? body.password,
                timeZone: body.timeZone, currency: body.currency))
        let session = try await environment.users.startSession(for: user, kind: .api)
        return try Response.json(TokenView(session), status: .created)
    }

    func logIn(_ request: Request, _ context: WebContext) async throws -> Response {
        let body = try await request.decode(as: LogInBody.self, context: context)
        let email = User.normalizedEmail(body.email)
        let now = environment.clock()
        if let retry = try await environment.beginSignIn(
            email: email, address: context.clientAddress, now: now, logger: context.logger)?.until
        {
            let seconds = max(1, Int(retry.timeIntervalSince(now).rounded(.up)))
            var response = try APIError(
                status: .tooManyRequests, code: "rate_limited",
                message: "Too many failed sign-ins; try again in \(seconds) seconds."
            ).response(from: request, context: context)
            response.headers[.retryAfter] = String(seconds)
            return response
        }
        // A wrong password stays counted (begin counted it); a right one takes the count back.
        let user = try await environment.users.authenticate(email: email, password: body.password)
        try await environment.limiter.succeeded(email: email, address: context.clientAddress, now: now)
        return try Response.json(TokenView(try await environment.users.startSession(for: user, kind: .api)))
    }

    func updateMe(_ request: Request, _ context: APIContext) async throws -> Response {
        var user = context.user
        let body = try await request.decode(as: MePatch.self, context: context)
        if let theme = body.theme {
            guard let parsed = User.Theme(rawValue: theme) else {
                throw VaultError(InvalidInput(field: "theme", "The theme is system, light or dark."))
            }
            user.theme = parsed
        }
        if let layout = body.dashboardLayout { user.dashboardLayout = try Self.layout(layout).map(\.rawValue) }
        if body.onboarded == true, user.onboardedAt == nil { user.onboardedAt = environment.clock() }
        try await environment.savePreferences(user)
        return try Response.json(MeView(user))
    }

    func saveLayout(_ request: Request, _ context: APIContext) async throws -> Response {
        var user = context.user
        let body = try await request.decode(as: LayoutBody.self, context: context)
        user.dashboardLayout = try Self.layout(body.layout).map(\.rawValue)
        try await environment.savePreferences(user)
        return try Response.json(MeView(user))
    }

    static func layout(_ ids: [String]) throws -> [DashboardCard] {
        let unknown = ids.filter { DashboardCard(rawValue: $0) == nil }
        guard unknown.isEmpty else {
            throw VaultError(
                InvalidInput(
                    field: "layout",
                    "Unknown dashboard components: \(unknown.joined(separator: ", ")). Known: "
                        + DashboardCard.allCases.map(\.rawValue).joined(separator: ", ") + "."))
        }
        return DashboardCard.layout(ids)
    }

    // MARK: - Access

    static func id(_ context: some RequestContext) throws -> String {
        guard let id = context.parameters.get("id"), UUID(uuidString: id) != nil else {
            throw APIError(status: .notFound, code: "not_found", message: "No such id; ids are UUIDs.")
        }
        return id
    }
}
