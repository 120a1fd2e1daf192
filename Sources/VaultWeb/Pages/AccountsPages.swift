import Foundation
import Hummingbird
import VaultCore
import VaultServices

/// Accounts (`ghostvault.md` 7.4): every account grouped by institution with balance and type, assets and
/// liabilities told apart; nickname, hide, tracking-only, and reordering within a group.
struct AccountsPages {
    let environment: WebEnvironment

    func addRoutes(to router: some RouterMethods<PageContext>) {
        router.get("/accounts") { request, context in try await list(request, context) }
        router.post("/accounts/:id/settings") { request, context in try await settings(request, context) }
        router.post("/accounts/:id/move") { request, context in try await move(request, context) }
    }

    func list(_ request: Request, _ context: PageContext) async throws -> Response {
        let signedIn = context.signedIn
        let listed = try await environment.household(of: signedIn.user).accounts.list(
            includeHidden: true, counting: false)
        return .html(AccountsPage.render(AccountsPage.groups(listed), signedIn: signedIn))
    }

    func settings(_ request: Request, _ context: PageContext) async throws -> Response {
        let form = try await context.form(request)
        let signedIn = context.signedIn
        let accounts = environment.household(of: signedIn.user).accounts
        let account = try await accounts.find(try AppPages.id(context))
        do {
            _ = try await accounts.edit(
                account.id.description,
                .init(
                    nickname: form.raw("nickname").trimmingCharacters(in: .whitespaces), isHidden: form.isOn("hidden"),
                    isTrackingOnly: form.isOn("trackingOnly")))
        } catch let error as VaultError where error.code == .invalidInput {
            return .seeOther("/accounts", flash: Flash(.error, error.description))
        }
        return .seeOther("/accounts", flash: Flash(.notice, "Saved \(account.name)."))
    }

    /// Moves an account up or down within its institution's group (the order is each account's sort order).
    func move(_ request: Request, _ context: PageContext) async throws -> Response {
        let form = try await context.form(request)
        let signedIn = context.signedIn
        let service = environment.household(of: signedIn.user).accounts
        let id = try AppPages.id(context)
        let groups = AccountsPage.groups(try await service.list(includeHidden: true))
        guard var group = groups.first(where: { $0.accounts.contains { $0.account.id.description == id } })?.accounts,
            let index = group.firstIndex(where: { $0.account.id.description == id })
        else { throw VaultError(.notFound, "There is no such account.") }
        let target = form["direction"] == "up" ? index - 1 : index + 1
        guard group.indices.contains(target) else { return .seeOther("/accounts") }
        group.swapAt(index, target)
        for (position, entry) in group.enumerated() where entry.account.sortOrder != position {
            _ = try await service.edit(entry.account.id.description, .init(sortOrder: position))
        }
        return .seeOther("/accounts")
    }
}

enum AccountsPage {
    struct Group: Sendable {
        let name: String
        let accounts: [AccountService.Listed]
    }

    /// Accounts by institution (manual ones last), each group in the person's order, then by name.
    /// Institutions that share a name are told apart by the accounts they hold.
    static func groups(_ listed: [AccountService.Listed]) -> [Group] {
        let byInstitution = Dictionary(grouping: listed) { $0.institution?.id }
        let sorted = byInstitution.mapValues {
            $0.sorted {
                ($0.account.sortOrder, $0.account.displayName) < ($1.account.sortOrder, $1.account.displayName)
            }
        }
        let names = InstitutionNames.distinct(
            sorted.compactMap { id, accounts in
                guard let id, let institution = accounts.first?.institution else { return nil }
                return (id, institution.name, accounts.map(\.account.displayName).joined(separator: ", "))
            }.sorted { ($0.1, $0.2) < ($1.1, $1.2) })
        return sorted.map { id, accounts in
            Group(name: id.flatMap { names[$0] } ?? "Manual accounts", accounts: accounts)
        }
        .sorted {
            ($0.name == "Manual accounts" ? 1 : 0, $0.name) < ($1.name == "Manual accounts" ? 1 : 0, $1.name)
        }
    }

    static func render(_ groups: [Group], signedIn: SignedIn) -> HTML {
        let csrf = Layout.csrfField(signedIn.csrfToken)
        let sections = groups.map { group -> HTML in
            let rows = group.accounts.enumerated().map { index, entry -> HTML in
                let account = entry.account
                let id = account.id.description
                return """
                    <tr><td data-label=""><a href="/accounts/\(id)?from=accounts">\(account.displayName)</a>\(account.nickname == nil ? .empty : "<br><span class=\"muted small\">\(account.name)</span>" as HTML)</td>
                    <td data-label="Type">\(account.kind.rawValue) · <span class="\(account.isLiability ? "out" : "in")">\(account.isLiability ? "Liability" : "Asset")</span></td>
                    <td data-label="Balance" class="num amount \(account.isLiability ? "out" : "in")">\(account.balance.formatted())</td>
                    <td data-label=""><details class="row-menu"><summary>Settings</summary>
                    <form method="post" action="/accounts/\(id)/settings" class="stack">\(csrf)
                    <label for="nickname-\(id)">Nickname</label><input id="nickname-\(id)" name="nickname" type="text" value="\(account.nickname ?? "")" placeholder="\(account.name)">
                    <label class="small"><input type="checkbox" name="hidden"\(account.isHidden ? " checked" : "")> Hide (left out of net worth)</label>
                    <label class="small"><input type="checkbox" name="trackingOnly"\(account.isTrackingOnly ? " checked" : "")> Tracking only (visible, left out of totals)</label>
                    <button type="submit" class="secondary">Save</button></form>
                    <div class="row">\(index > 0 ? "<form method=\"post\" action=\"/accounts/\(id)/move\">\(csrf)<input type=\"hidden\" name=\"direction\" value=\"up\"><button type=\"submit\" class=\"secondary\">Move up</button></form>" as HTML : .empty)
                    \(index < group.accounts.count - 1 ? "<form method=\"post\" action=\"/accounts/\(id)/move\">\(csrf)<input type=\"hidden\" name=\"direction\" value=\"down\"><button type=\"submit\" class=\"secondary\">Move down</button></form>" as HTML : .empty)</div>
                    </details>\(account.isHidden ? " <span class=\"badge\">Hidden</span>" : "" as HTML)\(account.isTrackingOnly ? " <span class=\"badge\">Tracking only</span>" : "" as HTML)</td></tr>
                    """
            }
            return """
                <section class="card"><h2>\(group.name)</h2>
                <div class="table-wrap"><table class="responsive"><tbody>\(rows)</tbody></table></div></section>
                """
        }
        return Layout.page(
            title: "Accounts", signedIn: signedIn, current: "/accounts",
            body: """
                <h1>Accounts</h1>
                \(sections.isEmpty ? "<p class=\"muted\">No accounts yet. <a href=\"/onboarding\">Connect a bank or add one by hand.</a></p>" : "\(sections)" as HTML)
                """)
    }
}
