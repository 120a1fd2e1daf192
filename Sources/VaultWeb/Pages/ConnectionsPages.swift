import Foundation
import Hummingbird
import VaultCore
import VaultServices

/// Connections (`budget-client.md`): paste a setup token, the account snapshot, and the linked
/// institutions with Sync and Remove.
struct ConnectionsPages {
    let environment: WebEnvironment

    func addRoutes(to router: some RouterMethods<PageContext>) {
        router.get("/connections") { request, context in try await show(request, context) }
        router.post("/connections") { request, context in try await connect(request, context) }
        router.post("/connections/sync") { request, context in try await syncInstitution(request, context) }
        router.get("/connections/remove") { request, context in try await confirmRemoval(request, context) }
        router.post("/connections/remove") { request, context in try await remove(request, context) }
        router.post("/connections/reconnect") { request, context in try await reconnect(request, context) }
    }

    func show(
        _ request: Request, _ context: PageContext, problems: [String] = [], token: String = ""
    ) async throws
        -> Response
    {
        let signedIn = context.signedIn
        let scope = environment.household(of: signedIn.user)
        let connections = try await environment.sync(for: signedIn.user).overview()
        let worth = try await scope.reports.netWorth().netWorth
        let household = try await scope.details()
        return .html(
            ConnectionsPage.render(
                signedIn: signedIn, connections: connections, totals: worth.totals, household: household,
                problems: problems, token: token),
            status: problems.isEmpty ? .ok : .unprocessableContent)
    }

    func connect(_ request: Request, _ context: PageContext) async throws -> Response {
        let form = try await context.form(request)
        let signedIn = context.signedIn
        let token = form.raw("setupToken")
        do {
            let report = try await environment.sync(for: signedIn.user).connect(
                setupToken: token, label: form["label"] ?? "SimpleFIN", historyDays: SyncWindows.defaultHistoryDays)
            let next = form["next"].flatMap(AuthPages.localPath) ?? "/connections"
            return .seeOther(next, flash: Flash(.notice, "Connected! " + SyncSummary.text([report])))
        } catch let error as VaultError where error.code != .unavailable {
            if let back = form["back"].flatMap(AuthPages.localPath) {
                return .seeOther(back, flash: Flash(.error, error.description))
            }
            return try await show(request, context, problems: [error.description], token: token)
        }
    }

    func syncInstitution(_ request: Request, _ context: PageContext) async throws -> Response {
        let form = try await context.form(request)
        let signedIn = context.signedIn
        let sync = environment.sync(for: signedIn.user)
        let connection = try await sync.connection(try Self.institutionID(form), orInstitution: true)
        let report = try await sync.sync(connection.id, trigger: .manual)
        return .seeOther("/connections", flash: Flash(report.failed ? .error : .notice, SyncSummary.text([report])))
    }

    /// Remove asks first, and says what goes with the institution.
    func confirmRemoval(_ request: Request, _ context: PageContext) async throws -> Response {
        let signedIn = context.signedIn
        let id = try Self.institutionID(request.queryForm)
        let overview = try await environment.sync(for: signedIn.user).overview()
        guard let entry = overview.flatMap(\.institutions).first(where: { $0.institution.id.description == id }) else {
            throw VaultError(.notFound, "There is no linked institution \(id) in this household.")
        }
        return .html(
            Layout.page(
                title: "Remove \(entry.institution.name)", signedIn: signedIn, current: "/connections",
                body: """
                    <h1>Remove \(entry.institution.name)?</h1>
                    <div class="card"><p>This deletes its \(entry.accounts) account(s) and all their transactions from GhostVault.
                    The next sync will not bring it back. Your bank and SimpleFIN are not changed.</p>
                    <form method="post" action="/connections/remove" class="row">\(Layout.csrfField(signedIn.csrfToken))
                    <input type="hidden" name="institution" value="\(id)"><input type="hidden" name="confirm" value="yes">
                    <button class="danger" type="submit">Remove</button> <a class="button secondary" href="/connections">Cancel</a></form></div>
                    """))
    }

    func remove(_ request: Request, _ context: PageContext) async throws -> Response {
        let form = try await context.form(request)
        let signedIn = context.signedIn
        let id = try Self.institutionID(form)
        let sync = environment.sync(for: signedIn.user)
        guard form["confirm"] == "yes" else { return .seeOther("/connections/remove?institution=\(id)") }
        let connection = try await sync.connection(id, orInstitution: true)
        let removed = try await sync.remove(connection: connection.id.description, institution: id, confirmed: true)
        return .seeOther(
            "/connections",
            flash: Flash(.notice, "Removed \(removed.accounts) account(s) and \(removed.transactions) transaction(s)."))
    }

