import Foundation
import SQLKit
import Testing
import VaultCore
import VaultTestSupport

@testable import VaultStore

@Suite struct TransactionRepositoryTests {
    /// A household with checking, a card and a small, varied month of transactions.
    struct Sample {
        let household: Household
        let checking: Account
        let card: Account
        let dining: VaultCore.Category
        let transactions: [Transaction]
    }

    func makeSample(_ database: VaultDatabase) async throws -> Sample {
        let household = Fixture.household()
        let checking = Fixture.account(in: household.id, name: "Checking")
        let card = Fixture.account(in: household.id, name: "Card", kind: .creditCard)
        let dining = Fixture.category(in: household.id, name: "Dining")
        let transactions = [
            Fixture.transaction(
                in: checking, date: "2026-10-31", cents: -1_000, description: "TRADER JOE'S #552", tags: ["Groceries"]),
            Fixture.transaction(in: checking, date: "2026-11-01", cents: 250_000, description: "ACME PAYROLL"),
            Fixture.transaction(
                in: card, date: "2026-11-02", cents: -1_250, description: "Café Luna", category: dining.id,
                tags: ["coffee", "work"]),
            Fixture.transaction(
                in: checking, date: "2026-11-15", cents: -50_000, description: "Payment to card",
                classification: .transfer),
            Fixture.transaction(
                in: card, date: "2026-11-15", cents: 50_000, description: "Payment received", classification: .transfer),
            Fixture.transaction(
                in: card, date: "2026-11-30", cents: -3_999, description: "Pizza Palace", category: dining.id),
            Fixture.transaction(in: checking, date: "2026-12-01", cents: -700, description: "Parking"),
        ]
        try await database.households.create(household, actor: .system) { session async throws in
            try await session.accounts.insert(checking)
            try await session.accounts.insert(card)
            try await session.categories.insert(dining)
            try await session.transactions.insert(transactions)
        }
        return Sample(household: household, checking: checking, card: card, dining: dining, transactions: transactions)
    }

    func descriptions(
        _ database: VaultDatabase, _ sample: Sample, _ filter: TransactionFilter, page: Int = 1, size: Int = 50
    ) async throws -> [String] {
        try await database.read(household: sample.household.id) { session async throws in
            try await session.transactions.list(filter, page: PageRequest(number: page, size: size)!).items.map(
                \.description)
        }
    }

