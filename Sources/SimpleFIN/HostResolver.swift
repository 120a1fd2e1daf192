import NIOPosix

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds the addresses a host name stands for. `AddressPolicy` checks them, and the client then
/// connects to the address it checked, so a later answer cannot change where the request goes.
public protocol HostResolver: Sendable {
    /// Every address `host` resolves to; throws when it resolves to none.
    func addresses(of host: String) async throws -> [IPAddress]
}

/// The system's resolver (`getaddrinfo`, with `/etc/hosts` and the configured DNS servers), run off the
/// event loops and the cooperative pool because it blocks.
public struct SystemResolver: HostResolver {
    public init() {}

    public func addresses(of host: String) async throws -> [IPAddress] {
        try await NIOThreadPool.singleton.runIfActive { try Self.lookUp(host) }
    }

    /// A name that resolves to nothing.
    public struct NotFound: Error, CustomStringConvertible {
        public let host: String
        public let reason: String

        public init(host: String, reason: String) {
            self.host = host
            self.reason = reason
        }

        public var description: String { "\(host) does not resolve (\(reason))" }
    }

    private static func lookUp(_ host: String) throws -> [IPAddress] {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Darwin)
        hints.ai_socktype = SOCK_STREAM
        #else
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, nil, &hints, &list)
        guard status == 0, let first = list else {
            throw NotFound(host: host, reason: String(cString: gai_strerror(status)))
        }
        defer { freeaddrinfo(first) }
        var addresses: [IPAddress] = []
        var cursor: UnsafeMutablePointer<addrinfo>? = first
        while let entry = cursor {
            if let socketAddress = entry.pointee.ai_addr {
                switch Int32(socketAddress.pointee.sa_family) {
                case AF_INET:
                    let raw = socketAddress.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                        $0.pointee.sin_addr.s_addr
                    }
                    addresses.append(.v4(UInt32(bigEndian: raw)))
                case AF_INET6:
                    var raw = socketAddress.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                        $0.pointee.sin6_addr
                    }
                    addresses.append(withUnsafeBytes(of: &raw) { IPAddress(v6Bytes: $0) })
                default:
                    break
                }
            }
            cursor = entry.pointee.ai_next
        }
        guard !addresses.isEmpty else { throw NotFound(host: host, reason: "no IPv4 or IPv6 address") }
        return addresses
    }
}
