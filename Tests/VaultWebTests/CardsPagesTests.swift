import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import VaultCore
import VaultServices
import VaultStore
import VaultTestSupport
import VaultWeb

/// The card miles tracker's pages (spec `card-miles.md`, issue 17), driven as a person would: forms posted with
/// their CSRF tokens, pages read back. The fixture's today is 2026-11-21.
@Suite struct CardsPagesTests {
    /// A signed-up person and their household's scope.
    func setUp(_ world: WebWorld, _ email: String = "jo@example.com") async throws -> (Browser, HouseholdScope) {
        let browser = try await world.signedUp(email)
        return (browser, try await world.scope(of: email))
    }

    /// Adds library card `template` through its form; returns the card.
    @discardableResult
    func addFromLibrary(
        _ template: String, _ browser: Browser, _ scope: HouseholdScope, lastFour: String = "",
        categories: [String] = []
    ) async throws -> MilesCard {
        let token = try await browser.csrfToken(on: "/cards/library")
        var body = Browser.encode(["csrf": token, "template": template, "lastFour": lastFour])
        for category in categories { body += "&category=\(category)" }
        let response = try await browser.request("/cards/library", method: .post, body: body)
        #expect(response.status == .seeOther, "\(String(buffer: response.body))")
        return try #require(try await scope.cards.list().last)
    }

    /// Logs a card expense on the Add page.
    @discardableResult
    func spend(
        _ amount: String, on card: MilesCard, _ browser: Browser, bonus: String = "general", date: String = "2026-11-20"
    ) async throws -> TestResponse {
        try await browser.submit(
            "/transactions/new", from: "/transactions/new",
            [
                "type": "expense", "amount": amount, "account": "", "date": date, "card": card.id.description,
                "bonusCategory": bonus,
            ])
    }

    /// The colour of the bar labelled `label` on `html`, or nil when there is no such bar.
    func bar(_ label: String, in html: String) -> String? {
        let escaped = NSRegularExpression.escapedPattern(for: label.replacingOccurrences(of: "'", with: "&#39;"))
        return Browser.first(#"class="miles-bar (\w+)" max="100" value="\d+" aria-label=""# + escaped + "\"", in: html)
    }

    /// Every field of the custom card form, as a browser sends it.
    func customFields(
        name: String = "Everyday", minimum: String = "", maximum: String = "", statementDay: String = "",
        localRate: String = "1.4", change: [String: String] = [:]
    ) -> [String: String] {
        var fields = [
            "bank": "dbs", "network": "visa", "name": name, "lastFour": "", "currency": "SGD", "minimum": minimum,
            "maximum": maximum, "cycle": statementDay.isEmpty ? "calendar" : "statement",
            "statementDay": statementDay, "localRate": localRate, "foreignRate": "2.0", "baseRate": "1.0",
            "notes": "", "account": "", "capRows": "2",
        ]
        for (key, value) in change { fields[key] = value }
        return fields
    }

    @Test("with no cards the page is the onboarding: library or custom card; the Add page links to adding a card")
    func firstUse() async throws {
        try await withWeb { world in
            let (browser, _) = try await setUp(world)
            #expect(try await browser.page("/menu").html.contains(#"href="/cards">Cards</a>"#))
            let (status, html) = try await browser.page("/cards")
            #expect(status == .ok)
            #expect(html.contains("Add at least one card before logging card expenses."))
            #expect(html.contains(#"href="/cards/library">Choose from library</a>"#))
            #expect(html.contains(#"href="/cards/new">Create custom card</a>"#))
            let add = try await browser.page("/transactions/new").html
            #expect(add.contains(#"id="add-a-card""#))
            #expect(!add.contains(#"id="card""#))
        }
    }

    @Test("DBS Altitude from the library with its last four shows its cycle, rates, notes and miles")
    func addFromLibrary() async throws {
        try await withWeb { world in
            let (browser, scope) = try await setUp(world)
            let card = try await addFromLibrary("dbs-altitude-visa", browser, scope, lastFour: "1234")
            let html = try await browser.page("/cards").html
            #expect(html.contains("DBS Altitude Visa Signature ···1234"))
            #expect(html.contains("Nov 1 – Nov 30, 2026 · calendar month"))
            #expect(html.contains("1.2 / 2.0 / 1.2 mpd"))
            #expect(html.contains("3 mpd online hotels"))
            #expect(html.contains("0 miles this cycle"))
            #expect(html.contains(#"href="/cards/\#(card.id)">Edit</a>"#))
            // Its own manual account was made for it.
            let account = try #require(
                try await scope.accounts.list(counting: false).first { $0.account.id == card.linkedAccountID })
            #expect(account.account.kind == .creditCard)
        }
    }

