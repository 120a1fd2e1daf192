import Foundation
import Testing
import VaultCore
import VaultTestSupport

@testable import VaultWeb

@Suite struct LoginLimiterTests {
    let now = Fixture.now

    @Test("a stranger's failures never lock the owner out from an address they signed in from before")
    func ownerKeepsTheirAddress() async throws {
        try await TestBackend.sqlite.withDatabase { database in
            let limiter = LoginLimiter(database: database, perAccount: 5, perAddress: 20, window: .seconds(900))
            // The owner signed in from home before.
            #expect(try await limiter.begin(email: "jo@example.com", address: "198.51.100.7", now: now) == nil)
            try await limiter.succeeded(email: "jo@example.com", address: "198.51.100.7", now: now)
            // A stranger guesses from two addresses until both are held back.
            for address in ["203.0.113.1", "203.0.113.2"] {
                for _ in 0..<5 { _ = try await limiter.begin(email: "jo@example.com", address: address, now: now) }
                #expect(try await limiter.begin(email: "jo@example.com", address: address, now: now) != nil)
            }
            // The owner, from home, goes straight through.
            #expect(try await limiter.begin(email: "jo@example.com", address: "198.51.100.7", now: now) == nil)
        }
    }

    @Test("guesses spread over many addresses are slowed to one per slowdown, not allowed freely")
    func distributedGuessesAreSlowed() async throws {
        try await TestBackend.sqlite.withDatabase { database in
            let limiter = LoginLimiter(
                database: database, perAccount: 5, perAddress: 20, window: .seconds(900), slowdown: .seconds(30))
            for index in 0..<5 {
                #expect(
                    try await limiter.begin(email: "jo@example.com", address: "203.0.113.\(index)", now: now) == nil)
            }
            let slowed = try await limiter.begin(email: "jo@example.com", address: "203.0.113.50", now: now)
            #expect(slowed == LoginLimiter.Refusal(until: now.addingTimeInterval(30), reason: .unfamiliarAddresses))
            // After the slowdown one more attempt may be made, then the next waits again.
            let later = now.addingTimeInterval(31)
            #expect(try await limiter.begin(email: "jo@example.com", address: "203.0.113.51", now: later) == nil)
            #expect(try await limiter.begin(email: "jo@example.com", address: "203.0.113.52", now: later) != nil)
            // Another account is not affected at all.
            #expect(try await limiter.begin(email: "al@example.com", address: "203.0.113.52", now: later) == nil)
        }
    }

    @Test("the owner from a new address is slowed, never locked for the whole window")
    func ownerOnANewNetwork() async throws {
        try await TestBackend.sqlite.withDatabase { database in
            let limiter = LoginLimiter(
                database: database, perAccount: 5, perAddress: 20, window: .seconds(900), slowdown: .seconds(30))
            for index in 0..<10 {
                _ = try await limiter.begin(email: "jo@example.com", address: "203.0.113.\(index)", now: now)
            }
            let wait = try await limiter.retryAfter(email: "jo@example.com", address: "192.0.2.1", now: now)
            #expect(wait.map { $0.until.timeIntervalSince(now) <= 30 } == true)
        }
    }

    @Test("a success forgives that address's failures for the account")
    func successForgives() async throws {
        try await TestBackend.sqlite.withDatabase { database in
            let limiter = LoginLimiter(database: database, perAccount: 3, perAddress: 20, window: .seconds(900))
            for _ in 0..<2 { _ = try await limiter.begin(email: "jo@example.com", address: "198.51.100.7", now: now) }
            let attempt = now.addingTimeInterval(1)
            #expect(try await limiter.begin(email: "jo@example.com", address: "198.51.100.7", now: attempt) == nil)
            try await limiter.succeeded(email: "jo@example.com", address: "198.51.100.7", now: attempt)
            for _ in 0..<2 {
                #expect(try await limiter.begin(email: "jo@example.com", address: "198.51.100.7", now: attempt) == nil)
            }
        }
    }
}
