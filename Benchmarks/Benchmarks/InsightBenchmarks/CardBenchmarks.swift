import Benchmark
import Foundation
import VaultCore
import VaultServices

/// The card miles targets (issue 17) over a generated household: the cards page's data for 10 cards (under
/// 50 ms at 1M transactions) and "which card should I use?" (under 10 ms).
///
/// The cards are added once per household and kept: two linked to the generated credit cards (thousands of
/// transactions a cycle between them), with caps and a statement cycle, and eight from the library, each with
/// the manual account made for it and a few expenses.
func cardBenchmarks(size: Int, label: String) {
    Benchmark("Cards page, 10 cards, \(label)") { benchmark in
        let scope = try await CardBenchmarkSetup.scope(size)
        for _ in benchmark.scaledIterations { blackHole(try await scope.cards.overview()) }
    }
    // The same after a write, so nothing read before is kept: what the first request after a change costs.
    Benchmark("Cards page after a change (nothing kept), 10 cards, \(label)") { benchmark in
        let scope = try await CardBenchmarkSetup.scope(size)
        try await CardBenchmarkSetup.change(scope)
        benchmark.startMeasurement()
        blackHole(try await scope.cards.overview())
        benchmark.stopMeasurement()
    }
    Benchmark("Which card after a change (nothing kept), 10 cards, \(label)") { benchmark in
        let scope = try await CardBenchmarkSetup.scope(size)
        try await CardBenchmarkSetup.change(scope)
        benchmark.startMeasurement()
        blackHole(try await scope.cards.best(amount: "84.20", category: "dining", date: "2026-11-20"))
        benchmark.stopMeasurement()
    }
    Benchmark("Which card, 10 cards, \(label)") { benchmark in
        let scope = try await CardBenchmarkSetup.scope(size)
        for _ in benchmark.scaledIterations {
            blackHole(try await scope.cards.best(amount: "84.20", category: "dining", date: "2026-11-20"))
        }
    }
}

enum CardBenchmarkSetup {
    /// A write to the household (a bonus category chosen for one of Bench Card B's transactions), which moves
    /// its data version so nothing read before is kept.
    static func change(_ scope: HouseholdScope) async throws {
        guard let card = try await scope.cards.list().first(where: { $0.name == "Bench Card B" }),
            let transaction = try await scope.cards.status(card.id.description).expenses.first?.row.id
        else { fatalError("The bench household has no Bench Card B with expenses.") }
        _ = try await scope.cards.choose("general", transaction: transaction.description, rememberForPayee: false)
    }

    /// The household of `size` with its ten cards.
    static func scope(_ size: Int) async throws -> HouseholdScope {
        let scope = try await BenchHouseholds.shared.scope(size)
        guard try await scope.cards.list().count < 10 else { return scope }
        for (name, account, day) in [
            ("Bench Card A", "Generated Card A", "15"), ("Bench Card B", "Generated Card B", ""),
        ] {
            _ = try await scope.cards.addCustom(
                .init(
                    bank: "Other", network: "Visa", name: name, currency: "USD", minimumSpend: "500",
                    maximumSpend: "5000", statementDay: day, localRate: "1.4", foreignRate: "2.4", baseRate: "0.4",
                    caps: [
                        .init(categories: ["dining"], minimumSpend: "200", cap: "1000", bonusRate: "4"),
                        .init(categories: ["groceries"], cap: "800", bonusRate: "3"),
                    ],
                    account: account))
        }
        for template in [
            "dbs-altitude-visa", "uob-prvi-visa", "uob-visa-signature", "uob-preferred-platinum", "ocbc-90n",
            "hsbc-revolution", "sc-visa-infinite", "maybank-horizon",
        ] {
            let card = try await scope.cards.addFromLibrary(template)
            for day in ["2026-11-02", "2026-11-09", "2026-11-16"] {
                _ = try await scope.transactions.add(
                    TransactionInput(
                        amount: "-45.60", account: "", date: day, description: "Bench purchase",
                        card: card.id.description, bonusCategory: card.bonusCategoryChoices.first?.rawValue))
            }
        }
        return scope
    }
}

/// Generate Next Year for 50 monthly rules (issue 18: under 500 ms): 600 instances through the ingest pipeline.
/// Each iteration starts from a new household whose rules are made before the measurement starts.
func recurringRuleBenchmarks() {
    Benchmark(
        "Generate Next Year, 50 monthly rules",
        configuration: .init(metrics: [.wallClock, .peakMemoryResident], maxDuration: .seconds(60), maxIterations: 10)
    ) { benchmark in
        for _ in benchmark.scaledIterations {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent(
                "rules-\(UUID().uuidString).sqlite")
            defer {
                for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: file.path + suffix) }
            }
            try await Vault.using(file.path) { vault in
                let fixed = Vault(database: vault.database, actor: .commandLine, clock: { BenchHouseholds.now })
                let household = try await fixed.households.create(
                    .init(name: "Rules", timeZone: "America/New_York", currency: "USD"))
                let scope = fixed.household(household.id)
                _ = try await scope.accounts.add(.init(name: "Checking", kind: "checking", balance: "10000"))
                for index in 0..<50 {
                    var input = TransactionInput(
                        amount: "-\(10 + index).50", account: "Checking",
                        date: "2026-11-" + String(format: "%02d", index % 28 + 1),
                        category: "Bills", description: "Bill \(index)")
                    input.recurrence = .init(cadence: "monthly")
                    _ = try await scope.transactions.add(input)
                }
                benchmark.startMeasurement()
                blackHole(try await scope.recurringRules.generateNextYear())
                benchmark.stopMeasurement()
            }
        }
    }
}
