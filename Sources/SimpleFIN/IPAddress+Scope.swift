/// Where an address leads: the public internet, or somewhere on the server's own machine or network.
public enum AddressScope: String, Hashable, Sendable {
    /// A globally routable unicast address.
    case `public`
    /// `0.0.0.0/8` and `::`: on Linux a connection to them reaches this machine.
    case unspecified
    /// `127.0.0.0/8` and `::1`: this machine.
    case loopback
    /// RFC 1918 (`10/8`, `172.16/12`, `192.168/16`), IPv6 unique-local (`fc00::/7`) and site-local (`fec0::/10`).
    case privateNetwork = "private"
    /// `100.64.0.0/10`, carrier-grade NAT's shared space: the provider's network, not the internet.
    case sharedAddressSpace = "shared"
    /// `169.254.0.0/16` (where cloud metadata services answer, `169.254.169.254`) and `fe80::/10`.
    case linkLocal = "link-local"
    /// `224.0.0.0/4` and `ff00::/8`.
    case multicast
    /// Documentation, benchmarking, protocol-assignment and future-use ranges, broadcast, and IPv6 outside `2000::/3`.
    case reserved

    /// How a message describes it: "it is loopback, this server itself".
    var phrase: String {
        switch self {
        case .public: "public"
        case .unspecified: "the unspecified address, which reaches this server itself"
        case .loopback: "loopback, this server itself"
        case .privateNetwork: "on a private network"
        case .sharedAddressSpace: "in the carrier-grade NAT range, inside a provider's network"
        case .linkLocal: "link-local, where cloud metadata services answer"
        case .multicast: "multicast"
        case .reserved: "in a reserved range"
        }
    }
}

extension IPAddress {
    /// Where this address leads (IANA's special-purpose registries, IPv4 and IPv6).
    ///
    /// IPv6 forms that carry an IPv4 address (mapped `::ffff:a.b.c.d`, NAT64 `64:ff9b::/96`, 6to4
    /// `2002::/16`) take the scope of the IPv4 address inside, so `[::ffff:127.0.0.1]` is loopback.
    public var scope: AddressScope {
        switch self {
        case .v4(let value): Self.scope(ofV4: value)
        case .v6(let value): Self.scope(ofV6: value)
        }
    }

    /// IPv4 special-purpose ranges as (network, prefix length, scope); the first match wins.
    private static let v4Ranges: [(UInt32, Int, AddressScope)] = [
        (0x0000_0000, 8, .unspecified),  // 0.0.0.0/8 "this network"
        (0x0A00_0000, 8, .privateNetwork),  // 10.0.0.0/8
        (0x6440_0000, 10, .sharedAddressSpace),  // 100.64.0.0/10
        (0x7F00_0000, 8, .loopback),  // 127.0.0.0/8
        (0xA9FE_0000, 16, .linkLocal),  // 169.254.0.0/16
        (0xAC10_0000, 12, .privateNetwork),  // 172.16.0.0/12
        (0xC000_0000, 24, .reserved),  // 192.0.0.0/24 IETF protocol assignments
        (0xC000_0200, 24, .reserved),  // 192.0.2.0/24 documentation
        (0xC058_6300, 24, .reserved),  // 192.88.99.0/24 6to4 relay anycast (deprecated)
        (0xC0A8_0000, 16, .privateNetwork),  // 192.168.0.0/16
        (0xC612_0000, 15, .reserved),  // 198.18.0.0/15 benchmarking
        (0xC633_6400, 24, .reserved),  // 198.51.100.0/24 documentation
        (0xCB00_7100, 24, .reserved),  // 203.0.113.0/24 documentation
        (0xE000_0000, 4, .multicast),  // 224.0.0.0/4
        (0xF000_0000, 4, .reserved),  // 240.0.0.0/4 future use, and 255.255.255.255 broadcast
    ]

    private static func scope(ofV4 value: UInt32) -> AddressScope {
        for (network, length, scope) in v4Ranges where value >> UInt32(32 - length) == network >> UInt32(32 - length) {
            return scope
        }
        return .public
    }

    private static func scope(ofV6 value: UInt128) -> AddressScope {
        func within(_ network: UInt128, _ length: Int) -> Bool {
            value >> UInt128(128 - length) == network >> UInt128(128 - length)
        }
        let lowV4 = UInt32(truncatingIfNeeded: value)
        if value == 0 { return .unspecified }
        if value == 1 { return .loopback }
        if within(0xFFFF_0000_0000, 96) { return scope(ofV4: lowV4) }  // ::ffff:0:0/96 IPv4-mapped
        if within(0x0064_FF9B << 96, 96) { return scope(ofV4: lowV4) }  // 64:ff9b::/96 NAT64
        if within(0x0064_FF9B_0001 << 80, 48) { return .privateNetwork }  // 64:ff9b:1::/48 local NAT64
        if within(0x2002 << 112, 16) {  // 2002::/16 6to4: the IPv4 address is in bits 16 to 48
            return scope(ofV4: UInt32(truncatingIfNeeded: value >> 80))
        }
        if within(0x2001_0DB8 << 96, 32) { return .reserved }  // 2001:db8::/32 documentation
        if within(0x2001 << 112, 23) { return .reserved }  // 2001::/23 IETF protocol assignments, Teredo
        if within(0xFC << 120, 7) { return .privateNetwork }  // fc00::/7 unique local
        if within(0xFE80 << 112, 10) { return .linkLocal }  // fe80::/10
        if within(0xFEC0 << 112, 10) { return .privateNetwork }  // fec0::/10 site-local (deprecated)
        if within(0xFF << 120, 8) { return .multicast }  // ff00::/8
        if within(0x2000 << 112, 3) { return .public }  // 2000::/3 global unicast
        return .reserved  // ::/96 IPv4-compatible, 100::/64 discard, and everything not yet allocated
    }
}
