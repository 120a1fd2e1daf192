import Foundation
import Hummingbird
import HummingbirdTesting
import SimpleFINBridge
import Testing

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
