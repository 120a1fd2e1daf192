import Foundation
import VaultCore
import VaultServices
import VaultStore

/// The custom card form (`/cards/new`) and the fields it shares with a card's edit form (spec `card-miles.md`,
/// CreditCard and CategoryCap: every field a person can set).
enum CardFormPage {
    /// The fields the form shows, so their problems show beside them and no others at the top.
    static let shownFields = [
        "bank", "network", "name", "lastFourDigits", "currency", "minimumSpend", "maximumSpend", "statementDay",
        "localRate", "foreignRate", "baseRate", "notes", "account",
    ]

    static func render(
        _ form: CardForm, accounts: [Account], problems: [Problem], signedIn: SignedIn
    ) -> HTML {
        let shown = FieldProblems(problems: problems)
        let capFields = (0..<CardForm.maximumCapRows).map { "cap\($0)" }
        let body: HTML = """
            <p><a href="/cards">← Cards</a></p>
            <h1>Create custom card</h1>
            \(shown.others(shown: shownFields + capFields))
            <form method="post" action="/cards/new" class="stack card-form" id="card-form" novalidate>
            \(Layout.csrfField(signedIn.csrfToken))
            \(fields(form, accounts: accounts, problems: shown, isNew: true))
            <div class="save-bar"><button type="submit">Add card</button></div>
            </form>
            """
        return Layout.page(title: "Create custom card", signedIn: signedIn, current: "/cards", body: body)
    }

    /// Every field of a card, filled with `form`.
    static func fields(_ form: CardForm, accounts: [Account], problems: FieldProblems, isNew: Bool) -> HTML {
        func options<Value: RawRepresentable<String> & CustomStringConvertible>(
            _ values: [Value], chosen: String
        ) -> HTML {
            values.map { value -> HTML in
                let selected: HTML = value.rawValue == chosen ? " selected" : ""
                return "<option value=\"\(value.rawValue)\"\(selected)>\(value.description)</option>"
            }.joined()
        }
        func text(
            _ id: String, _ label: String, _ value: String, field: String, hint: String? = nil,
            mode: String = "text", placeholder: String = ""
        ) -> HTML {
            let inputMode: HTML = mode == "text" ? .empty : " inputmode=\"\(mode)\""
            return """
                <label for="\(id)">\(label)</label>\(hint.map { "<p class=\"muted small hint\">\($0)</p>" as HTML } ?? .empty)
                <input type="text" id="\(id)" name="\(id)" value="\(value)" autocomplete="off" placeholder="\(placeholder)"\(inputMode)\(problems.invalid(field))>
                \(problems.message(field))
                """
        }
        let calendar: HTML = form.cycle == "statement" ? .empty : " checked"
        let statement: HTML = form.cycle == "statement" ? " checked" : .empty
        let capRows = form.caps.enumerated().map { index, row -> HTML in
            capRow(index, row, problems: problems)
        }
        return """
            <div class="field-pair"><div><label for="bank">Bank</label>
            <select id="bank" name="bank"\(problems.invalid("bank"))>\(options(CardBank.allCases, chosen: form.bank))</select>\(problems.message("bank"))</div>
            <div><label for="network">Network</label>
            <select id="network" name="network"\(problems.invalid("network"))>\(options(CardNetwork.allCases, chosen: form.network))</select>\(problems.message("network"))</div></div>
            \(text("name", "Card name", form.name, field: "name", placeholder: "e.g. Altitude Visa Signature"))
            <div class="field-pair"><div>\(text("lastFour", "Last four digits", form.lastFour, field: "lastFourDigits", mode: "numeric", placeholder: "optional"))</div>
            <div>\(text("currency", "Currency", form.currency, field: "currency", placeholder: isNew ? "as its account" : "SGD"))</div></div>
            <div class="field-pair"><div>\(text("minimum", "Minimum spend", form.minimum, field: "minimumSpend", mode: "decimal", placeholder: "none"))</div>
            <div>\(text("maximum", "Maximum spend", form.maximum, field: "maximumSpend", mode: "decimal", placeholder: "none"))</div></div>
            <fieldset class="cycle"><legend>Cycle</legend>
            <label class="inline"><input type="radio" name="cycle" value="calendar"\(calendar)> Calendar month</label>
            <label class="inline"><input type="radio" name="cycle" value="statement"\(statement)> Statement month</label>
            \(text("statementDay", "Statement day", form.statementDay, field: "statementDay", hint: "For a statement month: the day of the month the statement is made, 1 to 31.", mode: "numeric", placeholder: "e.g. 15"))
            </fieldset>
            <fieldset class="rates"><legend>Earn rates (miles per dollar)</legend>
            <div class="field-trio"><div>\(text("localRate", "Local", form.localRate, field: "localRate", mode: "decimal", placeholder: "1.4"))</div>
            <div>\(text("foreignRate", "Foreign", form.foreignRate, field: "foreignRate", mode: "decimal", placeholder: "2.4"))</div>
            <div>\(text("baseRate", "Base", form.baseRate, field: "baseRate", mode: "decimal", placeholder: "1.4"))</div></div>
            </fieldset>
            <label for="notes">Notes</label>
            <textarea id="notes" name="notes" rows="2"\(problems.invalid("notes"))>\(form.notes)</textarea>
            \(problems.message("notes"))
            <fieldset class="caps"><legend>Bonus category caps (optional)</legend>
            <p class="muted small">A card with caps is tracked by them instead of its minimum and maximum. Leave a row empty for no cap.</p>
            <input type="hidden" name="capRows" value="\(form.caps.count)">
            \(capRows)
            </fieldset>
            \(accountField(form.account, accounts: accounts, problems: problems, isNew: isNew))
            """
    }

