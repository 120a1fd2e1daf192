import Foundation
import SimpleFINBridge
import Testing
import VaultTestSupport

/// `ghostvault sync`'s exit status, for scheduled jobs: non-zero after a failed sync, zero after a good one.
@Suite struct SyncCommandTests {
    /// A household connected to a local bridge that serves `SyncCommandTests.scenario()`.
    func withConnected(_ body: @Sendable (CLIRunner, BridgeState) async throws -> Void) async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let state = BridgeState(scenario: Self.scenario())
        try await BridgeHarness.withBridge(state: state) { root, state in
            let initialized = try await cli.runInBackground([
                "init", "--name", "Home", "--time-zone", "America/New_York", "--currency", "USD",
            ])
            #expect(initialized.status == 0, "\(initialized.stderr)")
            let connected = try await cli.runInBackground([
                "connect", BridgeHarness.token(root, "DEMO"), "--allow-private-bridges",
            ])
            #expect(connected.status == 0, "\(connected.stderr)")
            try await body(cli, state)
        }
    }

    /// One bank with one account and a transaction in the last week.
    static func scenario() -> BridgeScenario {
        let now = Int64(Date().timeIntervalSince1970)
        let checking = BridgeScenario.Account(
            id: "CHK-1", connectionID: "CON-1", name: "Everyday Checking", currency: "USD", balance: "100.00",
            balanceDate: now - 3_600,
            transactions: [.init(id: "T-1", posted: now - 86_400, amount: "-9.99", description: "BOOKSHOP")])
        return BridgeScenario(
            users: [.init(username: "jo", password: "s3cret-Access-Pa55", claimTokens: [], reusableTokens: ["DEMO"])],
            connections: [
                .init(
                    id: "CON-1", name: "First Bank - Jo", orgID: "INST-1", orgName: "First Bank",
                    orgDomain: "firstbank.example", orgURL: "https://firstbank.example")
            ],
            accounts: [checking])
    }

    @Test("a sync that a proxy answers with 524 or an HTML 403 exits 1 and says why; a good one exits 0")
    func exitStatus() async throws {
        try await withConnected { cli, state in
            // Given a proxy in front of the bridge that times out (524)
            await state.failNext(proxyErrors: 1)
            // When
            let timedOut = try await cli.runInBackground(["sync", "--allow-private-bridges"])
            // Then
            #expect(timedOut.status == 1, "\(timedOut.stdout)\(timedOut.stderr)")
            #expect(timedOut.stderr.contains("Sync of 'SimpleFIN' failed"), "\(timedOut.stderr)")

            // Given a proxy that blocks with its HTML "access denied" page
            await state.failNext(proxyBlocks: 1)
            let blocked = try await cli.runInBackground(["sync", "--json", "--allow-private-bridges"])
            #expect(blocked.status == 1, "\(blocked.stdout)\(blocked.stderr)")
            let report = try #require((try cli.json(blocked) as? [[String: Any]])?.first)
            #expect(report["failure"] is String)
            #expect(report["status"] as? String == "unreachable", "a proxy's 403 is not taken for revoked access")
            let failedStatus = try await cli.runInBackground(["sync", "--status"])
            #expect(failedStatus.status == 1)
            #expect(failedStatus.stdout.contains("Bank sync: failed"), "\(failedStatus.stdout)")
            #expect(failedStatus.stdout.contains("SimpleFIN: "), "the reason, per connection")

            // When the bridge answers again
            let good = try await cli.runInBackground(["sync", "--allow-private-bridges"])
            #expect(good.status == 0, "\(good.stdout)\(good.stderr)")
            #expect(!good.stderr.contains("failed"))
            let okStatus = try await cli.runInBackground(["sync", "--status", "--json"])
            #expect(okStatus.status == 0)
            #expect((try cli.json(okStatus) as? [String: Any])?["health"] as? String == "ok")
        }
    }

    @Test("users remove asks for the email; a member leaves the household, the last one takes it with them")
    func removeUsers() async throws {
        try await withConnected { cli, _ in
            for email in ["jo@example.com", "sam@example.com"] {
                let added = try await cli.runInBackground(["users", "add", email], input: "correct horse battery\n")
                #expect(added.status == 0, "\(added.stderr)")
            }
            let unconfirmed = try await cli.runInBackground(["users", "remove", "sam@example.com"])
            #expect(unconfirmed.status == 2)
            #expect(unconfirmed.stderr.contains("Nothing was deleted"), "\(unconfirmed.stderr)")
            let left = try await cli.runInBackground([
                "users", "remove", "jo@example.com", "--confirm", "jo@example.com",
            ])
            #expect(left.status == 0, "\(left.stderr)")
            #expect(left.stdout.contains("stay for its other members"))
            let listed = try await cli.runInBackground(["transactions", "--json"])
            #expect((try cli.json(listed) as? [String: Any])?["totalCount"] as? Int == 1, "the data stays")
            let last = try await cli.runInBackground([
                "users", "remove", "sam@example.com", "--confirm", "SAM@example.com",
            ])
            #expect(last.status == 0, "\(last.stderr)")
            #expect(last.stdout.contains("the household"))
            let gone = try await cli.runInBackground(["transactions"])
            #expect(gone.status != 0, "no household is left")
        }
    }

    @Test("erase asks for ERASE, then empties the household and restores the default categories")
    func erase() async throws {
        try await withConnected { cli, _ in
            let asked = try await cli.runInBackground(["erase"])
            #expect(asked.status == 2)
            #expect(asked.stderr.contains("Nothing was erased"), "\(asked.stderr)")
            #expect(asked.stderr.contains("1 transaction(s)"), "\(asked.stderr)")
            let wrong = try await cli.runInBackground(["erase", "--confirm", "erase"])
            #expect(wrong.status == 2)
            let erased = try await cli.runInBackground(["erase", "--confirm", "ERASE", "--json"])
            #expect(erased.status == 0, "\(erased.stderr)")
            let body = try #require(try cli.json(erased) as? [String: Any])
            #expect((body["erased"] as? [String: Int])?["transactions"] == 1)
            #expect((body["erased"] as? [String: Int])?["connections"] == 1)
            let listed = try await cli.runInBackground(["transactions", "--json"])
            #expect((try cli.json(listed) as? [String: Any])?["totalCount"] as? Int == 0)
            let connections = try await cli.runInBackground(["connections"])
            #expect(connections.stdout.contains("No SimpleFIN connection yet"))
            let categories = try await cli.runInBackground(["categories"])
            #expect(categories.stdout.contains("Groceries"))
        }
    }
}

extension CLIRunner {
    /// `run` on a thread of its own, so the bridge this test process serves keeps answering while it waits.
    func runInBackground(_ arguments: [String], input: String? = nil) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Swift.Result { try run(arguments, input: input) })
            }
        }
    }
}
