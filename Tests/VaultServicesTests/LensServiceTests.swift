import Foundation
import Testing
import VaultCore
import VaultServices
import VaultStore
import VaultTestSupport

/// A 50/30/20 segment's list (issue 20): its count comes from the month's groups and its rows are read from the
/// database a window at a time in the segment's order, so every page must still be the slice of one list sorted by
/// what each transaction adds, newest first among equals, holding each of the segment's transactions once.
@Suite struct LensServiceTests {
    @Test(
        "a busy month's segments, page by page, hold each transaction once, largest first, adding up to the lens",
        arguments: TestBackend.enabled)
    func pagedSegments(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let f = try await ServiceFixture.make(database)
            _ = try await HouseholdGenerator(scope: f.scope).generate(transactions: 15_000, years: 1, seed: 11)
            // Written in large sessions, the change log still numbers every change once, without gaps.
            let sequences = try await database.read(household: f.household.id) {
                try await $0.changes(limit: 100_000).map(\.sequence)
            }
            #expect(sequences.count > 15_000 && sequences == Array(1...Int64(sequences.count)))
            let newest = try #require(try await f.scope.transactions.list(TransactionQuery(pageSize: 1)).items.first)
            let month = CalendarMonth(containing: newest.transaction.date).previous.description
            // One choice per bucket by hand, so a chosen row sits among the automatic ones.
            let candidates = try await f.scope.lens.segment(
                month, bucket: .want, page: try #require(.init(number: 1, size: 3)))
            for (entry, bucket) in zip(candidates.entries.items, [LensBucket.need, .savings]) {
                try await f.scope.lens.choose(transaction: entry.transaction.id.description, as: bucket)
            }
            let report = try await f.scope.reports.lens(month)
            var listedIn: [Transaction.ID: LensBucket] = [:]
            var lengths: [LensBucket: Int] = [:]
            for bucket in LensBucket.allCases {
                var entries: [LensService.Entry] = []
                var number = 1
                while true {
                    let page = try await f.scope.lens.segment(
                        month, bucket: bucket, page: try #require(.init(number: number, size: 150)))
                    #expect(page.entries.items.allSatisfy { $0.placement.bucket == bucket })
                    entries += page.entries.items
                    if page.entries.items.count < 150 {
                        #expect(entries.count == page.entries.totalCount, "\(bucket): the count is the rows listed")
                        break
                    }
                    number += 1
                }
                lengths[bucket] = entries.count
                let keys = entries.map { ($0.placement.minorUnits, $0.transaction.date, $0.transaction.id) }
                #expect(zip(keys, keys.dropFirst()).allSatisfy { $1 < $0 }, "\(bucket): largest, then newest, first")
                for entry in entries { #expect(listedIn.updateValue(bucket, forKey: entry.transaction.id) == nil) }
                // Needs and wants are the sum of their rows; savings are counted net per account in the lens.
                if bucket != .savings {
                    let sum = entries.reduce(Int64(0)) { $0 + $1.placement.minorUnits }
                    #expect(report.segments.first { $0.bucket == bucket }?.amount.minorUnits == sum)
                }
            }
            #expect(lengths.values.reduce(0, +) > 1_024, "\(lengths): the month is read in more than one window")
            #expect(lengths[.want, default: 0] > 0 && lengths[.savings, default: 0] > 0)
            // Each transaction's own lens view agrees with the segment it was listed in.
            for (id, bucket) in listedIn.sorted(by: { $0.key < $1.key }).prefix(40) {
                #expect(try await f.scope.lens.entry(of: id.description)?.placement.bucket == bucket)
            }
        }
    }
}
