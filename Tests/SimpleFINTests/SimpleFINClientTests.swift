import Foundation
import SimpleFIN
import SimpleFINBridge
import Testing

/// The client against the local bridge over loopback, for the behaviours of reference sections 5 and 8.
@Suite struct SimpleFINClientTests {
    typealias F = BridgeFixture

    func claimed(_ root: URL, _ client: SimpleFINClient, token: String = "DEMO") async throws -> AccessURL {
        guard case .claim(let url) = try SetupToken(parsing: F.token(root, token)) else {
            Issue.record("the setup token did not decode to a claim URL")
            throw SimpleFINError(.invalidSetupToken, "test")
        }
        return try await client.claim(url)
    }

    @Test("a one-time token is claimed once; the second claim is refused as possibly compromised")
    func claimOnce() async throws {
        try await F.withBridge { root, _ in
            try await SimpleFINClient.using(policy: .allowPrivate) { client in
                let access = try await claimed(root, client, token: "ONCE")
                #expect(access.username == "user 1")
                #expect(access.password == "p@ss:w/rd")
                #expect(!access.description.contains("p@ss"))
                await #expect(throws: SimpleFINError.self) { _ = try await claimed(root, client, token: "ONCE") }
                do {
                    _ = try await claimed(root, client, token: "ONCE")
                } catch let error as SimpleFINError {
                    #expect(error.code == .claimRefused)
                    #expect(error.message.contains("someone else"))
                }
                // A reusable demo token works every time.
                _ = try await claimed(root, client)
                _ = try await claimed(root, client)
                #expect(try await client.info(root: root) == ["1.0"])
            }
        }
    }

    @Test("the v1 default shape and the v2 shape carry the same accounts and transactions")
    func shapes() async throws {
        try await F.withBridge { root, _ in
            try await SimpleFINClient.using(policy: .allowPrivate) { client in
                let access = try await claimed(root, client)
                let window = AccountsQuery(
                    start: Date(timeIntervalSince1970: TimeInterval(F.now - 30 * F.day)), end: nil, pending: false,
                    version2: false)
                let v1 = try await client.accounts(access, window)
                var v2Query = window
                v2Query.version2 = true
                let v2 = try await client.accounts(access, v2Query)
                #expect(!v1.isVersion2 && v2.isVersion2)
                #expect(v1.accounts.map(\.id) == ["Demo Checking", "CARD-9"])
                #expect(v1.accounts.map(\.transactions) == v2.accounts.map(\.transactions))
                #expect(v2.accounts.allSatisfy { $0.connectionID == "CON-1" })
                #expect(v1.connections.first?.institutionName == "First Bank")
                let checking = try #require(v2.accounts.first)
                #expect(checking.transactions.map(\.amount) == ["-05.50", "2500.00"])
                #expect(checking.transactions.first?.payee == "John's Fishin Shack")
                #expect(checking.availableBalance == "1150.00")
                #expect(v2.accounts.last?.balance == "-500.25")
                #expect(v2.accounts.last?.transactions.first?.amount == "-12.345")
            }
        }
    }

    @Test("pending items come only when asked for, and post later under a new id")
    func pending() async throws {
        let scenario = F.scenario()
        let start = Date(timeIntervalSince1970: TimeInterval(F.now - 30 * F.day))
        let withPending = try await F.withBridge(scenario) { root, _ in
            try await SimpleFINClient.using(policy: .allowPrivate) { client in
                let access = try await claimed(root, client)
                let without = try await client.accounts(access, AccountsQuery(start: start, pending: false))
                #expect(!without.accounts[0].transactions.contains { $0.isPending })
                return try await client.accounts(access, AccountsQuery(start: start, pending: true))
            }
        }
        let pendingItem = try #require(withPending.accounts[0].transactions.first { $0.isPending })
        #expect(pendingItem.posted == nil)
        #expect(pendingItem.transactedAt != nil)
        let later = try await F.withBridge(scenario, now: F.now + 3 * F.day) { root, _ in
            try await SimpleFINClient.using(policy: .allowPrivate) { client in
                try await client.accounts(try await claimed(root, client), AccountsQuery(start: start, pending: true))
            }
        }
        let ids = later.accounts[0].transactions.map(\.id)
        #expect(ids.contains("T-COFFEE") && !ids.contains("P-1"))
        #expect(later.accounts[0].transactions.first { $0.id == "T-COFFEE" }?.amount == "-5.40")
    }

    @Test("a window over 90 days is capped with a gen.api message; without a start only recent data comes")
    func windows() async throws {
        try await F.withBridge { root, _ in
            try await SimpleFINClient.using(policy: .allowPrivate) { client in
                let access = try await claimed(root, client)
                let long = try await client.accounts(
                    access, AccountsQuery(start: Date(timeIntervalSince1970: TimeInterval(F.now - 400 * F.day))))
                #expect(long.messages.contains { $0.code == "gen.api" && $0.kind == "gen" })
                #expect(!long.accounts[0].transactions.contains { $0.id == "T-OLD" })
                let recent = try await client.accounts(access, AccountsQuery(start: nil, pending: false))
                #expect(recent.accounts[0].transactions.isEmpty)
                #expect(recent.messages.contains { $0.code == "api" })
                let balances = try await client.accounts(access, AccountsQuery(balancesOnly: true))
                #expect(balances.accounts.allSatisfy { $0.transactions.isEmpty })
                let one = try await client.accounts(
                    access, AccountsQuery(accountIDs: ["Demo Checking"], balancesOnly: true))
                #expect(one.accounts.map(\.id) == ["Demo Checking"])
            }
        }
    }

