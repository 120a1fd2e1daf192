import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import SimpleFIN
import SimpleFINBridge
import Synchronization
import Testing
import VaultCore
import VaultServices
import VaultStore
import VaultTestSupport

@testable import VaultWeb

/// PostgreSQL going away under a running server, played by a relay in front of the test server that drops
/// every connection and refuses new ones: requests fail fast and clearly, the log says it once, and the
/// server recovers by itself. (SQLite is a file beside the server: it cannot go away like this.)
@Suite struct OutageTests {
    @Test(
        "the database gone under load: 503s with the JSON error within the wait, a page, one log line, recovery",
        .timeLimit(.minutes(3)), arguments: TestBackend.enabled.filter { $0 == .postgres })
    func outage(backend: TestBackend) async throws {
        let (location, relay, captured, logger) = try await Self.relayed(backend)
        defer { Task { await relay.cut() } }
        try await VaultDatabase.using(location, logger: logger) {
            database in
            let configuration = WebConfiguration(passwordCost: 4, syncCheckInterval: nil)
            try await SimpleFINClient.using(policy: configuration.bridgePolicy) { client in
                let environment = WebEnvironment(
                    database: database, secrets: SecretBox(key: Data(repeating: 3, count: 32)), simpleFIN: client,
                    configuration: configuration, clock: { Fixture.now })
                try await Application(router: buildRouter(environment)).test(.router) { client in
                    try await Self.check(
                        client, relay: relay, captured: captured,
                        scheduledSync: ScheduledSync(environment: environment, interval: .seconds(60), logger: logger))
                }
            }
        }
    }

