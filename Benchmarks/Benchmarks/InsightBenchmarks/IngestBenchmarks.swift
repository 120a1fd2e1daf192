import Benchmark
import Foundation
import VaultCore
import VaultServices

/// The ingest pipeline's targets (issue 15) over a generated household: a daily sync's worth of new rows
/// planned and written, rule previews (a read session, no writer held), and a full
/// re-classification (`ghostvault classify`).
func ingestBenchmarks(size: Int, label: String) {
    let slow = Benchmark.Configuration(
        metrics: [.wallClock, .peakMemoryResident], maxDuration: .seconds(60), maxIterations: 3)

    Benchmark("Daily sync of 50 new rows: plan and write, \(label)") { benchmark in
        let scope = try await BenchHouseholds.shared.scope(size)
        let accounts = try await scope.accounts.list(includeHidden: true).map(\.account)
        // Listing the accounts counts each one's rows (120 ms an account at 1M): not part of the sync.
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            // Each iteration adds 50 rows dated the household's today (they stay; October's reports ignore them).
            let batches = try DailySync.batches(accounts: accounts, household: scope.householdID)
            blackHole(try await scope.ingest.ingest(batches))
        }
    }

    // A merchant on one row in twenty (the generator's commonest), refiled: every one of them changes. The household
    // is current (generated through the pipeline), so only the rows the draft's text can match are read.
    Benchmark("Rule preview, a new rule for a merchant on 5% of rows, \(label)", configuration: slow) { benchmark in
        let scope = try await BenchHouseholds.shared.scope(size)
        let draft = RuleService.Input(
            name: "Bench coffee", category: "Groceries",
            conditions: [RuleCondition(.description, .contains, "STARBUCKS")])
        for _ in benchmark.scaledIterations {
            let preview = try await RuleService(scope: scope).preview(adding: draft)
            BankImportBench.expect(preview.count >= size / 25, "the preview refiled only \(preview.count) rows")
        }
    }

    // An amount filter no index answers: all history is planned.
    Benchmark("Rule preview, a new rule by amount (all history), \(label)", configuration: slow) { benchmark in
        let scope = try await BenchHouseholds.shared.scope(size)
        let draft = RuleService.Input(
            name: "Bench large", category: "Groceries", conditions: [RuleCondition(.amount, .greaterThan, "5000")])
        for _ in benchmark.scaledIterations { blackHole(try await RuleService(scope: scope).preview(adding: draft)) }
    }

    Benchmark("Full re-classification (classify), \(label)", configuration: slow) { benchmark in
        let scope = try await BenchHouseholds.shared.scope(size)
        for _ in benchmark.scaledIterations { blackHole(try await ClassificationService(scope: scope).run()) }
    }
}

/// A day of new bank rows: card purchases (some pending) and a transfer from checking to savings.
enum DailySync {
    static func batches(accounts: [Account], household: Household.ID) throws -> [IngestPlanner.Batch] {
        func account(_ name: String) throws -> Account {
            guard let found = accounts.first(where: { $0.name == name }) else {
                throw CocoaError(.coderValueNotFound, userInfo: [NSDebugDescriptionErrorKey: "no account \(name)"])
            }
            return found
        }
        let today = LocalDate(BenchHouseholds.now, in: TimeZone(identifier: "America/New_York")!)
        let (checking, savings, card) = (
            try account("Generated Checking"), try account("Generated Savings"), try account("Generated Card A")
        )
        func row(_ account: Account, _ cents: Int64, _ description: String, pending: Bool = false) -> Transaction {
            Transaction(
                id: Transaction.ID(UUID()), householdID: household, accountID: account.id, date: today,
                amount: Money(minorUnits: cents, currency: account.currency), description: description,
                isPending: pending, source: .bank, bankTransactionID: UUID().uuidString)
        }
        let merchants = ["SAFEWAY #1234", "BLUE BOTTLE COFFEE", "SHELL OIL 57442", "UBER TRIP", "AMAZON MKTP"]
        let purchases = (0..<48).map { index in
            row(card, -Int64(500 + index * 37), merchants[index % merchants.count], pending: index % 6 == 0)
        }
        let amount = Int64(Int.random(in: 100_00...900_00))
        return [
            IngestPlanner.Batch(account: card.id, rows: purchases, listIsComplete: false),
            IngestPlanner.Batch(
                account: checking.id, rows: [row(checking, -amount, "TRANSFER TO SAVINGS")], listIsComplete: false),
            IngestPlanner.Batch(
                account: savings.id, rows: [row(savings, amount, "TRANSFER FROM CHECKING")], listIsComplete: false),
        ]
    }
}
