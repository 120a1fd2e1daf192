#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An IPv4 or IPv6 address as its binary value, so that every way of writing one is understood alike.
///
/// `127.0.0.1`, `127.1`, `2130706433`, `0x7f.1` and `0177.0.0.1` are all the same address: the C
/// resolver (`inet_aton`, which `getaddrinfo` uses for numeric hosts) reads every one of them, so a
/// check that compared text would let the short forms through. `AddressPolicy` classifies these values,
/// never the text a person wrote.
public enum IPAddress: Hashable, Sendable, CustomStringConvertible {
    /// An IPv4 address, most significant byte first (`127.0.0.1` is `0x7F00_0001`).
    case v4(UInt32)
    /// An IPv6 address, most significant byte first.
    case v6(UInt128)

    /// Reads an address literal, or nil when `text` is a host name.
    ///
    /// IPv4 is read as `inet_aton` reads it: one to four parts separated by dots, each decimal, octal
    /// (a leading `0`) or hexadecimal (`0x`), the last part filling the remaining bytes. IPv6 may be in
    /// brackets and carry a zone (`fe80::1%eth0`, which does not change the address's kind).
    public init?(literal text: String) {
        var bare = Substring(text)
        if bare.hasPrefix("["), bare.hasSuffix("]") { bare = bare.dropFirst().dropLast() }
        if bare.contains(":") {
            guard let value = Self.parseV6(String(bare.prefix { $0 != "%" })) else { return nil }
            self = .v6(value)
        } else {
            guard let value = Self.parseV4(bare) else { return nil }
            self = .v4(value)
        }
    }

    /// The address as `getaddrinfo` and `inet_ntop` write it: dotted quad, or compressed IPv6 without brackets.
    public var description: String {
        switch self {
        case .v4(let value):
            return [24, 16, 8, 0].map { String((value >> UInt32($0)) & 0xFF) }.joined(separator: ".")
        case .v6(let value):
            var address = in6_addr()
            withUnsafeMutableBytes(of: &address) { bytes in
                for index in 0..<16 { bytes[index] = UInt8(truncatingIfNeeded: value >> UInt128(8 * (15 - index))) }
            }
            var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
            guard inet_ntop(AF_INET6, &address, &buffer, socklen_t(buffer.count)) != nil else { return "::" }
            return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    }

    /// The IPv6 address made of 16 bytes in network order.
    init(v6Bytes bytes: some Collection<UInt8>) {
        self = .v6(bytes.reduce(UInt128(0)) { $0 << 8 | UInt128($1) })
    }

    /// `inet_aton`'s reading of numeric IPv4 text; nil for anything else (a name such as `127.evil.example`).
    static func parseV4(_ text: Substring) -> UInt32? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...4).contains(parts.count) else { return nil }
        var values: [UInt64] = []
        for part in parts {
            guard let value = parseV4Part(part) else { return nil }
            values.append(value)
        }
        // Every part but the last is one byte; the last fills the bytes that are left.
        let lastLimit = UInt64(1) << UInt64(8 * (5 - parts.count))
        guard values.dropLast().allSatisfy({ $0 <= 0xFF }), values[values.count - 1] < lastLimit else { return nil }
        var result: UInt64 = 0
        for (index, value) in values.dropLast().enumerated() { result |= value << UInt64(8 * (3 - index)) }
        return UInt32(result | values[values.count - 1])
    }

    /// One part of numeric IPv4 text: `0x1F` hexadecimal, `017` octal, `17` decimal.
    private static func parseV4Part(_ part: Substring) -> UInt64? {
        // No length limit: glibc reads `18.0000…0005` (any number of leading zeros); a value too large for
        // UInt64 is nil here, as it is out of range there (both found by scripts/fuzz setup-token).
        guard !part.isEmpty, part.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { return nil }
        let lower = part.lowercased()
        if lower.hasPrefix("0x") {
            // `0x` alone is not a number to glibc's reader (found by scripts/fuzz setup-token).
            return UInt64(lower.dropFirst(2), radix: 16)
        }
        if lower.count > 1, lower.hasPrefix("0") { return UInt64(lower.dropFirst(), radix: 8) }
        return lower.allSatisfy(\.isNumber) ? UInt64(lower) : nil
    }

    /// IPv6 text through the C library's strict reader, the one the HTTP client uses too.
    private static func parseV6(_ text: String) -> UInt128? {
        var address = in6_addr()
        guard inet_pton(AF_INET6, text, &address) == 1 else { return nil }
        return withUnsafeBytes(of: &address) { IPAddress(v6Bytes: $0) }.v6Value
    }

    /// The value of an IPv6 address.
    var v6Value: UInt128? {
        if case .v6(let value) = self { return value }
        return nil
    }
}
