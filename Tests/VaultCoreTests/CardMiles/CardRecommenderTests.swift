import Foundation
import Testing
import VaultCore

extension CardMilesTests {
    @Suite struct CardRecommenderTests {
        typealias F = CardMilesFixture

        func purchase(
            _ amount: String, _ category: BonusCategory? = nil, on day: String = "2026-03-20", foreign: Bool = false
        ) throws -> CardRecommender.Purchase {
            CardRecommender.Purchase(
                amount: try F.sgd(amount), date: try F.date(day), bonusCategory: category, isForeignCurrency: foreign)
        }

        @Test("a card whose cap is not yet reached beats one whose cap is maxed")
        func maxedCapLoses() throws {
            let preferred = try F.library("uob-preferred-platinum", sortOrder: 0)
            let revolution = try F.library("hsbc-revolution", sortOrder: 1)
            let prvi = try F.library("uob-prvi-visa", sortOrder: 2)
            let ranked = try CardRecommender.rank(
                try purchase("100", .online),
                cards: [
                    (preferred, [try F.spend("600", .online, on: "2026-03-05")]), (revolution, []), (prvi, []),
                ])
            #expect(ranked.map(\.cardID) == [revolution.id, prvi.id, preferred.id])
            #expect(ranked.map(\.miles) == [400, 140, 40])
            #expect(ranked[0].reason == "4.0 mpd on Online & Contactless: S$1,500.00 left of the S$1,500.00 cap")
            #expect(ranked[1].reason == "1.4 mpd local")
            #expect(ranked[2].reason == "Online cap of S$600.00 already reached: base 0.4 mpd")
        }

