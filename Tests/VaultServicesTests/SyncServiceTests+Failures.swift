import Foundation
import SimpleFIN
import SimpleFINBridge
import Testing
import VaultCore
import VaultServices
import VaultTestSupport

/// A failed sync says it failed (issue 18): the report's `failure`, the connection's status and message, and the
/// household's sync health, which Settings > Data & Sync, `GET /api/v1/sync/status` and `ghostvault sync` read.
extension SyncServiceTests {
    @Test(
        "a proxy's 524 or HTML 403 fails the sync with its reason and the health says failed; the next good sync clears it",
        arguments: TestBackend.enabled)
    func failedSyncReported(backend: TestBackend) async throws {
        try await withWorld(backend) { world in
            // Given
            let first = try await world.sync.connect(setupToken: BridgeHarness.token(world.root, "ONCE"))
            #expect(!first.failed)
            #expect(SyncService.Health(try await world.sync.overview()) == .ok)
            for (errors, blocks) in [(1, 0), (0, 1)] {
                // When the proxy in front of the bridge fails the next request
                await world.state.failNext(proxyErrors: errors, proxyBlocks: blocks)
                let report = try #require(try await world.sync.syncAll(trigger: .manual).first)
                // Then
                #expect(report.failed)
                #expect(report.connection.status == .unreachable, "not taken for revoked access")
                #expect(report.failure == report.connection.statusMessage)
                let status = SyncStatusView(try await world.sync.overview())
                #expect(status.health == "failed")
                #expect(status.failures == ["SimpleFIN: \(report.failure ?? "")"])
            }
            #expect(try await world.sync.syncAll(trigger: .manual).allSatisfy { !$0.failed })
            #expect(SyncService.Health(try await world.sync.overview()) == .ok)
        }
    }

    @Test("a household without a connection is not connected")
    func healthWithoutSyncs() {
        #expect(SyncService.Health([]) == .notConnected)
    }
}
