import Benchmark
import Foundation
import Hummingbird
import HummingbirdTesting
import SimpleFIN
import SimpleFINBridge
import VaultCore
import VaultServices
import VaultStore

/// Issue 22: a first sync of a household of about 3,000 transactions through the local bridge on loopback (a
/// year of history in five requests, with the pipeline's batched writes), on SQLite or, under
/// `scripts/bench-postgres`, PostgreSQL; the target is PostgreSQL within 1.5x of SQLite's time.
///
/// The household is the demo household's year served six times over, each copy under its own bank ids; every
/// iteration connects a new household in an empty database (a fresh SQLite file, or a fresh PostgreSQL schema).
func firstSyncBenchmarks() {
    Benchmark(
        "First sync of 3,000 rows through the local bridge",
        configuration: .init(metrics: [.wallClock, .peakMemoryResident], maxDuration: .seconds(60), maxIterations: 5)
    ) { benchmark in
        let scenario = FirstSync.scenario()
        for _ in benchmark.scaledIterations {
            let location = try FirstSync.freshLocation()
            try await VaultDatabase.using(try DatabaseLocation(parsing: location)) { database in
                let vault = Vault(database: database, actor: .commandLine, clock: { BenchHouseholds.now })
                let household = try await vault.households.create(
                    .init(name: "First sync", timeZone: "America/New_York", currency: "USD"))
                let state = BridgeState(scenario: scenario, clock: { BenchHouseholds.now })
                let bridge = Application(
                    router: SimpleFINBridge(state: state).router(),
                    configuration: .init(address: .hostname("127.0.0.1", port: 0)))
                try await SimpleFINClient.using(policy: .allowPrivate) { client in
                    let sync = SyncService(
                        scope: vault.household(household.id), secrets: SecretBox(key: Data(repeating: 9, count: 32)),
                        client: client)
                    // The measurement takes in the bridge's start on loopback too (a few milliseconds).
                    benchmark.startMeasurement()
                    let added = try await bridge.test(.live) { bridgeClient in
                        let token = SimpleFINBridge.setupToken(
                            host: "127.0.0.1", port: bridgeClient.port!, claimToken: DemoHousehold.claimToken)
                        return try await sync.connect(setupToken: token, label: "First sync").transactionsAdded
                    }
                    benchmark.stopMeasurement()
                    guard added >= 3_000 else { fatalError("the first sync added \(added) transactions") }
                }
            }
        }
    }
}

enum FirstSync {
    /// The demo household as of the benchmarks' "now", each transaction served six times under different ids.
    static func scenario() -> BridgeScenario {
        var scenario = DemoHousehold.scenario(now: BenchHouseholds.now)
        for index in scenario.accounts.indices {
            let year = scenario.accounts[index].transactions
            scenario.accounts[index].transactions = (0..<6).flatMap { copy in
                year.map { transaction in
                    var transaction = transaction
                    transaction.id = "\(copy)-" + transaction.id
                    if let posted = transaction.becomes { transaction.becomes?.id = "\(copy)-" + posted.id }
                    return transaction
                }
            }
        }
        return scenario
    }

    /// An empty database: a new SQLite file under the benchmark data folder, or a new schema in
    /// `GHOSTVAULT_BENCH_POSTGRES`.
    static func freshLocation() throws -> String {
        let name = "first_sync_\(UUID().uuidString.prefix(8).lowercased())"
        if let url = BenchHouseholds.postgresURL {
            return url + (url.contains("?") ? "&" : "?") + "schema=\(name)"
        }
        let folder =
            ProcessInfo.processInfo.environment["GHOSTVAULT_BENCH_DATA"]
            ?? FileManager.default.currentDirectoryPath + "/.households"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder + "/\(name).sqlite"
    }
}
