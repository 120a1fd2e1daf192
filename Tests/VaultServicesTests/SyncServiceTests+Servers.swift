import Foundation
import SimpleFIN
import SimpleFINBridge
import Testing
import VaultCore
import VaultServices
import VaultStore
import VaultTestSupport

/// Several servers on one PostgreSQL: a scheduled sync of a connection due on both runs once.
extension SyncServiceTests {
    @Test(
        "two servers whose timers fire together sync each due connection once: one request per round",
        arguments: TestBackend.enabled.filter { $0 == .postgres })
    func twoServersSyncOnce(backend: TestBackend) async throws {
        try await withWorld(backend) { world in
            _ = try await world.sync.connect(setupToken: BridgeHarness.token(world.root, "DEMO"))
            try await VaultDatabase.using(world.vault.database.location) { other in
                let vault = Vault(database: other, actor: .commandLine, clock: { world.clock.now })
                try await SimpleFINClient.using(policy: .allowPrivate) { client in
                    let second = SyncService(
                        scope: vault.household(world.scope.householdID),
                        secrets: SecretBox(key: Data(repeating: 7, count: 32)), client: client)
                    for round in 1...3 {
                        world.clock.advance(hours: 5)
                        let before = await world.state.requestCount(for: "jo")
                        async let first = world.sync.syncAll(trigger: .automatic)
                        async let other = second.syncAll(trigger: .automatic)
                        let reports = try await [first, other].flatMap { $0 }
                        let after = await world.state.requestCount(for: "jo")
                        #expect(
                            after - before == 1,
                            "round \(round): \(reports.map(\.requests)) \(reports.flatMap(\.messages))")
                        #expect(reports.map(\.requests).sorted() == [0, 1], "round \(round)")
                    }
                }
            }
        }
    }
}
