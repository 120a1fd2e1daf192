import Foundation
import VaultCore
import VaultServices

/// The lens on a transaction's page and in a segment's list: its bucket and why, Need / Want / Savings to move
/// it, and "Always classify [payee] as ..." for every transaction from its payee.
enum LensTransactionSection {
    /// The transaction page's card; nothing for money the lens does not count.
    static func render(_ entry: LensService.Entry?, signedIn: SignedIn) -> HTML {
        guard let entry else { return .empty }
        let id = entry.transaction.id.description
        return """
            <section class="card" id="lens" aria-labelledby="lens-title"><h2 id="lens-title">50/30/20 lens</h2>
            <p>Counts as <strong>\(entry.placement.bucket.displayName)</strong> · <span class="muted">\(entry.placement.reason)</span></p>
            \(choices(entry, csrf: Layout.csrfField(signedIn.csrfToken), back: "/transactions/\(id)#lens"))
            <p class="small"><a href="\(LensChart.path(entry.placement.bucket, month: CalendarMonth(containing: entry.transaction.date)))">\(entry.placement.bucket.displayName) that month →</a></p>
            </section>
            """
    }

    /// The buttons: this transaction as Need, Want or Savings (or back to automatic), and always its payee.
    static func choices(_ entry: LensService.Entry, csrf: HTML, back: String) -> HTML {
        let id = entry.transaction.id.description
        let current = entry.placement.bucket
        let buttons = LensBucket.allCases.map { bucket -> HTML in
            let on = bucket == current
            return """
                <button type="submit" name="bucket" value="\(bucket.rawValue)" class="\(on ? "" : "secondary")" aria-pressed="\(on ? "true" : "false")">\(label(bucket))</button>
                """
        }
        let automatic: HTML =
            entry.choice == nil
            ? .empty
            : "<button type=\"submit\" name=\"bucket\" value=\"automatic\" class=\"secondary\">Automatic</button>"
        let always = LensBucket.allCases.map { bucket -> HTML in
            "<button type=\"submit\" name=\"bucket\" value=\"\(bucket.rawValue)\" class=\"secondary\">\(label(bucket))</button>"
        }
        return """
            <form method="post" action="/lens/choice" class="row lens-choice">\(csrf)<input type="hidden" name="transaction" value="\(id)"><input type="hidden" name="back" value="\(back)"><span class="small muted">Reclassify:</span>\(buttons)\(automatic)</form>
            <details class="lens-always"><summary>Always classify \(entry.name) as…</summary>
            <form method="post" action="/lens/payee" class="row">\(csrf)<input type="hidden" name="transaction" value="\(id)"><input type="hidden" name="back" value="\(back)">\(always)</form>
            <p class="small muted">Every transaction from this payee, unless you chose a bucket for one by hand.</p></details>
            """
    }

    /// "Need", "Want", "Savings".
    static func label(_ bucket: LensBucket) -> String {
        switch bucket {
        case .need: "Need"
        case .want: "Want"
        case .savings: "Savings"
        }
    }
}
