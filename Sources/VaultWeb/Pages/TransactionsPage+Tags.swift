import Foundation
import VaultCore
import VaultServices

/// The Transactions page's tag and flag filters and the tags and flags shown on each row (spec
/// `expense-tracker.md` 2.3.1, 2.4 and 3.2): plain checkboxes and selects, so they work without JavaScript.
extension TransactionsPage {
    /// How many tags the filter offers, most used first (plus any chosen beyond them): enough for any household
    /// typing tags by hand, and a bound on the form's size for one that imported thousands.
    static let tagFilterLimit = 40

    /// The household's tags as checkboxes with their counts; a transaction with any checked tag is listed.
    static func tagFilter(_ tags: [TagStat], chosen: [String]) -> HTML {
        let chosenTags = Set(chosen.map(Tag.normalize))
        var offered = Array(tags.prefix(tagFilterLimit))
        let shown = Set(offered.map(\.tag))
        // A tag in the URL that is not offered (past the limit, or no longer used) stays visible and checked.
        offered += chosenTags.subtracting(shown).sorted().map { tag in
            tags.first { $0.tag == tag } ?? TagStat(tag: tag, count: 0)
        }
        guard !offered.isEmpty else { return .empty }
        let chips = offered.map { stat -> HTML in
            let checked: HTML = chosenTags.contains(stat.tag) ? " checked" : ""
            return """
                <label class="chip"><input type="checkbox" name="tag" value="\(stat.tag)"\(checked)><span>\(stat.tag) <span class="muted">\(stat.count)</span></span></label>
                """
        }
        return """
            <fieldset class="chips" id="tag-filter"><legend>Tags (any of them)</legend>\(chips)</fieldset>
            """
    }

    /// Payment and reimbursement: any, each value, or not set.
    static func flagFilters(_ view: TransactionsView) -> HTML {
        func select<Flag>(_ name: String, _ label: String, _ chosen: String?, _ flag: Flag.Type) -> HTML
        where Flag: RawRepresentable & CaseIterable & Hashable & Sendable, Flag.RawValue == String {
            let current = chosen.flatMap { FlagFilter<Flag>(word: $0) }
            let choices: [(String, String)] =
                [("", "Any")] + Flag.allCases.map { ($0.rawValue, $0.rawValue.capitalized) }
                + [(FlagFilter<Flag>.notSetWord, "Not set")]
            let options = choices.map { value, text -> HTML in
                let selected: HTML = (current?.word ?? "") == value ? " selected" : ""
                return "<option value=\"\(value)\"\(selected)>\(text)</option>"
            }
            return """
                <div><label for="\(name)">\(label)</label><select id="\(name)" name="\(name)">\(options)</select></div>
                """
        }
        return """
            <div class="row">\(select("payment", "Payment", view.payment, PaymentFlag.self))
            \(select("reimbursement", "Reimbursement", view.reimbursement, ReimbursementFlag.self))</div>
            """
    }

    /// A row's tags as small chips (each a link to the list of that tag) and its flags as short badges.
    static func tagsAndFlags(_ transaction: Transaction) -> HTML {
        let flags = [transaction.paymentFlag?.rawValue, transaction.reimbursementFlag?.rawValue].compactMap { $0 }
        guard !transaction.tags.isEmpty || !flags.isEmpty else { return .empty }
        let tags = transaction.tags.map { tag -> HTML in
            let href = TransactionsView(Form(encoded: "")).url(["tag": tag])
            return "<a class=\"tag\" href=\"\(href)\">\(tag)</a>"
        }
        let badges = flags.map { flag -> HTML in
            "<span class=\"badge flag flag-\(flag)\">\(flag.capitalized)</span>"
        }
        return "<span class=\"tags\" data-tags>\(tags)\(badges)</span>"
    }
}
