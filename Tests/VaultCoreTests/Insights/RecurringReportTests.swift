import Foundation
import Testing
import VaultCore

/// The Recurring list view (spec section 10): series grouped under NEEDS, WANTS and SAVINGS with subtotals, and
/// the monthly total counting spending only.
@Suite struct RecurringReportTests {
    let household = Household.ID(UUID())
    let checking: Account
    let savings: Account
    let today = LocalDate(iso: "2026-11-21")!

    init() {
        checking = Account(
            id: Account.ID(UUID()), householdID: household, name: "Checking", kind: .checking, currency: .usd)
        savings = Account(
            id: Account.ID(UUID()), householdID: household, name: "Savings", kind: .savings, currency: .usd)
    }

    func monthly(
        _ name: String, _ cents: Int64, day: Int = 15, partner: AccountKind? = nil, months: [Int] = [9, 10, 11]
    ) -> [RecurringDetector.Charge] {
        months.map {
            RecurringDetector.Charge(
                transactionID: Transaction.ID(UUID()), accountID: checking.id, categoryID: nil,
                date: LocalDate(year: 2026, month: $0, day: day)!, amount: Money(minorUnits: cents, currency: .usd),
                name: name, partnerKind: partner)
        }
    }

    func report(
        _ charges: [RecurringDetector.Charge], overrides: [String: LensBucket] = [:],
        decisions: [String: RecurringReport.Decision] = [:]
    ) throws -> RecurringReport {
        let detected = try RecurringDetector.detect(
            charges, today: today, accounts: [checking, savings], tree: CategoryTree([]), lensOverrides: overrides)
        return try RecurringReport(detected: detected, decisions: decisions, today: today, currency: .usd)
    }

    var household4: [RecurringDetector.Charge] {
        monthly("CITY ELECTRIC", -95_00, day: 3) + monthly("HOME INSURANCE CO", -125_00, day: 5)
            + monthly("Netflix", -15_49) + monthly("Spotify", -11_99, day: 12)
            + monthly("ONLINE TRANSFER TO SAVINGS ...1177", -500_00, day: 1, partner: .savings)
            + monthly("ACME PAYROLL", 2_500_00, day: 1)
    }

    @Test("series are grouped needs, wants, savings, largest first, with subtotals; the total is needs and wants")
    func groupsAndSubtotals() throws {
        // When
        let report = try report(household4)
        // Then
        #expect(report.groups.map(\.bucket) == [.need, .want, .savings])
        #expect(report.groups[0].series.map(\.name) == ["HOME INSURANCE CO", "CITY ELECTRIC"])
        #expect(report.groups[1].series.map(\.name) == ["Netflix", "Spotify"])
        #expect(report.groups[2].series.map(\.name) == ["ONLINE TRANSFER TO SAVINGS ...1177"])
        #expect(report.groups.map(\.monthlyTotal.decimalString) == ["220.00", "27.48", "500.00"])
        // 220.00 + 27.48: the transfer to savings is saving, not spending, and the paycheck is income.
        #expect(report.monthlyTotal.decimalString == "247.48")
        #expect(report.monthlyByBucket[.savings]?.decimalString == "500.00")
        #expect(report.income.map(\.name) == ["ACME PAYROLL"])
        #expect(report.groups.allSatisfy { group in group.series.allSatisfy { !$0.isIncome } })
    }

    @Test("a transfer to a savings or investment account is under savings, not uncategorised spending")
    func transfersAreSavings() throws {
        let brokerage = monthly("HARBOR BROKERAGE", -400_00, day: 20, partner: .brokerage)
        let report = try report(brokerage + monthly("Netflix", -15_49))
        #expect(report.groups.first { $0.bucket == .savings }?.series.map(\.name) == ["HARBOR BROKERAGE"])
        #expect(report.monthlyTotal.decimalString == "15.49")
    }

    @Test("a person's bucket for the series' payee moves it, over the transfer's account kind too")
    func reclassified() throws {
        let report = try report(
            household4, overrides: ["netflix": .need, "online transfer to savings": .want])
        #expect(report.groups[0].series.map(\.name) == ["HOME INSURANCE CO", "CITY ELECTRIC", "Netflix"])
        #expect(report.groups[1].series.map(\.name) == ["ONLINE TRANSFER TO SAVINGS ...1177", "Spotify"])
        #expect(report.groups.count == 2)
        #expect(report.monthlyTotal.decimalString == "747.48")
    }

    @Test("dismissed and stopped series leave their group and its subtotal")
    func decisionsLeaveGroups() throws {
        let first = try report(household4)
        let netflix = try #require(first.series.first { $0.name == "Netflix" })
        let stopped = try report(
            household4, decisions: [netflix.key: .init(status: .deleted, decidedOn: LocalDate(iso: "2026-11-20")!)])
        #expect(stopped.groups[1].series.map(\.name) == ["Spotify"])
        #expect(stopped.groups[1].monthlyTotal.decimalString == "11.99")
        #expect(stopped.monthlyTotal.decimalString == "231.99")
    }
}
