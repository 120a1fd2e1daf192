import Foundation
import Testing
import VaultCore
import VaultTestSupport

@testable import VaultStore

/// The tag and flag filters of `TransactionRepository.list` and `count`, and the tag counts (TagStat).
@Suite struct TransactionRepositoryFiltersTests {
    /// Five expenses covering each flag value and no flag, with overlapping tags.
    struct Sample {
        let household: Household
        let transactions: [Transaction]
    }

    func makeSample(_ database: VaultDatabase) async throws -> Sample {
        let household = Fixture.household()
        let checking = Fixture.account(in: household.id, name: "Checking")
        func expense(
            _ description: String, tags: [String], _ payment: PaymentFlag?, _ reimbursement: ReimbursementFlag?,
            day: Int
        ) -> Transaction {
            var transaction = Fixture.transaction(
                in: checking, date: "2026-11-\(10 + day)", cents: -1_000 * Int64(day), description: description,
                tags: tags)
            transaction.paymentFlag = payment
            transaction.reimbursementFlag = reimbursement
            return transaction
        }
        let transactions = [
            expense("Coffee", tags: ["coffee"], .paid, nil, day: 1),
            expense("Lunch with client", tags: ["work", "lunch"], .unpaid, .unreimbursed, day: 2),
            expense("Taxi to airport", tags: ["work", "travel"], .paid, .reimbursed, day: 3),
            expense("Groceries", tags: [], nil, nil, day: 4),
            expense("Conference coffee", tags: ["coffee", "work"], nil, .reimbursed, day: 5),
        ]
        try await database.households.create(household, actor: .system) { session async throws in
            try await session.accounts.insert(checking)
            try await session.transactions.insert(transactions)
        }
        return Sample(household: household, transactions: transactions)
    }

    /// The descriptions a filter lists, in date order (oldest first), with the store's count alongside.
    func listed(_ database: VaultDatabase, _ sample: Sample, _ filter: TransactionFilter) async throws -> [String] {
        var filter = filter
        filter.sort = .oldestFirst
        return try await database.read(household: sample.household.id) { session async throws in
            let page = try await session.transactions.list(filter, page: PageRequest(number: 1, size: 50)!)
            #expect(try await session.transactions.count(filter) == page.items.count)
            #expect(page.totalCount == page.items.count)
            return page.items.map(\.description)
        }
    }