    @Test("the library marks the cards not to track, and Lady's Solitaire asks for two different categories")
    func library() async throws {
        try await withWeb { world in
            let (browser, scope) = try await setUp(world)
            let html = try await browser.page("/cards/library").html
            let xCard = try #require(Browser.first(#"(?s)id="library-sc-x-card".*?</article>"#, in: html))
            #expect(xCard.contains("Not a miles card"))
            let premier = try #require(Browser.first(#"(?s)id="library-citibank-premiermiles".*?</article>"#, in: html))
            #expect(premier.contains("Discontinued Jan 2026"))
            let lady = try #require(Browser.first(#"(?s)id="library-uob-ladys-solitaire".*?</article>"#, in: html))
            #expect(Browser.all(#"<select id="uob-ladys-solitaire-category-\d" name="category""#, in: lady).count == 2)
            #expect(html.contains("Online: S$600 cap at 4.0 mpd"))
            #expect(html.contains("Contactless: S$1,000 min, S$1,200 cap at 4.0 mpd"))

            // The same category twice is refused with the reason beside the pickers, and the last four kept.
            let token = try await browser.csrfToken(on: "/cards/library")
            let body =
                Browser.encode(["csrf": token, "template": "uob-ladys-solitaire", "lastFour": "9876"])
                + "&category=dining&category=dining"
            let refused = try await browser.request("/cards/library", method: .post, body: body)
            #expect(refused.status == .unprocessableContent)
            let page = String(buffer: refused.body)
            #expect(page.contains(#"id="categories-problem""#))
            #expect(page.contains("chosen for two"))
            #expect(page.contains(#"value="9876""#))
            #expect(try await scope.cards.list().isEmpty)

            try await addFromLibrary("uob-ladys-solitaire", browser, scope, categories: ["dining", "travel"])
            let cards = try await browser.page("/cards").html
            #expect(bar("Dining: S$0 / S$750", in: cards) == "blue")
            #expect(bar("Travel: S$0 / S$750", in: cards) == "blue")
        }
    }

    @Test("an expense on the Add page counts toward its card: UOB Visa Signature's caps, orange then green")
    func capsWithMinimum() async throws {
        try await withWeb { world in
            let (browser, scope) = try await setUp(world)
            let card = try await addFromLibrary("uob-visa-signature", browser, scope)
            var html = try await browser.page("/cards").html
            #expect(bar("Foreign currency: S$0 / S$1,000 min", in: html) == "orange")
            #expect(bar("Contactless: S$0 / S$1,000 min", in: html) == "orange")

            // The Add page offers the card and its categories.
            let add = try await browser.page("/transactions/new").html
            #expect(add.contains(#"data-categories="none foreignCurrency contactless general""#))
            #expect(add.contains(#"<option value="">No card</option>"#))

            let saved = try await spend("500", on: card, browser, bonus: "contactless")
            #expect(saved.status == .seeOther)
            #expect(saved.headers[.location]?.contains("card=\(card.id)") == true)
            html = try await browser.page("/cards").html
            #expect(bar("Contactless: S$500 / S$1,000 min", in: html) == "orange")
            #expect(bar("Foreign currency: S$0 / S$1,000 min", in: html) == "orange")
            try await spend("600", on: card, browser, bonus: "contactless")
            html = try await browser.page("/cards").html
            #expect(bar("Contactless: S$1,100 / S$1,200 cap", in: html) == "green")
            #expect(bar("Foreign currency: S$0 / S$1,000 min", in: html) == "orange")
            #expect(html.contains(#"<p class="big amount" id="month-spend">S$1,100</p>"#))
            // 1,100 at 4 mpd once the minimum is met (the whole cap's spend earns the bonus).
            #expect(html.contains("S$1,100</span>"))
            let dashboard = try await browser.page("/dashboard").html
            #expect(dashboard.contains(#"data-card="cards""#))
            #expect(dashboard.contains("UOB Visa Signature"))
        }
    }