    /// A new setup token for a connection whose access was revoked or expired (Settings).
    func reconnect(_ request: Request, _ context: PageContext) async throws -> Response {
        let form = try await context.form(request)
        let signedIn = context.signedIn
        let sync = environment.sync(for: signedIn.user)
        let connection = try await sync.connection(form["connection"] ?? "")
        do {
            let report = try await sync.reconnect(connection.id, setupToken: form.raw("setupToken"))
            return .seeOther("/settings", flash: Flash(.notice, "Reconnected. " + SyncSummary.text([report])))
        } catch let error as VaultError where error.code != .unavailable {
            return .seeOther("/settings", flash: Flash(.error, error.description))
        }
    }

    static func institutionID(_ form: Form) throws -> String {
        guard let id = form["institution"], Identifier<Institution>(id) != nil else {
            throw VaultError(.notFound, "Choose an institution from the Linked Institutions table.")
        }
        return id
    }
}

enum ConnectionsPage {
    static func render(
        signedIn: SignedIn, connections: [SyncService.Overview], totals: NetWorth.Totals, household: Household,
        problems: [String], token: String
    ) -> HTML {
        // Two logins at one bank show the same name: each then says its connection's label.
        let names = InstitutionNames.distinct(
            connections.flatMap { overview in
                overview.institutions.map { ($0.institution.id, $0.institution.name, overview.connection.label) }
            })
        let rows = connections.flatMap { overview in
            overview.institutions.map { entry -> HTML in
                let institution = entry.institution
                let ok = institution.status != .failure
                let last =
                    (institution.lastSuccessAt ?? overview.connection.lastSyncAt).map {
                        WebFormat.instant($0, in: household.timeZone)
                    } ?? "never"
                return """
                    <tr><td data-label="Institution">\(names[institution.id] ?? institution.name)\(institution.statusMessage.map { "<br><span class=\"muted small\">\($0)</span>" as HTML } ?? .empty)</td>
                    <td data-label="Status"><span class="badge \(ok ? "ok" : "bad")">\(ok ? "SUCCESS" : "FAILURE")</span></td>
                    <td class="num" data-label="Accounts">\(entry.accounts)</td><td data-label="Last Sync">\(last)</td>
                    <td data-label="Actions"><div class="row"><form method="post" action="/connections/sync">\(Layout.csrfField(signedIn.csrfToken))<input type="hidden" name="institution" value="\(institution.id.description)"><button type="submit" class="secondary">Sync</button></form>
                    <a class="button secondary" href="/connections/remove?institution=\(institution.id.description)">Remove</a></div></td></tr>
                    """
            }
        }
        let budgets = connections.map { overview -> HTML in
            """
            <li>\(overview.connection.label): \(overview.connection.status == .active ? "connected" : WebFormat.connectionProblem(overview.connection)) · \(overview.budget.remaining)/\(RequestBudget.dailyLimit) syncs left today</li>
            """
        }
        return Layout.page(
            title: "Connections", signedIn: signedIn, current: "/connections",
            body: """
                <h1>Connections</h1>
                <section class="card" aria-labelledby="connect-title"><h2 id="connect-title">Connect Bank via SimpleFIN</h2>
                <p class="muted small">Create a setup token at <a href="https://beta-bridge.simplefin.org/" rel="noopener noreferrer" target="_blank">SimpleFIN Bridge</a> and paste it here. GhostVault keeps the access it grants encrypted on this server.</p>
                \(Layout.problems(problems))
                <form class="stack" method="post" action="/connections">\(Layout.csrfField(signedIn.csrfToken))
                <label for="setup-token">SimpleFIN Setup Token</label>
                <textarea id="setup-token" name="setupToken" required autocomplete="off" spellcheck="false">\(token)</textarea>
                <p><button type="submit">Connect</button></p></form>
                \(budgets.isEmpty ? .empty : "<ul class=\"small muted\">\(budgets)</ul>" as HTML)
                </section>
                <section class="card" aria-labelledby="snapshot-title"><h2 id="snapshot-title">Account Snapshot</h2>
                <table><tr><td>Assets</td><td class="num amount in">\(totals.assets.formatted())</td></tr>
                <tr><td>Liabilities</td><td class="num amount out">\(totals.liabilities.formatted())</td></tr>
                <tr><td><strong>Net Worth</strong></td><td class="num amount"><strong>\(totals.netWorth.formatted())</strong></td></tr></table>
                </section>
                <section class="card" aria-labelledby="institutions-title"><h2 id="institutions-title">Linked Institutions</h2>
                \(rows.isEmpty ? "<p class=\"muted\">No institutions linked yet.</p>" : """
                <div class="table-wrap"><table id="institutions" class="responsive"><thead><tr><th>Institution</th><th>Status</th><th class="num">Accounts</th><th>Last Sync</th><th>Actions</th></tr></thead>
                <tbody>\(rows)</tbody></table></div>
                """ as HTML)
                </section>
                """)
    }
}
