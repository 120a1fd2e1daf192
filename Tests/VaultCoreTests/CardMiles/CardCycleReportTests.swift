import Foundation
import Testing
import VaultCore

extension CardMilesTests {
    @Suite struct CardCycleReportTests {
        typealias F = CardMilesFixture

        @Test(
            "the badge at each boundary of a minimum of $500 and a maximum of $1,000",
            arguments: [
                ("0", ThresholdStatus.belowMinimum, ProgressColour.orange, ProgressColour.blue),
                ("499.99", .belowMinimum, .orange, .blue),
                ("500.00", .inRange, .green, .blue),
                ("500.01", .inRange, .green, .blue),
                ("999.99", .inRange, .green, .blue),
                ("1000.00", .inRange, .green, .blue),
                ("1000.01", .overMaximum, .green, .red),
            ])
        func minimumAndMaximum(
            amount: String, status: ThresholdStatus, minimum: ProgressColour, maximum: ProgressColour
        )
            throws
        {
            let card = try F.custom(minimum: "500", maximum: "1000")
            let report = try F.report(card, [try F.spend(amount)])
            #expect(report.status == status)
            #expect(report.minimumBar?.colour == minimum)
            #expect(report.maximumBar?.colour == maximum)
            #expect(report.caps.isEmpty)
        }

        @Test(
            "with only a minimum the badge turns to Minimum met; with only a maximum it reads In range until over",
            arguments: [
                ("499.99", "500", nil, ThresholdStatus?.some(.belowMinimum)),
                ("500.00", "500", nil, .minimumMet),
                ("1000.00", nil, "1000", .inRange),
                ("1000.01", nil, "1000", .overMaximum),
                ("1000.01", nil, nil, nil),
            ] as [(String, String?, String?, ThresholdStatus?)])
        func oneThreshold(amount: String, minimum: String?, maximum: String?, status: ThresholdStatus?) throws {
            let card = try F.custom(minimum: minimum, maximum: maximum)
            let report = try F.report(card, [try F.spend(amount)])
            #expect(report.status == status)
            #expect((report.minimumBar == nil) == (minimum == nil))
            #expect((report.maximumBar == nil) == (maximum == nil))
        }

        @Test(
            "a bar never reaches 100% before its threshold is met: S$999.99 of S$1,000 is 99.99%, not 100.00%",
            arguments: [("999.99", 9_999), ("999.95", 9_999), ("998.49", 9_984), ("1000.00", 10_000)])
        func shareBelowTarget(amount: String, hundredths: Int64) throws {
            let simple = try F.report(try F.custom(minimum: "1000", maximum: "1000"), [try F.spend(amount)])
            let capped = try F.report(try F.library("uob-visa-signature"), [try F.spend(amount, .contactless)])
            let contactless = try #require(capped.caps.last)
            // At S$1,000 the cap's bar has moved on to the cap: only the bars toward S$1,000 are checked.
            let bars =
                [simple.minimumBar, simple.maximumBar].compactMap { $0 }
                + (contactless.isTowardMinimum ? [contactless.bar] : [])
            #expect(bars.count == (amount == "1000.00" ? 2 : 3))
            for bar in bars {
                #expect(bar.share?.hundredths == hundredths)
                #expect(bar.filled.hundredths == hundredths)
            }
        }

        @Test("bars report spend over the threshold, unclamped, and a width clamped to 100%")
        func shares() throws {
            let card = try F.custom(minimum: "500", maximum: "1000")
            let report = try F.report(card, [try F.spend("750")])
            #expect(report.minimumBar?.share == Percent.whole(150))
            #expect(report.minimumBar?.filled == Percent.whole(100))
            #expect(report.maximumBar?.share == Percent.whole(75))
            #expect(report.status?.colour == .green)
        }

        @Test(
            "a cap with a minimum: orange toward the minimum, green toward the cap, blue once maxed",
            arguments: [
                ("999.99", CardCycleReport.CapStage.belowMinimum, ProgressColour.orange, "1000.00"),
                ("1000.00", .earningBonus, .green, "1200.00"),
                ("1000.01", .earningBonus, .green, "1200.00"),
                ("1199.99", .earningBonus, .green, "1200.00"),
                ("1200.00", .maxed, .blue, "1200.00"),
                ("1200.01", .maxed, .blue, "1200.00"),
            ])
        func capWithMinimum(
            amount: String, stage: CardCycleReport.CapStage, colour: ProgressColour, target: String
        )
            throws
        {
            let card = try F.library("uob-visa-signature")
            let report = try F.report(card, [try F.spend(amount, .contactless)])
            let contactless = try #require(report.caps.last)
            #expect(contactless.cap.name == "Contactless")
            #expect(contactless.stage == stage)
            #expect(contactless.bar.colour == colour)
            #expect(contactless.bar.target.decimalString == target)
            #expect(contactless.isTowardMinimum == (stage == .belowMinimum))
            #expect(report.status == nil && report.minimumBar == nil && report.maximumBar == nil)
        }

        @Test(
            "a cap without a minimum: blue in progress, green once maxed",
            arguments: [
                ("0", CardCycleReport.CapStage.earningBonus, ProgressColour.blue),
                ("599.99", .earningBonus, .blue),
                ("600.00", .maxed, .green),
                ("600.01", .maxed, .green),
            ])
        func capWithoutMinimum(amount: String, stage: CardCycleReport.CapStage, colour: ProgressColour) throws {
            let card = try F.library("uob-preferred-platinum")
            let report = try F.report(card, [try F.spend(amount, .online)])
            #expect(report.caps.first?.stage == stage)
            #expect(report.caps.first?.bar.colour == colour)
            #expect(report.caps.first?.bar.target.decimalString == "600.00")
        }

        @Test("general spend on a card with caps counts in the cycle's spend but in no cap")
        func generalSpend() throws {
            let card = try F.library("uob-preferred-platinum")
            let report = try F.report(card, [try F.spend("250", .general), try F.spend("50", .online)])
            #expect(report.spend.decimalString == "300.00")
            #expect(report.caps.map(\.spend.decimalString) == ["50.00", "0.00"])
            #expect(report.miles == Int64(100 + 200))
        }

        @Test("a card that earns no miles has no miles figure; a bad statement day has no report")
        func noMiles() throws {
            let xCard = try F.library("sc-x-card")
            #expect(try F.report(xCard, [try F.spend("100")]).miles == nil)
            let broken = try F.custom(cycle: .statementMonth(day: 32))
            #expect(try CardCycleReport(card: broken, expenses: [], today: try F.date("2026-03-01")) == nil)
        }
    }
}
