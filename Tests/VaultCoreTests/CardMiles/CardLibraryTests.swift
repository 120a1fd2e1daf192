import Foundation
import Testing
import VaultCore

extension CardMilesTests {
    @Suite struct CardLibraryTests {
        /// Every card of the spec's library tables: key, bank, name, local / foreign / base rates, notes.
        static let table: [(String, CardBank, String, String, String)] = [
            ("dbs-altitude-visa", .dbs, "Altitude Visa Signature", "1.2 / 2.0 / 1.2 mpd", "3 mpd online hotels"),
            ("dbs-altitude-amex", .dbs, "Altitude AMEX", "1.2 / 2.0 / 1.2 mpd", "3 mpd online hotels"),
            ("dbs-womans-world", .dbs, "Woman's World Card", "4.0 / 4.0 / 0.4 mpd", "Capped at $2k/month online"),
            ("uob-prvi-visa", .uob, "PRVI Miles Visa", "1.4 / 2.4 / 1.4 mpd", "No cap"),
            ("uob-prvi-mastercard", .uob, "PRVI Miles Mastercard", "1.4 / 2.4 / 1.4 mpd", "No cap"),
            (
                "uob-visa-signature", .uob, "Visa Signature", "4.0 / 4.0 / 0.4 mpd",
                "Each category needs its own $1,000 minimum to unlock 4 mpd, up to $1,200"
            ),
            (
                "uob-preferred-platinum", .uob, "Preferred Platinum Visa", "4.0 / 4.0 / 0.4 mpd",
                "4 mpd online and contactless, $600 cap each"
            ),
            (
                "uob-ladys-solitaire", .uob, "Lady's Solitaire", "4.0 / 4.0 / 0.4 mpd",
                "4 mpd in 2 categories you pick, $750 cap each"
            ),
            ("ocbc-90n", .ocbc, "90°N Card", "1.3 / 2.1 / 1.3 mpd", "No cap, no expiry"),
            ("ocbc-rewards", .ocbc, "Rewards Card", "4.0 / 4.0 / 0.4 mpd", "6 mpd promo on e-commerce"),
            ("citibank-rewards", .citibank, "Rewards Card", "4.0 / 4.0 / 0.4 mpd", "10x on categories"),
            ("citibank-premiermiles", .citibank, "PremierMiles Visa", "1.2 / 2.0 / 1.2 mpd", "Discontinuing Jan 2026"),
            ("hsbc-revolution", .hsbc, "Revolution", "4.0 / 4.0 / 0.4 mpd", "Online & contactless, $1.5k cap"),
            ("hsbc-travelone", .hsbc, "TravelOne", "1.0 / 2.5 / 1.0 mpd", "No FX fee"),
            ("sc-visa-infinite", .standardChartered, "Visa Infinite", "1.4 / 3.0 / 1.4 mpd", "$2k min spend"),
            ("sc-x-card", .standardChartered, "X Card", "- / - / - mpd", "Cashback card, not miles"),
            ("amex-krisflyer", .amex, "KrisFlyer Card", "1.1 / 2.0 / 1.1 mpd", "Direct KrisFlyer earn"),
            ("amex-platinum", .amex, "Platinum Card", "1.6 / 1.6 / 1.6 mpd", "With MR bonus"),
            ("maybank-horizon", .maybank, "Horizon Visa Signature", "1.6 / 3.2 / 1.6 mpd", "Good overseas rate"),
        ]

        @Test("the library holds exactly the spec's cards, in the spec's order")
        func everyCard() {
            #expect(CardLibrary.cards.map(\.id) == Self.table.map(\.0))
            #expect(Set(CardLibrary.cards.map(\.id)).count == CardLibrary.cards.count)
        }

        @Test("each library card has the spec's bank, name, rates and notes", arguments: table)
        func rates(id: String, bank: CardBank, name: String, rates: String, notes: String) throws {
            let card = try CardMilesFixture.library(
                id, chosen: id == "uob-ladys-solitaire" ? [.dining, .transport] : [])
            #expect(card.bank == bank)
            #expect(card.name == name)
            #expect(card.earnRatesLine == rates)
            #expect(card.notes == notes)
            #expect(card.currency == .sgd)
            #expect(card.cycle == .calendarMonth)
        }