    /// One cap row: its categories as chips, its minimum, cap and bonus rate.
    static func capRow(_ index: Int, _ row: CardForm.CapRow, problems: FieldProblems) -> HTML {
        let chips = BonusCategory.cappable.map { category -> HTML in
            let checked: HTML = row.categories.contains(category.rawValue) ? " checked" : ""
            return """
                <label class="chip"><input type="checkbox" name="cap\(index)-category" value="\(category.rawValue)"\(checked)><span>\(category.description)</span></label>
                """
        }
        let field = "cap\(index)"
        return """
            <div class="cap-row\(problems.has(field) ? " invalid" : "")" id="cap-row-\(index)"><p class="cap-title">Cap \(index + 1)</p>
            <div class="chips" role="group" aria-label="Categories of cap \(index + 1)">\(chips)</div>
            <div class="field-trio"><div><label for="cap\(index)-minimum">Minimum</label><input type="text" id="cap\(index)-minimum" name="cap\(index)-minimum" inputmode="decimal" value="\(row.minimum)" placeholder="none"></div>
            <div><label for="cap\(index)-cap">Cap</label><input type="text" id="cap\(index)-cap" name="cap\(index)-cap" inputmode="decimal" value="\(row.cap)" placeholder="e.g. 600"></div>
            <div><label for="cap\(index)-rate">Rate (mpd)</label><input type="text" id="cap\(index)-rate" name="cap\(index)-rate" inputmode="decimal" value="\(row.rate)" placeholder="e.g. 4.0"></div></div>
            \(problems.message(field))
            </div>
            """
    }

    /// The account whose transactions count: a new manual one (a new card's default) or a credit-card account.
    static func accountField(
        _ chosen: String, accounts: [Account], problems: FieldProblems, isNew: Bool
    ) -> HTML {
        // A new card makes its own manual account by default; a card whose account is gone keeps none until one
        // is chosen, rather than quietly taking the first in the list.
        let listed = accounts.contains { $0.id.description == chosen }
        let manual: HTML =
            isNew
            ? "<option value=\"\"\(chosen.isEmpty ? " selected" : "" as HTML)>New manual account for this card</option>"
            : listed ? .empty : "<option value=\"\" selected>Choose an account</option>"
        let options = accounts.map { account -> HTML in
            let selected: HTML = chosen == account.id.description ? " selected" : ""
            return
                "<option value=\"\(account.id.description)\"\(selected)>\(account.displayName) (\(account.currency.displayCode))</option>"
        }
        return """
            <label for="account">Account</label>
            <p class="muted small hint">The card counts this credit-card account's spending: bank-synced, or a manual account for the expenses you log.</p>
            <select id="account" name="account"\(problems.invalid("account"))>\(manual)\(options)</select>
            \(problems.message("account"))
            """
    }
}
