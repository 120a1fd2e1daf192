import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import SimpleFIN
import SimpleFINBridge
import Testing
import VaultCore
import VaultServices
import VaultStore
import VaultTestSupport

@testable import VaultWeb

@Suite struct ServerBehaviourTests {
    @Test("the scheduled sync syncs a connection once it is over four hours old, and leaves a fresh one alone")
    func scheduledSync() async throws {
        let clock = TestClock(Fixture.now)
        try await TestBackend.sqlite.withDatabase { database in
            try await SimpleFINClient.using { client in
                let state = BridgeState(scenario: DemoHousehold.scenario(now: Fixture.now), clock: { clock.now })
                try await BridgeHarness.withBridge(state: state) { root, _ in
                    let environment = WebEnvironment(
                        database: database, secrets: SecretBox(key: Data(repeating: 3, count: 32)), simpleFIN: client,
                        configuration: WebConfiguration(passwordCost: 4), clock: { clock.now })
                    let user = try await environment.users.signUp(
                        .init(email: "jo@example.com", password: "long enough", confirmation: "long enough"))
                    let sync = environment.sync(for: user)
                    _ = try await sync.connect(setupToken: BridgeHarness.token(root, DemoHousehold.claimToken))
                    let first = try #require(try await sync.overview().first)
                    let scheduled = ScheduledSync(
                        environment: environment, interval: .seconds(60), logger: Logger(label: "test"))

                    // An hour later the connection is fresh: nothing is requested.
                    clock.advance(hours: 1)
                    await scheduled.runOnce()
                    let fresh = try #require(try await sync.overview().first)
                    #expect(fresh.budget.used == first.budget.used)

                    // Five hours after the first sync it is due.
                    clock.advance(hours: 4)
                    await scheduled.runOnce()
                    let due = try #require(try await sync.overview().first)
                    #expect(due.budget.used == first.budget.used + 1)
                    #expect(due.connection.lastSyncAt == clock.now)
                }
            }
        }
    }

    @Test("behind TLS the session cookie is Secure")
    func secureCookies() async throws {
        try await TestBackend.sqlite.withDatabase { database in
            try await SimpleFINClient.using { client in
                let environment = WebEnvironment(
                    database: database, secrets: SecretBox(key: Data(repeating: 3, count: 32)), simpleFIN: client,
                    configuration: WebConfiguration(passwordCost: 4, secureCookies: true), clock: { Fixture.now })
                try await Application(router: buildRouter(environment)).test(.router) { client in
                    let browser = Browser(client: client)
                    let response = try await browser.submit(
                        "/signup", from: "/signup",
                        ["email": "jo@example.com", "password": "long enough", "confirmation": "long enough"])
                    let cookie = try #require(response.headers[values: .setCookie].first { $0.hasPrefix("gv_session=") })
                    #expect(cookie.contains("Secure"))
                    #expect(cookie.contains("HttpOnly"))
                }
            }
        }
    }

    @Test("failures from one address across many accounts are limited too")
    func perAddressLimit() async throws {
        let limiter = LoginLimiter(perAccount: 5, perAddress: 3, window: .seconds(900))
        let now = Fixture.now
        for index in 0..<3 {
            #expect(await limiter.retryAfter(email: "user\(index)@example.com", address: "10.0.0.1", now: now) == nil)
            await limiter.recordFailure(email: "user\(index)@example.com", address: "10.0.0.1", now: now)
        }
        #expect(await limiter.retryAfter(email: "fresh@example.com", address: "10.0.0.1", now: now) != nil)
        #expect(await limiter.retryAfter(email: "fresh@example.com", address: "10.0.0.2", now: now) == nil)
        // The window passes and the address may try again.
        #expect(
            await limiter.retryAfter(email: "fresh@example.com", address: "10.0.0.1", now: now.addingTimeInterval(901))
                == nil)
    }
}
