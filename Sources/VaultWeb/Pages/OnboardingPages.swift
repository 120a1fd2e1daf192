import Foundation
import Hummingbird
import VaultCore
import VaultServices

/// The first-run flow (`ghostvault.md` section 5): welcome, SimpleFIN explained, the token, the accounts
/// found, a review of last month's detected paychecks, transfers and card payments, then the dashboard.
/// A person can skip bank sync and start with a manual account instead.
struct OnboardingPages {
    let environment: WebEnvironment

    /// Where SimpleFIN Bridge's sign-up lives (the spec's "I need a SimpleFIN account").
    static let simpleFINSignUp = "https://beta-bridge.simplefin.org/"
    /// The review looks back this many days ("transactions from the past month").
    static let reviewDays = 31

    func addRoutes(to router: some RouterMethods<PageContext>) {
        router.get("/onboarding") { _, context in try step(context, 1, welcome()) }
        router.get("/onboarding/simplefin") { _, context in try step(context, 2, simpleFIN()) }
        router.get("/onboarding/token") { request, context in
            let signedIn = context.signedIn
            return try step(context, 3, token(signedIn))
        }
        router.get("/onboarding/accounts") { request, context in try await accounts(request, context) }
        router.post("/onboarding/accounts") { request, context in try await saveAccounts(request, context) }
        router.get("/onboarding/review") { request, context in try await review(request, context) }
        router.post("/onboarding/review") { request, context in try await correct(request, context) }
        router.get("/onboarding/manual") { request, context in
            let signedIn = context.signedIn
            return try step(context, 3, manual(signedIn, problems: []))
        }
        router.post("/onboarding/manual") { request, context in try await addManual(request, context) }
        router.post("/onboarding/finish") { request, context in
            _ = try await context.form(request)
            let signedIn = context.signedIn
            var user = signedIn.user
            if user.onboardedAt == nil { user.onboardedAt = environment.clock() }
            try await environment.savePreferences(user)
            return Response.seeOther("/dashboard")
        }
    }

    func step(_ context: PageContext, _ number: Int, _ body: HTML, status: HTTPResponse.Status = .ok) throws -> Response
    {
        let signedIn = context.signedIn
        let bars = (1...5).map { index -> HTML in "<span class=\"\(index <= number ? "done" : "")\"></span>" }
        return .html(
            Layout.page(
                title: "Set up", signedIn: signedIn, current: "/onboarding",
                body: "<div class=\"steps\" aria-label=\"Step \(number) of 5\">\(bars)</div>\(body)"), status: status)
    }

    func welcome() -> HTML {
        """
        <h1>Welcome to GhostVault</h1>
        <div class="card"><p>GhostVault shows what you are worth, what came in and went out, and where it went, from your own
        server. Nothing leaves it except requests to your SimpleFIN bridge.</p>
        <p>Bank data comes through <strong>SimpleFIN</strong>, so connecting it takes a minute.</p>
        <p><a class="button" href="/onboarding/simplefin">Get Started</a></p>
        <p class="small"><a href="/onboarding/manual">Skip bank sync and start with a manual account</a></p></div>
        """
    }

    func simpleFIN() -> HTML {
        """
        <h1>Connect through SimpleFIN</h1>
        <div class="card"><p>SimpleFIN Bridge is a secure bridge between your bank and apps you choose. You pay it directly
        (about $15 a year); GhostVault never sees your bank password, only a read-only access it grants.</p>
        <a class="choice" href="/onboarding/token"><strong>I have a SimpleFIN token</strong><br><span class="muted small">Paste it on the next step.</span></a>
        <a class="choice" href="\(Self.simpleFINSignUp)" target="_blank" rel="noopener noreferrer"><strong>I need a SimpleFIN account</strong><br><span class="muted small">Opens SimpleFIN Bridge: sign up, link your banks, create a setup token, then come back here.</span></a>
        </div>
        """
    }