    @Test("UOB Preferred Platinum shows Online and Contactless caps; Online fills blue, then green when maxed")
    func capsWithoutMinimum() async throws {
        try await withWeb { world in
            let (browser, scope) = try await setUp(world)
            let card = try await addFromLibrary("uob-preferred-platinum", browser, scope)
            var html = try await browser.page("/cards").html
            #expect(bar("Online: S$0 / S$600", in: html) == "blue")
            #expect(bar("Contactless: S$0 / S$600", in: html) == "blue")
            try await spend("100", on: card, browser, bonus: "online")
            html = try await browser.page("/cards").html
            #expect(bar("Online: S$100 / S$600", in: html) == "blue")
            try await spend("500", on: card, browser, bonus: "online")
            html = try await browser.page("/cards").html
            #expect(bar("Online: S$600 / S$600", in: html) == "green")
            #expect(bar("Contactless: S$0 / S$600", in: html) == "blue")
        }
    }

    @Test("a custom card with a statement day and a minimum: its dates, the badge turning green, and an edit")
    func customCardAndEdit() async throws {
        try await withWeb { world in
            let (browser, scope) = try await setUp(world)
            let response = try await browser.submit(
                "/cards/new", from: "/cards/new", customFields(minimum: "500", statementDay: "15"))
            #expect(response.status == .seeOther, "\(String(buffer: response.body))")
            let card = try #require(try await scope.cards.list().first)
            #expect(card.cycle == .statementMonth(day: 15))
            var html = try await browser.page("/cards").html
            #expect(html.contains("Other Everyday") || html.contains("DBS Everyday"))
            #expect(html.contains("Nov 15 – Dec 14, 2026 · statement day 15"))
            #expect(
                html.contains(#"<span class="badge status orange" data-status="belowMinimum">Below minimum</span>"#))
            #expect(bar("Minimum: S$0 / S$500", in: html) == "orange")
            try await spend("600", on: card, browser)
            html = try await browser.page("/cards").html
            #expect(html.contains(#"data-status="minimumMet">Minimum met</span>"#))
            #expect(bar("Minimum: S$600 / S$500", in: html) == "green")

            // Raising the minimum and adding a maximum redraws the bars from the store.
            let edited = try await browser.submit(
                "/cards/\(card.id)", from: "/cards/\(card.id)",
                customFields(
                    minimum: "1000", maximum: "2000", statementDay: "15",
                    change: ["account": card.linkedAccountID!.description]))
            #expect(edited.status == .seeOther, "\(String(buffer: edited.body))")
            html = try await browser.page("/cards/\(card.id)").html
            #expect(html.contains(#"data-status="belowMinimum">Below minimum</span>"#))
            #expect(bar("Minimum: S$600 / S$1,000", in: html) == "orange")
            #expect(bar("Maximum: S$600 / S$2,000", in: html) == "blue")
            #expect(html.contains(#"id="minimum" name="minimum" value="1000.00""#))
        }
    }

    @Test("Delete asks first, says how many manual expenses go and that bank-synced ones never do, then deletes")
    func deleteConfirmation() async throws {
        try await withWeb { world in
            let (browser, scope) = try await setUp(world)
            let card = try await addFromLibrary("uob-prvi-visa", browser, scope)
            try await spend("10", on: card, browser)
            try await spend("20", on: card, browser)
            let page = try await browser.page("/cards/\(card.id)/delete").html
            #expect(page.contains("also deletes its 2 manual expenses"))
            #expect(page.contains("Bank-synced transactions are never deleted"))

            // Without the confirmation nothing goes.
            let unconfirmed = try await browser.submit("/cards/\(card.id)/delete", from: "/cards/\(card.id)", [:])
            #expect(unconfirmed.headers[.location] == "/cards/\(card.id)/delete")
            #expect(try await scope.cards.list().count == 1)

            let confirmed = try await browser.submit(
                "/cards/\(card.id)/delete", from: "/cards/\(card.id)/delete", ["confirm": "1"])
            #expect(confirmed.headers[.location] == "/cards")
            #expect(try await browser.page("/cards").html.contains("and its 2 manual expenses"))
            #expect(try await scope.cards.list().isEmpty)
            #expect(try await scope.transactions.list(TransactionQuery(includeTransfers: true)).totalCount == 0)
        }
    }

    @Test("Which card should I use? ranks the cards by the miles the purchase would earn")
    func whichCard() async throws {
        try await withWeb { world in
            let (browser, scope) = try await setUp(world)
            try await addFromLibrary("dbs-altitude-visa", browser, scope)
            try await addFromLibrary("uob-preferred-platinum", browser, scope)
            try await addFromLibrary("uob-prvi-visa", browser, scope)
            let (status, html) = try await browser.page("/cards?ask=1&amount=100&category=online")
            #expect(status == .ok)
            let answer = try #require(Browser.first(#"(?s)<ol class="which-answer".*?</ol>"#, in: html))
            let order = Browser.all(#"<strong>\d+\. ([^<]+)</strong>"#, in: answer)
            #expect(order == ["UOB Preferred Platinum Visa", "UOB PRVI Miles Visa", "DBS Altitude Visa Signature"])
            #expect(answer.contains("400 miles"))
            let foreign = try await browser.page("/cards?ask=1&amount=100&foreign=1").html
            let foreignOrder = Browser.all(#"<strong>\d+\. ([^<]+)</strong>"#, in: foreign)
            // Foreign spend outside a cap: PRVI's 2.4, Altitude's 2.0, then Preferred Platinum's base 0.4.
            #expect(
                foreignOrder == ["UOB PRVI Miles Visa", "DBS Altitude Visa Signature", "UOB Preferred Platinum Visa"])
            // A bad amount is refused beside the field, with what was typed.
            let (refused, page) = try await browser.page("/cards?ask=1&amount=-5")
            #expect(refused == .unprocessableContent)
            #expect(page.contains(#"id="amount-problem""#))
            #expect(page.contains(#"value="-5""#))
        }
    }

    @Test("bad input comes back with the service's message beside each field and what was typed; nothing is saved")
    func badInput() async throws {
        try await withWeb { world in
            let (browser, scope) = try await setUp(world)
            let response = try await browser.submit(
                "/cards/new", from: "/cards/new",
                customFields(
                    name: "Kept <as typed>", minimum: "abc", localRate: "x",
                    change: ["lastFour": "12", "cap0-cap": "600", "cap0-rate": "4"]))
            #expect(response.status == .unprocessableContent)
            let html = String(buffer: response.body)
            for field in ["minimumSpend", "localRate", "lastFourDigits", "cap0"] {
                #expect(html.contains(#"id="\#(field)-problem""#), "\(field)")
            }
            #expect(html.contains(#"value="Kept &lt;as typed&gt;""#))
            #expect(html.contains(#"value="abc""#))
            #expect(html.contains("Choose the bonus category this cap is for."))
            // A statement month without its day.
            let noDay = try await browser.submit(
                "/cards/new", from: "/cards/new", customFields(minimum: "abc", change: ["cycle": "statement"]))
            #expect(noDay.status == .unprocessableContent)
            let noDayPage = String(buffer: noDay.body)
            #expect(
                noDayPage.contains(
                    #"id="statementDay-problem">Give the statement day, 1 to 31, or choose Calendar month."#))
            // Every problem at once: the minimum's too.
            #expect(noDayPage.contains(#"id="minimumSpend-problem""#))
            // A library card with a statement day that is not one.
            let token = try await browser.csrfToken(on: "/cards/library")
            let library = try await browser.request(
                "/cards/library", method: .post,
                body: Browser.encode(["csrf": token, "template": "dbs-altitude-visa", "statementDay": "40"]))
            #expect(library.status == .unprocessableContent)
            #expect(String(buffer: library.body).contains(#"id="statementDay-problem""#))
            #expect(try await scope.cards.list().isEmpty)

            // A bonus category the card does not have is refused on the Add page with the service's message.
            let card = try await addFromLibrary("uob-preferred-platinum", browser, scope)
            let add = try await spend("12", on: card, browser, bonus: "dining")
            #expect(add.status == .unprocessableContent)
            let addPage = String(buffer: add.body)
            #expect(addPage.contains(#"id="bonusCategory-problem""#))
            #expect(addPage.contains("Dining is not one of UOB Preferred Platinum Visa"))
            #expect(try await scope.transactions.list(TransactionQuery(includeTransfers: true)).totalCount == 0)
        }
    }

    @Test("a transaction's bonus category is chosen on the card's page and remembered for its payee")
    func chooseBonusCategory() async throws {
        try await withWeb { world in
            let (browser, scope) = try await setUp(world)
            let card = try await addFromLibrary("uob-preferred-platinum", browser, scope)
            try await spend("100", on: card, browser)
            var html = try await browser.page("/cards/\(card.id)").html
            #expect(bar("Online: S$0 / S$600", in: html) == "blue")
            let transaction = try #require(Browser.first(#"name="transaction" value="([^"]+)""#, in: html))
            #expect(html.contains(#"name="remember" value="1" checked"#))
            let saved = try await browser.submit(
                "/cards/\(card.id)/bonus", from: "/cards/\(card.id)",
                ["transaction": transaction, "bonusCategory": "online", "remember": "1"])
            #expect(saved.status == .seeOther)
            html = try await browser.page("/cards/\(card.id)").html
            #expect(bar("Online: S$100 / S$600", in: html) == "blue")
            #expect(html.contains("Chosen"))
            let refused = try await browser.submit(
                "/cards/\(card.id)/bonus", from: "/cards/\(card.id)",
                ["transaction": transaction, "bonusCategory": "dining"])
            #expect(refused.status == .unprocessableContent)
            #expect(String(buffer: refused.body).contains("Dining is not one of"))
        }
    }

    @Test("an unknown card, or another household's, is not found on every card route")
    func otherHousehold() async throws {
        try await withWeb { world in
            let (jo, joScope) = try await setUp(world)
            let (sam, samScope) = try await setUp(world, "sam@example.com")
            let card = try await addFromLibrary("dbs-altitude-visa", jo, joScope)
            try await addFromLibrary("uob-prvi-visa", sam, samScope)
            #expect(try await sam.page("/cards/\(UUID().uuidString.lowercased())").status == .notFound)
            #expect(try await sam.page("/cards/nonsense").status == .notFound)
            #expect(try await sam.page("/cards/\(card.id)").status == .notFound)
            #expect(try await sam.page("/cards/\(card.id)/delete").status == .notFound)
            let edit = try await sam.submit("/cards/\(card.id)", from: "/cards/library", customFields(name: "Mine now"))
            #expect(edit.status == .notFound)
            let delete = try await sam.submit("/cards/\(card.id)/delete", from: "/cards/library", ["confirm": "1"])
            #expect(delete.status == .notFound)
            let move = try await sam.submit("/cards/\(card.id)/move", from: "/cards/library", ["direction": "up"])
            #expect(move.status == .notFound)
            let unknown = try await sam.submit("/cards/library", from: "/cards/library", ["template": "nope"])
            #expect(unknown.status == .notFound)
            #expect(!(try await sam.page("/cards").html.contains("Altitude")))
            #expect(try await joScope.cards.list().map(\.name) == ["Altitude Visa Signature"])
        }
    }

    @Test("spend over the maximum turns the badge and the maximum bar red; in range is green with a blue bar")
    func overMaximum() async throws {
        try await withWeb { world in
            let (browser, scope) = try await setUp(world)
            let created = try await browser.submit(
                "/cards/new", from: "/cards/new", customFields(minimum: "100", maximum: "200"))
            #expect(created.status == .seeOther)
            let card = try #require(try await scope.cards.list().first)
            try await spend("150", on: card, browser)
            var html = try await browser.page("/cards").html
            #expect(html.contains(#"<span class="badge status green" data-status="inRange">In range</span>"#))
            #expect(bar("Maximum: S$150 / S$200", in: html) == "blue")
            try await spend("60", on: card, browser)
            html = try await browser.page("/cards").html
            #expect(html.contains(#"<span class="badge status red" data-status="overMaximum">Over maximum</span>"#))
            #expect(bar("Maximum: S$210 / S$200", in: html) == "red")
            #expect(bar("Minimum: S$210 / S$100", in: html) == "green")
        }
    }

    @Test("the dashboard's Cards component shows each card's spend and miles, and is removed and added back")
    func dashboardCard() async throws {
        try await withWeb { world in
            let (browser, scope) = try await setUp(world)
            var html = try await browser.page("/dashboard").html
            #expect(html.contains(#"data-card="cards""#))
            #expect(html.contains("No cards yet."))
            let card = try await addFromLibrary("uob-prvi-visa", browser, scope)
            try await spend("100", on: card, browser)
            html = try await browser.page("/dashboard").html
            let component = try #require(Browser.first(#"(?s)id="card-cards".*?</section>"#, in: html))
            #expect(component.contains("UOB PRVI Miles Visa"))
            #expect(component.contains("S$100"))
            #expect(component.contains("140 miles this cycle"))
            try await browser.submit(
                "/dashboard/layout", from: "/dashboard?edit=1", ["card": "cards", "action": "remove"])
            #expect(!(try await browser.page("/dashboard").html.contains(#"data-card="cards""#)))
            try await browser.submit(
                "/dashboard/layout", from: "/dashboard?edit=1", ["card": "cards", "action": "add"])
            #expect(try await browser.page("/dashboard").html.contains(#"data-card="cards""#))
        }
    }

    @Test("the up and down buttons reorder the cards")
    func reorder() async throws {
        try await withWeb { world in
            let (browser, scope) = try await setUp(world)
            try await addFromLibrary("dbs-altitude-visa", browser, scope)
            let second = try await addFromLibrary("uob-prvi-visa", browser, scope)
            let moved = try await browser.submit("/cards/\(second.id)/move", from: "/cards", ["direction": "up"])
            #expect(moved.status == .seeOther)
            let html = try await browser.page("/cards").html
            let order = Browser.all(#"<h2 id="title-[^"]+"><a href="/cards/[^"]+">([^<]+)</a>"#, in: html)
            #expect(order == ["UOB PRVI Miles Visa", "DBS Altitude Visa Signature"])
        }
    }

    @Test("Which card ranks only the cards in the purchase's currency; one in another currency says why it cannot")
    func whichCardOneCurrency() async throws {
        try await withWeb { world in
            let (browser, scope) = try await setUp(world)
            // The household is in USD (the sign-up's default); the SGD card comes first in the cards' order.
            try await addFromLibrary("uob-prvi-visa", browser, scope)
            _ = try await scope.cards.addCustom(.init(name: "Dollar Rewards", currency: "USD", localRate: "1.0"))
            let html = try await browser.page("/cards?ask=1&amount=100").html
            let answer = try #require(Browser.first(#"(?s)<ol class="which-answer".*?</ol>"#, in: html))
            #expect(Browser.all(#"<strong>\d+\. ([^<]+)</strong>"#, in: answer) == ["Dollar Rewards"])
            #expect(answer.contains("100 miles"))
            let cannot = try #require(Browser.first(#"(?s)<ul class="which-cannot".*?</ul>"#, in: html))
            #expect(cannot.contains("UOB PRVI Miles Visa"))
            #expect(cannot.contains("Cannot earn on a purchase in USD: this card&#39;s amounts are in SGD"))
        }
    }

    @Test("a bar short of its minimum by a cent is drawn at 99%, not 100%")
    func barShortOfMinimum() async throws {
        try await withWeb { world in
            let (browser, scope) = try await setUp(world)
            let created = try await browser.submit(
                "/cards/new", from: "/cards/new", customFields(minimum: "1000"))
            #expect(created.status == .seeOther)
            let card = try #require(try await scope.cards.list().first)
            try await spend("999.99", on: card, browser)
            let html = try await browser.page("/cards").html
            #expect(html.contains(#"value="99" aria-label="Minimum: S$999.99 / S$1,000""#))
            #expect(!html.contains(#"value="100" aria-label="Minimum: S$999.99"#))
        }
    }

    @Test("the Add page stores no bonus category unless one is picked, and puts a card's expense in its account")
    func addPageCardEntry() async throws {
        try await withWeb { world in
            let (browser, scope) = try await setUp(world)
            let card = try await addFromLibrary("uob-preferred-platinum", browser, scope)
            let add = try await browser.page("/transactions/new").html
            #expect(add.contains(#"data-categories="none online contactless general""#))
            #expect(add.contains(#"<option value="none" selected>Not chosen"#))
            // Not chosen: the suggestion decides; the Cash account beside the card is not used.
            let cash = try #require(try await scope.accounts.list(counting: false).map(\.account).first)
            let saved = try await browser.submit(
                "/transactions/new", from: "/transactions/new",
                [
                    "type": "expense", "amount": "30", "account": cash.id.description, "date": "2026-11-20",
                    "card": card.id.description, "bonusCategory": "none",
                ])
            #expect(saved.status == .seeOther, "\(String(buffer: saved.body))")
            let status = try await scope.cards.status(card.id.description)
            #expect(status.expenses.map(\.source) == [.suggested("No bonus category fits")])
            #expect(status.expenses.first?.row.amount.decimalString == "-30.00")
            // Income on a card is refused beside the amount, and nothing is saved.
            let refused = try await browser.submit(
                "/transactions/new", from: "/transactions/new",
                [
                    "type": "income", "amount": "30", "account": "", "date": "2026-11-20",
                    "card": card.id.description, "bonusCategory": "none",
                ])
            #expect(refused.status == .unprocessableContent)
            #expect(String(buffer: refused.body).contains("below zero"))
            #expect(try await scope.cards.status(card.id.description).expenses.count == 1)
        }
    }
}