    @Test("tags: a transaction with any of the given tags is listed, once", arguments: TestBackend.enabled)
    func anyOfTags(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let s = try await makeSample(database)
            #expect(try await listed(database, s, TransactionFilter(tags: ["travel"])) == ["Taxi to airport"])
            #expect(
                try await listed(database, s, TransactionFilter(tags: ["coffee", "travel"])) == [
                    "Coffee", "Taxi to airport", "Conference coffee",
                ])
            // Carrying both tags still lists the row once.
            #expect(
                try await listed(database, s, TransactionFilter(tags: ["coffee", "work"])) == [
                    "Coffee", "Lunch with client", "Taxi to airport", "Conference coffee",
                ])
            #expect(try await listed(database, s, TransactionFilter(tags: ["nobody uses this"])) == [])
        }
    }

    @Test(
        "tags with a search list the rows carrying both; totals by tag count the tagged rows alone",
        arguments: TestBackend.enabled)
    func tagsWithSearchAndTotals(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let s = try await makeSample(database)
            // Another household's rows with the same tags and words are never counted.
            _ = try await makeSample(database)
            #expect(
                try await listed(database, s, TransactionFilter(search: "coffee", tags: ["work"])) == [
                    "Conference coffee"
                ])
            #expect(try await listed(database, s, TransactionFilter(search: "taxi", tags: ["coffee"])) == [])
            let counts = try await database.read(household: s.household.id) { session async throws in
                (
                    work: try await session.tallies.tallies(TransactionFilter(tags: ["work"]), grouping: .none)
                        .reduce(0) { $0 + $1.count },
                    nobody: try await session.tallies.tallies(
                        TransactionFilter(tags: ["nobody uses this"]), grouping: .month
                    ).count
                )
            }
            #expect(counts.work == 3)
            #expect(counts.nobody == 0)
        }
    }

    @Test(
        "a tag on more rows than an index lookup takes is still counted row by row, every tagged row once",
        arguments: TestBackend.enabled)
    func commonTag(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let household = Fixture.household()
            let checking = Fixture.account(in: household.id, name: "Checking")
            let tagged = TransactionRepository.searchCandidateLimit + 1
            let transactions = (0...tagged).map { index in
                Fixture.transaction(
                    in: checking, date: "2026-11-\(10 + index % 10)", cents: -100 - Int64(index),
                    description: "Coffee \(index)", tags: index < tagged ? ["daily"] : [])
            }
            try await database.households.create(household, actor: .system) { session async throws in
                try await session.accounts.insert(checking)
                try await session.transactions.insert(transactions)
            }
            try await database.read(household: household.id) { session async throws in
                let filter = TransactionFilter(tags: ["daily"])
                #expect(try await session.transactions.count(filter) == tagged)
                let total = try await session.tallies.tallies(filter, grouping: .none).reduce(0) { $0 + $1.count }
                #expect(total == tagged)
                // With a search, the rows carrying the tag and the word.
                #expect(
                    try await session.transactions.count(TransactionFilter(search: "coffee 200", tags: ["daily"])) == 2)
            }
        }
    }

    @Test(
        "payment flag: paid, unpaid and not set each list their own rows",
        arguments: TestBackend.enabled,
        [
            (FlagFilter<PaymentFlag>.flagged(.paid), ["Coffee", "Taxi to airport"]),
            (.flagged(.unpaid), ["Lunch with client"]),
            (.notSet, ["Groceries", "Conference coffee"]),
        ])
    func paymentFlag(backend: TestBackend, case: (flag: FlagFilter<PaymentFlag>, expected: [String])) async throws {
        let (flag, expected) = `case`
        try await backend.withDatabase { database async throws in
            let s = try await makeSample(database)
            var filter = TransactionFilter()
            filter.paymentFlag = flag
            #expect(try await listed(database, s, filter) == expected)
            #expect(s.transactions.filter(filter.matches).map(\.description) == expected)
        }
    }

    @Test(
        "reimbursement flag: reimbursed, unreimbursed and not set each list their own rows",
        arguments: TestBackend.enabled,
        [
            (FlagFilter<ReimbursementFlag>.flagged(.reimbursed), ["Taxi to airport", "Conference coffee"]),
            (.flagged(.unreimbursed), ["Lunch with client"]),
            (.notSet, ["Coffee", "Groceries"]),
        ])
    func reimbursementFlag(
        backend: TestBackend, case: (flag: FlagFilter<ReimbursementFlag>, expected: [String])
    ) async throws {
        let (flag, expected) = `case`
        try await backend.withDatabase { database async throws in
            let s = try await makeSample(database)
            var filter = TransactionFilter()
            filter.reimbursementFlag = flag
            #expect(try await listed(database, s, filter) == expected)
            #expect(s.transactions.filter(filter.matches).map(\.description) == expected)
        }
    }

    @Test("tags and both flags together: every condition must hold", arguments: TestBackend.enabled)
    func combined(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let s = try await makeSample(database)
            var filter = TransactionFilter(tags: ["work"])
            filter.reimbursementFlag = .flagged(.reimbursed)
            #expect(try await listed(database, s, filter) == ["Taxi to airport", "Conference coffee"])
            filter.paymentFlag = .notSet
            #expect(try await listed(database, s, filter) == ["Conference coffee"])
        }
    }

    @Test("tag counts: most used first, ties by name, limited", arguments: TestBackend.enabled)
    func tagCounts(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let s = try await makeSample(database)
            let (all, top) = try await database.read(household: s.household.id) { session async throws in
                (
                    try await session.transactions.tagCounts(limit: 100),
                    try await session.transactions.tagCounts(limit: 2)
                )
            }
            #expect(
                all == [
                    TagStat(tag: "work", count: 3), TagStat(tag: "coffee", count: 2), TagStat(tag: "lunch", count: 1),
                    TagStat(tag: "travel", count: 1),
                ])
            #expect(top == Array(all.prefix(2)))
        }
    }
}
