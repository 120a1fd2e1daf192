import Foundation
import Testing
import VaultCore

@Suite struct InsightCalculatorTests {
    let household = Household.ID(UUID())

    func account(
        _ name: String, _ kind: AccountKind, _ cents: Int64, currency: Currency = .usd,
        institution: Institution.ID? = nil
    )
        -> Account
    {
        Account(
            id: Account.ID(UUID()), householdID: household, institutionID: institution, name: name, kind: kind,
            currency: currency, balance: Money(minorUnits: cents, currency: currency))
    }

    @Test(
        "net worth: a card in credit lowers liabilities, other currencies stay apart, hidden and tracking-only are left out"
    )
    func netWorth() throws {
        let bank = Institution(id: Institution.ID(UUID()), householdID: household, name: "First Bank")
        var hidden = account("Hidden", .savings, 1_000_00)
        hidden.isHidden = true
        var tracking = account("Tracking", .brokerage, 5_000_00)
        tracking.isTrackingOnly = true
        let accounts = [
            account("Checking", .checking, 2_000_00, institution: bank.id),
            account("Card", .creditCard, 25_00, institution: bank.id),
            account("Loan", .loan, -500_00),
            account("Yen", .cash, 10_000, currency: Currency(code: "JPY", exponent: 0)),
            hidden, tracking,
        ]
        let worth = try NetWorth(accounts: accounts, institutions: [bank], currency: .usd)
        #expect(worth.totals.assets.decimalString == "2000.00")
        #expect(worth.totals.liabilities.decimalString == "475.00")
        #expect(worth.totals.netWorth.decimalString == "1525.00")
        #expect(worth.otherCurrencies.map(\.netWorth.decimalString) == ["10000"])
        #expect(worth.groups.map(\.category) == [.bankAccounts, .liabilities])
        #expect(worth.groups[1].institutions.map(\.name) == ["First Bank", NetWorth.manualInstitutionName])
    }

    @Test("a month with no income has no savings rate; a refund larger than the spending makes the category negative")
    func incomeAndSpending() throws {
        let card = account("Card", .creditCard, 0)
        let accounts = [card.id: card]
        let shopping = Category.ID(UUID())
        let tallies = [
            Tally(accountID: card.id, classification: .expense, categoryID: shopping, minorUnits: -40_00, count: 1),
            Tally(accountID: card.id, classification: .expense, categoryID: shopping, minorUnits: 100_00, count: 1),
            Tally(accountID: card.id, classification: .transfer, categoryID: nil, minorUnits: 500_00, count: 1),
        ]
        let totals = try IncomeAndSpending(tallies, accounts: accounts, currency: .usd)
        #expect(totals.income == 0)
        #expect(totals.spending == -60_00)
        #expect(totals.savingsRate == nil)
        #expect(totals.spendingByCategory[shopping] == -60_00)
        let earned = try IncomeAndSpending(
            [Tally(accountID: card.id, classification: .income, categoryID: nil, minorUnits: 1_000_00, count: 1)]
                + tallies,
            accounts: accounts, currency: .usd)
        #expect(earned.savingsRate == Percent(hundredths: 10_600))
    }

    @Test("history rolls back from the current balance and forward from snapshots")
    func history() throws {
        let checking = account("Checking", .checking, 1_000_00)
        let range = DateRange(start: LocalDate(iso: "2026-11-01")!, end: LocalDate(iso: "2026-11-05")!)!
        let net: [LocalDate: Int64] = [LocalDate(iso: "2026-11-02")!: -200_00, LocalDate(iso: "2026-11-04")!: 50_00]
        let history = try NetWorthHistory(
            range: range, currency: .usd, accounts: [checking],
            anchors: [
                checking.id: [
                    .init(date: LocalDate(iso: "2026-11-05")!, minorUnits: 1_000_00),
                    .init(date: LocalDate(iso: "2026-11-03")!, minorUnits: 900_00),
                ]
            ],
            dailyNet: [checking.id: net])
        // Before the 3rd's snapshot: 900 rolled back past the 2nd's -200; after: 900, then +50 on the 4th;
        // the 5th is the current balance itself.
        #expect(history.points.map(\.netWorth.decimalString) == ["1100.00", "900.00", "900.00", "950.00", "1000.00"])
    }

    @Test("the lens flags each imbalance the spec lists")
    func lens() throws {
        let checking = account("Checking", .checking, 0)
        let savings = account("Savings", .savings, 0)
        func groups(needs: Int64, wants: Int64, saved: Int64) -> [LensReport.Group] {
            [
                .init(
                    accountID: checking.id, classification: .expense, categoryID: nil, name: "PG&E ELECTRIC",
                    minorUnits: -needs, count: 1),
                .init(
                    accountID: checking.id, classification: .expense, categoryID: nil, name: "Cinema",
                    minorUnits: -wants, count: 1),
                .init(
                    accountID: savings.id, classification: .transfer, categoryID: nil, name: "From checking",
                    minorUnits: saved, count: 1),
            ]
        }
        func report(_ needs: Int64, _ wants: Int64, _ saved: Int64) throws -> LensReport {
            try LensReport(
                month: CalendarMonth(year: 2026, month: 11)!, currency: .usd, accounts: [checking, savings],
                tree: CategoryTree([]), groups: groups(needs: needs, wants: wants, saved: saved), targets: .standard,
                overrides: [:])
        }
        #expect(try report(50, 30, 20).messages == ["Your spending is well-balanced"])
        #expect(try report(60, 25, 15).messages == ["Needs are eating into your Wants/Savings"])
        #expect(
            try report(50, 40, 10).messages == [
                "Discretionary spending is elevated", "Consider increasing your savings rate",
            ])
        let overridden = try LensReport(
            month: CalendarMonth(year: 2026, month: 11)!, currency: .usd, accounts: [checking, savings],
            tree: CategoryTree([]), groups: groups(needs: 50, wants: 30, saved: 20), targets: .standard,
            overrides: ["cinema": .need])
        #expect(overridden.segments[0].amount.minorUnits == 80)
    }

    @Test("analysis periods step back and forth, and a month's weeks are cut at its edges")
    func periods() {
        let month = AnalysisPeriod(.month, containing: LocalDate(iso: "2026-02-10")!)
        #expect(month.label == "Feb 2026")
        #expect(month.previous.label == "Jan 2026")
        #expect(month.next.label == "Mar 2026")
        #expect(month.buckets.first?.range.start.description == "2026-02-01")
        #expect(month.buckets.last?.range.end.description == "2026-02-28")
        #expect(AnalysisPeriod(.year, containing: LocalDate(iso: "2026-02-10")!).buckets.count == 12)
        let week = AnalysisPeriod(.week, containing: LocalDate(iso: "2026-01-15")!)
        #expect(week.label == "Wk 03 (Jan 12–Jan 18)")
        #expect(week.buckets.map(\.label).first == "Mon 12")
    }
}
