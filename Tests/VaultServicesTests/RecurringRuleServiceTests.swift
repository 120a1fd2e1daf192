import Foundation
import Testing
import VaultCore
import VaultServices
import VaultStore
import VaultTestSupport

/// Recurring rules (issue 18, spec `expense-tracker.md` 2.6). The fixture's today is 2026-11-21.
@Suite struct RecurringRuleServiceTests {
    /// Rent of 2,500 on the 31st of every month from January 2026, entered on the Add page with recurrence on.
    func rent(_ f: ServiceFixture) async throws -> TransactionService.Listed {
        var input = TransactionInput(
            amount: "-2500", account: "Cash", date: "2026-01-31", category: "housing", description: "Rent",
            tags: "home")
        input.recurrence = .init(cadence: "monthly")
        return try await f.scope.transactions.add(input)
    }

    func dates(_ f: ServiceFixture, rule: String) async throws -> [String] {
        try await f.scope.transactions.list(TransactionQuery(recurringRule: rule, sort: "asc", pageSize: 100)).items
            .map(\.transaction.date.description)
    }

    @Test(
        "an entry saved with recurrence makes the rule, is its template, and generates the rest of the year",
        arguments: TestBackend.enabled)
    func restOfYear(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let f = try await ServiceFixture.make(database)
            let template = try await rent(f)
            let listed = try await f.scope.recurringRules.list()
            #expect(listed.count == 1)
            let rule = try #require(listed.first)
            #expect(rule.summary == "🏠 Rent • $2,500.00 • monthly")
            #expect(rule.instanceCount == 12)
            #expect(rule.rule.generatedThroughYear == 2026)
            let id = rule.rule.id.description
            #expect(
                try await dates(f, rule: id) == [
                    "2026-01-31", "2026-02-28", "2026-03-31", "2026-04-30", "2026-05-31", "2026-06-30", "2026-07-31",
                    "2026-08-31", "2026-09-30", "2026-10-31", "2026-11-30", "2026-12-31",
                ])
            let instances = try await f.scope.transactions.list(TransactionQuery(recurringRule: id, pageSize: 100))
                .items
            #expect(
                instances.allSatisfy {
                    $0.transaction.tags == ["home"] && $0.transaction.amount.decimalString == "-2500.00"
                })
            #expect(instances.filter { $0.transaction.source == .recurring }.count == 11)
            #expect(instances.contains { $0.transaction.id == template.transaction.id })
            // Every entry up to today moved the manual account's balance: 100.00 - 10 × 2,500.00; 30 November and
            // 31 December are scheduled and count from their day (docs/figures.md, "Balance").
            #expect(try await f.balance(of: "Cash") == "-24900.00")
        }
    }

    @Test(
        "Generate Next Year makes next year's instances once; the second run makes none",
        arguments: TestBackend.enabled)
    func nextYear(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let f = try await ServiceFixture.make(database)
            _ = try await rent(f)
            var leap = TransactionInput(amount: "-40", account: "Cash", date: "2024-02-29", description: "Leap fee")
            leap.recurrence = .init(cadence: "yearly")
            _ = try await f.scope.transactions.add(leap)
            let first = try await f.scope.recurringRules.generateNextYear()
            #expect(first.map(\.count).sorted() == [1, 12])
            #expect(first.allSatisfy { $0.years == [2027] })
            let second = try await f.scope.recurringRules.generateNextYear()
            #expect(second.map(\.count) == [0, 0])
            let rules = try await f.scope.recurringRules.list()
            #expect(rules.allSatisfy { $0.rule.generatedThroughYear == 2027 })
            let leapRule = try #require(rules.first { $0.rule.description == "Leap fee" })
            #expect(
                try await dates(f, rule: leapRule.rule.id.description) == [
                    "2024-02-29", "2025-02-28", "2026-02-28", "2027-02-28",
                ])
            let rentRule = try #require(rules.first { $0.rule.description == "Rent" })
            #expect(
                try await dates(f, rule: rentRule.rule.id.description).suffix(3) == [
                    "2027-10-31", "2027-11-30", "2027-12-31",
                ])
        }
    }

    @Test(
        "changing a rule replaces only its untouched instances from today; an edited one is never overwritten",
        arguments: TestBackend.enabled)
    func editRule(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let f = try await ServiceFixture.make(database)
            _ = try await rent(f)
            let rule = try #require(try await f.scope.recurringRules.list().first).rule
            let id = rule.id.description
            let december = try #require(
                try await f.scope.transactions.list(TransactionQuery(from: "2026-12-31", recurringRule: id)).items.first
            )
            _ = try await f.scope.transactions.edit(
                december.transaction.id.description, TransactionChanges(notes: "Paid early"))
            let edited = try await f.scope.recurringRules.edit(id, .init(amount: "-2600"))
            #expect(edited.changed == ["amount"])
            #expect(edited.removed == 1, "only November 30th: December 31st was edited")
            #expect(edited.generated == 1)
            let amounts = try await f.scope.transactions.list(
                TransactionQuery(recurringRule: id, sort: "asc", pageSize: 100)
            ).items.map { "\($0.transaction.date) \($0.transaction.amount.decimalString)" }
            #expect(amounts.count == 12)
            #expect(amounts[9] == "2026-10-31 -2500.00", "the past stays")
            #expect(amounts[10] == "2026-11-30 -2600.00")
            #expect(amounts[11] == "2026-12-31 -2500.00", "edited by a person")
            // A bad change is refused whole
            await #expect(throws: VaultError.self) {
                try await f.scope.recurringRules.edit(id, .init(cadence: "fortnightly", interval: "0"))
            }
            #expect(try await f.scope.recurringRules.find(id).rule.amount.decimalString == "-2600.00")
        }
    }

    @Test(
        "deleting a rule keeps its transactions, or deletes those from today on when asked",
        arguments: TestBackend.enabled)
    func deleteRule(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let f = try await ServiceFixture.make(database)
            _ = try await rent(f)
            var gym = TransactionInput(amount: "-30", account: "Cash", date: "2026-11-01", description: "Gym")
            gym.recurrence = .init(cadence: "weekly")
            _ = try await f.scope.transactions.add(gym)
            let before = try await f.footprint().transactions
            let kept = try await f.scope.recurringRules.delete("Rent", futureTransactions: false)
            #expect(kept.deleted == 0)
            #expect(try await f.footprint().transactions == before)
            let gone = try await f.scope.recurringRules.delete("Gym", futureTransactions: true)
            // Weekly from Sunday November 1st: 1, 8, 15 before today (the 21st); 22, 29, Dec 6 … 27 after it
            #expect(gone.deleted == 6)
            #expect(try await f.footprint().transactions == before - 6)
            #expect(try await f.scope.recurringRules.list().isEmpty)
        }
    }

    @Test(
        "an entry a person deleted or moved stays so when the rule changes or generates again",
        arguments: TestBackend.enabled)
    func deletedAndMovedStay(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let f = try await ServiceFixture.make(database)
            _ = try await rent(f)
            let id = try #require(try await f.scope.recurringRules.list().first).rule.id.description
            let entries = try await f.scope.transactions.list(
                TransactionQuery(from: "2026-11-01", recurringRule: id, sort: "asc", pageSize: 10)
            ).items.map(\.transaction)
            #expect(entries.map(\.date.description) == ["2026-11-30", "2026-12-31"])
            _ = try await f.scope.transactions.delete(entries[0].id.description)  // November skipped
            _ = try await f.scope.transactions.edit(
                entries[1].id.description, TransactionChanges(date: "2027-01-02"))  // December paid late
            _ = try await f.scope.recurringRules.edit(id, .init(tags: "home, rent"))
            _ = try await f.scope.recurringRules.generateNextYear()
            let dates = try await dates(f, rule: id)
            #expect(!dates.contains("2026-11-30"), "the deleted entry does not come back")
            #expect(dates.filter { $0.hasPrefix("2026-12") || $0 == "2027-01-02" } == ["2027-01-02"])
            #expect(dates.filter { $0.hasPrefix("2027-01") } == ["2027-01-02", "2027-01-31"])
            #expect(try await f.scope.recurringRules.find(id).instanceCount == 10 + 1 + 12)
        }
    }

    @Test(
        "a rule switched off and on again a year later carries on from today, without back-filling",
        arguments: TestBackend.enabled)
    func offAndOn(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let clock = TestClock(Fixture.now)
            let scope = try await ServiceFixture.make(database, clock: clock).scope
            var input = TransactionInput(amount: "-50", account: "Cash", date: "2026-11-05", description: "Gym")
            input.recurrence = .init(cadence: "monthly")
            _ = try await scope.transactions.add(input)
            let id = try #require(try await scope.recurringRules.list().first).rule.id.description
            _ = try await scope.recurringRules.edit(id, .init(isEnabled: false))
            clock.advance(days: 500)  // 2028-04-04
            let on = try await scope.recurringRules.edit(id, .init(isEnabled: true))
            #expect(on.rule.generatedThroughYear == 2028)
            _ = try await scope.recurringRules.generateNextYear()
            let dates = try await scope.transactions.list(
                TransactionQuery(recurringRule: id, sort: "asc", pageSize: 100)
            ).items.map(\.transaction.date.description)
            #expect(dates.first == "2026-11-05")
            #expect(!dates.contains { $0.hasPrefix("2027") }, "the year it was off stays empty")
            #expect(dates.filter { $0.hasPrefix("2028") }.first == "2028-04-05")
            #expect(dates.filter { $0.hasPrefix("2029") }.count == 12)
        }
    }

    @Test("a recurrence that cannot be read refuses the entry whole", arguments: TestBackend.enabled)
    func badRecurrence(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let f = try await ServiceFixture.make(database)
            let before = try await f.footprint()
            var input = TransactionInput(amount: "-10", account: "Cash", date: "2026-11-01", description: "Bad")
            input.recurrence = .init(cadence: "fortnightly", interval: "1000", end: "2026-10-01")
            do {
                _ = try await f.scope.transactions.add(input)
                Issue.record("a bad recurrence must be refused")
            } catch let error as VaultError {
                #expect(Set(error.problems.map(\.field)) == ["cadence", "interval", "end"])
            }
            input.recurrence = .init(cadence: "daily", start: "2000-01-01")
            await #expect(throws: VaultError.self) { try await f.scope.transactions.add(input) }
            #expect(try await f.footprint() == before)
        }
    }
}
