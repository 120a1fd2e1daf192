import Foundation
import Hummingbird
import VaultCore
import VaultServices

/// Settings' danger zone (spec `expense-tracker.md` section 4.4): erasing the household's data, and deleting
/// one's account. Each has a page that says exactly what goes and what stays, and asks for a typed
/// confirmation (`ERASE`, or the person's email).
struct DangerZonePages {
    let environment: WebEnvironment

    func addRoutes(to router: some RouterMethods<PageContext>) {
        router.get("/settings/erase") { _, context in try await confirmErase(context) }
        router.post("/settings/erase") { request, context in try await erase(request, context) }
        router.get("/settings/delete-account") { _, context in try await confirmDeletion(context) }
        router.post("/settings/delete-account") { request, context in try await deleteAccount(request, context) }
    }

    /// The danger zone's export advice: nothing `gone` ("erased", "deleted") can be recovered but from an export
    /// made before.
    static func recovery(_ gone: String) -> HTML {
        """
        <p><strong>Nothing \(gone) can be recovered</strong> from GhostVault. \
        <a href="/settings/your-data/export" download>Export your dataset</a> first: importing it (Settings › Your \
        data) brings everything back.</p>
        """
    }

    /// The danger zone's card on Settings.
    static func section(role: MemberRole) -> HTML {
        let erase: HTML =
            role == .owner
            ? """
            <div class="action"><h3>Erase my data</h3>
            <p class="small">Deletes every transaction, receipt, account, bank connection, rule, budget, recurring rule and card of this household and starts again from first-run setup with the default categories.</p>
            <p><a class="button danger" href="/settings/erase">Erase my data…</a></p></div>
            """
            : """
            <div class="action"><h3>Erase my data</h3>
            <p class="small muted">Only the household's owner can erase its data (you are a member).</p></div>
            """
        return """
            <section class="card danger-zone" aria-labelledby="danger-title"><h2 id="danger-title">Danger zone</h2>
            \(erase)
            <div class="action"><h3>Delete my account</h3>
            <p class="small">Removes your sign-in. When nobody else is a member, the household and all its data go too.</p>
            <p><a class="button danger" href="/settings/delete-account">Delete my account…</a></p></div>
            </section>
            """
    }

    // MARK: - Erase my data

    func confirmErase(_ context: PageContext, problems: [String] = []) async throws -> Response {
        let signedIn = context.signedIn
        let vault = environment.vault(for: signedIn.user)
        guard try await vault.households.role(of: signedIn.user) == .owner else {
            throw PageError(
                status: .forbidden, title: "Only the owner can erase",
                message: "Only the household's owner can erase its data; ask them, or delete your own account instead.")
        }
        let counts = try await vault.households.dataCounts(signedIn.user.householdID)
        let household = try await environment.household(of: signedIn.user).details()
        let listed = Self.goes.map { table, one, many -> HTML in
            let count = counts[table] ?? 0
            return "<li>\(count) \(count == 1 ? one : many)</li>"
        }
        return .html(
            Layout.page(
                title: "Erase my data", signedIn: signedIn, current: "/settings",
                body: """
                    <h1>Erase my data?</h1>
                    \(Layout.problems(problems))
                    <section class="card danger-zone" aria-labelledby="erase-goes"><h2 id="erase-goes">What goes</h2>
                    <ul>\(listed)</ul>
                    <p class="small">With them go the institutions, balance history, transaction tags, transfer pairs, recurring decisions, 50/30/20 targets and card choices.</p>
                    <h2>What stays</h2>
                    <p class="small">The household <strong>\(household.name)</strong> (its time zone and currency), every member's sign-in and preferences, and the change log, which records this erase. Afterwards the household has the default categories and built-in rules again and everyone starts from first-run setup. Your bank and SimpleFIN are not changed.</p>
                    \(Self.recovery("erased"))
                    <form class="stack" method="post" action="/settings/erase">\(Layout.csrfField(signedIn.csrfToken))
                    <label for="erase-confirm">Type <strong>\(HouseholdService.eraseConfirmation)</strong> to confirm</label>
                    <input id="erase-confirm" name="confirm" autocomplete="off" autocapitalize="characters" spellcheck="false" required\(problems.isEmpty ? "" : " aria-invalid=\"true\"")>
                    <div class="row"><button class="danger" type="submit">Erase my data</button> <a class="button secondary" href="/settings">Cancel</a></div>
                    </form></section>
                    """),
            status: problems.isEmpty ? .ok : .unprocessableContent)
    }

