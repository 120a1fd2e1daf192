import Foundation
import Hummingbird
import HummingbirdTesting
import SimpleFIN
import SimpleFINBridge
import Testing
import VaultCore
import VaultServices
import VaultStore

/// Runs the local SimpleFIN bridge on a loopback port for a test, and stops it when the test is done.
public enum BridgeHarness {
    /// Runs a live bridge for `scenario` at the fixed instant `now` (Unix seconds) and hands `body`
    /// its root URL and state.
    public static func withBridge<T: Sendable>(
        _ scenario: BridgeScenario, now: Int64, _ body: @Sendable (URL, BridgeState) async throws -> T
    ) async throws -> T {
        let state = BridgeState(scenario: scenario, clock: { Date(timeIntervalSince1970: TimeInterval(now)) })
        return try await withBridge(state: state, body)
    }

    /// Runs a live bridge over an existing state (tests that move the bridge's clock keep one state).
    public static func withBridge<T: Sendable>(
        state: BridgeState, _ body: @Sendable (URL, BridgeState) async throws -> T
    ) async throws -> T {
        let app = Application(
            router: SimpleFINBridge(state: state).router(),
            configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        return try await app.test(.live) { client in
            let port = try #require(client.port)
            return try await body(URL(string: "http://127.0.0.1:\(port)/simplefin")!, state)
        }
    }

    /// The setup token for a claim token on a running bridge.
    public static func token(_ root: URL, _ claim: String) -> String {
        SimpleFINBridge.setupToken(host: root.host!, port: root.port!, claimToken: claim)
    }
}

extension Fixture {
    /// A new household "Demo" in New York with US dollars, connected to the demo bridge and synced at the
    /// fixture clock: the household golden files are made from.
    public static func syncedDemoHousehold(_ database: VaultDatabase) async throws -> HouseholdScope {
        let vault = Fixture.vault(database)
        let household = try await vault.households.create(
            .init(name: "Demo", timeZone: "America/New_York", currency: "USD"))
        let scope = vault.household(household.id)
        let state = BridgeState(scenario: DemoHousehold.scenario(now: Fixture.now), clock: { Fixture.now })
        try await SimpleFINClient.using(policy: .allowPrivate) { client in
            let sync = SyncService(scope: scope, secrets: SecretBox(key: Data(repeating: 3, count: 32)), client: client)
            try await BridgeHarness.withBridge(state: state) { root, _ in
                _ = try await sync.connect(setupToken: BridgeHarness.token(root, DemoHousehold.claimToken))
            }
        }
        return scope
    }
}
