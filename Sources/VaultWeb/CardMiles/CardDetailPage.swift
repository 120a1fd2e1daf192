import Foundation
import VaultCore
import VaultServices
import VaultStore

/// A card's own page (spec `card-miles.md`, Card Management "tap card → edit screen"): its current cycle, the
/// cycle's transactions with each one's bonus category, the edit form, and Delete.
enum CardDetailPage {
    static func render(
        _ status: CardService.Status, form: CardForm, accounts: [Account], problems: [Problem],
        bonusProblems: [Problem] = [], signedIn: SignedIn
    ) -> HTML {
        let card = status.card
        let id = card.id.description
        let shown = FieldProblems(problems: problems)
        let capFields = (0..<CardForm.maximumCapRows).map { "cap\($0)" }
        let body: HTML = """
            <p><a href="/cards">← Cards</a></p>
            <h1>\(card.title)</h1>
            <section class="card miles-card" id="cycle" data-miles-card="\(id)" aria-labelledby="cycle-title">
            \(CardsPage.summary(status, headingID: "cycle-title", link: false))
            </section>
            \(transactions(status, problems: bonusProblems, signedIn: signedIn))
            <section class="card" aria-labelledby="edit-title"><h2 id="edit-title">Edit card</h2>
            \(shown.others(shown: CardFormPage.shownFields + capFields))
            <form method="post" action="/cards/\(id)" class="stack card-form" id="card-form" novalidate>
            \(Layout.csrfField(signedIn.csrfToken))
            \(CardFormPage.fields(form, accounts: accounts, problems: shown, isNew: false))
            <p><button type="submit">Save changes</button></p>
            </form></section>
            <section class="card" id="delete" aria-labelledby="delete-title"><h2 id="delete-title">Delete card</h2>
            <p class="muted small">You are asked to confirm, and told how many manual expenses go with it.</p>
            <p><a class="button danger" href="/cards/\(id)/delete">Delete \(card.title)…</a></p></section>
            """
        return Layout.page(title: card.title, signedIn: signedIn, current: "/cards", body: body)
    }

    /// How the bonus category was decided, in words.
    static func source(_ source: CardService.CategorySource) -> String {
        switch source {
        case .chosen: "Chosen"
        case .payee: "Remembered for this payee"
        case .suggested(let reason): "Suggested: \(reason)"
        }
    }

    /// The cycle's transactions; on a card with caps, each with its bonus category and a Save.
    static func transactions(_ status: CardService.Status, problems: [Problem], signedIn: SignedIn) -> HTML {
        let card = status.card
        guard !status.expenses.isEmpty else {
            return """
                <section class="card" id="cycle-transactions" aria-labelledby="transactions-title"><h2 id="transactions-title">This cycle's transactions</h2>
                <p class="muted">None yet. <a href="/transactions/new?card=\(card.id.description)">Add an expense with this card</a></p></section>
                """
        }
        let rows = status.expenses.reversed().map { expense -> HTML in
            let row = expense.row
            let transactionID = row.id.description
            let chosen = expense.expense.bonusCategory ?? .general
            let problem = problems.first { $0.field == transactionID }
            var control: HTML = .empty
            let foreign: HTML = expense.expense.isForeignCurrency ? " checked" : ""
            let choices = card.bonusCategoryChoices.map { category -> HTML in
                let selected: HTML = category == chosen ? " selected" : ""
                return "<option value=\"\(category.rawValue)\"\(selected)>\(category.description)</option>"
            }
            let categoryPicker: HTML =
                card.hasCategoryCaps
                ? """
                <label class="visually-hidden" for="bonus-\(transactionID)">Bonus category of \(row.description)</label>
                <select id="bonus-\(transactionID)" name="bonusCategory"\(problem == nil ? .empty : " aria-invalid=\"true\"" as HTML)>\(choices)</select>
                <label class="inline small"><input type="checkbox" name="remember" value="1" checked> Remember for this payee</label>
                """ : "<input type=\"hidden\" name=\"bonusCategory\" value=\"general\">"
            control = """
                <form method="post" action="/cards/\(card.id.description)/bonus" class="bonus-form">\(Layout.csrfField(signedIn.csrfToken))
                <input type="hidden" name="transaction" value="\(transactionID)">
                \(categoryPicker)
                <label class="inline small"><input type="checkbox" name="foreign" value="1"\(foreign)> Foreign currency</label>
                <button class="secondary" type="submit">Save</button></form>
                \(problem.map { "<p class=\"field-problem\">\($0.message)</p>" as HTML } ?? .empty)
                """
            let sourceText: HTML =
                card.hasCategoryCaps
                ? "<span class=\"badge bonus-source\">\(chosen.description)</span> <span class=\"muted small\">\(source(expense.source))</span>"
                : .empty
            return """
                <li class="cycle-transaction" data-transaction="\(transactionID)"><div class="spread"><span><strong>\(row.description)</strong><br><span class="muted small">\(row.date.description)\(row.source == .manual ? " · manual" : "")</span></span>
                <span class="amount">\(CardCycleReport.amountText(expense.expense.amount))</span></div>
                \(sourceText)
                \(control)</li>
                """
        }
        return """
            <section class="card" id="cycle-transactions" aria-labelledby="transactions-title"><h2 id="transactions-title">This cycle's transactions</h2>
            <ul class="cycle-list">\(rows)</ul></section>
            """
    }

    /// Delete's confirmation: how many manual expenses go, and that bank-synced transactions never do.
    static func confirmDelete(_ card: MilesCard, going: Int, signedIn: SignedIn) -> HTML {
        let expenses = going == 1 ? "1 manual expense" : "\(going) manual expenses"
        let what: HTML =
            going == 0
            ? "<p>No manual expenses go with it.</p>"
            : "<p><strong>Deleting \(card.title) also deletes its \(expenses).</strong></p>"
        let body: HTML = """
            <p><a href="/cards/\(card.id.description)">← \(card.title)</a></p>
            <h1>Delete \(card.title)?</h1>
            <section class="card" id="confirm-delete">
            \(what)
            <p>Bank-synced transactions are never deleted: they stay with their account.</p>
            <form method="post" action="/cards/\(card.id.description)/delete">\(Layout.csrfField(signedIn.csrfToken))
            <input type="hidden" name="confirm" value="1">
            <p class="row"><button class="danger" type="submit">Delete card\(going == 0 ? "" : " and \(expenses)")</button>
            <a class="button secondary" href="/cards/\(card.id.description)">Keep it</a></p></form>
            </section>
            """
        return Layout.page(title: "Delete \(card.title)", signedIn: signedIn, current: "/cards", body: body)
    }
}
