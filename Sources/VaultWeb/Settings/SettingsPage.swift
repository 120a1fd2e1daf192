import Foundation
import VaultCore
import VaultServices

/// Settings: theme, Data & Sync (bank-sync status, Sync Now, Retry, reconnect), the server address, sign out, and
/// the danger zone.
enum SettingsPage {
    static func render(
        signedIn: SignedIn, connections: [SyncService.Overview], household: Household, serverAddress: String,
        role: MemberRole
    ) -> HTML {
        let themes = User.Theme.allCases.map { theme -> HTML in
            let checked: HTML = signedIn.user.theme == theme ? " checked" : ""
            let label = theme == .system ? "Follow the system" : theme == .light ? "Light" : "Dark"
            return """
                <label class="choice"><input type="radio" name="theme" value="\(theme.rawValue)"\(checked)> \(label)</label>
                """
        }
        let statuses = connections.map { overview -> HTML in
            let connection = overview.connection
            let last = connection.lastSyncAt.map { WebFormat.instant($0, in: household.timeZone) } ?? "never"
            let institutions = overview.institutions.map { entry -> HTML in
                let failed = entry.institution.status == .failure
                return """
                    <li><span>\(entry.institution.name)</span> <span class="badge \(failed ? "bad" : "ok")">\(failed ? "FAILURE" : "SUCCESS")</span>\(entry.institution.statusMessage.map { "<br><span class=\"muted small\">The bank says: \($0)</span>" as HTML } ?? .empty)</li>
                    """
            }
            return """
                <div class="institution"><div class="spread"><span>\(connection.label)</span>
                <span class="badge \(connection.status == .active ? "ok" : "bad")">\(connection.status.rawValue)</span></div>
                <p class="muted small">Last sync \(last) · \(overview.budget.remaining)/\(RequestBudget.dailyLimit) requests left today</p>
                \(institutions.isEmpty ? .empty : "<ul class=\"small institutions\">\(institutions)</ul>" as HTML)
                <details><summary>Reconnect with a new setup token</summary>
                <form class="stack" method="post" action="/connections/reconnect">\(Layout.csrfField(signedIn.csrfToken))
                <input type="hidden" name="connection" value="\(connection.id.description)">
                <label for="token-\(connection.id.description)">New setup token</label>
                <textarea id="token-\(connection.id.description)" name="setupToken" required spellcheck="false"></textarea>
                <p><button type="submit">Reconnect</button></p></form></details></div>
                """
        }
        return Layout.page(
            title: "Settings", signedIn: signedIn, current: "/settings",
            body: """
                <h1>Settings</h1>
                <section class="card" aria-labelledby="theme-title"><h2 id="theme-title">Appearance</h2>
                <form method="post" action="/settings/theme">\(Layout.csrfField(signedIn.csrfToken))\(themes)
                <p><button type="submit">Save theme</button></p></form></section>
                \(dataAndSync(signedIn: signedIn, connections: connections, household: household, statuses: statuses))
                <section class="card" aria-labelledby="manage-title"><h2 id="manage-title">Manage</h2>
                <ul class="menu-list"><li><a href="/categories">Categories</a></li><li><a href="/rules">Transaction rules</a></li>
                <li><a href="/settings/recurring-rules">Recurring rules</a></li><li><a href="/settings/your-data">Your data: export, import, bank files</a></li>
                <li><a href="/accounts">Accounts</a></li><li><a href="/connections">Connections</a></li>
                <li><a href="/settings/llm-export">Export for LLM</a></li><li><a href="/settings/calendar">Bill reminders in your calendar</a></li>
                <li><a href="/settings/lens">50/30/20 lens: targets and payees</a></li></ul></section>
                <section class="card" aria-labelledby="server-title"><h2 id="server-title">Server</h2>
                <p>A native app connects to <code>\(serverAddress)</code>.</p>
                <p class="muted small">Signed in as \(signedIn.user.email) · household \(household.name) · \(household.timeZone.identifier) · \(household.baseCurrency.code)</p>
                <form method="post" action="/logout">\(Layout.csrfField(signedIn.csrfToken))<button class="secondary" type="submit">Sign out</button></form>
                </section>
                \(DangerZonePages.section(role: role))
                """)
    }
}
