import Foundation
import VaultCore
import VaultServices

/// An account as its page shows it: properties, a balance sparkline and recent transactions.
struct AccountDetail: Sendable {
    let account: Account
    let institution: String?
    let household: Household
    let balances: [(date: LocalDate, balance: Money)]
    let recent: [TransactionService.Listed]
    let lastUpdate: Date?

    static let recentCount = 20

    static func load(_ environment: WebEnvironment, user: User, id: String) async throws -> AccountDetail {
        let scope = environment.household(of: user)
        let account = try await scope.accounts.find(id)
        let listed = try await scope.accounts.list(includeHidden: true, counting: false).first {
            $0.account.id == account.id
        }
        let recent = try await scope.transactions.list(
            TransactionQuery(accounts: [account.id.description], includeTransfers: true, pageSize: recentCount))
        let connections = try await environment.sync(for: user).overview()
        let lastUpdate =
            listed?.institution?.lastSuccessAt
            ?? connections.first { $0.institutions.contains { $0.institution.id == account.institutionID } }?.connection
            .lastSuccessAt
        return AccountDetail(
            account: account, institution: listed?.institution?.name, household: try await scope.details(),
            balances: try await scope.reports.accountBalances(account.id, .threeMonths), recent: recent.items,
            lastUpdate: lastUpdate)
    }
}

enum AccountPage {
    /// Where the back link goes: the page the person came from (Accounts, Net Worth or the dashboard), told by
    /// `?from=` on the links that open this page or, failing that, by the Referer; the dashboard otherwise.
    static func back(from origin: String?) -> (path: String, title: String) {
        let places = [("accounts", "/accounts", "Accounts"), ("networth", "/networth", "Net Worth")]
        let path = origin.map { $0.split(separator: "?").first.map(String.init) ?? $0 } ?? ""
        for (key, href, title) in places where path == key || path.hasSuffix(href) { return (href, title) }
        return ("/dashboard", "Dashboard")
    }

    static func render(
        _ detail: AccountDetail, signedIn: SignedIn, problems: [String],
        back: (path: String, title: String) = ("/dashboard", "Dashboard")
    ) -> HTML {
        let account = detail.account
        let options = NetWorthCategory.allCases.map { category -> HTML in
            let selected: HTML = category == account.netWorthCategory ? " selected" : ""
            return "<option value=\"\(category.rawValue)\"\(selected)>\(category.displayName)</option>"
        }
        let rows = detail.recent.map { listed -> HTML in
            let t = listed.transaction
            return """
                <tr><td>\(t.date.description)</td><td>\(listed.name)\(t.isPending ? " <span class=\"badge\">pending</span>" : "" as HTML)<br><span class="muted small">\(listed.categoryPath ?? "Uncategorized")</span></td><td class="num amount \(t.amount.minorUnits < 0 ? "out" : "in")">\(t.amount.formatted())</td></tr>
                """
        }
        let updated =
            account.balanceDate.map { $0.description }
            ?? detail.lastUpdate.map { WebFormat.instant($0, in: detail.household.timeZone) } ?? "—"
        return Layout.page(
            title: account.displayName, signedIn: signedIn,
            body: """
                <p><a href="\(back.path)" id="back-link">← \(back.title)</a></p>
                <h1>\(account.displayName)</h1>
                \(Layout.problems(problems))
                <section class="card" aria-label="Account">
                <table>
                <tr><th scope="row">Name</th><td>\(account.name)</td></tr>
                <tr><th scope="row">Institution</th><td>\(detail.institution ?? "Manual account")</td></tr>
                <tr><th scope="row">Net Worth Category</th><td>
                  <form method="post" action="/accounts/\(account.id.description)" class="row">\(Layout.csrfField(signedIn.csrfToken))
                  <label class="muted small" for="net-worth-category">Category</label>
                  <select id="net-worth-category" name="netWorthCategory">\(options)</select>
                  <button type="submit">Save</button></form></td></tr>
                <tr><th scope="row">Currency</th><td>\(account.currency.displayCode)</td></tr>
                <tr><th scope="row">Current Balance</th><td class="amount">\(account.balance.formatted())</td></tr>
                <tr><th scope="row">Last Balance Update</th><td>\(updated)</td></tr>
                <tr><th scope="row">Status</th><td>\(account.isActive ? "Active" : "Inactive")\(account.isHidden ? " · hidden" : "")\(account.isTrackingOnly ? " · tracking only" : "")</td></tr>
                </table>
                </section>
                <section class="card"><h2>Balance, last 3 months</h2>\(Charts.sparkline(detail.balances))</section>
                <section class="card"><h2>Recent transactions</h2>
                \(rows.isEmpty ? "<p class=\"muted\">No transactions in this account yet.</p>" : "<div class=\"table-wrap\"><table><tbody>\(rows)</tbody></table></div>" as HTML)
                </section>
                """)
    }
}
