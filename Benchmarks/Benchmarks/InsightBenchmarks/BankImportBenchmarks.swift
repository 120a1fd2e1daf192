import Benchmark
import Foundation
import VaultCore
import VaultServices

/// Bank-file import's targets (issue 19): a 100k-row CSV imported into an empty account under 5 s, and the same
/// file imported again under 5 s adding nothing. Each iteration starts from a new SQLite file (on PostgreSQL, a
/// new household); only the import itself is measured.
func bankImportBenchmarks() {
    let slow = Benchmark.Configuration(
        metrics: [.wallClock, .peakMemoryResident], maxDuration: .seconds(120), maxIterations: 3)

    Benchmark("Bank file import, a 100k-row CSV into an empty account", configuration: slow) { benchmark in
        for _ in benchmark.scaledIterations {
            try await BankImportBench.withAccount { scope, account in
                benchmark.startMeasurement()
                let outcome = try await scope.bankImport.importFile(account, file: BankImportBench.file)
                benchmark.stopMeasurement()
                BankImportBench.expect(outcome.added == BankImportBench.rows, "added \(outcome.added) rows")
            }
        }
    }

    Benchmark("Bank file re-import, the same 100k-row CSV (adds nothing)", configuration: slow) { benchmark in
        for _ in benchmark.scaledIterations {
            try await BankImportBench.withAccount { scope, account in
                _ = try await scope.bankImport.importFile(account, file: BankImportBench.file)
                benchmark.startMeasurement()
                let outcome = try await scope.bankImport.importFile(account, file: BankImportBench.file)
                benchmark.stopMeasurement()
                BankImportBench.expect(outcome.added == 0, "the re-import added \(outcome.added) rows")
            }
        }
    }
}

/// A bank's CSV export of 100k rows over about three years: day-first dates, decimal commas, a few dozen
/// merchants, and same-day repeats (two identical coffees) as real files have.
enum BankImportBench {
    static let rows = 100_000

    static let file: BankFile = {
        let merchants = [
            "CAFE LUNA", "SAFEWAY #1234", "SHELL OIL 57442", "UBER TRIP", "AMAZON MKTP", "CITY POWER", "BOOKSHOP",
            "PHARMACY 22", "CINEMA", "BAKERY", "HARDWARE STORE", "PARKING", "TRAIN TICKET", "GYM", "FLORIST",
        ]
        var text = "Date;Description;Amount\n"
        text.reserveCapacity(rows * 40)
        let start = LocalDate(year: 2023, month: 11, day: 1)!
        for index in 0..<rows {
            let date = start.adding(days: index / 90)
            let cents = index % 97 == 0 ? 250_000 : -(Int64(index % 11) * 137 + 350)
            let day = "\(date.day < 10 ? "0" : "")\(date.day)/\(date.month < 10 ? "0" : "")\(date.month)/\(date.year)"
            let amount = "\(cents < 0 ? "-" : "")\(abs(cents) / 100),\(String(format: "%02d", abs(cents) % 100))"
            text += "\(day);\(cents > 0 ? "SALARY" : merchants[index % 13 % merchants.count]);\(amount)\n"
        }
        return BankFile(data: Data(text.utf8), format: .csv)
    }()

    static func withAccount(_ body: (HouseholdScope, Account.ID) async throws -> Void) async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bank-\(UUID().uuidString).sqlite")
        defer {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path.path + suffix) }
        }
        try await Vault.using(BenchHouseholds.postgresURL ?? path.path) { vault in
            let household = try await vault.households.create(
                .init(name: "Bank import \(UUID().uuidString)", timeZone: "America/New_York", currency: "USD"))
            let scope = vault.household(household.id)
            let account = try await scope.accounts.add(.init(name: "Checking", kind: "checking"))
            try await body(scope, account.id)
        }
    }

    /// Stops the run when what was measured did not do what it should (the figure would be meaningless).
    static func expect(_ condition: Bool, _ message: String) {
        guard condition else { fatalError(message) }
    }
}