        @Test("a purchase that reaches a cap's minimum is credited with the bonus it unlocks")
        func reachingMinimum() throws {
            let signature = try F.library("uob-visa-signature")
            let prvi = try F.library("uob-prvi-visa", sortOrder: 1)
            let ranked = try CardRecommender.rank(
                try purchase("100", .contactless),
                cards: [(prvi, []), (signature, [try F.spend("950", .contactless, on: "2026-03-02")])])
            // Before: 950 x 0.4 = 380; after: 1,050 x 4 = 4,200.
            #expect(ranked.first?.cardID == signature.id)
            #expect(ranked.first?.miles == 3_820)
            #expect(
                ranked.first?.reason
                    == "Reaches the S$1,000.00 Contactless minimum: 4.0 mpd on the cycle's Contactless spend up to S$1,200.00"
            )
            let short = try CardRecommender.rank(
                try purchase("10", .contactless), cards: [(signature, [try F.spend("950", .contactless)])])
            #expect(short.first?.miles == 4)
            #expect(
                short.first?.reason
                    == "Contactless still S$40.00 short of its S$1,000.00 minimum after this: base 0.4 mpd")
        }

        @Test("only the purchase's own cycle counts: last cycle's maxed cap does not hold this cycle back")
        func ownCycle() throws {
            let preferred = try F.library("uob-preferred-platinum", cycle: .statementMonth(day: 15))
            let lastCycle = [try F.spend("600", .online, on: "2026-03-14")]
            let ranked = try CardRecommender.rank(
                try purchase("100", .online, on: "2026-03-15"), cards: [(preferred, lastCycle)])
            #expect(ranked.first?.miles == 400)
            let laterInNewCycle = try CardRecommender.rank(
                try purchase("100", .online, on: "2026-04-14"), cards: [(preferred, lastCycle)])
            #expect(laterInNewCycle.first?.miles == 400)
            let maxed = try CardRecommender.rank(
                try purchase("100", .online, on: "2026-03-01"), cards: [(preferred, lastCycle)])
            #expect(maxed.first?.miles == 40)
        }

        @Test("foreign spend ranks by the foreign rate; spend a card has no cap for earns its base")
        func foreignAndUncapped() throws {
            let horizon = try F.library("maybank-horizon")
            let prvi = try F.library("uob-prvi-visa", sortOrder: 1)
            let preferred = try F.library("uob-preferred-platinum", sortOrder: 2)
            let ranked = try CardRecommender.rank(
                try purchase("100", .dining, foreign: true), cards: [(preferred, []), (prvi, []), (horizon, [])])
            #expect(ranked.map(\.miles) == [320, 240, 40])
            #expect(ranked.map(\.cardID) == [horizon.id, prvi.id, preferred.id])
            #expect(ranked[0].reason == "3.2 mpd foreign")
            #expect(ranked[2].reason == "Dining spend has no bonus cap on this card: base 0.4 mpd")
        }

        @Test("ties go to the card first in the person's order; a card that earns nothing says so")
        func ties() throws {
            let second = try F.library("uob-prvi-visa", sortOrder: 2)
            let first = try F.library("uob-prvi-mastercard", sortOrder: 1)
            let xCard = try F.library("sc-x-card", sortOrder: 0)
            let ranked = try CardRecommender.rank(try purchase("100"), cards: [(xCard, []), (second, []), (first, [])])
            #expect(ranked.map(\.cardID) == [first.id, second.id, xCard.id])
            #expect(ranked.last?.reason == "Earns no miles: the card has no earn rate")
            #expect(ranked.map(\.canEarn) == [true, true, false])
        }

        @Test("a simple card's threshold decides: below the minimum, reaching it, crossing the maximum")
        func thresholdReasons() throws {
            let card = try F.custom(local: "2.0", base: "1.0", minimum: "500", maximum: "1000")
            func rank(_ amount: String, spent: String) throws -> CardRecommender.Choice {
                try #require(
                    try CardRecommender.rank(try purchase(amount), cards: [(card, [try F.spend(spent)])]).first)
            }
            #expect(
                try rank("100", spent: "300").reason
                    == "Still S$100.00 short of the S$500.00 minimum after this: base 1.0 mpd")
            #expect(try rank("100", spent: "300").miles == 100)
            #expect(
                try rank("200", spent: "300").reason
                    == "Reaches the S$500.00 minimum: 2.0 mpd local on the cycle's spend")
            #expect(try rank("200", spent: "300").miles == 1_000 - 300)
            #expect(
                try rank("200", spent: "900").reason
                    == "2.0 mpd local on the S$100.00 left under the S$1,000.00 maximum, base 1.0 mpd on the rest")
            #expect(try rank("200", spent: "900").miles == 300)
            #expect(try rank("200", spent: "1000").reason == "Over the S$1,000.00 maximum: base 1.0 mpd")
        }

        @Test("a purchase in SGD ranks only the cards in SGD; a card in USD comes last, earning nothing, and says why")
        func otherCurrencyLast() throws {
            // The USD card is first in the cards' order and would earn more: it must still not rank first.
            var dollars = try F.custom(local: "4.0", sortOrder: 0, name: "Dollar card")
            dollars.currency = .usd
            let prvi = try F.library("uob-prvi-visa", sortOrder: 1)
            let ranked = try CardRecommender.rank(try purchase("100"), cards: [(dollars, []), (prvi, [])])
            #expect(ranked.map(\.cardID) == [prvi.id, dollars.id])
            #expect(ranked.map(\.canEarn) == [true, false])
            #expect(ranked.map(\.miles) == [140, 0])
            #expect(
                ranked.last?.reason
                    == "Cannot earn on a purchase in SGD: this card's amounts are in USD, and nothing is converted")
        }

        @Test("a foreign purchase on UOB Visa Signature counts toward its foreign-currency cap: S$1,200 earns 4,800")
        func foreignFillsForeignCap() throws {
            let signature = try F.library("uob-visa-signature")
            for category in [nil, BonusCategory.general] {
                let ranked = try CardRecommender.rank(
                    try purchase("1200", category, foreign: true), cards: [(signature, [])])
                #expect(ranked.first?.miles == 4_800, "1,200 x 4 mpd, not 1,200 x 0.4")
                #expect(ranked.first?.reason.hasPrefix("Reaches the S$1,000.00 Foreign currency minimum") == true)
            }
            // A category the card caps stays the person's: contactless spend charged abroad fills Contactless.
            let contactless = try CardRecommender.rank(
                try purchase("1200", .contactless, foreign: true), cards: [(signature, [])])
            #expect(contactless.first?.reason.contains("Contactless") == true)
        }
    }
}