    static func check(
        _ client: any TestClientProtocol, relay: TCPRelay, captured: OperationsTests.Captured,
        scheduledSync: ScheduledSync
    )
        async throws
    {
        let signup = try await client.execute(
            uri: "/api/v1/auth/signup", method: .post, headers: [.contentType: "application/json"],
            body: ByteBuffer(string: #"{"email":"ops@example.com","password":"correct horse battery"}"#))
        let token = try #require(try json(signup)["token"] as? String)
        let browser = Browser(client: client)
        _ = try await browser.submit(
            "/login", from: "/login", ["email": "ops@example.com", "password": "correct horse battery"])
        let bearer: HTTPFields = [.authorization: "Bearer \(token)"]
        #expect(try await client.execute(uri: "/api/v1/transactions", method: .get, headers: bearer).status == .ok)

        await relay.cut()
        // Ten requests at once while the database is gone: each answers within the 2 s wait and a margin.
        let answers = try await withThrowingTaskGroup(of: (TestResponse, Duration).self) { group in
            for _ in 0..<10 {
                group.addTask {
                    let started = ContinuousClock.now
                    let response = try await client.execute(uri: "/api/v1/transactions", method: .get, headers: bearer)
                    return (response, ContinuousClock.now - started)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        for (response, took) in answers {
            #expect(response.status == .serviceUnavailable)
            #expect(response.headers[.retryAfter] == "5")
            let error = try #require(try json(response)["error"] as? [String: Any])
            #expect(error["code"] as? String == "database_unreachable")
            #expect(took < .seconds(6), "a request waited \(took)")
        }
        let page = try await browser.page("/dashboard")
        #expect(page.status == .serviceUnavailable)
        #expect(page.html.contains("GhostVault cannot reach its database; it will retry."))
        #expect(page.html.contains("/assets/app.css"), "the page keeps the app's layout")
        #expect(try await client.execute(uri: "/readyz", method: .get).status == .serviceUnavailable)
        // A scheduled pass meanwhile leaves the outage to the store's one line: nothing per pass or household.
        await scheduledSync.runOnce()
        #expect(captured.all.filter { $0.1.hasPrefix("Scheduled sync") }.isEmpty, "\(captured.all.map(\.1))")
        let down = captured.all.filter { $0.1.hasPrefix("database unreachable") }
        #expect(down.count == 1, "logged once per outage, not per request: \(down.count)")
        #expect(down.first.map { "\($0.2["cause"] ?? "")".isEmpty } == false)

        try await relay.restore()
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(60)
        var status = HTTPResponse.Status.serviceUnavailable
        var refused = answers.count + 3  // the page, /readyz and the scheduled pass
        while status != .ok, clock.now < deadline {
            try await Task.sleep(for: .milliseconds(250))
            status = try await client.execute(uri: "/api/v1/transactions", method: .get, headers: bearer).status
            if status == .serviceUnavailable { refused += 1 }
        }
        #expect(status == .ok, "the server recovers without a restart")
        #expect(try await browser.page("/dashboard").status == .ok)
        let up = captured.all.filter { $0.1 == "database reachable again" }
        #expect(up.count == 1)
        // Each refused request is one failed try (the metric counts the same), however deep its calls nest.
        #expect(up.first.map { "\($0.2["failed_tries"] ?? "")" } == "\(refused)")
    }

    @Test(
        "a sync whose database goes away part-way fails as the outage it is, not as the bank's failure, counted once",
        .timeLimit(.minutes(3)), arguments: TestBackend.enabled.filter { $0 == .postgres })
    func syncDuringOutage(backend: TestBackend) async throws {
        let (location, relay, captured, logger) = try await Self.relayed(backend)
        defer { Task { await relay.cut() } }
        // The bridge reads its clock while it answers /accounts: armed, that is where the database goes away,
        // after the sync claimed its connection and before it writes what the bank sent.
        let armed = Mutex(false)
        let state = BridgeState(
            scenario: DemoHousehold.scenario(now: Fixture.now),
            clock: {
                if armed.withLock({ was in
                    defer { was = false }; return was
                }) {
                    relay.cutWithoutWaiting()
                }
                return Fixture.now
            })
        try await VaultDatabase.using(location, logger: logger) {
            database in
            let vault = Vault(database: database, actor: .commandLine, clock: { Fixture.now })
            let household = try await vault.households.create(
                .init(name: "Jo", timeZone: "America/New_York", currency: "USD"))
            try await SimpleFINClient.using(policy: .allowPrivate) { client in
                let sync = SyncService(
                    scope: vault.household(household.id), secrets: SecretBox(key: Data(repeating: 3, count: 32)),
                    client: client)
                try await BridgeHarness.withBridge(state: state) { root, _ in
                    _ = try await sync.connect(setupToken: BridgeHarness.token(root, DemoHousehold.claimToken))
                    armed.withLock { $0 = true }
                    let error = await #expect(throws: VaultError.self) { try await sync.syncAll(trigger: .manual) }
                    #expect(error?.code == .databaseUnreachable, "\(String(describing: error))")
                }
            }
            let afterSync = try await Self.recover(vault, relay: relay)
            // A query that fails inside another's connection (the store's own nesting) is one try as well.
            _ = try? await database.exclusively("probe") {
                await relay.cut()
                return try await database.users.credentials(email: "nobody@example.com")
            }
            let afterProbe = try await Self.recover(vault, relay: relay)
            let up = captured.all.filter { $0.1 == "database reachable again" }.map { "\($0.2["failed_tries"] ?? "")" }
            // The sync's failed write is one try, and so is the probe's; the rest are the tries while it came back.
            #expect(up == ["\(1 + afterSync)", "\(1 + afterProbe)"])
        }
    }

    /// A fresh database reached through a relay (waits bounded at 2 s), and a logger whose lines are captured.
    static func relayed(
        _ backend: TestBackend
    ) async throws -> (DatabaseLocation, TCPRelay, OperationsTests.Captured, Logger) {
        var url = try #require(URLComponents(string: try backend.freshLocation()))
        let relay = try await TCPRelay.start(to: try #require(url.host), port: url.port ?? 5432)
        url.host = "127.0.0.1"
        url.port = relay.port
        url.queryItems = (url.queryItems ?? []) + [URLQueryItem(name: "connect_timeout", value: "2")]
        let captured = OperationsTests.Captured()
        let logger = Logger(label: "test", factory: { _ in OperationsTests.Handler(captured: captured) })
        return (try DatabaseLocation(parsing: try #require(url.string)), relay, captured, logger)
    }

    /// Brings the database back and waits until it answers; returns how many tries failed meanwhile.
    static func recover(_ vault: Vault, relay: TCPRelay) async throws -> Int {
        try await relay.restore()
        var failed = 0
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            do {
                _ = try await vault.households.all()
                return failed
            } catch {
                failed += 1
                try await Task.sleep(for: .milliseconds(250))
            }
        }
        return failed
    }

    @Test(
        "a server started while PostgreSQL is still coming up waits for it instead of exiting",
        .timeLimit(.minutes(3)), arguments: TestBackend.enabled.filter { $0 == .postgres })
    func startsBeforeTheDatabase(backend: TestBackend) async throws {
        var url = try #require(URLComponents(string: try backend.freshLocation()))
        let relay = try await TCPRelay.start(to: try #require(url.host), port: url.port ?? 5432)
        url.host = "127.0.0.1"
        url.port = relay.port
        await relay.cut()
        let location = try DatabaseLocation(parsing: try #require(url.string))
        // The database comes back two seconds after the server began opening it (the bound is ten).
        let restore = Task {
            try await Task.sleep(for: .seconds(2))
            try await relay.restore()
        }
        let opened = try await VaultDatabase.using(location) { database in database.dialect }
        #expect(opened == .postgres)
        try await restore.value
        await relay.cut()
    }
}
