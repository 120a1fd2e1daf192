import SimpleFIN
import Testing

/// Addresses read from every form the C resolver accepts, and classified by value.
@Suite struct IPAddressTests {
    static let loopback = IPAddress.v4(0x7F00_0001)

    @Test(
        "every way of writing 127.0.0.1 reads as the same address",
        arguments: [
            "127.0.0.1", "127.1", "127.0.1", "2130706433", "0x7f.1", "0X7F.0.0.1", "0177.0.0.1", "0x7F000001",
            "017700000001", "127.000000000000000000000000000000001", "0x00000000000000000000007f.1",
        ])
    func shortForms(text: String) {
        #expect(IPAddress(literal: text) == Self.loopback)
        #expect(IPAddress(literal: text)?.scope == .loopback)
    }

    @Test(
        "names, and numbers no resolver reads as an address, are not literals",
        arguments: [
            "bridge.example", "127.evil.example", "localhost", "1.2.3.4.5", "256.0.0.1", "1.256.0.1", "08.1.2.3",
            "0x1g.0.0.1", "+1.2.3.4", "1..2.3", "", "4294967296", "::gg", "[::1", "0x", "0x.1", "127.0x",
        ])
    func notLiterals(text: String) {
        #expect(IPAddress(literal: text) == nil)
    }

    @Test("IPv6 is read in brackets, with a zone, and with IPv4 inside; and written back as the resolver writes it")
    func ipv6() {
        #expect(IPAddress(literal: "[::1]") == .v6(1))
        #expect(IPAddress(literal: "::1") == .v6(1))
        #expect(IPAddress(literal: "[::ffff:127.0.0.1]") == IPAddress(literal: "::ffff:7f00:1"))
        #expect(IPAddress(literal: "[::ffff:7f00:1]")?.description == "::ffff:127.0.0.1")
        #expect(IPAddress(literal: "fe80::1%eth0") == IPAddress(literal: "fe80::1"))
        #expect(IPAddress(literal: "2001:DB8::1")?.description == "2001:db8::1")
        #expect(IPAddress(literal: "127.1")?.description == "127.0.0.1")
    }

    @Test(
        "addresses are classified by value",
        arguments: [
            ("0.0.0.0", AddressScope.unspecified), ("0.1.2.3", .unspecified), ("127.0.0.1", .loopback),
            ("127.255.255.254", .loopback), ("10.0.0.1", .privateNetwork), ("10.255.255.255", .privateNetwork),
            ("172.16.0.1", .privateNetwork), ("172.31.255.255", .privateNetwork), ("172.15.255.255", .public),
            ("172.32.0.1", .public), ("192.168.1.9", .privateNetwork), ("169.254.169.254", .linkLocal),
            ("169.254.0.1", .linkLocal), ("100.64.0.1", .sharedAddressSpace), ("100.127.255.255", .sharedAddressSpace),
            ("100.128.0.1", .public), ("192.0.0.8", .reserved), ("192.0.2.1", .reserved), ("198.18.0.1", .reserved),
            ("198.51.100.7", .reserved), ("203.0.113.9", .reserved), ("224.0.0.1", .multicast),
            ("239.255.255.250", .multicast), ("240.0.0.1", .reserved), ("255.255.255.255", .reserved),
            ("8.8.8.8", .public), ("1.1.1.1", .public), ("192.169.0.1", .public),
            ("::", .unspecified), ("::1", .loopback), ("::ffff:127.0.0.1", .loopback), ("::ffff:7f00:1", .loopback),
            ("::ffff:10.0.0.1", .privateNetwork), ("::ffff:169.254.169.254", .linkLocal),
            ("::ffff:8.8.8.8", .public), ("64:ff9b::7f00:1", .loopback), ("64:ff9b::808:808", .public),
            ("64:ff9b:1::1", .privateNetwork), ("2002:7f00:1::1", .loopback), ("2002:0808:0808::1", .public),
            ("::127.0.0.1", .reserved), ("100::1", .reserved), ("2001:db8::1", .reserved), ("2001::1", .reserved),
            ("fc00::1", .privateNetwork), ("fd00:ec2::254", .privateNetwork), ("fe80::1", .linkLocal),
            ("febf::1", .linkLocal), ("fec0::1", .privateNetwork), ("ff02::1", .multicast),
            ("2606:4700::1111", .public), ("2a00:1450:4001::1", .public), ("4000::1", .reserved),
        ])
    func scopes(text: String, scope: AddressScope) throws {
        #expect(try #require(IPAddress(literal: text)).scope == scope)
    }
}
