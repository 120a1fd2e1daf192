import Foundation
import Testing
import VaultCore
import VaultServices
import VaultStore
import VaultTestSupport

/// The tag and flag filters of `TransactionService.list`, checked and read as typed, the tag counts, and the
/// month report narrowed to tags.
@Suite struct TransactionServiceFilterTests {
    /// Cash with four expenses: tagged and flagged in different ways.
    static func sample(_ database: VaultDatabase) async throws -> ServiceFixture {
        let f = try await ServiceFixture.make(database)
        for (amount, description, tags, payment, reimbursement) in [
            ("-1", "Coffee", "Coffee", "paid", ""),
            ("-2", "Client lunch", "work, Lunch", "unpaid", "unreimbursed"),
            ("-3", "Taxi", "work", "", "reimbursed"),
            ("-4", "Groceries", "", "", ""),
        ] {
            _ = try await f.scope.transactions.add(
                TransactionInput(
                    amount: amount, account: "Cash", description: description, tags: tags, payment: payment,
                    reimbursement: reimbursement))
        }
        return f
    }

    func descriptions(_ f: ServiceFixture, _ query: TransactionQuery) async throws -> Set<String> {
        Set(try await f.scope.transactions.list(query).items.map(\.transaction.description))
    }

    @Test(
        "tags are matched as stored (trimmed, lower case), any of several, commas splitting a value",
        arguments: TestBackend.enabled)
    func tags(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let f = try await Self.sample(database)
            #expect(try await descriptions(f, TransactionQuery(tags: [" COFFEE "])) == ["Coffee"])
            #expect(
                try await descriptions(f, TransactionQuery(tags: ["coffee", "lunch"])) == ["Coffee", "Client lunch"])
            #expect(
                try await descriptions(f, TransactionQuery(tags: ["coffee, work"])) == [
                    "Coffee", "Client lunch", "Taxi",
                ])
            #expect(try await descriptions(f, TransactionQuery(tags: [""])).count == 4)
        }
    }

    @Test("flags: a value, none for not set, empty for any, in any case", arguments: TestBackend.enabled)
    func flags(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let f = try await Self.sample(database)
            #expect(try await descriptions(f, TransactionQuery(payment: "Unpaid")) == ["Client lunch"])
            #expect(try await descriptions(f, TransactionQuery(payment: "none")) == ["Taxi", "Groceries"])
            #expect(try await descriptions(f, TransactionQuery(payment: "")).count == 4)
            #expect(try await descriptions(f, TransactionQuery(reimbursement: "reimbursed")) == ["Taxi"])
            #expect(try await descriptions(f, TransactionQuery(reimbursement: "NONE")) == ["Coffee", "Groceries"])
            #expect(
                try await descriptions(
                    f, TransactionQuery(tags: ["work"], payment: "none", reimbursement: "reimbursed"))
                    == ["Taxi"])
        }
    }

    @Test(
        "unknown flag values are refused together, each message naming the accepted words",
        arguments: TestBackend.enabled)
    func unknownFlags(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let f = try await Self.sample(database)
            do {
                _ = try await f.scope.transactions.list(
                    TransactionQuery(payment: "reimbursed", reimbursement: "maybe", page: 0))
                Issue.record("unknown flag values were accepted")
            } catch let error as VaultError {
                #expect(Set(error.problems.map(\.field)) == ["payment", "reimbursement", "page"])
                let messages = Dictionary(uniqueKeysWithValues: error.problems.map { ($0.field, $0.message) })
                #expect(messages["payment"]?.contains("use paid, unpaid or none") == true)
                #expect(messages["reimbursement"]?.contains("use reimbursed, unreimbursed or none") == true)
                #expect(messages["payment"]?.hasPrefix("'reimbursed' is not a payment filter") == true)
            }
        }
    }

    @Test("tag counts: every tag with its count, most used first", arguments: TestBackend.enabled)
    func tagCounts(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let f = try await Self.sample(database)
            #expect(
                try await f.scope.transactions.tagCounts() == [
                    TagStat(tag: "work", count: 2), TagStat(tag: "coffee", count: 1), TagStat(tag: "lunch", count: 1),
                ])
        }
    }

    @Test(
        "the month report narrowed to tags counts only tagged rows, the months before too",
        arguments: TestBackend.enabled)
    func monthByTag(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let scope = try await ReportServiceTests.handChecked(database)
            // Tagged family: the 200.00 grocery run and the 25.00 mystery, both in November.
            let family = try await scope.reports.month("2026-11", seriesMonths: 2, tags: ["Family"])
            #expect(family.spending.decimalString == "225.00")
            #expect(family.income.isZero)
            #expect(family.spendingCount == 2)
            #expect(family.spendingByCategory.map(\.name) == ["Groceries", "Uncategorized"])
            #expect(family.series.map(\.spending.decimalString) == ["0.00", "225.00"])
            let nobody = try await scope.reports.month("2026-11", tags: ["nobody"])
            #expect(nobody.spending.isZero)
            #expect(try await scope.reports.month("2026-11", tags: []).spending.decimalString == "1740.00")
        }
    }

    @Test(
        "the month report narrowed to a flag counts only rows with it, or without one for none",
        arguments: TestBackend.enabled)
    func monthByFlag(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let f = try await Self.sample(database)
            let month = try await f.scope.reports.month(nil, seriesMonths: 1).month.description
            func spending(payment: String? = nil, reimbursement: String? = nil) async throws -> String {
                try await f.scope.reports.month(month, seriesMonths: 1, payment: payment, reimbursement: reimbursement)
                    .spending.decimalString
            }
            #expect(try await spending() == "10.00")
            #expect(try await spending(payment: "paid") == "1.00")
            #expect(try await spending(payment: "none") == "7.00")
            #expect(try await spending(reimbursement: "reimbursed") == "3.00")
            #expect(try await spending(payment: "unpaid", reimbursement: "unreimbursed") == "2.00")
            await expectVaultError(.invalidInput, "not a payment filter") {
                _ = try await f.scope.reports.month(month, payment: "later")
            }
        }
    }
}
