import Foundation
import Testing
import VaultCore
import VaultStore
import VaultTestSupport

/// Sign-in failures are counted in the database: every server sharing it, and a restarted one, sees the same
/// counts, so N servers allow no more guesses than one.
@Suite struct LoginAttemptsTests {
    let limits = LoginLimits(perAccount: 5, perAddress: 20, window: .seconds(900))
    let now = Fixture.now

    @Test("six bad passwords on one server are refused on another and after a restart", arguments: TestBackend.enabled)
    func sharedAcrossServers(backend: TestBackend) async throws {
        let location = try backend.freshLocation(file: true)
        defer { if backend == .sqlite { try? FileManager.default.removeItem(atPath: location) } }
        try await TestBackend.withOpened(location) { first in
            try await TestBackend.withOpened(location) { second in
                for attempt in 0..<5 {
                    let refusal = try await first.beginSignIn(
                        email: "jo@example.com", address: "203.0.113.9", now: now.addingTimeInterval(Double(attempt)),
                        limits: limits)
                    #expect(refusal == nil, "attempt \(attempt + 1) may be made")
                }
                let elsewhere = try await second.beginSignIn(
                    email: "jo@example.com", address: "203.0.113.9", now: now.addingTimeInterval(6), limits: limits)
                #expect(elsewhere?.reason == .accountAndAddress)
                #expect(elsewhere?.until == now.addingTimeInterval(900))
            }
        }
        // A restart remembers them; the window's end forgets them.
        try await TestBackend.withOpened(location) { restarted in
            let refusal = try await restarted.signInRefusal(
                email: "jo@example.com", address: "203.0.113.9", now: now.addingTimeInterval(60), limits: limits)
            #expect(refusal != nil)
            let later = try await restarted.signInRefusal(
                email: "jo@example.com", address: "203.0.113.9", now: now.addingTimeInterval(901), limits: limits)
            #expect(later == nil)
        }
    }

    @Test("attempts made at once on two servers are counted one after the other", arguments: TestBackend.enabled)
    func concurrentAttempts(backend: TestBackend) async throws {
        let location = try backend.freshLocation(file: true)
        defer { if backend == .sqlite { try? FileManager.default.removeItem(atPath: location) } }
        try await TestBackend.withOpened(location) { first in
            try await TestBackend.withOpened(location) { second in
                let limits = self.limits
                let now = self.now
                let allowed = try await withThrowingTaskGroup(of: Bool.self) { group in
                    for index in 0..<12 {
                        let database = index.isMultiple(of: 2) ? first : second
                        group.addTask {
                            try await database.beginSignIn(
                                email: "jo@example.com", address: "203.0.113.9", now: now, limits: limits) == nil
                        }
                    }
                    return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
                }
                #expect(allowed == 5)
            }
        }
    }

    @Test("a long email or address is kept cut to the store's length, not refused with an error")
    func longInput() async throws {
        try await TestBackend.sqlite.withDatabase { database in
            let email = String(repeating: "a", count: 5_000) + "@example.com"
            let address = String(repeating: "1", count: 2_000)
            #expect(try await database.beginSignIn(email: email, address: address, now: now, limits: limits) == nil)
            try await database.signInSucceeded(email: email, address: address, now: now)
        }
    }
}
