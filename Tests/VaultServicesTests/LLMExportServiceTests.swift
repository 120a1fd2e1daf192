import Foundation
import SimpleFIN
import SimpleFINBridge
import Testing
import VaultCore
import VaultServices
import VaultStore
import VaultTestSupport

/// The LLM export over real households: its totals are the month report's, it is byte-for-byte repeatable,
/// exclusions come out of every figure, one household never sees another's, and the demo household's
/// exports are pinned by golden files.
@Suite struct LLMExportServiceTests {
    static func request(
        _ from: String, _ through: String, rounding: String = "off", format: String = "markdown",
        exclude: [String] = []
    ) throws -> LLMExportRequest {
        try LLMExportRequest.parse(from: from, through: through, rounding: rounding, format: format, exclude: exclude)
    }

    @Test("the export's totals equal the month report's", arguments: TestBackend.enabled)
    func totalsMatchMonthReport(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let scope = try await ReportServiceTests.handChecked(database)
            let month = try await scope.reports.month("2026-11")
            let result = try await scope.llmExport.export(try Self.request("2026-11-01", "2026-11-30"))
            #expect(result.export.income == month.income)
            #expect(result.export.expenses == month.spending)
            #expect(result.export.net == month.net)
            let top = month.spendingByCategory.filter { $0.depth == 0 && $0.amount.isPositive }
            #expect(result.export.categories.map(\.name) == top.map(\.name))
            #expect(result.export.categories.map(\.amount) == top.map(\.amount))
            // Two months: the sum of both month reports.
            let october = try await scope.reports.month("2026-10")
            let both = try await scope.llmExport.export(try Self.request("2026-10-01", "2026-11-30"))
            #expect(both.export.income == (try october.income.adding(month.income)))
            #expect(both.export.expenses == (try october.spending.adding(month.spending)))
            #expect(both.export.months.map(\.label) == ["Month 1", "Month 2"])
        }
    }

    @Test(
        "the same input gives the same bytes; names, dates and exact amounts stay out", arguments: TestBackend.enabled)
    func repeatableAndClean(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let scope = try await ReportServiceTests.handChecked(database)
            for format in ["markdown", "json"] {
                let request = try Self.request("2026-10-01", "2026-11-30", rounding: "nearest-10", format: format)
                let first = try await scope.llmExport.export(request)
                let second = try await scope.llmExport.export(request)
                #expect(first.text == second.text)
                #expect(first.check.passed, "\(first.check.summary)")
                for secret in ["First Bank", "Store Co", "ACME", "Bistro", "Grocer", "2026-11", "1740.00", "Checking:"]
                {
                    #expect(!LeakCheck.words(first.text).contains(secret.lowercased()), "\(secret) leaked")
                    #expect(!first.text.contains(secret + " "), "\(secret) leaked")
                }
                #expect(first.text.contains("Asset_A (Checking)") || first.text.contains("\"alias\": \"Asset_A\""))
            }
        }
    }

    @Test("excluded transactions leave every figure; unknown ids are refused", arguments: TestBackend.enabled)
    func exclusion(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let scope = try await ReportServiceTests.handChecked(database)
            let rent = try #require(
                try await scope.transactions.list(TransactionQuery(from: "2026-11-01", search: "rent")).items.first)
            let result = try await scope.llmExport.export(
                try Self.request("2026-11-01", "2026-11-30", exclude: [rent.transaction.id.description]))
            #expect(result.export.expenses.decimalString == "240.00")  // 1,740.00 without the 1,500.00 rent
            #expect(!result.export.categories.contains { $0.name == "Housing" })
            #expect(result.preview.excludedCount == 1)
            let needs = try #require(result.export.budget?.buckets.first { $0.bucket == .need })
            #expect(needs.amount.decimalString == "200.00")  // groceries alone; the rent is out
            let unknown = UUID().uuidString.lowercased()
            await #expect(throws: VaultError.self) {
                _ = try await scope.llmExport.export(try Self.request("2026-11-01", "2026-11-30", exclude: [unknown]))
            }
        }
    }

    @Test(
        "the preview lists payees by count under their most frequent category and the largest amounts, less exclusions",
        arguments: TestBackend.enabled)
    func preview(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let fixture = try await ServiceFixture.make(database)
            let scope = fixture.scope
            var ids: [String] = []
            for (amount, date, payee, category) in [
                ("-12.40", "2026-11-02", "Corner Cafe", "Dining"), ("-8.10", "2026-11-03", "Corner Cafe", "Dining"),
                ("-5.00", "2026-11-04", "Corner Cafe", "Groceries"), ("-310.55", "2026-11-05", "Big Store", nil),
                ("-999.99", "2026-11-06", "Jeweller", nil), ("-40.00", "2026-10-30", "Corner Cafe", "Groceries"),
                ("-77.70", "2026-11-07", "Corner Cafe", "Groceries"),
            ] as [(String, String, String, String?)] {
                let added = try await scope.transactions.add(
                    TransactionInput(amount: amount, account: "Cash", date: date, category: category, payee: payee))
                ids.append(added.transaction.id.description)
            }
            let all = try await scope.llmExport.export(
                try Self.request("2026-11-01", "2026-11-30", rounding: "nearest-10"))
            #expect(
                all.preview.payees.map { "\($0.payee) \($0.category) \($0.count)" } == [
                    "Corner Cafe Category: Dining 4", "Big Store Category: Uncategorized 1",
                    "Jeweller Category: Uncategorized 1",
                ])
            #expect(all.preview.amounts.map(\.original) == ["-$999.99", "-$310.55", "-$77.70"])
            #expect(all.preview.amounts.map(\.shown) == ["-$1,000", "-$310", "-$80"])
            #expect(all.preview.excludedCount == 0)
            // Leaving out the jeweller and one Dining coffee: Groceries is now the café's most frequent category.
            let less = try await scope.llmExport.export(
                try Self.request("2026-11-01", "2026-11-30", rounding: "nearest-10", exclude: [ids[4], ids[0], ids[5]]))
            #expect(
                less.preview.payees.map { "\($0.payee) \($0.category) \($0.count)" } == [
                    "Corner Cafe Category: Groceries 3", "Big Store Category: Uncategorized 1",
                ])
            #expect(less.preview.amounts.map(\.original) == ["-$310.55", "-$77.70", "-$8.10"])
            #expect(less.preview.excludedCount == 2, "the October row is outside the period")
        }
    }

    @Test("another household's transactions cannot be excluded or seen", arguments: TestBackend.enabled)
    func isolation(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let scope = try await ReportServiceTests.handChecked(database)
            let other = try await ServiceFixture.make(database)
            _ = try await other.scope.transactions.add(
                TransactionInput(amount: "-42.00", account: "Cash", date: "2026-11-03", description: "Secret Shop"))
            let theirs = try #require(try await other.scope.transactions.list(TransactionQuery()).items.first)
            await #expect(throws: VaultError.self) {
                _ = try await scope.llmExport.export(
                    try Self.request("2026-11-01", "2026-11-30", exclude: [theirs.transaction.id.description]))
            }
            let mine = try await other.scope.llmExport.export(try Self.request("2026-11-01", "2026-11-30"))
            #expect(mine.export.expenses.decimalString == "42.00")
            #expect(mine.export.accounts.map(\.label) == ["Asset_A (Cash)"])
        }
    }

    @Test("bad input is refused whole")
    func parsing() {
        #expect(throws: InvalidInput.self) {
            try LLMExportRequest.parse(from: "2026-13-01", through: nil, rounding: "100", format: "pdf")
        }
        do {
            _ = try LLMExportRequest.parse(from: "2026-13-01", through: nil, rounding: "100", format: "pdf")
        } catch {
            #expect(error.problems.map(\.field) == ["from", "through", "rounding", "format"])
        }
    }

    @Test("the demo household's exports, pinned by golden files", arguments: [TestBackend.sqlite])
    func demoHousehold(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let scope = try await Fixture.syncedDemoHousehold(database)
            for (format, rounding, name) in [
                ("markdown", "nearest-10", "demo-llm-export.md"), ("json", "nearest-10", "demo-llm-export.json"),
                ("markdown", "off", "demo-llm-export-exact.md"),
            ] {
                let result = try await scope.llmExport.export(
                    try Self.request("2026-09-01", "2026-11-20", rounding: rounding, format: format))
                #expect(result.check.passed, "\(result.check.summary)")
                try Golden.check(result.text, against: name)
                // Every word of the export is a category word or the export's own.
                let categories = Set(
                    try await scope.categories.tree().categories.flatMap { LeakCheck.words($0.name) })
                let unknown = Set(LeakCheck.words(result.text)).subtracting(LLMExport.vocabulary).subtracting(
                    categories
                ).subtracting(["usd"])
                #expect(unknown.isEmpty, "words outside the vocabulary: \(unknown.sorted())")
            }
        }
    }
}
