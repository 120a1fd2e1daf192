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
    @Test("kept answers: misses at once share one computation, a new stamp computes again, the least used go first")
    func answerCache() async throws {
        let cache = AnswerCache<Int>(capacity: 2)
        actor Counter {
            var count = 0
            func next() -> Int {
                count += 1
                return count
            }
        }
        let computed = Counter()
        let today = LocalDate(iso: "2026-11-21")!
        let first = HouseholdStamp(dataVersion: 1, today: today, requestDay: 20_000)
        let answers = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<20 {
                group.addTask {
                    try await cache.value(for: "a", stamp: first) {
                        try await Task.sleep(for: .milliseconds(50))
                        return await computed.next()
                    }
                }
            }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(answers == Array(repeating: 1, count: 20))
        #expect(try await cache.value(for: "a", stamp: first) { 99 } == 1)
        let next = HouseholdStamp(dataVersion: 2, today: today, requestDay: 20_000)
        #expect(try await cache.value(for: "a", stamp: next) { 2 } == 2)
        // An answer computed under an older stamp never replaces a newer one.
        cache.store(1, for: "a", stamp: first)
        #expect(cache.value(for: "a", stamp: next) == 2)
        // A failed computation keeps nothing.
        struct Failed: Error {}
        await #expect(throws: Failed.self) { try await cache.value(for: "b", stamp: first) { throw Failed() } }
        #expect(cache.value(for: "b", stamp: first) == nil)
        _ = try await cache.value(for: "b", stamp: first) { 3 }
        _ = cache.value(for: "a", stamp: next)
        _ = try await cache.value(for: "c", stamp: first) { 4 }
        #expect(cache.count == 2)
        #expect(cache.value(for: "b", stamp: first) == nil)
        #expect(cache.value(for: "a", stamp: next) == 2)
    }

    @Test("a looked-up session is kept for its lifetime only, never past its expiry, and a sign-out wins a race")
    func sessionCache() async throws {
        try await TestBackend.sqlite.withDatabase { database in
            let users = Vault(database: database, actor: .system, clock: { Fixture.now }).users(passwordCost: 4)
            let user = try await users.signUp(
                .init(email: "jo@example.com", password: "long enough", confirmation: "long enough"))
            let token = try await users.startSession(for: user, kind: .api).token
            let session = try #require(try await users.session(token: token))
            let cache = SessionCache(lifetime: .milliseconds(300))

            cache.keep(session, for: token, lookedUpAt: cache.generation)
            #expect(cache.session(for: token, now: Fixture.now)?.user == user)
            #expect(cache.session(for: "another token", now: Fixture.now) == nil)
            // Never past the session's own expiry.
            #expect(cache.session(for: token, now: session.expiresAt) == nil)
            #expect(cache.session(for: token, now: Fixture.now) == nil)
            // A person's changed preferences drop their sessions.
            cache.keep(session, for: token, lookedUpAt: cache.generation)
            cache.forget(user: user.id)
            #expect(cache.session(for: token, now: Fixture.now) == nil)
            // A lookup that began before a sign-out does not keep what it found.
            let before = cache.generation
            cache.forget(token: token)
            cache.keep(session, for: token, lookedUpAt: before)
            #expect(cache.session(for: token, now: Fixture.now) == nil)
            // Past the lifetime the database is asked again.
            cache.keep(session, for: token, lookedUpAt: cache.generation)
            #expect(cache.session(for: token, now: Fixture.now) != nil)
            try await Task.sleep(for: .milliseconds(400))
            #expect(cache.session(for: token, now: Fixture.now) == nil)
        }
    }

    @Test("the scheduled sync syncs a connection once it is over four hours old, and leaves a fresh one alone")
    func scheduledSync() async throws {
        let clock = TestClock(Fixture.now)
        try await TestBackend.sqlite.withDatabase { database in
            try await SimpleFINClient.using(policy: .allowPrivate) { client in
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
        try await withApp(WebConfiguration(passwordCost: 4, secureCookies: true)) { browser in
            let response = try await browser.submit(
                "/signup", from: "/signup",
                ["email": "jo@example.com", "password": "long enough", "confirmation": "long enough"])
            let cookie = try #require(response.headers[values: .setCookie].first { $0.hasPrefix("gv_session=") })
            #expect(cookie.contains("Secure"))
            #expect(cookie.contains("HttpOnly"))
        }
    }

    @Test("failures from one address across many accounts are limited too")
    func perAddressLimit() async throws {
        try await TestBackend.sqlite.withDatabase { database in
            let limiter = LoginLimiter(database: database, perAccount: 5, perAddress: 3, window: .seconds(900))
            let now = Fixture.now
            for index in 0..<3 {
                #expect(
                    try await limiter.retryAfter(email: "user\(index)@example.com", address: "10.0.0.1", now: now)
                        == nil)
                try await limiter.record(email: "user\(index)@example.com", address: "10.0.0.1", now: now)
            }
            #expect(try await limiter.retryAfter(email: "fresh@example.com", address: "10.0.0.1", now: now) != nil)
            #expect(try await limiter.retryAfter(email: "fresh@example.com", address: "10.0.0.2", now: now) == nil)
            // The window passes and the address may try again.
            #expect(
                try await limiter.retryAfter(
                    email: "fresh@example.com", address: "10.0.0.1", now: now.addingTimeInterval(901))
                    == nil)
        }
    }

    @Test(
        "a deployment that does not allow private bridges refuses a loopback token, in any form, and saves nothing",
        arguments: ["127.0.0.1", "127.1", "2130706433", "0x7f.1", "[::1]", "localhost"])
    func loopbackTokenRefused(host: String) async throws {
        try await withApp(WebConfiguration(passwordCost: 4)) { browser in
            _ = try await browser.submit(
                "/signup", from: "/signup",
                ["email": "jo@example.com", "password": "long enough", "confirmation": "long enough"])
            let token = Data("http://\(host):9/simplefin/claim/X".utf8).base64EncodedString()
            let response = try await browser.submit("/connections", from: "/connections", ["setupToken": token])
            #expect(response.status == .unprocessableContent)
            #expect(String(buffer: response.body).contains("allow-private-bridges"))
            #expect(String(buffer: response.body).contains("is not a public internet address"))
            #expect(try await browser.page("/connections").html.contains("No institutions linked yet."))
        }
    }
}
