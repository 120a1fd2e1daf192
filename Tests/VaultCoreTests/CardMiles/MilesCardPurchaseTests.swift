import Foundation
import Testing
import VaultCore

extension CardMilesTests {
    /// `MilesCard.expense(...)`: what a person says about a purchase becomes what the card earns on, the same for
    /// "which card" and for the card's cycle (issue 34).
    @Suite struct MilesCardPurchaseTests {
        typealias F = CardMilesFixture

        func expense(
            _ card: MilesCard, _ category: BonusCategory?, foreign: Bool, amount: String = "100"
        ) throws -> CardExpense {
            card.expense(
                amount: try F.sgd(amount), date: try F.date("2026-03-10"), bonusCategory: category,
                isForeignCurrency: foreign)
        }

        @Test("on a card without caps a category means nothing but foreign currency, which earns the foreign rate")
        func withoutCaps() throws {
            let prvi = try F.library("uob-prvi-visa")
            let foreign = try expense(prvi, .foreignCurrency, foreign: false)
            #expect(foreign.bonusCategory == nil)
            #expect(foreign.isForeignCurrency)
            #expect(try F.miles(prvi, [foreign]) == 240, "2.4 mpd foreign, as `cards best` promises")
            let dining = try expense(prvi, .dining, foreign: false)
            #expect(dining.bonusCategory == nil && !dining.isForeign)
            #expect(try F.miles(prvi, [dining]) == 140)
        }

        @Test(
            "a foreign purchase in no capped category counts toward the card's foreign-currency cap",
            arguments: [
                (BonusCategory?.none, true, BonusCategory?.some(.foreignCurrency)),
                (.general, true, .foreignCurrency),
                (.foreignCurrency, false, .foreignCurrency),
                (.contactless, true, .contactless),
                (.general, false, .general),
                (nil, false, nil),
            ] as [(BonusCategory?, Bool, BonusCategory?)])
        func withForeignCap(said: BonusCategory?, foreign: Bool, counted: BonusCategory?) throws {
            let signature = try F.library("uob-visa-signature")
            let made = try expense(signature, said, foreign: foreign)
            #expect(made.bonusCategory == counted)
            #expect(made.isForeign == (foreign || said == .foreignCurrency))
        }

        @Test("S$1,200 charged abroad on UOB Visa Signature earns 4,800 miles, marked foreign or chosen by category")
        func foreignCapMiles() throws {
            let signature = try F.library("uob-visa-signature")
            #expect(try F.miles(signature, [try expense(signature, nil, foreign: true, amount: "1200")]) == 4_800)
            #expect(
                try F.miles(signature, [try expense(signature, .foreignCurrency, foreign: false, amount: "1200")])
                    == 4_800)
        }

        @Test("a card with caps but none for foreign currency keeps foreign spend outside its caps, at the base rate")
        func withoutForeignCap() throws {
            let preferred = try F.library("uob-preferred-platinum")
            let made = try expense(preferred, .general, foreign: true)
            #expect(made.bonusCategory == .general)
            #expect(try F.miles(preferred, [made]) == 40)
        }
    }
}
