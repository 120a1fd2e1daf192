import Foundation
import VaultCore
import VaultServices

/// Settings › 50/30/20 lens: the target shares (50/30/20, or 60/20/20 and the like) and the payees a person
/// always puts in one bucket, each of which can be handed back to the automatic rules.
enum LensSettingsPage {
    static func render(
        targets: LensTargets, payees: [(payeeKey: String, bucket: LensBucket)], typed: Form?, problems: [String],
        signedIn: SignedIn
    ) -> HTML {
        let csrf = Layout.csrfField(signedIn.csrfToken)
        func field(_ name: String, _ label: String, _ value: Int) -> HTML {
            """
            <label for="target-\(name)">\(label) (%)</label><input id="target-\(name)" name="\(name)" type="number" inputmode="numeric" min="0" max="100" step="1" required value="\(typed?[name] ?? String(value))">
            """
        }
        let rows = payees.map { choice -> HTML in
            """
            <li class="spread"><span>\(choice.payeeKey) · <strong>\(choice.bucket.displayName)</strong></span>
            <form method="post" action="/lens/payee">\(csrf)<input type="hidden" name="payee" value="\(choice.payeeKey)"><input type="hidden" name="bucket" value="automatic"><input type="hidden" name="back" value="/settings/lens"><button type="submit" class="secondary">Back to automatic</button></form></li>
            """
        }
        return Layout.page(
            title: "50/30/20 lens", signedIn: signedIn, current: "/settings",
            body: """
                <p><a href="/settings">← Settings</a></p>
                <h1>50/30/20 lens</h1>
                \(Layout.problems(problems))
                <section class="card" aria-labelledby="targets-title"><h2 id="targets-title">Targets</h2>
                <p class="small muted">The share of spending and saving each bucket should take. Whole percentages that add up to 100: 50/30/20 is the classic split; some prefer 60/20/20.</p>
                <form method="post" action="/settings/lens/targets" class="stack">\(csrf)
                \(field("needs", "Needs", targets.needs))
                \(field("wants", "Wants", targets.wants))
                \(field("savings", "Savings/Debt", targets.savings))
                <p><button type="submit">Save targets</button></p></form>
                <p class="small muted">A segment is green within \(LensReport.tolerance) points of its target; past that, needs turn red, and wants above or savings below turn yellow.</p>
                </section>
                <section class="card" aria-labelledby="payees-title"><h2 id="payees-title">Payees you classified</h2>
                \(rows.isEmpty ? "<p class=\"muted\">None yet. On a transaction, use \u{201C}Always classify … as\u{201D}.</p>" as HTML : "<ul class=\"menu-list\">\(rows)</ul>" as HTML)
                </section>
                """)
    }
}