    func token(_ signedIn: SignedIn) -> HTML {
        """
        <h1>Paste your setup token</h1>
        <form class="stack card" method="post" action="/connections">\(Layout.csrfField(signedIn.csrfToken))
        <input type="hidden" name="next" value="/onboarding/accounts"><input type="hidden" name="back" value="/onboarding/token">
        <label for="setup-token">SimpleFIN Setup Token</label>
        <textarea id="setup-token" name="setupToken" required autocomplete="off" spellcheck="false"></textarea>
        <p class="muted small">GhostVault claims it once, stores the access encrypted, and reads a year of history.</p>
        <p><button type="submit">Connect</button></p></form>
        """
    }

    // MARK: - Accounts found

    func accounts(_ request: Request, _ context: PageContext) async throws -> Response {
        let signedIn = context.signedIn
        let listed = try await environment.household(of: signedIn.user).accounts.list(
            includeHidden: true, counting: false)
        let rows = listed.map { entry -> HTML in
            let account = entry.account
            let id = account.id.description
            return """
                <tr><td>\(account.displayName)<br><span class="muted small">\(entry.institution?.name ?? "Manual") · \(account.kind.rawValue)</span></td>
                <td class="num amount">\(account.balance.formatted())</td>
                <td><label><input type="checkbox" name="hide" value="\(id)"\(account.isHidden ? " checked" : "")> Hide</label><br>
                <label><input type="checkbox" name="exclude" value="\(id)"\(account.isTrackingOnly ? " checked" : "")> Exclude from totals</label>
                <input type="hidden" name="account" value="\(id)"></td></tr>
                """
        }
        return try step(
            context, 4,
            """
            <h1>Your accounts</h1>
            <form method="post" action="/onboarding/accounts" class="card">\(Layout.csrfField(signedIn.csrfToken))
            \(rows.isEmpty ? "<p class=\"muted\">No accounts yet.</p>" : "<div class=\"table-wrap\"><table><tbody>\(rows)</tbody></table></div>" as HTML)
            <p><button type="submit">Continue</button></p></form>
            """)
    }

    func saveAccounts(_ request: Request, _ context: PageContext) async throws -> Response {
        let form = try await context.form(request)
        let signedIn = context.signedIn
        let accounts = environment.household(of: signedIn.user).accounts
        let hide = Set(form.all("hide"))
        let exclude = Set(form.all("exclude"))
        // Every id is looked up in the person's own household first (another household's id is not found), so
        // a bad id refuses the whole form before anything changes.
        var accountsToSave: [Account] = []
        for id in form.all("account") { accountsToSave.append(try await accounts.find(id)) }
        for account in accountsToSave {
            let id = account.id.description
            let wantHidden = hide.contains(id)
            let wantExcluded = exclude.contains(id)
            if account.isHidden != wantHidden || account.isTrackingOnly != wantExcluded {
                _ = try await accounts.edit(id, .init(isHidden: wantHidden, isTrackingOnly: wantExcluded))
            }
        }
        return .seeOther("/onboarding/review")
    }

    // MARK: - Classification review

    /// Last month's transactions that were recognised automatically, by what recognised them.
    func detected(_ user: User) async throws -> [(title: String, items: [TransactionService.Listed])] {
        let scope = environment.household(of: user)
        let today = try await scope.details().today(at: environment.clock())
        let page = try await scope.transactions.list(
            TransactionQuery(
                from: today.adding(days: -Self.reviewDays).description, through: today.description,
                includeTransfers: true,
                pageSize: PageRequest.maximumSize))
        let items = page.items.filter { !$0.transaction.isPending }
        return [
            (
                "Paychecks",
                items.filter {
                    $0.transaction.classification == .income && $0.transaction.classificationSource != .default
                        && $0.transaction.classificationSource != .manual
                }
            ),
            ("Transfers", items.filter { $0.transaction.classificationSource == .transferMatch }),
            ("Credit card payments", items.filter { $0.transaction.classificationSource == .cardPayment }),
        ]
    }

