import Benchmark
import Foundation
import VaultCore
import VaultServices
import VaultStore

/// The insight reports over generated households of 10k, 100k and 1M transactions on SQLite (issue 5:
/// every report for a month under 200 ms at 1M, net worth with a year of history under 100 ms), plus the
/// filtered transaction list and ingest through the pipeline (issue 8).
///
/// Households are generated once (seed 42, ten years ending 2026-11-21) into
/// `$GHOSTVAULT_BENCH_DATA` (default `Benchmarks/.households`) and reused by later runs.
/// `GHOSTVAULT_BENCH_SIZES=10000,100000` limits the sizes.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident], maxDuration: .seconds(5), maxIterations: 200)

    for size in BenchHouseholds.sizes {
        let label = BenchHouseholds.label(size)
        func report(_ name: String, _ body: @escaping @Sendable (HouseholdScope) async throws -> Void) {
            Benchmark("\(name), \(label)") { benchmark in
                let scope = try await BenchHouseholds.shared.scope(size)
                for _ in benchmark.scaledIterations { try await body(scope) }
            }
        }
        report("Month report (income, spending, categories, 12-month series)") {
            blackHole(try await $0.reports.month("2026-10"))
        }
        report("Budget report") { blackHole(try await $0.reports.budget("2026-10")) }
        report("50/30/20 lens") { blackHole(try await $0.reports.lens("2026-10")) }
        // Issue 20: the lens and category pages under 100 ms at 1M.
        report("50/30/20 lens, the Needs segment's page") {
            blackHole(try await $0.lens.segment("2026-10", bucket: .need, page: PageRequest(number: 1, size: 50)!))
        }
        report("Spending category page, the uncategorised spending") {
            blackHole(
                try await $0.reports.categorySpending("2026-10", category: nil, page: PageRequest(number: 1, size: 50)!)
            )
        }
        report("Income trend, one year") { blackHole(try await $0.reports.incomeTrend(.oneYear)) }
        report("Recurring and upcoming bills (kept answer)") { blackHole(try await $0.reports.recurring()) }
        report("Recurring and upcoming bills (detected from scratch)") {
            blackHole(try await $0.reports.recurring(refresh: true))
        }
        report("Analysis, a month of expenses") {
            blackHole(try await $0.reports.analysis(AnalysisQuery(timeframe: "month", date: "2026-10-15")))
        }
        report("Analysis, a year of expenses") {
            blackHole(try await $0.reports.analysis(AnalysisQuery(timeframe: "year", date: "2026-10-15")))
        }
        report("Analysis, a week of income") {
            blackHole(
                try await $0.reports.analysis(AnalysisQuery(type: "income", timeframe: "week", date: "2026-10-15")))
        }
        report("Analysis, a year filtered by a tag and a category") {
            blackHole(
                try await $0.reports.analysis(
                    AnalysisQuery(timeframe: "year", date: "2026-10-15", categories: ["Dining"], tags: ["family"])))
        }
        // Issue 20: the LLM export of one year under 2 s at 1M (the export, its rendering and its leak check).
        report("LLM export, one year, Markdown, nearest 10") {
            blackHole(
                try await $0.llmExport.export(
                    try LLMExportRequest.parse(from: "2025-11-01", through: "2026-10-31", rounding: "nearest-10")))
        }
        report("Net worth now") { blackHole(try await $0.reports.netWorth()) }
        report("Net worth history, one year") { blackHole(try await $0.reports.netWorthHistory(.oneYear)) }
        ingestBenchmarks(size: size, label: label)
        cardBenchmarks(size: size, label: label)
        datasetBenchmarks(size: size, label: label)
        report("Transaction list, filtered by text and account, page 1") {
            blackHole(
                try await $0.transactions.list(
                    TransactionQuery(search: "safeway", accounts: ["Generated Card A"], pageSize: 50)))
        }
        report("Transaction list, searched for a rare word (NETFLIX, monthly), page 1") {
            blackHole(try await $0.transactions.list(TransactionQuery(search: "netflix", pageSize: 50)))
        }
        report("Transaction list, all, page 200 of 50") {
            blackHole(try await $0.transactions.list(TransactionQuery(page: 200, pageSize: 50)))
        }
    }

    recurringRuleBenchmarks()
    bankImportBenchmarks()
    firstSyncBenchmarks()

    Benchmark(
        "Ingest through the pipeline (generate, match, classify, write), 100k",
        configuration: .init(metrics: [.wallClock, .peakMemoryResident], maxDuration: .seconds(60), maxIterations: 3)
    ) { benchmark in
        for _ in benchmark.scaledIterations {
            // A new SQLite file each time; on PostgreSQL, a new household in the server's database.
            let file = FileManager.default.temporaryDirectory.appendingPathComponent(
                "ingest-\(UUID().uuidString).sqlite")
            defer {
                for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: file.path + suffix) }
            }
            try await Vault.using(BenchHouseholds.postgresURL ?? file.path) { vault in
                let fixed = Vault(database: vault.database, actor: .commandLine, clock: { BenchHouseholds.now })
                let household = try await fixed.households.create(
                    .init(name: "Ingest \(UUID().uuidString)", timeZone: "America/New_York", currency: "USD"))
                blackHole(
                    try await HouseholdGenerator(scope: fixed.household(household.id)).generate(transactions: 100_000))
            }
        }
    }
}