        @Test(
            "caps as the spec and the notes give them: category, minimum, cap, bonus rate",
            arguments: [
                ("dbs-womans-world", "Online: - / 2000.00 @ 4.0"),
                (
                    "uob-visa-signature",
                    "Foreign currency: 1000.00 / 1200.00 @ 4.0; Contactless: 1000.00 / 1200.00 @ 4.0"
                ),
                ("uob-preferred-platinum", "Online: - / 600.00 @ 4.0; Contactless: - / 600.00 @ 4.0"),
                ("uob-ladys-solitaire", "Dining: - / 750.00 @ 4.0; Transport: - / 750.00 @ 4.0"),
                ("hsbc-revolution", "Online & Contactless: - / 1500.00 @ 4.0"),
                ("dbs-altitude-visa", ""), ("uob-prvi-visa", ""), ("ocbc-rewards", ""), ("citibank-rewards", ""),
                ("sc-visa-infinite", ""), ("maybank-horizon", ""),
            ])
        func caps(id: String, expected: String) throws {
            let card = try CardMilesFixture.library(
                id, chosen: id == "uob-ladys-solitaire" ? [.dining, .transport] : [])
            let described = card.categoryCaps.map { cap in
                "\(cap.name): \(cap.minimumSpend?.decimalString ?? "-") / \(cap.cap.decimalString) @ \(cap.bonusRate)"
            }
            #expect(described.joined(separator: "; ") == expected)
            #expect(card.hasCategoryCaps == !expected.isEmpty)
        }

        @Test("only Standard Chartered Visa Infinite has a total minimum ($2k); no library card has a maximum")
        func thresholds() throws {
            for template in CardLibrary.cards {
                #expect(
                    template.minimumSpend
                        == (template.id == "sc-visa-infinite" ? try CardMilesFixture.sgd("2000") : nil))
                #expect(template.maximumSpend == nil)
            }
        }

        @Test("the X Card says it earns no miles; PremierMiles says it is discontinued from January 2026")
        func flags() throws {
            let xCard = try #require(CardLibrary.card(id: "sc-x-card"))
            #expect(xCard.availability == .notMiles)
            #expect(try CardMilesFixture.library("sc-x-card").earnsMiles == false)
            let premier = try #require(CardLibrary.card(id: "citibank-premiermiles"))
            #expect(premier.isDiscontinued(on: try CardMilesFixture.date("2025-12-31")) == false)
            #expect(premier.isDiscontinued(on: try CardMilesFixture.date("2026-01-01")))
            let others = CardLibrary.cards.filter { $0.id != "sc-x-card" && $0.id != "citibank-premiermiles" }
            #expect(others.allSatisfy { $0.availability == .available })
            #expect(
                try others.allSatisfy {
                    try CardMilesFixture.library($0.id, chosen: $0.categoriesToChoose == 2 ? [.online, .dining] : [])
                        .earnsMiles
                })
        }

        @Test("grouped by bank in the spec's order, for the Choose from library page")
        func grouped() {
            #expect(
                CardLibrary.byBank.map(\.bank) == [
                    .dbs, .uob, .ocbc, .citibank, .hsbc, .standardChartered, .amex, .maybank,
                ])
            #expect(CardLibrary.byBank.map(\.cards.count) == [3, 5, 2, 2, 2, 2, 2, 1])
        }

        @Test("adding copies the card; the person's details and cycle are kept, and the copy can be edited")
        func copy() throws {
            let template = try #require(CardLibrary.card(id: "dbs-altitude-visa"))
            var card = try template.makeCard(
                id: MilesCard.ID(UUID()), householdID: CardMilesFixture.household, lastFourDigits: "1234",
                cycle: .statementMonth(day: 15))
            #expect(card.title == "DBS Altitude Visa Signature ···1234")
            #expect(card.cycle == .statementMonth(day: 15))
            card.localRate = MilesRate("1.3")
            #expect(card.earnRatesLine == "1.3 / 2.0 / 1.2 mpd")
            #expect(template.localRate == MilesRate("1.2"))
        }

        @Test(
            "Lady's Solitaire needs two different categories, neither General",
            arguments: [
                (
                    [BonusCategory](),
                    CardTemplateError.wrongNumberOfChoices(card: "Lady's Solitaire", expected: 2, got: 0)
                ),
                ([.dining], .wrongNumberOfChoices(card: "Lady's Solitaire", expected: 2, got: 1)),
                ([.dining, .general], .generalChosen(card: "Lady's Solitaire")),
                ([.dining, .dining], .categoryInTwoCaps(card: "Lady's Solitaire", category: .dining)),
            ])
        func ladysChoices(chosen: [BonusCategory], error: CardTemplateError) throws {
            let template = try #require(CardLibrary.card(id: "uob-ladys-solitaire"))
            #expect(template.categoriesToChoose == 2)
            #expect(throws: error) {
                try template.makeCard(
                    id: MilesCard.ID(UUID()), householdID: CardMilesFixture.household, chosenCategories: chosen)
            }
        }

        @Test("a card with caps offers its categories plus General on the Add page; a simple card offers none")
        func bonusChoices() throws {
            #expect(
                try CardMilesFixture.library("uob-preferred-platinum").bonusCategoryChoices == [
                    .online, .contactless, .general,
                ])
            #expect(
                try CardMilesFixture.library("hsbc-revolution").bonusCategoryChoices == [
                    .online, .contactless, .general,
                ])
            #expect(try CardMilesFixture.library("uob-prvi-visa").bonusCategoryChoices == [])
        }
    }
}
