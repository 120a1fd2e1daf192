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

@Suite struct RecurringCalendarCadenceTests {
    let household = Household.ID(UUID())
    let checking: Account
    let today = LocalDate(iso: "2026-11-21")!

    init() {
        checking = Account(
            id: Account.ID(UUID()), householdID: household, name: "Checking", kind: .checking, currency: .usd)
    }

    func entry(_ date: String, _ cents: Int64, _ name: String) -> RecurringDetector.Charge {
        RecurringDetector.Charge(
            transactionID: Transaction.ID(UUID()), accountID: checking.id, categoryID: nil,
            date: LocalDate(iso: date)!, amount: Money(minorUnits: cents, currency: .usd), name: name)
    }

    func detect(_ charges: [RecurringDetector.Charge], today: LocalDate? = nil) throws -> [RecurringSeries] {
        try RecurringDetector.detect(charges, today: today ?? self.today, accounts: [checking], tree: CategoryTree([]))
    }

    @Test("a mortgage paid on the first business day is monthly though one gap is 32 days")
    func mortgage() throws {
        // Given: August 1st was a Saturday and November 1st a Sunday, so those payments came on the Monday.
        let charges = ["2026-08-03", "2026-09-01", "2026-10-01", "2026-11-02"].map {
            entry($0, -2_150_00, "KEYSTONE HOME LOANS MORTGAGE PMT")
        }
        // When
        let mortgage = try #require(try detect(charges).first)
        // Then: one monthly series of four, on time, next due Tuesday December 1st.
        #expect(mortgage.cadence == .monthly)
        #expect(mortgage.occurrences == 4)
        #expect(mortgage.nextDate.description == "2026-12-01")
        // Occurrences 4 x 20 = 80, amount 100, timing 100: 0.2 x 80 + 0.3 x 100 + 0.5 x 100 = 96.
        #expect(mortgage.confidence == 96)
        #expect(!mortgage.isIncome)
        // Just the two payments 32 days apart are already a series.
        let two = try detect(Array(charges.suffix(2)))
        #expect(two.map(\.cadence) == [.monthly])
    }

    @Test(
        "calendar cadences accept the weekend's business day and month ends, not any 32-day gap",
        arguments: [
            ("2026-10-15", "2026-11-16", true),  // the 15th was a Sunday: Monday
            ("2026-10-01", "2026-11-02", true),  // the 1st was a Sunday: Monday
            ("2026-10-01", "2026-11-03", false),  // a Tuesday: late, not moved
            ("2027-02-26", "2027-03-31", true),  // last business day of February, then of March (33 days)
            ("2027-01-29", "2027-02-26", true),  // last business day of January (the 31st a Sunday), of February
            ("2026-09-15", "2026-10-18", false),  // 33 days, no weekend involved
            ("2026-11-02", "2026-12-01", true),  // back from a moved Monday to the 1st
        ])
    func calendarFit(from: String, to: String, fits: Bool) {
        #expect(RecurringCadence.monthly.fits(from: LocalDate(iso: from)!, to: LocalDate(iso: to)!) == fits)
    }

    @Test("a bill on the last business day of the month is found across February")
    func endOfMonthBusinessDay() throws {
        let charges = ["2027-01-29", "2027-02-26", "2027-03-31"].map { entry($0, -80_00, "City Water") }
        let water = try #require(try detect(charges, today: LocalDate(iso: "2027-04-05")!).first)
        #expect(water.cadence == .monthly)
        #expect(water.occurrences == 3)
    }

    @Test("a paycheck is a recurring series marked as income, outside the recurring cost")
    func income() throws {
        // Given: a biweekly paycheck, a monthly bill, and a refund from the bill's payee.
        let pay = stride(from: 0, through: 70, by: 14).map {
            entry(LocalDate(iso: "2026-09-04")!.adding(days: $0).description, 2_500_00, "ACME CORP PAYROLL")
        }
        let bill = ["2026-09-20", "2026-10-20", "2026-11-20"].map { entry($0, -60_00, "Metro Internet") }
        let refund = entry("2026-11-10", 60_00, "Metro Internet")
        // When
        let detected = try detect(pay + bill + [refund])
        let report = try RecurringReport(detected: detected, decisions: [:], today: today, currency: .usd)
        // Then
        let paycheck = try #require(detected.first { $0.isIncome })
        #expect(paycheck.cadence == .biweekly)
        #expect(paycheck.amount.decimalString == "2500.00")
        #expect(paycheck.key.hasSuffix("|income"))
        #expect(detected.filter(\.isIncome).count == 1)
        #expect(report.series.contains { $0.isIncome })
        #expect(report.monthlyTotal.decimalString == "60.00")
        #expect(report.upcoming.map(\.name) == ["Metro Internet"])
    }

    @Test("a monthly transfer with a changing reference is one series, and old decisions still apply")
    func changingReference() throws {
        // Given
        let transfers = ["2026-08-05", "2026-09-05", "2026-10-05", "2026-11-05"].enumerated().map {
            entry($1, -500_00, "ONLINE TRANSFER TO SAVINGS REF #IB0000\(12 + $0)")
        }
        // When
        let detected = try detect(transfers)
        // Then
        let series = try #require(detected.first)
        #expect(detected.count == 1)
        #expect(series.occurrences == 4)
        #expect(series.payeeKey == "online transfer to savings")
        // A dismissal stored under the key the series had before (its latest reference) still holds.
        let former = "online transfer to savings ref ib000015|monthly|\(checking.id)"
        #expect(series.formerKeys.first == former)
        let report = try RecurringReport(
            detected: detected,
            decisions: [former: .init(status: .dismissed, decidedOn: LocalDate(iso: "2026-11-06")!)], today: today,
            currency: .usd)
        #expect(report.series.isEmpty)
        #expect(report.dismissed.count == 1)
    }

    @Test("different store numbers of one chain were already one payee; different chains stay apart")
    func storeNumbers() throws {
        let a = ["2026-09-10", "2026-10-10", "2026-11-10"].map { entry($0, -40_00, "SHELL OIL 57442 REF 11A2") }
        let b = ["2026-09-12", "2026-10-12", "2026-11-12"].map { entry($0, -40_00, "CHEVRON 0042 REF 11A2") }
        #expect(Set(try detect(a + b).map(\.payeeKey)) == ["shell oil", "chevron"])
    }
}
