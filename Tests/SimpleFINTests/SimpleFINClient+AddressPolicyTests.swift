import Foundation
import SimpleFIN
import SimpleFINBridge
import Testing

/// The client's address policy on real requests to the loopback bridge. The test bridge stands in for a
/// public one: the policy allows exactly its address and port, and everything else on this machine or
/// its networks stays refused. Every refusal happens before a connection, so nothing leaves loopback.
@Suite struct SimpleFINClientAddressPolicyTests {
    typealias F = BridgeFixture
    static let loopback = IPAddress.v4(0x7F00_0001)

    /// The policy of a public deployment whose only reachable bridge is the test bridge at `root`.
    static func onlyTheBridge(_ root: URL, resolver: any HostResolver = SystemResolver()) -> AddressPolicy {
        AddressPolicy(allowsPrivate: false, resolver: resolver).allowing(loopback, port: root.port!)
    }

    static func claimURL(_ root: URL, _ token: String = "DEMO") throws -> URL {
        guard case .claim(let url) = try SetupToken(parsing: F.token(root, token)) else {
            throw SimpleFINError(.invalidSetupToken, "the test token is not a claim URL")
        }
        return url
    }

    func refusal(_ body: () async throws -> Void) async -> SimpleFINError? {
        do {
            try await body()
            return nil
        } catch {
            return error as? SimpleFINError
        }
    }

    @Test(
        "a bridge whose claim answers with an access URL on this server's network is refused, and no access is returned",
        arguments: [
            "https://u:secret@10.0.0.1/simplefin", "https://u:secret@169.254.169.254/latest/meta-data",
            "http://u:secret@127.0.0.1:9/simplefin", "http://u:secret@127.1/simplefin",
            "http://u:secret@0x7f.1:9/simplefin", "http://u:secret@2130706433:9/simplefin",
            "http://u:secret@[::1]:9/simplefin", "https://u:secret@[::ffff:127.0.0.1]/simplefin",
            "https://u:secret@[fd00::1]/simplefin", "http://u:secret@localhost:9/simplefin",
            "https://u:secret@192.168.1.1/simplefin", "https://u:secret@100.64.0.1/simplefin",
        ])
    func claimAnswersPrivateAccess(answer: String) async throws {
        try await F.withBridge { root, state in
            await state.update { $0.brokenClaimAnswer = answer }
            try await SimpleFINClient.using(policy: Self.onlyTheBridge(root)) { client in
                let refused = try #require(await refusal { _ = try await client.claim(try Self.claimURL(root)) })
                #expect(refused.code == .privateAddress, "\(refused.message)")
                #expect(!refused.message.contains("secret"))
                #expect(refused.message.contains("--allow-private-bridges"))
            }
        }
    }

    @Test("the same claim is accepted when its answer is the allowed bridge itself")
    func claimAnswersTheBridge() async throws {
        try await F.withBridge { root, _ in
            try await SimpleFINClient.using(policy: Self.onlyTheBridge(root)) { client in
                let access = try await client.claim(try Self.claimURL(root))
                #expect(try await client.accounts(access, AccountsQuery(balancesOnly: true)).accounts.count == 2)
            }
        }
    }

    @Test("with public addresses only, the claim, /info and /accounts are each refused before anything is sent")
    func everyRequestChecked() async throws {
        try await F.withBridge { root, state in
            let access = try await SimpleFINClient.using(policy: Self.onlyTheBridge(root)) { client in
                try await client.claim(try Self.claimURL(root, "ONCE"))
            }
            let before = await state.requestCount(for: "user 1")
            try await SimpleFINClient.using { client in
                #expect(client.policy.allowsPrivate == false)
                #expect(await refusal { _ = try await client.claim(try Self.claimURL(root)) }?.code == .privateAddress)
                #expect(await refusal { _ = try await client.info(root: root) }?.code == .privateAddress)
                #expect(
                    await refusal { _ = try await client.accounts(access, AccountsQuery()) }?.code == .privateAddress)
            }
            #expect(await state.requestCount(for: "user 1") == before, "no /accounts request reached the bridge")
        }
    }

    @Test(
        "short and numeric forms of the bridge's address are the same address: refused by default, allowed by its exception",
        arguments: ["127.1", "2130706433", "0x7f.1", "0177.0.0.1", "0x7f000001"])
    func shortForms(host: String) async throws {
        try await F.withBridge { root, _ in
            let short = URL(string: "http://\(host):\(root.port!)/simplefin")!
            try await SimpleFINClient.using { client in
                #expect(await refusal { _ = try await client.info(root: short) }?.code == .privateAddress)
            }
            let versions = try await SimpleFINClient.using(policy: Self.onlyTheBridge(root)) { client in
                try await client.info(root: short)
            }
            #expect(versions == ["1.0"])
            let other = URL(string: "http://\(host):\(root.port! == 9 ? 10 : 9)/simplefin")!
            try await SimpleFINClient.using(policy: Self.onlyTheBridge(root)) { client in
                #expect(await refusal { _ = try await client.info(root: other) }?.code == .privateAddress)
            }
        }
    }

    @Test("the connection goes to the address that was checked, not to a second lookup")
    func pinned() async throws {
        try await F.withBridge { root, _ in
            // `.invalid` never resolves in DNS: the request can only succeed through the checked address.
            let resolver = AddressPolicyTests.TableResolver(table: ["bridge.invalid": [Self.loopback]])
            let named = URL(string: "http://bridge.invalid:\(root.port!)/simplefin")!
            try await SimpleFINClient.using(policy: Self.onlyTheBridge(root, resolver: resolver)) { client in
                let versions = try await client.info(root: named)
                #expect(versions == ["1.0"])
            }
        }
    }

    /// Answers with one address the first time and another after that, as a rebinding attacker's DNS does.
    actor RebindingResolver: HostResolver {
        let first: IPAddress
        let then: IPAddress
        var asked = 0

        init(first: IPAddress, then: IPAddress) {
            self.first = first
            self.then = then
        }

        func addresses(of host: String) async throws -> [IPAddress] {
            asked += 1
            return [asked == 1 ? first : then]
        }
    }

    @Test("a name that changes its answer after it was checked is checked again on the next request, and refused")
    func rebinding() async throws {
        try await F.withBridge { root, _ in
            let resolver = RebindingResolver(first: Self.loopback, then: .v4(0x7F00_0002))
            let named = URL(string: "http://bridge.invalid:\(root.port!)/simplefin")!
            try await SimpleFINClient.using(policy: Self.onlyTheBridge(root, resolver: resolver)) { client in
                let versions = try await client.info(root: named)
                #expect(versions == ["1.0"])
                let refused = try #require(await refusal { _ = try await client.info(root: named) })
                #expect(refused.code == .privateAddress)
                #expect(refused.message.contains("resolves to 127.0.0.2"))
            }
            #expect(await resolver.asked == 2)
        }
    }
}
