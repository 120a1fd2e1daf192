import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing
import VaultTestSupport

@testable import VaultWeb

/// Any signed-in person may attack the others: a pattern they type must never hold up anyone else.
@Suite struct HostilePatternTests {
    static let catastrophic = #"(.*.*)*(.*.*)*(.*.*)*X$"#

    @Test("while one account previews and saves a catastrophic pattern, another signs in and sees the dashboard")
    func othersKeepWorking() async throws {
        try await withWeb { world in
            // Given an attacker with the demo household's history and another person
            let attacker = try await world.connected("mallory@example.com")
            _ = try await world.signedUp("jo@example.com")
            let csrf = try #require(
                Browser.first(#"name="csrf-token" content="([^"]+)""#, in: try await attacker.page("/dashboard").html))
            let rule = #"""
                {"name":"Hostile","category":"Dining","filters":[{"field":"description","op":"regex","value":"\#(
                    Self.catastrophic.replacingOccurrences(of: "\\", with: "\\\\"))"}]}
                """#
            // When the attacker previews and saves the pattern, several times at once
            let attack = Task {
                try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                    for path in ["/api/v1/rules/preview", "/api/v1/rules/preview", "/api/v1/rules"] {
                        group.addTask {
                            try await attacker.request(
                                path, method: .post, headers: [.csrfToken: csrf], body: rule,
                                contentType: "application/json"
                            ).status
                        }
                    }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
            }
            // Then the other person's sign-in and dashboard each answer within a second
            let clock = ContinuousClock()
            let started = clock.now
            let victim = world.browser()
            let signIn = try await victim.submit(
                "/login", from: "/login", ["email": "jo@example.com", "password": "correct horse battery"])
            #expect(signIn.status == .seeOther)
            #expect(clock.now - started < .seconds(1))
            let dashboardStarted = clock.now
            #expect(try await victim.page("/dashboard").status == .ok)
            #expect(clock.now - dashboardStarted < .seconds(1))
            // And the attack itself finished: the pattern ran in linear time (or was refused), never for minutes
            let statuses = try await attack.value
            #expect(statuses.allSatisfy { $0 == .ok || $0 == .created || $0 == .unprocessableContent })
            let applied = try await attacker.request(
                "/api/v1/rules/apply", method: .post, headers: [.csrfToken: csrf])
            #expect(applied.status == .ok)
            #expect(clock.now - started < .seconds(10))
        }
    }
}
