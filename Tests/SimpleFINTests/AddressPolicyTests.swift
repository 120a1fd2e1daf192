import Foundation
import SimpleFIN
import Testing

/// Which hosts the SimpleFIN client may reach, decided on the addresses the names resolve to.
@Suite struct AddressPolicyTests {
    /// Answers from a table instead of DNS; a name not in it does not resolve.
    struct TableResolver: HostResolver {
        let table: [String: [IPAddress]]
        func addresses(of host: String) async throws -> [IPAddress] {
            guard let addresses = table[host] else { throw SystemResolver.NotFound(host: host, reason: "test") }
            return addresses
        }
    }

    static let loopback = IPAddress.v4(0x7F00_0001)

    /// The refusal for `host` on `port`, or nil when it was admitted.
    func refusal(_ policy: AddressPolicy, _ host: String, port: Int = 443) async -> SimpleFINError? {
        do {
            _ = try await policy.admit(host: host, port: port)
            return nil
        } catch {
            return error
        }
    }

    @Test(
        "address literals on this machine or its networks are refused, in every form, before any lookup",
        arguments: [
            "127.0.0.1", "127.1", "2130706433", "0x7f.1", "0177.0.0.1", "0.0.0.0", "0", "[::1]", "::1",
            "[::ffff:127.0.0.1]", "[::ffff:7f00:1]", "[fe80::1]", "fe80::1%eth0", "[fd00::1]", "[fc00::5]",
            "10.0.0.1", "10.255.255.255", "172.16.0.1", "172.31.9.9", "192.168.0.1", "169.254.169.254", "169.254.1.1",
            "100.64.0.1", "0.1.2.3", "224.0.0.1", "255.255.255.255", "[ff02::1]", "[::]", "[64:ff9b::a00:1]",
        ])
    func privateLiterals(host: String) async throws {
        // A resolver that knows nothing: a literal never reaches it.
        let policy = AddressPolicy(allowsPrivate: false, resolver: TableResolver(table: [:]))
        let refused = try #require(await refusal(policy, host))
        #expect(refused.code == .privateAddress)
        #expect(refused.message.contains("--allow-private-bridges"))
        #expect(refused.message.contains("SimpleFIN Bridge"))
        let allowed = AddressPolicy(allowsPrivate: true, resolver: TableResolver(table: [:]))
        #expect(await refusal(allowed, host) == nil)
    }

    @Test("the message names the address the host resolved to and why it is refused")
    func message() async throws {
        let policy = AddressPolicy(
            allowsPrivate: false, resolver: TableResolver(table: ["bridge.example": [.v4(0xA9FE_A9FE)]]))
        let refused = try #require(await refusal(policy, "bridge.example"))
        #expect(
            refused.message.hasPrefix(
                "This bridge address (bridge.example) resolves to 169.254.169.254, which is not a public internet "
                    + "address: it is link-local"))
        let short = try #require(await refusal(.publicOnly, "127.1"))
        #expect(
            short.message.hasPrefix("This bridge address (127.0.0.1) is not a public internet address: it is loopback"))
    }

    @Test("public addresses are admitted, and the first resolved address is the one to connect to")
    func publicAdmitted() async throws {
        let public1 = try #require(IPAddress(literal: "93.184.215.14"))
        let public2 = try #require(IPAddress(literal: "2606:2800:21f:cb07:6820:80da:af6b:8b2c"))
        let policy = AddressPolicy(
            allowsPrivate: false, resolver: TableResolver(table: ["beta-bridge.example": [public1, public2]]))
        #expect(try await policy.admit(host: "beta-bridge.example", port: 443) == public1)
        #expect(try await AddressPolicy.publicOnly.admit(host: "8.8.8.8", port: 443) == .v4(0x0808_0808))
    }

    @Test("a name is refused when any address it resolves to is private, not just the first")
    func anyPrivateRefuses() async throws {
        let policy = AddressPolicy(
            allowsPrivate: false,
            resolver: TableResolver(table: ["mixed.example": [.v4(0x0808_0808), .v4(0x0A00_0001)]]))
        #expect(await refusal(policy, "mixed.example")?.code == .privateAddress)
    }

    @Test(
        "names for this machine are refused without asking DNS, and names that resolve to it are refused",
        arguments: ["localhost", "LOCALHOST", "x.localhost", "bridge.localhost.", "rebind.example"])
    func namesResolvingToLoopback(host: String) async throws {
        // The table stands in for DNS (tests send nothing off this machine): only rebind.example is in it.
        let policy = AddressPolicy(
            allowsPrivate: false, resolver: TableResolver(table: ["rebind.example": [.v4(0x7F00_0001)]]))
        let refused = try #require(await refusal(policy, host))
        #expect(refused.code == .privateAddress)
        #expect(refused.message.contains("resolves to 127.0.0.1"))
    }

    @Test(
        "the system resolver reads numeric forms as IPAddress does (so the check and the connection agree)",
        arguments: ["127.1", "2130706433", "0x7f.1", "0177.0.0.1", "127.0.0.1", "::ffff:7f00:1"])
    func systemResolverAgrees(text: String) async throws {
        // Numeric hosts are read by the C library itself: nothing is sent to a DNS server.
        #expect(try await SystemResolver().addresses(of: text) == [try #require(IPAddress(literal: text))])
    }

    @Test("a name that does not resolve is a transport failure that says so")
    func unresolvable() async throws {
        let refused = try #require(
            await refusal(AddressPolicy(allowsPrivate: false, resolver: TableResolver(table: [:])), "bridge.invalid"))
        #expect(refused.code == .transport)
        #expect(refused.message.contains("bridge.invalid"))
    }

    @Test("an exception allows exactly one address and port, and nothing else on this machine")
    func exception() async throws {
        let policy = AddressPolicy.publicOnly.allowing(Self.loopback, port: 8_123)
        #expect(try await policy.admit(host: "127.0.0.1", port: 8_123) == Self.loopback)
        #expect(try await policy.admit(host: "127.1", port: 8_123) == Self.loopback)
        #expect(await refusal(policy, "127.0.0.1", port: 8_124)?.code == .privateAddress)
        #expect(await refusal(policy, "127.0.0.2", port: 8_123)?.code == .privateAddress)
        #expect(await refusal(policy, "[::1]", port: 8_123)?.code == .privateAddress)
        #expect(await refusal(policy, "10.0.0.1", port: 8_123)?.code == .privateAddress)
    }

    @Test("a URL's port defaults by scheme, and its IPv6 brackets are dropped")
    func urls() async throws {
        let https = AddressPolicy.publicOnly.allowing(Self.loopback, port: 443)
        #expect(try await https.admit(URL(string: "https://127.0.0.1/simplefin")!) == Self.loopback)
        await #expect(throws: SimpleFINError.self) { try await https.admit(URL(string: "http://127.0.0.1/simplefin")!) }
        let http = AddressPolicy.publicOnly.allowing(.v6(1), port: 80)
        #expect(try await http.admit(URL(string: "http://[::1]/simplefin")!) == .v6(1))
    }
}
