import Foundation
import VaultCore
import VaultServices

extension SettingsPage {
    /// Data & Sync (spec `expense-tracker.md` sections 1.4, 4.1 and 6): the bank-sync status, the last sync and its
    /// result, the failure's reason with Retry, each connection with its institutions and the bank's messages, and
    /// Sync Now (which shows its progress when scripts run; without them it is an ordinary form).
    static func dataAndSync(
        signedIn: SignedIn, connections: [SyncService.Overview], household: Household, statuses: [HTML]
    ) -> HTML {
        let health = SyncService.Health(connections)
        let last = connections.compactMap(\.connection.lastSyncAt).max().map {
            WebFormat.instant($0, in: household.timeZone)
        }
        let result: HTML =
            switch health {
            case .notConnected:
                "<p class=\"muted\">No bank is connected, so nothing syncs. <a href=\"/connections\">Connect one with SimpleFIN</a>.</p>"
            case .neverSynced: "<p>Last sync: <strong>never</strong>.</p>"
            case .ok:
                "<p>Last sync: <strong>\(last ?? "never")</strong> · <span class=\"badge ok\">succeeded</span></p>"
            case .partial:
                "<p>Last sync: <strong>\(last ?? "never")</strong> · <span class=\"badge bad\">partly failed</span> <span class=\"small muted\">A bank reported a problem; its message is below.</span></p>"
            case .failed:
                "<p>Last sync: <strong>\(last ?? "never")</strong> · <span class=\"badge bad\">failed</span></p>"
            }
        let reasons = connections.filter { $0.connection.status != .active }.map { overview -> HTML in
            let connection = overview.connection
            let said = connection.statusMessage.map { " The bridge said: \($0)" } ?? ""
            return "<li><strong>\(connection.label)</strong>: \(WebFormat.connectionProblem(connection))\(said)</li>"
        }
        let failure: HTML =
            reasons.isEmpty
            ? .empty
            : """
            <div class="alert error" role="alert" id="sync-failure"><strong>Sync paused: the last sync failed.</strong>
            <ul>\(reasons)</ul></div>
            """
        let action: HTML =
            health == .notConnected
            ? .empty
            : """
            <form method="post" action="/sync" data-sync="/api/v1/sync" class="row">\(Layout.csrfField(signedIn.csrfToken))<input type="hidden" name="next" value="/settings#data-sync"><button type="submit">\(health == .failed ? "Retry" : "Sync Now")</button></form>
            <p id="sync-status" class="muted small" aria-live="polite"></p>
            """
        return """
            <section class="card" id="data-sync" aria-labelledby="data-sync-title"><h2 id="data-sync-title">Data &amp; Sync</h2>
            \(result)\(failure)\(action)
            \(statuses)
            </section>
            """
    }
}