    func erase(_ request: Request, _ context: PageContext) async throws -> Response {
        let form = try await context.form(request)
        let signedIn = context.signedIn
        let households = environment.vault(for: signedIn.user).households
        do {
            let erased = try await households.erase(
                signedIn.user.householdID, confirmation: form.raw("confirm"), by: signedIn.user)
            DatasetStaging.remove(household: signedIn.user.householdID)
            environment.sessions.forget(user: signedIn.user.id)
            return .seeOther(
                "/onboarding",
                flash: Flash(
                    .notice,
                    "Erased \(erased.count("transactions")) transaction(s) and \(erased.count("accounts")) account(s); "
                        + "the default categories are back. Set up again, or sync a bank."))
        } catch let error as VaultError where error.code == .confirmationRequired {
            return try await confirmErase(context, problems: [error.message])
        }
    }

    /// The kinds of data an erase removes, as the confirmation lists them.
    static let goes = [
        ("transactions", "transaction", "transactions"), ("receipts", "receipt", "receipts"),
        ("accounts", "account", "accounts"), ("connections", "SimpleFIN connection", "SimpleFIN connections"),
        ("rules", "rule", "rules, built-in patterns included"), ("budgets", "budget", "budgets"),
        ("miles_cards", "card", "cards"), ("categories", "category", "categories, your own included"),
    ]

    // MARK: - Delete my account

    func confirmDeletion(_ context: PageContext, problems: [String] = []) async throws -> Response {
        let signedIn = context.signedIn
        let members = try await environment.users.members(of: signedIn.user.householdID)
        let others = members.filter { $0.id != signedIn.user.id }
        let explanation: HTML =
            others.isEmpty
            ? """
            <p>You are the household's only member, so <strong>the household goes with your account</strong>: every transaction, receipt, account, bank connection, rule, budget, recurring rule, card and category, and its change log.</p>
            \(Self.recovery("deleted"))
            """
            : """
            <p>Your sign-in, sessions and tokens go. <strong>The household and all its data stay</strong> for its \(others.count) other member(s)\(signedIn.user.role == .owner && !others.contains { $0.role == .owner } ? ", and the oldest of them becomes its owner" : ""). You can be added back later, but not to your old sign-in.</p>
            """
        return .html(
            Layout.page(
                title: "Delete my account", signedIn: signedIn, current: "/settings",
                body: """
                    <h1>Delete my account?</h1>
                    \(Layout.problems(problems))
                    <section class="card danger-zone" aria-labelledby="delete-what"><h2 id="delete-what">What goes and what stays</h2>
                    \(explanation)
                    <form class="stack" method="post" action="/settings/delete-account">\(Layout.csrfField(signedIn.csrfToken))
                    <label for="delete-confirm">Type your email address, <strong>\(signedIn.user.email)</strong>, to confirm</label>
                    <input id="delete-confirm" name="confirm" type="email" autocomplete="off" spellcheck="false" required\(problems.isEmpty ? "" : " aria-invalid=\"true\"")>
                    <div class="row"><button class="danger" type="submit">Delete my account</button> <a class="button secondary" href="/settings">Cancel</a></div>
                    </form></section>
                    """),
            status: problems.isEmpty ? .ok : .unprocessableContent)
    }

    func deleteAccount(_ request: Request, _ context: PageContext) async throws -> Response {
        let form = try await context.form(request)
        let signedIn = context.signedIn
        do {
            let removal = try await environment.vault(for: signedIn.user).users(
                passwordCost: environment.configuration.passwordCost
            ).deleteAccount(
                signedIn.user, confirmation: form.raw("confirm"))
            if removal == .deletedHousehold { DatasetStaging.remove(household: signedIn.user.householdID) }
            environment.sessions.forget(user: signedIn.user.id)
            var response = Response.seeOther(
                "/login",
                flash: Flash(
                    .notice,
                    removal == .deletedHousehold
                        ? "Your account and your household were deleted." : "Your account was deleted."))
            response.setCookie(AuthPages(environment: environment).sessionCookie("", maxAge: 0))
            return response
        } catch let error as VaultError where error.code == .confirmationRequired {
            return try await confirmDeletion(context, problems: [error.message])
        }
    }
}
