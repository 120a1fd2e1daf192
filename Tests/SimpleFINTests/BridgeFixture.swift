import Foundation
import SimpleFIN
import SimpleFINBridge
import Testing
import VaultTestSupport

/// A small bridge scenario: one bank connection with checking (pending and posted items) and a card,
/// and users for every account state. "Now" is 2026-11-21 15:00 UTC.
enum BridgeFixture {
    static let now: Int64 = 1_795_273_200
    static let day: Int64 = 86_400

    static func scenario() -> BridgeScenario {
        let bank = BridgeScenario.Connection(
            id: "CON-1", name: "First Bank - Jo", orgID: "INST-1", orgName: "First Bank",
            orgDomain: "firstbank.example",
            orgURL: "https://firstbank.example")
        var coffee = BridgeScenario.Transaction(
            id: "P-1", posted: 0, amount: "-4.50", description: "CAFE LUNA AUTH", payee: "Cafe Luna",
            transactedAt: now - day, pending: true)
        coffee.becomes = .init(id: "T-COFFEE", posted: now + 2 * day, amount: "-5.40")
        let checking = BridgeScenario.Account(
            id: "Demo Checking", connectionID: "CON-1", name: "Checking", currency: "USD", balance: "1200.00",
            availableBalance: "1150.00", balanceDate: now - 3_600,
            transactions: [
                .init(id: "T-OLD", posted: now - 200 * day, amount: "+3", description: "Interest"),
                .init(
                    id: "T-1", posted: now - 10 * day, amount: "-05.50", description: "Fishing bait",
                    payee: "John's Fishin Shack",
                    memo: "JOHNS FISHIN SHACK BAIT"),
                .init(id: "T-2", posted: now - 5 * day, amount: "2500.00", description: "ACME PAYROLL"),
                coffee,
            ])
        let card = BridgeScenario.Account(
            id: "CARD-9", connectionID: "CON-1", name: "Rewards Card", currency: "USD", balance: "-500.25",
            balanceDate: now - 3_600,
            transactions: [.init(id: "C-1", posted: now - 4 * day, amount: "-12.345", description: "Three decimals")])
        var lapsed = BridgeScenario.User(username: "lapsed", password: "pw", claimTokens: ["LAPSED"])
        lapsed.status = .lapsed
        var revoked = BridgeScenario.User(username: "revoked", password: "pw", claimTokens: ["REVOKED"])
        revoked.status = .revoked
        return BridgeScenario(
            users: [
                .init(username: "user 1", password: "p@ss:w/rd", claimTokens: ["ONCE"], reusableTokens: ["DEMO"]),
                lapsed, revoked,
            ],
            connections: [bank], accounts: [checking, card])
    }

    /// Runs a live bridge on loopback for `scenario` and hands `body` its root URL and state.
    static func withBridge<T: Sendable>(
        _ scenario: BridgeScenario = scenario(), now: Int64 = now,
        _ body: @Sendable (URL, BridgeState) async throws -> T
    ) async throws -> T {
        try await BridgeHarness.withBridge(scenario, now: now, body)
    }

    /// The setup token for a claim token on a running bridge.
    static func token(_ root: URL, _ claim: String) -> String { BridgeHarness.token(root, claim) }
}
