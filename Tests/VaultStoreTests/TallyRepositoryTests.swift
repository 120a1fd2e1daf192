import Foundation
import Testing
import VaultCore
import VaultTestSupport

@testable import VaultStore

/// Tallies by month are summed from the database's tallies by day: the same sums and counts as by day, and a month
/// past 64-bit minor units is an error, never a crash.
@Suite struct TallyRepositoryTests {
    @Test(
        "months sum their days per account and category; a month too large to sum is refused",
        arguments: TestBackend.enabled)
    func months(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let household = Fixture.household()
            let checking = Fixture.account(in: household.id)
            let dining = Fixture.category(in: household.id, name: "Dining")
            let huge = Fixture.account(in: household.id, name: "Huge")
            let rows = [
                Fixture.transaction(in: checking, date: "2026-10-31", cents: -700, category: dining.id),
                Fixture.transaction(in: checking, date: "2026-11-01", cents: -1_250, category: dining.id),
                Fixture.transaction(in: checking, date: "2026-11-01", cents: -50, category: dining.id),
                Fixture.transaction(in: checking, date: "2026-11-30", cents: -3_000, category: dining.id),
                Fixture.transaction(in: checking, date: "2026-11-12", cents: -999),
                Fixture.transaction(in: huge, date: "2026-12-01", cents: -5_000_000_000_000_000_000),
                Fixture.transaction(in: huge, date: "2026-12-02", cents: -5_000_000_000_000_000_000),
            ]
            try await database.households.create(household, actor: .system) { session async throws in
                try await session.accounts.insert(checking)
                try await session.accounts.insert(huge)
                try await session.categories.insert(dining)
                try await session.transactions.insert(rows)
            }
            try await database.read(household: household.id) { session async throws in
                let november = TransactionFilter(
                    from: LocalDate(iso: "2026-10-01")!, through: LocalDate(iso: "2026-11-30")!)
                let months = try await session.tallies.tallies(november, grouping: .month)
                    .map {
                        "\($0.date!) \($0.categoryID == dining.id ? "dining" : "none") \($0.minorUnits) \($0.count)"
                    }
                #expect(
                    months.sorted() == [
                        "2026-10-01 dining -700 1", "2026-11-01 dining -4300 3", "2026-11-01 none -999 1",
                    ])
                let december = TransactionFilter(
                    from: LocalDate(iso: "2026-12-01")!, through: LocalDate(iso: "2026-12-31")!)
                #expect(try await session.tallies.tallies(december, grouping: .day).count == 2)
                await #expect(throws: MoneyError.overflow) {
                    _ = try await session.tallies.tallies(december, grouping: .month)
                }
            }
        }
    }
}
