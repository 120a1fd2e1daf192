import Foundation
import VaultCore
import VaultServices
import VaultStore

/// The cards page (spec `card-miles.md`, Dashboard and Card Management): this calendar month's spend across all
/// cards, then each card with its cycle, bars, rates and miles, then "Which card should I use?". With no cards
/// yet it is the spec's onboarding: choose from the library or create a custom card.
enum CardsPage {
    /// "Which card should I use?" as asked and answered.
    struct WhichCard {
        var amount = ""
        var category = ""
        var foreign = false
        var asked = false
        var answer: [CardService.Recommendation] = []
        var problems: [Problem] = []
    }

    static func render(_ overview: CardService.Overview, which: WhichCard, signedIn: SignedIn) -> HTML {
        guard !overview.cards.isEmpty else {
            return Layout.page(title: "Cards", signedIn: signedIn, current: "/cards", body: onboarding)
        }
        let total = overview.monthSpend.amounts.map { CardCycleReport.amountText($0) }
        let cards = overview.cards.enumerated().map { index, status in
            card(status, index: index, count: overview.cards.count, signedIn: signedIn)
        }
        let body: HTML = """
            <h1>Cards</h1>
            <section class="card month-total" aria-labelledby="month-title">
            <h2 id="month-title">Spent in \(Charts.label(overview.month)) on all cards</h2>
            <p class="big amount" id="month-spend">\(total.isEmpty ? CardCycleReport.amountText(Money.zero(overview.cards[0].card.currency)) : total.joined(separator: " + "))</p>
            <p class="muted small">The calendar month, whatever each card's own cycle.</p>
            </section>
            <div class="miles-cards">\(cards)</div>
            \(whichCard(which, cards: overview.cards.map(\.card)))
            <section class="card" aria-labelledby="add-title"><h2 id="add-title">Add a card</h2>
            <p class="row"><a class="button" href="/cards/library">Choose from library</a> <a class="button secondary" href="/cards/new">Create custom card</a></p></section>
            """
        return Layout.page(title: "Cards", signedIn: signedIn, current: "/cards", body: body)
    }

    /// First use: the spec's onboarding, before any card.
    static let onboarding: HTML = """
        <h1>Cards</h1>
        <section class="card onboarding" id="cards-onboarding">
        <h2>Track your cards' miles</h2>
        <p>See each card's spend against its minimum, maximum and bonus caps, and the miles it has earned this cycle.</p>
        <p><strong>Add at least one card before logging card expenses.</strong></p>
        <p class="row"><a class="button" href="/cards/library">Choose from library</a> <a class="button secondary" href="/cards/new">Create custom card</a></p>
        </section>
        """

    /// One card's block: heading, cycle, spend, bars, rates, notes, miles, problem, and its tools.
    static func card(_ status: CardService.Status, index: Int, count: Int, signedIn: SignedIn) -> HTML {
        let card = status.card
        let id = card.id.description
        func move(_ direction: String, _ label: String, _ symbol: String, enabled: Bool) -> HTML {
            guard enabled else { return .empty }
            return """
                <form method="post" action="/cards/\(id)/move">\(Layout.csrfField(signedIn.csrfToken))<input type="hidden" name="direction" value="\(direction)"><button class="secondary" type="submit" aria-label="\(label) \(card.title)" title="\(label)">\(symbol)</button></form>
                """
        }
        return """
            <section class="card miles-card" id="miles-card-\(id)" data-miles-card="\(id)" aria-labelledby="title-\(id)">
            \(summary(status, headingID: "title-\(id)", link: true))
            <div class="card-actions row">\(move("up", "Move up", "↑", enabled: index > 0))\(move("down", "Move down", "↓", enabled: index < count - 1))
            <a class="button secondary" href="/cards/\(id)">Edit</a></div>
            </section>
            """
    }

    /// What the cards page and a card's own page show of its cycle.
    static func summary(_ status: CardService.Status, headingID: String, link: Bool) -> HTML {
        let card = status.card
        let report = status.report
        let title: HTML = link ? "<a href=\"/cards/\(card.id.description)\">\(card.title)</a>" : "\(card.title)"
        let cycle =
            switch card.cycle {
            case .calendarMonth: "calendar month"
            case .statementMonth(let day): "statement day \(day)"
            }
        return """
            <h2 id="\(headingID)">\(title)</h2>
            <p class="muted small cycle-dates">\(CardProgress.dates(report.range)) · \(cycle)</p>
            <p><span class="big amount cycle-spend">\(CardCycleReport.amountText(report.spend))</span> <span class="muted small">this cycle</span></p>
            \(CardProgress.bars(report))
            <p class="rates"><span class="earn-rates">\(card.earnRatesLine)</span> · <strong class="miles">\(CardProgress.miles(report))</strong></p>
            \(card.notes.map { "<p class=\"muted small notes\">\($0)</p>" as HTML } ?? .empty)
            \(status.problem.map { "<p class=\"alert error small card-problem\">\($0)</p>" as HTML } ?? .empty)
            """
    }

    /// "Which card should I use?": a GET form, so it works without scripts, and its ranked answer.
    static func whichCard(_ which: WhichCard, cards: [MilesCard]) -> HTML {
        let problems = FieldProblems(problems: which.problems)
        let categories = BonusCategory.allCases.map { category -> HTML in
            let selected: HTML = which.category == category.rawValue ? " selected" : ""
            return "<option value=\"\(category.rawValue)\"\(selected)>\(category.description)</option>"
        }
        let foreign: HTML = which.foreign ? " checked" : ""
        var answer: HTML = .empty
        if which.asked, which.problems.isEmpty {
            let rows = which.answer.filter(\.canEarn).enumerated().map { rank, recommendation -> HTML in
                """
                <li><div class="spread"><strong>\(rank + 1). \(recommendation.card.title)</strong><span class="amount">\(recommendation.miles.grouped) miles</span></div>
                <p class="muted small">\(recommendation.reason)</p></li>
                """
            }
            // Cards that cannot earn on the purchase are not ranked: each says why instead.
            let cannot = which.answer.filter { !$0.canEarn }.map { recommendation -> HTML in
                """
                <li><strong>\(recommendation.card.title)</strong><p class="muted small">\(recommendation.reason)</p></li>
                """
            }
            answer = "<ol class=\"which-answer\" id=\"which-answer\">\(rows)</ol>"
            if !cannot.isEmpty {
                answer = """
                    \(answer)<h3 class="small">Cannot earn on this purchase</h3>
                    <ul class="which-cannot" id="which-cannot">\(cannot)</ul>
                    """
            }
        }
        return """
            <section class="card" id="which-card" aria-labelledby="which-title"><h2 id="which-title">Which card should I use?</h2>
            \(problems.others(shown: ["amount", "category"]))
            <form method="get" action="/cards#which-card" class="stack which-form">
            <input type="hidden" name="ask" value="1">
            <div class="field-pair"><div><label for="which-amount">Amount</label>
            <input type="text" id="which-amount" name="amount" inputmode="decimal" value="\(which.amount)" placeholder="0.00" autocomplete="off"\(problems.invalid("amount"))>\(problems.message("amount"))</div>
            <div><label for="which-category">Bonus category</label>
            <select id="which-category" name="category"\(problems.invalid("category"))><option value="">Any</option>\(categories)</select>\(problems.message("category"))</div></div>
            <label class="inline"><input type="checkbox" name="foreign" value="1"\(foreign)> Charged in a foreign currency</label>
            <p><button type="submit">Rank my cards</button></p>
            </form>
            \(answer)
            </section>
            """
    }
}