    func review(_ request: Request, _ context: PageContext) async throws -> Response {
        let signedIn = context.signedIn
        let sections = try await detected(signedIn.user).map { section -> HTML in
            let rows = section.items.prefix(25).map { listed -> HTML in
                let t = listed.transaction
                let options = Classification.allCases.map { kind -> HTML in
                    "<option value=\"\(kind.rawValue)\"\(kind == t.classification ? " selected" : "")>\(kind.rawValue.capitalized)</option>"
                }
                return """
                    <tr><td>\(t.date.description)<br><strong>\(t.payee ?? t.description)</strong><br><span class="muted small">\(listed.account.displayName) · \(listed.reason)</span></td>
                    <td class="num amount \(t.amount.minorUnits < 0 ? "out" : "in")">\(t.amount.formatted())</td>
                    <td><form method="post" action="/onboarding/review" class="stack">\(Layout.csrfField(signedIn.csrfToken))
                    <input type="hidden" name="transaction" value="\(t.id.description)">
                    <select name="classification" aria-label="Classification">\(options)</select>
                    <label class="small"><input type="checkbox" name="applyToPayee" value="1"> Apply to all from \(t.payee ?? "this payee")</label>
                    <button type="submit" class="secondary">Confirm</button></form></td></tr>
                    """
            }
            return """
                <section class="card"><h2>\(section.title) (\(section.items.count))</h2>
                \(rows.isEmpty ? "<p class=\"muted small\">None found in the last month.</p>" : "<div class=\"table-wrap\"><table><tbody>\(rows)</tbody></table></div>" as HTML)
                </section>
                """
        }
        return try step(
            context, 5,
            """
            <h1>Check what we found</h1>
            <p class="muted">These were recognised automatically in the last month. Confirm them, or change any; a change
            can apply to everything from the same payee.</p>
            \(sections)
            <form method="post" action="/onboarding/finish">\(Layout.csrfField(signedIn.csrfToken))<button type="submit">Continue to Dashboard</button></form>
            """)
    }

    func correct(_ request: Request, _ context: PageContext) async throws -> Response {
        let form = try await context.form(request)
        let signedIn = context.signedIn
        let transactions = environment.household(of: signedIn.user).transactions
        var changes = TransactionChanges()
        changes.classification = form["classification"]
        changes.applyToPayee = form.isOn("applyToPayee")
        let (listed, changed) = try await transactions.edit(form["transaction"] ?? "", changes)
        let what = changed.isEmpty ? "Confirmed" : "Changed"
        let message =
            "\(what): \(listed.transaction.payee ?? listed.transaction.description) is \(listed.transaction.classification.rawValue)."
        return .seeOther("/onboarding/review", flash: Flash(.notice, message))
    }

    // MARK: - Manual start

    func manual(_ signedIn: SignedIn, problems: [String], name: String = "", balance: String = "") -> HTML {
        let kinds = AccountKind.allCases.map { kind -> HTML in
            "<option value=\"\(kind.rawValue)\">\(kind.rawValue)</option>"
        }
        return """
            <h1>Start with a manual account</h1>
            \(Layout.problems(problems))
            <form class="stack card" method="post" action="/onboarding/manual">\(Layout.csrfField(signedIn.csrfToken))
            <label for="name">Account name</label><input id="name" name="name" type="text" required value="\(name)">
            <label for="kind">Kind</label><select id="kind" name="kind">\(kinds)</select>
            <label for="balance">Current balance</label><input id="balance" name="balance" type="text" inputmode="decimal" value="\(balance)" placeholder="0.00">
            <p><button type="submit">Add account</button></p></form>
            <form method="post" action="/onboarding/finish">\(Layout.csrfField(signedIn.csrfToken))<button class="secondary" type="submit">Go to the dashboard</button></form>
            """
    }

    func addManual(_ request: Request, _ context: PageContext) async throws -> Response {
        let form = try await context.form(request)
        let signedIn = context.signedIn
        do {
            _ = try await environment.household(of: signedIn.user).accounts.add(
                .init(name: form["name"] ?? "", kind: form["kind"] ?? "", balance: form["balance"]))
        } catch let error as VaultError where error.code == .invalidInput || error.code == .conflict {
            return try step(
                context, 3,
                manual(
                    signedIn, problems: error.problems.isEmpty ? [error.message] : error.problems.map(\.message),
                    name: form["name"] ?? "", balance: form["balance"] ?? ""), status: .unprocessableContent)
        }
        return .seeOther("/onboarding/accounts", flash: Flash(.notice, "Account added."))
    }
}
