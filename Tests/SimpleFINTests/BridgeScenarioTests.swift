import Foundation
import SimpleFIN
import SimpleFINBridge
import Testing

@Suite struct BridgeScenarioTests {
    @Test("a scenario survives a round trip through its JSON file form")
    func jsonRoundTrip() throws {
        let scenario = BridgeFixture.scenario()
        let decoded = try BridgeScenario(json: scenario.json())
        #expect(decoded == scenario)
        let minimal = try BridgeScenario(
            json: Data(
                #"{"users":[{"username":"u","password":"p","claimTokens":["T"]}],"connections":[],"accounts":[]}"#.utf8
            ))
        #expect(minimal.users.first?.reusableTokens == nil, "settings a file leaves out take the defaults")
    }

    @Test("the demo household is the same on every run of a day, with every kind of account the spec names")
    func demoIsDeterministic() throws {
        let now = Date(timeIntervalSince1970: 1_795_273_200)
        let a = DemoHousehold.scenario(now: now)
        let b = DemoHousehold.scenario(now: now.addingTimeInterval(600))
        let same = a == b
        #expect(same, "two runs on one day serve the same data")
        #expect(a.connections.count == 5)
        let names = a.accounts.map(\.name).joined(separator: " ")
        for word in ["Checking", "Savings", "Card", "Brokerage", "Mortgage"] { #expect(names.contains(word)) }
        #expect(a.accounts.contains { !($0.holdings ?? []).isEmpty })
        let history = a.accounts.flatMap(\.transactions)
        let oldest = try #require(history.map { $0.posted == 0 ? $0.transactedAt! : $0.posted }.min())
        #expect(Double(1_795_273_200 - oldest) / 86_400 > 540, "eighteen months of history")
        #expect(history.contains { $0.pending == true })
        #expect(history.filter { $0.description.contains("PAYROLL") }.count >= 36, "biweekly pay for eighteen months")
    }

    @Test("the mixed migration shape carries both v1 and v2 fields, and custom currencies pass through")
    func mixedShape() async throws {
        var scenario = BridgeFixture.scenario()
        scenario.mixedShape = true
        scenario.accounts[1].currency = "https://miles.example/currency"
        scenario.accounts[1].failure = "act.missingdata"
        let set = try await BridgeFixture.withBridge(scenario) { root, _ in
            try await SimpleFINClient.using(policy: .allowPrivate) { client in
                guard case .claim(let url) = try SetupToken(parsing: BridgeFixture.token(root, "DEMO")) else {
                    throw SimpleFINError(.invalidSetupToken, "test")
                }
                return try await client.accounts(try await client.claim(url), AccountsQuery(version2: false))
            }
        }
        #expect(set.isVersion2)
        #expect(set.messages.contains { $0.code == "gen" && $0.text.contains("may need attention") })
        #expect(set.messages.contains { $0.code == "act.missingdata" && $0.accountID == "CARD-9" })
        #expect(set.accounts[1].currency == "https://miles.example/currency")
        #expect(set.connections.map(\.id) == ["CON-1"])
    }
}
