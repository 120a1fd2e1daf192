import Foundation
import VaultCore
import VaultServices
import VaultStore

/// "Choose from library" (spec `card-miles.md`, Pre-populated Card Library): the library grouped by bank, each
/// card with its rates, notes and caps, and a form to add it with the person's own details.
enum CardLibraryPage {
    /// A library card's add form as typed, kept when the service refuses it.
    struct Entry {
        var template = ""
        var lastFour = ""
        var statementDay = ""
        var account = ""
        var categories: [String] = []
    }

    static func render(
        today: LocalDate, accounts: [Account], entry: Entry?, problems: [Problem], signedIn: SignedIn
    ) -> HTML {
        let groups = CardLibrary.byBank.map { group -> HTML in
            let cards = group.cards.map { template -> HTML in
                let mine = entry?.template == template.id
                return card(
                    template, today: today, accounts: accounts, entry: mine ? entry! : Entry(template: template.id),
                    problems: FieldProblems(problems: mine ? problems : []), open: mine, signedIn: signedIn)
            }
            return """
                <section class="library-bank" aria-labelledby="bank-\(group.bank.rawValue)"><h2 id="bank-\(group.bank.rawValue)">\(group.bank.description)</h2>\(cards)</section>
                """
        }
        let body: HTML = """
            <p><a href="/cards">← Cards</a></p>
            <h1>Choose from library</h1>
            <p class="muted">Rates are miles per dollar: local / foreign / base. Adding a card asks for its last four digits, statement day and account; you can change them later.</p>
            \(groups)
            <p><a class="button secondary" href="/cards/new">Create custom card</a></p>
            """
        return Layout.page(title: "Card library", signedIn: signedIn, current: "/cards", body: body)
    }

    /// "1.4 / 2.4 / 1.4 mpd", a dash for a rate not given.
    static func rates(_ template: CardTemplate) -> String {
        [template.localRate, template.foreignRate, template.baseRate].map { $0?.description ?? "-" }
            .joined(separator: " / ") + " mpd"
    }

    /// "Online: S$600 cap at 4.0 mpd", "Contactless: S$1,000 min, S$1,200 cap at 4.0 mpd".
    static func capText(_ cap: CardTemplate.CapTemplate, index: Int) -> String {
        let name =
            cap.isChosenByPerson
            ? "Category \(index + 1) (you choose)" : cap.categories.map(\.description).joined(separator: " & ")
        let minimum = cap.minimumSpend.map { "\(CardCycleReport.amountText($0)) min, " } ?? ""
        return "\(name): \(minimum)\(CardCycleReport.amountText(cap.cap)) cap at \(cap.bonusRate) mpd"
    }

    static func card(
        _ template: CardTemplate, today: LocalDate, accounts: [Account], entry: Entry, problems: FieldProblems,
        open: Bool, signedIn: SignedIn
    ) -> HTML {
        var marks: [HTML] = []
        switch template.availability {
        case .available: break
        case .notMiles: marks.append("<span class=\"badge warn not-miles\">Not a miles card</span>")
        case .discontinuing(let month):
            let words = template.isDiscontinued(on: today) ? "Discontinued" : "Discontinuing"
            marks.append("<span class=\"badge warn discontinuing\">\(words) \(Charts.label(month))</span>")
        }
        let caps = template.caps.enumerated().map { index, cap -> HTML in "<li>\(capText(cap, index: index))</li>" }
        let pickers = (0..<template.categoriesToChoose).map { index -> HTML in
            let chosen = entry.categories.indices.contains(index) ? entry.categories[index] : ""
            let options = BonusCategory.cappable.map { category -> HTML in
                let selected: HTML = chosen == category.rawValue ? " selected" : ""
                return "<option value=\"\(category.rawValue)\"\(selected)>\(category.description)</option>"
            }
            let id = "\(template.id)-category-\(index)"
            return """
                <label for="\(id)">Bonus category \(index + 1)</label>
                <select id="\(id)" name="category"\(problems.invalid("categories"))><option value="">Choose…</option>\(options)</select>
                """
        }
        let accountOptions = accounts.map { account -> HTML in
            let selected: HTML = entry.account == account.id.description ? " selected" : ""
            return "<option value=\"\(account.id.description)\"\(selected)>\(account.displayName)</option>"
        }
        let warning: HTML =
            template.availability == .notMiles
            ? "<p class=\"muted small\">It earns no miles; add it only to track its spend.</p>" : .empty
        let id = template.id
        return """
            <article class="card library-card" id="library-\(id)" data-template="\(id)">
            <div class="spread"><h3>\(template.name)</h3><span class="muted small">\(template.network.description)</span></div>
            \(marks.isEmpty ? .empty : "<p>\(marks)</p>" as HTML)
            <p class="earn-rates">\(rates(template))</p>
            \(template.notes.map { "<p class=\"muted small\">\($0)</p>" as HTML } ?? .empty)
            \(template.minimumSpend.map { "<p class=\"small\">Minimum spend \(CardCycleReport.amountText($0)) a cycle</p>" as HTML } ?? .empty)
            \(caps.isEmpty ? .empty : "<ul class=\"small caps-list\">\(caps)</ul>" as HTML)
            <details class="add-card"\(open ? " open" : "")><summary>Add \(template.name)</summary>
            \(problems.others(shown: ["lastFourDigits", "statementDay", "account", "categories"]))
            \(warning)
            <form method="post" action="/cards/library" class="stack">\(Layout.csrfField(signedIn.csrfToken))
            <input type="hidden" name="template" value="\(id)">
            <div class="field-pair"><div><label for="\(id)-last-four">Last four digits (optional)</label>
            <input type="text" id="\(id)-last-four" name="lastFour" inputmode="numeric" value="\(entry.lastFour)" placeholder="1234" autocomplete="off"\(problems.invalid("lastFourDigits"))>\(problems.message("lastFourDigits"))</div>
            <div><label for="\(id)-statement-day">Statement day (optional)</label>
            <input type="text" id="\(id)-statement-day" name="statementDay" inputmode="numeric" value="\(entry.statementDay)" placeholder="calendar month" autocomplete="off"\(problems.invalid("statementDay"))>\(problems.message("statementDay"))</div></div>
            <p class="muted small hint">Leave the statement day empty to count each calendar month.</p>
            \(pickers)\(problems.message("categories"))
            <label for="\(id)-account">Account</label>
            <select id="\(id)-account" name="account"\(problems.invalid("account"))><option value="">New manual account for this card</option>\(accountOptions)</select>\(problems.message("account"))
            <p><button type="submit">Add card</button></p>
            </form></details>
            </article>
            """
    }
}
