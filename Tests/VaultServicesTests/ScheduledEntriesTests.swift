import Foundation
import Testing
import VaultCore
import VaultServices
import VaultStore
import VaultTestSupport

/// Issue 34 item 3: one monthly rule and Generate Next Year filled page 1 of Transactions with next year's entries.
/// Entries dated after today (2026-11-21 at the fixture clock) are scheduled: out of history, reports and balances,
/// in the Recurring page's schedules, the upcoming bills and the calendar feed.
@Suite struct ScheduledEntriesTests {
    @Test("scheduled entries stay out of history, reports and balances until their day", arguments: TestBackend.enabled)
    func outOfHistory(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let f = try await ServiceFixture.make(database)
            var gym = TransactionInput(
                amount: "-45.00", account: "Cash", date: "2026-11-01", category: "Healthcare", description: "Gym")
            gym.recurrence = .init(cadence: "monthly")
            _ = try await f.scope.transactions.add(gym)
            _ = try await f.scope.recurringRules.generateNextYear()
            _ = try await f.scope.transactions.add(
                TransactionInput(amount: "-80.00", account: "Cash", date: "2026-11-25", description: "Dentist"))

            // The list shows history by default: the 1 November gym and nothing after today.
            let history = try await f.scope.transactions.list(TransactionQuery(pageSize: 50)).items
            #expect(history.map(\.transaction.date.description) == ["2026-11-01"])
            let scheduled = try await f.scope.transactions.list(TransactionQuery(timing: "scheduled", pageSize: 50))
            #expect(
                scheduled.totalCount == 1 + 13, "the dentist and 13 gym entries from December 2026 to December 2027")
            #expect(scheduled.items.allSatisfy { $0.transaction.date > LocalDate(iso: "2026-11-21")! })
            #expect(try await f.scope.transactions.scheduledCount() == 14)
            let all = try await f.scope.transactions.list(TransactionQuery(timing: "all", pageSize: 50))
            #expect(all.totalCount == 15)
            await #expect(throws: VaultError.self) {
                _ = try await f.scope.transactions.list(TransactionQuery(timing: "later"))
            }

            // Reports and balances: only the 1 November gym.
            #expect(try await f.scope.reports.month("2026-11").spending.decimalString == "45.00")
            #expect(try await f.scope.reports.month("2026-12").spending.decimalString == "0.00")
            #expect(try await f.balance(of: "Cash") == "55.00")
            #expect(try await f.scope.reports.netWorth().netWorth.totals.netWorth.decimalString == "55.00")

            // Recurring: the person's rule is listed, and its next entry is an upcoming bill.
            let recurring = try await f.scope.reports.recurring()
            #expect(recurring.rules.map(\.description) == ["Gym"])
            let bill = try #require(recurring.upcoming.first { $0.name == "Gym" })
            #expect(bill.dueDate.description == "2026-12-01" && bill.amount.decimalString == "-45.00")
            // And the calendar feed holds its entries over the next 90 days.
            let feed = BillCalendar.occurrences(recurring).filter { $0.name == "Gym" }.map(\.date.description)
            #expect(feed == ["2026-12-01", "2027-01-01", "2027-02-01"])
        }
    }

    @Test(
        "a scheduled entry counts from its day: the balance, net worth and its history agree, a typed balance is shown",
        arguments: TestBackend.enabled)
    func fromItsDay(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let clock = TestClock(Fixture.now)
            let scope = try await ServiceFixture.make(database, clock: clock).scope
            _ = try await scope.transactions.add(
                TransactionInput(amount: "-30.00", account: "Cash", date: "2026-11-25", description: "Dentist"))
            // A balance typed while the entry is scheduled is the balance shown.
            let edited = try await scope.accounts.edit("Cash", .init(balance: "200.00"))
            #expect(edited.account.balance.decimalString == "200.00")
            #expect(try await scope.accounts.find("Cash").balance.decimalString == "200.00")
            // After its day it counts once: in the balance, net worth, and the last point of the history.
            clock.advance(days: 5)
            #expect(try await scope.accounts.find("Cash").balance.decimalString == "170.00")
            let worth = try await scope.reports.netWorth()
            #expect(worth.netWorth.totals.netWorth.decimalString == "170.00")
            let history = try await scope.reports.netWorthHistory(.oneMonth)
            #expect(history.points.last?.netWorth.decimalString == "170.00")
            #expect(history.points.first { $0.date.description == "2026-11-24" }?.netWorth.decimalString == "200.00")
            // A custom range wholly after today sums nothing.
            let future = try #require(
                DateRange(start: LocalDate(iso: "2027-01-01")!, end: LocalDate(iso: "2027-01-31")!))
            #expect(try await scope.reports.incomeTrend(.custom(future)).spending.decimalString == "0.00")
        }
    }
}
