import Foundation
import Testing
import VaultCore

extension CardMilesTests {
    @Suite struct MilesCardValidationTests {
        typealias F = CardMilesFixture

        @Test("every library card is valid as added")
        func libraryIsValid() throws {
            for template in CardLibrary.cards {
                let card = try F.library(
                    template.id, chosen: template.categoriesToChoose == 2 ? [.dining, .travel] : [])
                #expect(card.problems.isEmpty, "\(template.id): \(card.problems)")
            }
        }

        @Test("a custom card with every field wrong gets every problem at once")
        func everyProblem() throws {
            var card = try F.custom(
                local: "60", minimum: "900", maximum: "800", cycle: .statementMonth(day: 32),
                caps: [
                    CategoryCap(
                        .online, minimumSpend: try F.sgd("700"), cap: try F.sgd("600"), bonusRate: MilesRate("4")!),
                    CategoryCap([.online, .general], cap: try F.sgd("0"), bonusRate: MilesRate("4")!),
                ], name: " ")
            card.lastFourDigits = "12a4"
            card.notes = "ok\u{0}"
            #expect(
                card.problems.map(\.field) == [
                    "name", "lastFourDigits", "statementDay", "maximumSpend", "localRate", "notes", "categoryCaps[0]",
                    "categoryCaps[1]", "categoryCaps[1]", "categoryCaps[1]",
                ])
        }

        @Test("thresholds and caps in another currency are refused")
        func currency() throws {
            var card = try F.custom()
            card.minimumSpend = Money(minorUnits: 100, currency: .usd)
            card.categoryCaps = [CategoryCap(.dining, cap: Money(minorUnits: 100, currency: .usd), bonusRate: .zero)]
            #expect(card.problems.map(\.field) == ["minimumSpend", "categoryCaps[0]"])
        }
    }
}