    @Test("a transaction reads back exactly as written, tags in order", arguments: TestBackend.enabled)
    func roundTrip(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let sample = try await makeSample(database)
            var original = sample.transactions[2]
            original.postedAt = Date(timeIntervalSince1970: 1_793_577_600)
            original.memo = "table 4"
            original.paymentFlag = .paid
            original.reimbursementFlag = .unreimbursed
            try await database.write(household: sample.household.id, actor: .commandLine) { session async throws in
                #expect(
                    Set(try await session.transactions.update(original)) == [
                        "postedAt", "memo", "paymentFlag", "reimbursementFlag",
                    ])
            }
            let stored = try await database.read(household: sample.household.id) {
                try await $0.transactions.find(original.id)
            }
            #expect(stored == original)
            #expect(stored?.tags == ["coffee", "work"])
        }
    }

    @Test(
        "filters: dates inclusive, folded search, accounts, category, transfers, tags", arguments: TestBackend.enabled)
    func filters(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let s = try await makeSample(database)
            let november = TransactionFilter(from: LocalDate(iso: "2026-11-01"), through: LocalDate(iso: "2026-11-30"))
            let listed = try await descriptions(database, s, november)
            #expect(listed == ["Pizza Palace", "Café Luna", "ACME PAYROLL"])
            var withTransfers = november
            withTransfers.includeTransfers = true
            #expect(try await descriptions(database, s, withTransfers).count == 5)
            #expect(
                try await descriptions(database, s, TransactionFilter(search: "trader joes")) == ["TRADER JOE'S #552"])
            #expect(try await descriptions(database, s, TransactionFilter(search: "CAFE-luna!")) == ["Café Luna"])
            #expect(
                try await descriptions(database, s, TransactionFilter(search: "%")).count == 5,
                "a search of only punctuation matches all")
            #expect(
                try await descriptions(database, s, TransactionFilter(accountIDs: [s.card.id])) == [
                    "Pizza Palace", "Café Luna",
                ])
            #expect(
                try await descriptions(database, s, TransactionFilter(categoryIDs: [s.dining.id])) == [
                    "Pizza Palace", "Café Luna",
                ])
            #expect(try await descriptions(database, s, TransactionFilter(categoryIDs: [])) == [])
            #expect(try await descriptions(database, s, TransactionFilter(uncategorizedOnly: true)).count == 3)
            #expect(
                try await descriptions(database, s, TransactionFilter(tags: ["coffee", "nothing"])) == ["Café Luna"])
        }
    }

    @Test("the store's filter agrees with the filter's own test on every row", arguments: TestBackend.enabled)
    func storeMatchesDomain(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let s = try await makeSample(database)
            let filters = [
                TransactionFilter(from: LocalDate(iso: "2026-11-15"), includeTransfers: true),
                TransactionFilter(search: "pay", includeTransfers: true),
                TransactionFilter(search: "pay"),
                TransactionFilter(through: LocalDate(iso: "2026-11-01"), accountIDs: [s.checking.id]),
                TransactionFilter(categoryIDs: [s.dining.id], tags: ["work"]),
            ]
            for filter in filters {
                let expected = s.transactions.filter(filter.matches).sorted { ($0.date, $0.id) > ($1.date, $1.id) }.map(
                    \.description)
                #expect(try await descriptions(database, s, filter) == expected)
            }
        }
    }

    @Test(
        "a search finds rows through the trigram index as they are written, changed and deleted, in this household only",
        arguments: TestBackend.enabled)
    func searchIndex(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let s = try await makeSample(database)
            let other = Fixture.household(name: "Other")
            let theirs = Fixture.account(in: other.id, name: "Theirs")
            // More matches than the index hands over: the search scans instead, with the same answer.
            let common = (0..<(TransactionRepository.searchCandidateLimit + 5)).map { index in
                Fixture.transaction(
                    in: theirs, date: LocalDate(iso: "2020-01-01")!.adding(days: index % 900).description, cents: -100,
                    description: "Luna Coffee \(index)")
            }
            try await database.households.create(other, actor: .system) { session async throws in
                try await session.accounts.insert(theirs)
                try await session.transactions.insert(common)
            }
            func found(_ text: String, in household: Household.ID) async throws -> [String] {
                try await database.read(household: household) { session async throws in
                    try await session.transactions.list(
                        TransactionFilter(search: text, includeTransfers: true), page: PageRequest(number: 1, size: 50)!
                    ).items.map(\.description)
                }
            }
            if backend == .postgres {
                // PostgreSQL's index is pg_trgm's (migration 0019), in this test's schema.
                let indexes = try await database.withConnection { sql in
                    try await sql.raw(
                        """
                        SELECT indexdef FROM pg_indexes
                        WHERE indexname = 'transactions_search_trigram' AND schemaname = current_schema()
                        """
                    ).all().map { try $0.decode(column: "indexdef", as: String.self) }
                }
                #expect(indexes.count == 1 && indexes[0].contains("gin_trgm_ops"), "\(indexes)")
            }
            #expect(try await found("luna", in: s.household.id) == ["Café Luna"])
            #expect(try await found("cafe", in: s.household.id) == ["Café Luna"])
            #expect(try await found("ayr", in: s.household.id) == ["ACME PAYROLL"])
            #expect(try await found("luna coffee 2004", in: other.id) == ["Luna Coffee 2004"])
            #expect(try await found("luna coffee 12", in: other.id).count == 50)
            let theirCount = try await database.read(household: other.id) { session async throws in
                try await session.transactions.count(TransactionFilter(search: "luna", includeTransfers: true))
            }
            #expect(theirCount == common.count)

            var renamed = try #require(s.transactions.first { $0.description == "Café Luna" })
            renamed.description = "Corner Deli"
            let deleted = try #require(s.transactions.first { $0.description == "ACME PAYROLL" })
            try await database.write(household: s.household.id, actor: .commandLine) { session async throws in
                try await session.transactions.update(renamed)
                #expect(try await session.transactions.delete(deleted.id))
            }
            #expect(try await found("luna", in: s.household.id) == [])
            #expect(try await found("deli", in: s.household.id) == ["Corner Deli"])
            #expect(try await found("ayr", in: s.household.id) == [])
            #expect(try await found("nothing like it", in: s.household.id) == [])
        }
    }

    @Test(
        "a long list is counted to the next thousand past the page, which says so; near its end exactly",
        arguments: TestBackend.enabled)
    func boundedCount(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let household = Fixture.household()
            let checking = Fixture.account(in: household.id, name: "Checking")
            let transactions = (0..<2_060).map { index in
                Fixture.transaction(
                    in: checking, date: LocalDate(iso: "2020-01-01")!.adding(days: index).description, cents: -100)
            }
            try await database.households.create(household, actor: .system) { session async throws in
                try await session.accounts.insert(checking)
                try await session.transactions.insert(transactions)
            }
            func page(_ number: Int) async throws -> Page<Transaction> {
                try await database.read(household: household.id) { session async throws in
                    try await session.transactions.list(
                        TransactionFilter(), page: PageRequest(number: number, size: 50)!)
                }
            }
            let first = try await page(1)
            #expect((first.totalCount, first.countIsExact, first.countText) == (1_000, false, "1,000+"))
            #expect(first.pageCount == 20)
            #expect(first.hasNext)
            // Page 20 ends at the 1,000th: counted to 2,000, still more.
            let twentieth = try await page(20)
            #expect((twentieth.totalCount, twentieth.countIsExact, twentieth.pageCount) == (2_000, false, 40))
            // From page 21 the count reaches the end: exact.
            let last = try await page(42)
            #expect((last.totalCount, last.countIsExact, last.countText) == (2_060, true, "2,060"))
            #expect(last.pageCount == 42)
            #expect(last.items.count == 10)
            #expect(!last.hasNext)
            #expect(
                try await database.read(household: household.id) {
                    try await $0.transactions.count(TransactionFilter())
                } == 2_060)
        }
    }

    @Test("sorting is by date then id, and pages split the list with a total", arguments: TestBackend.enabled)
    func sortingAndPaging(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let s = try await makeSample(database)
            var filter = TransactionFilter(includeTransfers: true, sort: .oldestFirst)
            let all = try await descriptions(database, s, filter)
            #expect(all.first == "TRADER JOE'S #552")
            #expect(all.last == "Parking")
            let page2 = try await database.read(household: s.household.id) { session async throws in
                try await session.transactions.list(filter, page: PageRequest(number: 2, size: 3)!)
            }
            #expect(page2.totalCount == 7)
            #expect(page2.pageCount == 3)
            #expect(page2.items.map(\.description) == Array(all[3..<6]))
            filter.sort = .newestFirst
            #expect(try await descriptions(database, s, filter) == all.reversed())
            #expect(try await descriptions(database, s, filter, page: 9, size: 5) == [])
        }
    }

    @Test("bulk insert stores thousands of rows with tags and logs each", arguments: TestBackend.enabled)
    func bulkInsert(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let household = Fixture.household()
            let account = Fixture.account(in: household.id)
            try await database.households.create(household, actor: .system) { try await $0.accounts.insert(account) }
            let start = LocalDate(iso: "2020-01-01")!
            let rows = (0..<5_000).map { index in
                Fixture.transaction(
                    in: account, date: start.adding(days: index % 2_000).description, cents: Int64(-index - 1),
                    description: "Row \(index)", tags: index % 10 == 0 ? ["tenth"] : [],
                    source: .bank, bankID: "bank-\(index)")
            }
            try await database.write(household: household.id, actor: .commandLine) {
                try await $0.transactions.insert(rows)
            }
            try await database.read(household: household.id) { session async throws in
                #expect(try await session.transactions.count(TransactionFilter()) == 5_000)
                #expect(try await session.transactions.count(TransactionFilter(tags: ["tenth"])) == 500)
                #expect(try await session.changes(limit: 10_000).count == 5_002)
            }
        }
    }

    @Test(
        "rows read back with their own tags, read by id or as all of the household's tags, never another's",
        arguments: TestBackend.enabled)
    func tagsOfRowsRead(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let sample = try await makeSample(database)
            // Another household tags rows too; none of its tags may turn up.
            let other = try await makeSample(database)
            let tagged = (0..<1_100).map { (index: Int) -> Transaction in
                let tags: [String] = index % 3 == 0 ? ["t\(index % 7)", "all"] : []
                return Fixture.transaction(
                    in: sample.checking, date: "2026-09-01", cents: Int64(-index - 1), description: "Tagged \(index)",
                    tags: tags)
            }
            try await database.write(household: sample.household.id, actor: .commandLine) {
                try await $0.transactions.insert(tagged)
            }
            let expected = Dictionary(uniqueKeysWithValues: (sample.transactions + tagged).map { ($0.id, $0.tags) })
            try await database.read(household: sample.household.id) { session async throws in
                // 737 tags against 1,107 rows read: all of the household's tags in one statement.
                let all = try await session.transactions.chunk(after: nil, limit: 2_000)
                #expect(all.count == 1_107)
                #expect(all.allSatisfy { expected[$0.id] == $0.tags })
                // A handful of rows: by their ids.
                let some = try await session.transactions.find([tagged[6].id, sample.transactions[2].id])
                #expect(Set(some.map(\.tags)) == [["t6", "all"], ["coffee", "work"]])
            }
            try await database.read(household: other.household.id) { session async throws in
                let all = try await session.transactions.chunk(after: nil, limit: 2_000)
                #expect(
                    all.map(\.tags) == other.transactions.sorted { ($0.date, $0.id) < ($1.date, $1.id) }.map(\.tags))
                // Asked about every row of the database, more than its own tags: all of its tags, and only its own.
                let rows = try await session.sql.raw("SELECT id FROM transactions").all()
                #expect(rows.count == 1_114)
                #expect(try await session.transactions.tagRows(of: rows).count == 3)
            }
        }
    }

    @Test(
        "a sync's stored rows, by date and by bank id over several accounts: each row once, only what was asked",
        arguments: TestBackend.enabled)
    func bankRowsForSeveralAccounts(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let s = try await makeSample(database)
            let early = Fixture.transaction(in: s.checking, date: "2026-11-03", cents: -1, source: .bank, bankID: "C-1")
            let late = Fixture.transaction(in: s.checking, date: "2026-11-20", cents: -2, source: .bank, bankID: "C-2")
            let card = Fixture.transaction(in: s.card, date: "2026-11-05", cents: -3, source: .bank, bankID: "K-1")
            let cardLater = Fixture.transaction(in: s.card, date: "2026-11-25", cents: -4, source: .bank, bankID: "K-2")
            try await database.write(household: s.household.id, actor: .commandLine) { session async throws in
                try await session.transactions.insert([early, late, card, cardLater])
            }
            let (byDate, byBankID) = try await database.read(household: s.household.id) { session async throws in
                let day = { (text: String) in LocalDate(iso: text)! }
                let byDate = try await session.transactions.bankTransactions(in: [
                    // Two spans of checking that overlap on `early`; the sample's manual rows are not bank rows.
                    .init(account: s.checking.id, from: day("2026-10-01"), through: day("2026-11-10")),
                    .init(account: s.checking.id, from: day("2026-11-01"), through: day("2026-11-21")),
                    .init(account: s.card.id, from: day("2026-11-01"), through: day("2026-11-10")),
                ])
                let byBankID = try await session.transactions.bankTransactions(bankIDs: [
                    s.checking.id: ["C-2", "K-1"], s.card.id: ["K-1", "C-9"],
                ])
                return (byDate, byBankID)
            }
            #expect(Set(byDate.map(\.id)) == [early.id, late.id, card.id])
            #expect(byDate.count == 3)
            #expect(Set(byBankID.map(\.id)) == [late.id, card.id])
            #expect(byBankID.count == 2)
        }
    }

    // SQLite's rows are the store's own (`SQLiteRowValues`); PostgreSQL's are the driver's.
    @Test(
        "a column a query did not select reads as absent, or as an error that is not the client's",
        arguments: TestBackend.enabled.filter { $0 == .sqlite })
    func missingColumn(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let s = try await makeSample(database)
            try await database.read(household: s.household.id) { session async throws in
                let row = try #require(
                    try await session.sql.raw(
                        "SELECT id FROM transactions WHERE household_id = \(bind: session.household)"
                    )
                    .first())
                #expect(try row.optionalText("payee") == nil)
                #expect(try row.optionalInt("posted_at") == nil)
                do {
                    _ = try row.text("payee")
                    Issue.record("a missing column was read")
                } catch {
                    #expect(!(error is DecodingError))
                }
            }
        }
    }

    @Test("a bank id is unique within its account", arguments: TestBackend.enabled)
    func bankIdentity(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let s = try await makeSample(database)
            let first = Fixture.transaction(
                in: s.checking, date: "2026-11-02", cents: -1, source: .bank, bankID: "TX-1")
            let again = Fixture.transaction(
                in: s.checking, date: "2026-11-02", cents: -1, source: .bank, bankID: "TX-1")
            let otherAccount = Fixture.transaction(
                in: s.card, date: "2026-11-02", cents: -1, source: .bank, bankID: "TX-1")
            try await database.write(household: s.household.id, actor: .commandLine) { session async throws in
                try await session.transactions.insert([first, otherAccount])
            }
            await expectStoreError(.duplicate) {
                try await database.write(household: s.household.id, actor: .commandLine) {
                    try await $0.transactions.insert(again)
                }
            }
        }
    }

    @Test("deleting an account deletes its transactions and their tags", arguments: TestBackend.enabled)
    func cascade(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let s = try await makeSample(database)
            try await database.write(household: s.household.id, actor: .commandLine) { session async throws in
                #expect(try await session.accounts.delete(s.card.id))
            }
            try await database.read(household: s.household.id) { session async throws in
                #expect(try await session.transactions.count(TransactionFilter(includeTransfers: true)) == 4)
                #expect(try await session.transactions.count(TransactionFilter(tags: ["coffee"])) == 0)
                let deletions = try await session.changes(limit: 1_000).filter { $0.operation == .delete }
                #expect(Set(deletions.map(\.entity)) == ["account", "transaction"])
                #expect(
                    deletions.filter { $0.entity == "transaction" }.count == 3, "each cascaded transaction is logged")
            }
        }
    }
}
