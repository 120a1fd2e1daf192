import Foundation
import SimpleFIN
import SimpleFINBridge
import Testing
import VaultCore
import VaultServices
import VaultStore
import VaultTestSupport

/// The reports over two fixed households: a small one whose every number was worked out by hand from
/// the spec's rules (the comments show the sums), and the demo household. Both are pinned by golden files.
@Suite struct ReportServiceTests {
    /// The hand-checked household, at the fixture clock (2026-11-21 in New York).
    ///
    /// October: pay 3,000.00; groceries 120.00, dining 80.00, rent 1,500.00.
    /// November: pay 3,000.00; groceries 200.00, dining 60.00, coffee 15.00, shopping 40.00 then a 100.00
    /// refund, rent 1,500.00, 25.00 uncategorised (unpaid, tagged), 500.00 to savings, a 300.00 card
    /// payment, 30.00 excluded, 20.00 EUR cash, and 999.00 on a tracking-only card.
    static func handChecked(_ database: VaultDatabase) async throws -> HouseholdScope {
        let vault = Fixture.vault(database)
        let household = try await vault.households.create(
            .init(name: "Hand", timeZone: "America/New_York", currency: "USD"))
        let scope = vault.household(household.id)
        let accounts = scope.accounts
        _ = try await accounts.add(
            .init(name: "Checking", kind: "checking", balance: "1000.00", institution: "First Bank"))
        _ = try await accounts.add(.init(name: "Savings", kind: "savings", institution: "First Bank"))
        _ = try await accounts.add(.init(name: "Card", kind: "credit-card", institution: "First Bank"))
        _ = try await accounts.add(
            .init(name: "Store Card", kind: "credit-card", balance: "25.00", institution: "Store Co"))
        _ = try await accounts.add(.init(name: "Euro Cash", kind: "cash", currency: "EUR", balance: "50.00"))
        _ = try await accounts.add(
            .init(name: "Old Card", kind: "credit-card", balance: "-100.00", isTrackingOnly: true))
        let entries: [(String, String, String, String, String?)] = [
            ("2026-10-01", "Checking", "3000.00", "ACME PAYROLL", "Salary"),
            ("2026-10-05", "Card", "-120.00", "Grocer", "Groceries"),
            ("2026-10-10", "Card", "-80.00", "Bistro", "Dining"),
            ("2026-10-15", "Checking", "-1500.00", "Rent", "Housing"),
            ("2026-11-01", "Checking", "3000.00", "ACME PAYROLL", "Salary"),
            ("2026-11-02", "Card", "-200.00", "Grocer", "Groceries"),
            ("2026-11-03", "Card", "-60.00", "Bistro", "Dining"),
            ("2026-11-04", "Card", "-15.00", "Cafe", "Coffee"),
            ("2026-11-06", "Card", "-40.00", "Store", "Shopping"),
            ("2026-11-07", "Card", "100.00", "Store refund", "Shopping"),
            ("2026-11-10", "Checking", "-500.00", "Transfer to savings", nil),
            ("2026-11-10", "Savings", "500.00", "Transfer from checking", nil),
            ("2026-11-12", "Checking", "-300.00", "Card payment", nil),
            ("2026-11-12", "Card", "300.00", "Payment thank you", nil),
            ("2026-11-15", "Checking", "-1500.00", "Rent", "Housing"),
            ("2026-11-18", "Euro Cash", "-20.00", "Cafe Paris", "Dining"),
            ("2026-11-19", "Old Card", "-999.00", "Splurge", "Shopping"),
        ]
        for (date, account, amount, description, category) in entries {
            _ = try await scope.transactions.add(
                TransactionInput(
                    amount: amount, account: account, date: date, category: category, description: description))
        }
        _ = try await scope.transactions.add(
            TransactionInput(
                amount: "-25.00", account: "Checking", date: "2026-11-16", description: "Mystery", tags: "family",
                payment: "unpaid"))
        _ = try await scope.transactions.add(
            TransactionInput(
                amount: "-30.00", account: "Card", date: "2026-11-17", category: "Dining",
                description: "Excluded thing",
                isExcluded: true))
        // Tag a grocery run for the analysis filter.
        let grocer = try #require(
            try await scope.transactions.list(TransactionQuery(from: "2026-11-01", search: "grocer")).items.first)
        _ = try await scope.transactions.edit(grocer.transaction.id.description, TransactionChanges(tags: "family"))
        _ = try await ClassificationService(scope: scope).run()
        // A transfer whose two sides a person filed under budgeted categories, keeping them transfers,
        // still leaves the budgets alone.
        for (search, category) in [("transfer to savings", "Groceries"), ("transfer from checking", "Housing")] {
            let side = try #require(
                try await scope.transactions.list(TransactionQuery(search: search, includeTransfers: true)).items.first)
            #expect(side.transaction.classification == .transfer)
            _ = try await scope.transactions.edit(
                side.transaction.id.description, TransactionChanges(category: category, classification: "transfer"))
        }
        for (category, target) in [
            ("Housing", "1500.00"), ("Groceries", "150.00"), ("Dining", "100.00"), ("Coffee", "20"),
        ] {
            try await scope.budgets.set(category: category, target: target)
        }
        try await scope.budgets.set(category: "Groceries", target: "150.00", notes: "Costco counts here")
        return scope
    }

    @Test(
        "the month: income, spending net of refunds, savings rate, categories rolled up, last month",
        arguments: TestBackend.enabled)
    func month(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let scope = try await Self.handChecked(database)
            let report = try await scope.reports.month("2026-11", seriesMonths: 3)
            #expect(report.income.decimalString == "3000.00")
            // 200 + (60 + 15) + (40 - 100) + 1500 + 25: transfers, the card payment, the excluded row,
            // the euro cash and the tracking-only card are left out.
            #expect(report.spending.decimalString == "1740.00")
            #expect(report.spendingCount == 7)
            #expect(report.net.decimalString == "1260.00")
            #expect(report.savingsRate == Percent(hundredths: 4_200))  // 100 * (1 - 1740 / 3000)
            let lines = report.spendingByCategory.map {
                "\($0.name) \($0.amount.decimalString) \($0.share?.decimalString ?? "-")"
            }
            #expect(
                lines == [
                    // Shares of the positive top-level lines (1,800.00), in tenths adding up to 100.0%; Shopping's
                    // refunds outweigh its purchases, so it has no share (docs/figures.md, "Category share").
                    "Housing 1500.00 83.30", "Groceries 200.00 11.10", "Dining 75.00 4.20", "Coffee 15.00 0.83",
                    "Uncategorized 25.00 1.40", "Shopping -60.00 -",
                ])
            #expect(report.topCategories.map(\.name) == ["Housing", "Groceries", "Dining"])
            #expect(report.otherCurrencies.map { "\($0.currency.code) \($0.spending.decimalString)" } == ["EUR 20.00"])
            let groceries = try #require(report.changes.first { $0.name == "Groceries" })
            #expect(groceries.lastMonth.decimalString == "120.00")
            #expect(groceries.change.decimalString == "80.00")
            #expect(groceries.percent == Percent(hundredths: 6_667))
            #expect(
                report.series.map { "\($0.month) \($0.income.decimalString) \($0.spending.decimalString)" } == [
                    "2026-09 0.00 0.00", "2026-10 3000.00 1700.00", "2026-11 3000.00 1740.00",
                ])
            // Days run through today; the cumulative line ends at the month's totals.
            #expect(report.days.count == 21)
            #expect(report.days.last?.cumulativeSpending.decimalString == "1740.00")
            #expect(report.days.last?.cumulativeIncome.decimalString == "3000.00")
            try Golden.check(Golden.redactingIDs(try Golden.json(MonthReportView(report))), against: "hand-month.json")

            let empty = try await scope.reports.month("2026-09")
            #expect(empty.income.isZero)
            #expect(empty.savingsRate == nil)
            #expect(empty.spendingByCategory.isEmpty)
        }
    }

    @Test(
        "net worth: assets less liabilities by category then institution, this month's change, history",
        arguments: TestBackend.enabled)
    func netWorth(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let scope = try await Self.handChecked(database)
            let (worth, change) = try await scope.reports.netWorth()
            // Checking 1000 + 3000 - 1500 + 3000 - 500 - 300 - 1500 - 25 = 3175; savings 500.
            #expect(worth.totals.assets.decimalString == "3675.00")
            // The card owes 145.00; the store card is overpaid by 25.00, which lowers what is owed.
            #expect(worth.totals.liabilities.decimalString == "120.00")
            #expect(worth.totals.netWorth.decimalString == "3555.00")
            #expect(worth.otherCurrencies.map { "\($0.currency.code) \($0.netWorth.decimalString)" } == ["EUR 30.00"])
            #expect(
                worth.groups.map { group in
                    "\(group.category.displayName): "
                        + group.institutions.map { "\($0.name) \($0.total.decimalString)" }.joined(separator: ", ")
                } == ["Bank Accounts: First Bank 3675.00", "Liabilities: First Bank -145.00, Store Co 25.00"])
            // At the end of October: checking 2500, card -200, store card +25.
            let delta = try #require(change)
            #expect(delta.before.decimalString == "2325.00")
            #expect(delta.amount.decimalString == "1230.00")
            #expect(delta.percent == Percent(hundredths: 5_290))
            try Golden.check(
                Golden.redactingIDs(try Golden.json(NetWorthView(worth, change: change))), against: "hand-networth.json"
            )

            let history = try await scope.reports.netWorthHistory(.oneMonth)
            // A month of days ending today (docs/figures.md, "Timeframes").
            #expect(history.range.start.description == "2026-10-22")
            #expect(history.points.count == 31)
            #expect(history.points.first?.netWorth.decimalString == "2325.00")
            // On the 10th: checking 2500 + 3000 - 500, savings 500, card -200 - 200 - 60 - 15 - 40 + 100, store +25.
            #expect(history.points.first { $0.date.description == "2026-11-10" }?.netWorth.decimalString == "5110.00")
            #expect(history.points.last?.netWorth.decimalString == "3555.00")
            #expect(history.change?.decimalString == "1230.00")
        }
    }

    @Test(
        "budgets: targets against actuals, a parent's target covering its child, left to spend",
        arguments: TestBackend.enabled)
    func budget(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let scope = try await Self.handChecked(database)
            let (report, uncategorized) = try await scope.reports.budget("2026-11")
            func line(_ name: String) -> BudgetReport.Line? { report.lines.first { $0.name == name } }
            #expect(line("Groceries")?.actual.decimalString == "200.00")
            #expect(line("Groceries")?.remaining?.decimalString == "-50.00")
            #expect(line("Groceries")?.status == .over)
            #expect(line("Groceries")?.notes == "Costco counts here")
            #expect(line("Housing")?.status == .under)
            #expect(line("Dining")?.actual.decimalString == "75.00")
            #expect(line("Shopping")?.actual.decimalString == "-60.00")
            #expect(line("Shopping")?.target == nil)
            // 1500 + 150 + 100; Coffee's 20 sits inside Dining's 100.
            #expect(report.targeted.decimalString == "1750.00")
            #expect(report.actual.decimalString == "1775.00")
            #expect(report.leftToSpend.decimalString == "-25.00")
            #expect(report.spentShare == Percent(hundredths: 10_143))
            #expect(report.isNearLimit)
            #expect(report.overspent.map(\.name) == ["Groceries"])
            #expect(uncategorized.map(\.transaction.description) == ["Mystery"])
            try Golden.check(
                Golden.redactingIDs(try Golden.json(BudgetReportView(report, uncategorized: uncategorized))),
                against: "hand-budget.json")

            #expect(try await scope.budgets.clear(category: "Groceries"))
            let cleared = try await scope.reports.budget("2026-11").report
            #expect(cleared.targeted.decimalString == "1600.00")
            await expectVaultError(.invalidInput, "not an amount") {
                try await scope.budgets.set(category: "Dining", target: "lots")
            }
            await expectVaultError(.invalidInput, "cannot be negative") {
                try await scope.budgets.set(category: "Dining", target: "-5")
            }
            await expectVaultError(.invalidInput, "no category") {
                try await scope.budgets.set(category: "Nope", target: "5")
            }
            #expect(try await scope.reports.budget("2026-11").report.targeted.decimalString == "1600.00")
        }
    }

    @Test("the lens, recurring rent and the analysis tab on the hand-checked household", arguments: TestBackend.enabled)
    func lensRecurringAnalysis(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let scope = try await Self.handChecked(database)
            let lens = try await scope.reports.lens("2026-11")
            // Needs: rent 1500 + groceries 200; wants: 60 + 15 - 60 + 25; savings: 500 into savings.
            #expect(
                lens.segments.map { "\($0.bucket) \($0.amount.decimalString) \($0.share?.decimalString ?? "-")" } == [
                    "need 1700.00 75.90", "want 40.00 1.80", "savings 500.00 22.30",
                ])
            #expect(lens.messages == ["Needs are eating into your Wants/Savings"])
            #expect(lens.segments[0].indicator == .red)
            try Golden.check(Golden.redactingIDs(try Golden.json(LensReportView(lens))), against: "hand-lens.json")
            _ = try await scope.lens.setTargets(needs: 80, wants: 5, savings: 15)
            #expect(try await scope.reports.lens("2026-11").messages == ["Your spending is well-balanced"])
            await expectVaultError(.invalidInput, "add up to 100") {
                _ = try await scope.lens.setTargets(needs: 50, wants: 30, savings: 30)
            }

            let recurring = try await scope.reports.recurring()
            // Rent twice, a month apart: occurrences 2 (40), amount 100, timing 100 -> 0.2*40 + 30 + 50 = 88.
            // The paycheck is listed too, marked as income, and left out of the monthly cost and upcoming bills.
            #expect(
                recurring.series.map { "\($0.name) \($0.cadence) \($0.confidence) \($0.nextDate)" } == [
                    "ACME PAYROLL monthly 88 2026-12-01", "Rent monthly 88 2026-12-15",
                ])
            #expect(recurring.series.map(\.isIncome) == [true, false])
            #expect(recurring.monthlyTotal.decimalString == "1500.00")
            #expect(recurring.upcoming.map { "\($0.name) \($0.daysUntilDue)" } == ["Rent 24"])
            try Golden.check(
                Golden.redactingIDs(try Golden.json(RecurringReportView(recurring))), against: "hand-recurring.json")
            try await scope.recurring.apply(.dismiss, to: "Rent")
            let dismissed = try await scope.reports.recurring()
            #expect(dismissed.series.map(\.name) == ["ACME PAYROLL"])
            #expect(dismissed.dismissed.map(\.name) == ["Rent"])
            try await scope.recurring.apply(.restore, to: "Rent")
            #expect(try await scope.reports.recurring().series.count == 2)

            let (analysis, listed) = try await scope.reports.analysis(AnalysisQuery(date: "2026-11-21"))
            #expect(analysis.total.decimalString == "1740.00")
            #expect(
                analysis.buckets.map { "\($0.label) \($0.amount.decimalString)" } == [
                    "Wk 44 (Nov 1–Nov 1) 0.00", "Wk 45 (Nov 2–Nov 8) 215.00", "Wk 46 (Nov 9–Nov 15) 1500.00",
                    "Wk 47 (Nov 16–Nov 22) 25.00", "Wk 48 (Nov 23–Nov 29) 0.00", "Wk 49 (Nov 30–Nov 30) 0.00",
                ])
            #expect(listed.totalCount == 7)
            let tagged = try await scope.reports.analysis(AnalysisQuery(date: "2026-11-21", tags: ["Family"])).report
            #expect(tagged.total.decimalString == "225.00")
            let unpaid = try await scope.reports.analysis(AnalysisQuery(date: "2026-11-21", payment: "unpaid")).report
            #expect(unpaid.total.decimalString == "25.00")
            let dining = try await scope.reports.analysis(
                AnalysisQuery(timeframe: "year", date: "2026-11-21", categories: ["Dining"])
            ).report
            #expect(dining.buckets.map(\.amount.decimalString)[9...10] == ["80.00", "75.00"])
            let income = try await scope.reports.analysis(
                AnalysisQuery(type: "income", timeframe: "week", date: "2026-11-01")
            ).report
            #expect(income.total.decimalString == "3000.00")
            #expect(income.period.label == "Wk 44 (Oct 26–Nov 1)")
            try Golden.check(
                Golden.redactingIDs(try Golden.json(AnalysisReportView(analysis, transactions: listed))),
                against: "hand-analysis.json")
            await expectVaultError(.invalidInput, "not a timeframe") {
                _ = try await scope.reports.analysis(AnalysisQuery(timeframe: "decade"))
            }
            await expectVaultError(.invalidInput, "not a month") { _ = try await scope.reports.month("2026-13") }
        }
    }

    @Test("recurring detection is reused until the household changes or the day turns", arguments: TestBackend.enabled)
    func recurringCache(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let scope = try await Self.handChecked(database)
            #expect(try await scope.reports.recurring().series.map(\.name) == ["ACME PAYROLL", "Rent"])
            // The answer is kept against the change log's position, and storing it is not itself a change.
            let (sequence, cached) = try await scope.vault.database.read(household: scope.householdID) {
                (try await $0.changeSequence(), try await $0.recurring.cachedSeries())
            }
            #expect(cached?.sequence == sequence)
            #expect(cached?.series.map(\.name) == ["ACME PAYROLL", "Rent"])
            // While nothing changes the kept answer is what the report shows (here, one made empty on purpose).
            try await scope.vault.database.write(household: scope.householdID, actor: .commandLine) {
                try await $0.recurring.cache([], sequence: sequence, on: LocalDate(iso: "2026-11-21")!)
            }
            #expect(try await scope.reports.recurring().series.isEmpty)
            // Keeping a new answer leaves the household's data version, and so every other kept answer, alone.
            let version = try await scope.stamp().stamp.dataVersion
            #expect(try await scope.reports.recurring(refresh: true).series.map(\.name) == ["ACME PAYROLL", "Rent"])
            #expect(try await scope.stamp().stamp.dataVersion == version)
            // A new charge moves the change log, so the next report looks again.
            for date in ["2026-09-20", "2026-10-20", "2026-11-20"] {
                _ = try await scope.transactions.add(
                    TransactionInput(amount: "-30.00", account: "Checking", date: date, description: "Gym Club"))
            }
            #expect(
                try await scope.reports.recurring().series.map(\.name).sorted() == ["ACME PAYROLL", "Gym Club", "Rent"])
        }
    }

    @Test("every report over the demo household, pinned by golden files", arguments: [TestBackend.sqlite])
    func demoHousehold(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let scope = try await Fixture.syncedDemoHousehold(database)
            let reports = scope.reports
            let (worth, change) = try await reports.netWorth()
            try Golden.check(
                Golden.redactingIDs(try Golden.json(NetWorthView(worth, change: change))), against: "demo-networth.json"
            )
            let history = try await reports.netWorthHistory(.oneYear)
            #expect(history.points.last?.netWorth == worth.totals.netWorth)
            try Golden.check(
                Golden.redactingIDs(try Golden.json(NetWorthHistoryView(history))), against: "demo-networth-1y.json")
            try Golden.check(
                Golden.redactingIDs(try Golden.json(MonthReportView(try await reports.month()))),
                against: "demo-month.json")
            try await scope.budgets.set(category: "Groceries", target: "400")
            try await scope.budgets.set(category: "Dining", target: "120", notes: "Coffee included")
            let (budget, uncategorized) = try await reports.budget()
            #expect(budget.overspent.map(\.name) == ["Dining"])
            try Golden.check(
                Golden.redactingIDs(try Golden.json(BudgetReportView(budget, uncategorized: uncategorized))),
                against: "demo-budget.json")
            try Golden.check(
                Golden.redactingIDs(try Golden.json(RecurringReportView(try await reports.recurring()))),
                against: "demo-recurring.json")
            try Golden.check(
                Golden.redactingIDs(try Golden.json(LensReportView(try await reports.lens()))),
                against: "demo-lens.json")
            let (analysis, listed) = try await reports.analysis(AnalysisQuery(timeframe: "year"))
            // The list adds up to the report; its order among same-day rows follows their generated ids,
            // so the golden file pins the report and an empty page.
            #expect(listed.totalCount == analysis.count)
            let page = Page<TransactionService.Listed>(
                items: [], request: listed.request, totalCount: listed.totalCount)
            try Golden.check(
                Golden.redactingIDs(try Golden.json(AnalysisReportView(analysis, transactions: page))),
                against: "demo-analysis.json")
        }
    }
}