    @Test("402, 403 and a proxy's non-JSON answer become typed errors with advice")
    func failures() async throws {
        var scenario = F.scenario()
        scenario.proxyErrors = 1
        try await F.withBridge(scenario) { root, _ in
            try await SimpleFINClient.using(policy: .allowPrivate) { client in
                let access = try await claimed(root, client)
                await expectCode(.unexpectedStatus) { _ = try await client.accounts(access, AccountsQuery()) }
                _ = try await client.accounts(access, AccountsQuery())
                let lapsed = try await claimed(root, client, token: "LAPSED")
                await expectCode(.paymentRequired) { _ = try await client.accounts(lapsed, AccountsQuery()) }
                let revoked = try await claimed(root, client, token: "REVOKED")
                await expectCode(.accessRevoked) { _ = try await client.accounts(revoked, AccountsQuery()) }
                let forged = try AccessURL(
                    root.absoluteString.replacingOccurrences(of: "http://", with: "http://user%201:wrong@"))
                await expectCode(.accessRevoked) { _ = try await client.accounts(forged, AccountsQuery()) }
            }
        }
    }

    @Test("past the daily budget: warnings, then 429, then a disabled token")
    func quota() async throws {
        var scenario = F.scenario()
        scenario.quota = .init(warnAfter: 2, rejectAfter: 3, disableAfter: 4)
        try await F.withBridge(scenario) { root, state in
            try await SimpleFINClient.using(policy: .allowPrivate) { client in
                let access = try await claimed(root, client)
                let query = AccountsQuery(balancesOnly: true)
                func warned() async throws -> Bool {
                    try await client.accounts(access, query).messages.contains { $0.text.contains("requests today") }
                }
                #expect(try await warned() == false)
                #expect(try await warned() == false)
                #expect(try await warned() == true)
                await expectCode(.rateLimited) { _ = try await client.accounts(access, query) }
                await expectCode(.accessRevoked) { _ = try await client.accounts(access, query) }
                await expectCode(.accessRevoked) { _ = try await client.accounts(access, query) }
                #expect(await state.requestCount(for: "user 1") >= 5)
            }
        }
    }

    @Test("a slow bridge times out instead of hanging")
    func timeout() async throws {
        var scenario = F.scenario()
        scenario.delaySeconds = 3
        try await F.withBridge(scenario) { root, _ in
            let access = try await SimpleFINClient.using(policy: .allowPrivate) { client in
                try await claimed(root, client)
            }
            try await SimpleFINClient.using(policy: .allowPrivate, timeout: .seconds(1)) { client in
                await expectCode(.timeout) { _ = try await client.accounts(access, AccountsQuery()) }
            }
        }
    }

    @Test("partial failures arrive on a 200 with the bank's message and no transactions for that account")
    func partialFailure() async throws {
        var scenario = F.scenario()
        scenario.accounts[1].failure = "act.failed"
        try await F.withBridge(scenario) { root, _ in
            try await SimpleFINClient.using(policy: .allowPrivate) { client in
                let set = try await client.accounts(
                    try await claimed(root, client),
                    AccountsQuery(start: Date(timeIntervalSince1970: TimeInterval(F.now - 30 * F.day))))
                #expect(set.accounts.count == 2)
                #expect(set.accounts[1].transactions.isEmpty)
                #expect(!set.accounts[0].transactions.isEmpty)
                let message = try #require(set.messages.first { $0.accountID == "CARD-9" })
                #expect(message.code == "act.failed" && message.kind == "act")
            }
        }
    }

    @Test("a proxy's HTML block page is not taken for revoked access, and a claim answer that is no URL is never kept")
    func proxyAndBrokenClaim() async throws {
        var scenario = F.scenario()
        scenario.proxyBlocks = 1
        try await F.withBridge(scenario) { root, state in
            try await SimpleFINClient.using(policy: .allowPrivate) { client in
                let access = try await claimed(root, client)
                await expectCode(.unexpectedStatus) { _ = try await client.accounts(access, AccountsQuery()) }
                _ = try await client.accounts(access, AccountsQuery())
                await state.update { $0.brokenClaimAnswer = "Forbidden" }
                await expectCode(.malformedResponse) { _ = try await claimed(root, client) }
            }
        }
    }

    func expectCode(
        _ code: SimpleFINError.Code, sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> Void
    ) async {
        do {
            try await body()
            Issue.record("expected \(code), nothing was thrown", sourceLocation: sourceLocation)
        } catch let error as SimpleFINError {
            #expect(error.code == code, "\(error.message)", sourceLocation: sourceLocation)
        } catch {
            Issue.record("expected \(code), got \(error)", sourceLocation: sourceLocation)
        }
    }
}
