import Foundation
import Testing
import VaultCore

@Suite struct RequestBudgetTests {
    @Test(
        "thresholds of spec section 4: normal to 19, warning from 20, manual only at 23, nothing at 24",
        arguments: [
            (0, RequestBudget.State.normal, 24), (19, .normal, 5), (20, .warning, 4), (22, .warning, 2),
            (23, .manualOnly, 1),
            (24, .exhausted, 0), (30, .exhausted, 0),
        ])
    func states(used: Int, state: RequestBudget.State, remaining: Int) {
        let budget = RequestBudget(used: used)
        #expect(budget.state == state)
        #expect(budget.remaining == remaining)
    }

    @Test(
        "automatic syncs always leave the last request for a person",
        arguments: [
            (0, 1, true, true), (22, 1, true, true), (23, 1, false, true), (24, 1, false, false), (20, 3, true, true),
            (20, 4, false, true), (21, 4, false, false), (0, 24, false, true), (0, 25, false, false),
        ])
    func allows(used: Int, requests: Int, automatic: Bool, manual: Bool) {
        let budget = RequestBudget(used: used)
        #expect(budget.allows(.automatic, requests: requests) == automatic)
        #expect(budget.allows(.manual, requests: requests) == manual)
    }

    @Test("the budget's day turns at midnight UTC, whatever the household's time zone")
    func utcDay() {
        let beforeMidnight = Date(timeIntervalSince1970: 1_795_305_599)  // 2026-11-21 23:59:59 UTC
        let atMidnight = Date(timeIntervalSince1970: 1_795_305_600)  // 2026-11-22 00:00:00 UTC
        #expect(RequestBudget.day(of: atMidnight) == RequestBudget.day(of: beforeMidnight) + 1)
        #expect(RequestBudget.day(of: beforeMidnight) == 20_778)
    }

    @Test("automatic syncs run daily, and when opening finds data over 4 hours old")
    func schedule() {
        let now = Date(timeIntervalSince1970: 1_795_273_200)
        #expect(SyncSchedule.dailyDue(lastSync: nil, now: now))
        #expect(!SyncSchedule.dailyDue(lastSync: now.addingTimeInterval(-23 * 3_600), now: now))
        #expect(SyncSchedule.dailyDue(lastSync: now.addingTimeInterval(-24 * 3_600), now: now))
        #expect(!SyncSchedule.isStale(lastSync: now.addingTimeInterval(-4 * 3_600), now: now))
        #expect(SyncSchedule.isStale(lastSync: now.addingTimeInterval(-4 * 3_600 - 1), now: now))
    }
}
