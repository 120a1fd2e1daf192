import Foundation
import Testing
import VaultCore

@Suite struct RecurringDetectorTests {
    let household = Household.ID(UUID())
    let card: Account
    let today = LocalDate(iso: "2026-11-21")!

    init() {
        card = Account(id: Account.ID(UUID()), householdID: household, name: "Visa", kind: .creditCard, currency: .usd)
    }

    func charge(_ date: String, _ cents: Int64, _ name: String) -> RecurringDetector.Charge {
        RecurringDetector.Charge(
            transactionID: Transaction.ID(UUID()), accountID: card.id, categoryID: nil, date: LocalDate(iso: date)!,
            amount: Money(minorUnits: -cents, currency: .usd), name: name)
    }

    func detect(_ charges: [RecurringDetector.Charge], today: LocalDate? = nil) throws -> [RecurringSeries] {
        try RecurringDetector.detect(charges, today: today ?? self.today, accounts: [card], tree: CategoryTree([]))
    }

    @Test("a monthly subscription is found with its confidence, next date and monthly cost")
    func monthly() throws {
        let series = try detect(
            ["2026-07-15", "2026-08-15", "2026-09-15", "2026-10-15", "2026-11-15"].map {
                charge($0, 15_49, "NETFLIX.COM")
            })
        let netflix = try #require(series.first)
        #expect(series.count == 1)
        #expect(netflix.cadence == .monthly)
        #expect(netflix.confidence == 100)
        #expect(netflix.tier == .high)
        #expect(netflix.nextDate.description == "2026-12-15")
        #expect(netflix.monthlyAmount.decimalString == "15.49")
        #expect(netflix.priceChange == nil)
        #expect(netflix.bucket == .want)
    }

    @Test("a price rise within 10% keeps the series and is shown as a price change")
    func priceRise() throws {
        let charges = [
            charge("2026-07-03", 10_99, "SPOTIFY USA"), charge("2026-08-03", 10_99, "SPOTIFY USA"),
            charge("2026-09-03", 11_99, "SPOTIFY USA"), charge("2026-10-03", 11_99, "SPOTIFY USA"),
            charge("2026-11-03", 11_99, "SPOTIFY USA"),
        ]
        let spotify = try #require(try detect(charges).first)
        #expect(spotify.occurrences == 5)
        #expect(spotify.amount.decimalString == "11.99")
        #expect(spotify.averageAmount.decimalString == "11.59")
        #expect(spotify.priceChange?.from.decimalString == "10.99")
        #expect(spotify.priceChange?.to.decimalString == "11.99")
        #expect(spotify.priceChange?.on.description == "2026-09-03")
        // Amounts vary by 0.48 on average around 11.59 (4.14%): amount consistency 100 - 2 x 4.14 = 91.72,
        // so confidence = 0.2 x 100 + 0.3 x 91.72 + 0.5 x 100 = 97.5, rounded to 98.
        #expect(spotify.confidence == 98)
    }

    @Test("a monthly bill on the 31st stays on the 31st after a short month")
    func endOfMonth() throws {
        let charges = ["2026-08-31", "2026-09-30", "2026-10-31"].map { charge($0, 50_00, "Gym Club") }
        let gym = try #require(try detect(charges, today: LocalDate(iso: "2026-11-05")!).first)
        #expect(gym.nextDate.description == "2026-11-30")
        #expect(gym.confidence >= 80)
        let afterFebruary = ["2027-01-31", "2027-02-28"].map { charge($0, 50_00, "Gym Club") }
        let march = try #require(try detect(afterFebruary, today: LocalDate(iso: "2027-03-01")!).first)
        #expect(march.nextDate.description == "2027-03-31")
    }

    @Test("every cadence is recognised, and weekly needs three charges")
    func cadences() throws {
        let weekly = ["2026-11-01", "2026-11-08", "2026-11-15"].map { charge($0, 12_00, "Farm Box") }
        #expect(try detect(weekly).first?.cadence == .weekly)
        #expect(try detect(Array(weekly.prefix(2)), today: LocalDate(iso: "2026-11-09")!).isEmpty)
        let quarterly = ["2026-05-20", "2026-08-20", "2026-11-20"].map { charge($0, 90_00, "Water Utility") }
        let water = try #require(try detect(quarterly).first)
        #expect(water.cadence == .quarterly)
        #expect(water.bucket == .need)
        #expect(water.monthlyAmount.decimalString == "30.00")
        let yearly = ["2025-11-02", "2026-11-02"].map { charge($0, 139_00, "Amazon Prime") }
        #expect(try detect(yearly).first?.cadence == .yearly)
        let biyearly = ["2024-11-10", "2026-11-10"].map { charge($0, 300_00, "Passport Renewal Service") }
        #expect(try detect(biyearly).first?.cadence == .biyearly)
    }

    @Test("shopping habits, irregular intervals and stale series are not recurring")
    func notRecurring() throws {
        // Groceries every few days at varying amounts; two trips happen to be 90 days and ~10% apart.
        var groceries = (0..<40).map { day in
            charge(
                LocalDate(iso: "2026-08-01")!.adding(days: day * 3).description, Int64(4_000 + (day * 1_237) % 9_000),
                "SAFEWAY #1234")
        }
        groceries.append(charge("2026-08-22", 160_00, "SAFEWAY #1234"))
        groceries.append(charge("2026-11-20", 163_00, "SAFEWAY #1234"))
        #expect(try detect(groceries).filter { $0.payeeKey == "safeway" }.isEmpty)
        let irregular = ["2026-09-01", "2026-09-20", "2026-11-10"].map { charge($0, 20_00, "Bookshop") }
        #expect(try detect(irregular).isEmpty)
        // Netflix stopped in July: its last charge is more than 45 days ago.
        let cancelled = ["2026-05-15", "2026-06-15", "2026-07-15"].map { charge($0, 15_49, "NETFLIX.COM") }
        #expect(try detect(cancelled).isEmpty)
    }

    @Test("decisions: dismissed is remembered, deleted returns with a new charge, confirmed is marked")
    func decisions() throws {
        let charges = ["2026-09-15", "2026-10-15", "2026-11-15"].map { charge($0, 15_49, "NETFLIX.COM") }
        let detected = try detect(charges)
        let key = try #require(detected.first?.key)
        func report(_ status: RecurringSeries.Status, on date: String) throws -> RecurringReport {
            try RecurringReport(
                detected: detected, decisions: [key: .init(status: status, decidedOn: LocalDate(iso: date)!)],
                today: today,
                currency: .usd)
        }
        #expect(try report(.dismissed, on: "2026-11-16").series.isEmpty)
        #expect(try report(.dismissed, on: "2026-11-16").dismissed.count == 1)
        #expect(try report(.deleted, on: "2026-11-16").series.isEmpty)
        #expect(try report(.deleted, on: "2026-11-01").series.count == 1)
        #expect(try report(.confirmed, on: "2026-11-16").series.first?.status == .confirmed)
        let plain = try RecurringReport(detected: detected, decisions: [:], today: today, currency: .usd)
        #expect(plain.upcoming.map { "\($0.dueDate) \($0.daysUntilDue)" } == ["2026-12-15 24"])
        #expect(plain.monthlyTotal.decimalString == "15.49")
    }
}