/// The generated households, opened once per process and kept open.
actor BenchHouseholds {
    static let shared = BenchHouseholds()
    /// 2026-11-21 15:00 UTC, the fixed "now" of the generated data and the reports.
    static let now = Date(timeIntervalSince1970: 1_795_273_200)

    static var sizes: [Int] {
        let text = ProcessInfo.processInfo.environment["GHOSTVAULT_BENCH_SIZES"] ?? "10000,100000,1000000"
        return text.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
    }

    /// `GHOSTVAULT_BENCH_POSTGRES`: a PostgreSQL URL to keep the households in instead of SQLite files
    /// (`scripts/bench-postgres` starts a throwaway server and sets it).
    static var postgresURL: String? { ProcessInfo.processInfo.environment["GHOSTVAULT_BENCH_POSTGRES"] }

    static func label(_ size: Int) -> String { size >= 1_000_000 ? "\(size / 1_000_000)M" : "\(size / 1_000)k" }

    private var scopes: [Int: HouseholdScope] = [:]

    func scope(_ size: Int) async throws -> HouseholdScope {
        if let scope = scopes[size] { return scope }
        let folder =
            ProcessInfo.processInfo.environment["GHOSTVAULT_BENCH_DATA"]
            ?? FileManager.default.currentDirectoryPath + "/.households"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // On SQLite a file per size, and a marker once it is complete; on PostgreSQL a household per size in the
        // one database, the marker naming it (a household left half-generated is never reused).
        let path = Self.postgresURL ?? folder + "/household-\(size).sqlite"
        let ready = folder + (Self.postgresURL == nil ? "/household-\(size).sqlite.ready" : "/postgres-\(size).ready")
        if !FileManager.default.fileExists(atPath: ready), Self.postgresURL == nil {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
        let database = try await VaultDatabase.open(try DatabaseLocation(parsing: path))
        let vault = Vault(database: database, actor: .commandLine, clock: { Self.now })
        let scope: HouseholdScope
        if let marker = FileManager.default.contents(atPath: ready) {
            let named = String(decoding: marker, as: UTF8.self)
            scope = vault.household(try await vault.households.resolve(named.isEmpty ? nil : named).id)
        } else {
            let household = try await vault.households.create(
                .init(
                    name: "Generated \(Self.label(size)) \(UUID().uuidString.prefix(8))", timeZone: "America/New_York",
                    currency: "USD"))
            scope = vault.household(household.id)
            let summary = try await HouseholdGenerator(scope: scope).generate(transactions: size)
            print("Generated \(summary.transactions) transactions in \(String(format: "%.1f", summary.seconds)) s")
            for (category, target) in [("Groceries", "600"), ("Dining", "300"), ("Transportation", "250")] {
                try await scope.budgets.set(category: category, target: target)
            }
            FileManager.default.createFile(atPath: ready, contents: Data(household.id.description.utf8))
        }
        scopes[size] = scope
        return scope
    }
}
