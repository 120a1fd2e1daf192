import NIOCore
import NIOPosix
import Synchronization

/// A TCP relay on loopback in front of a server, for tests that play the server going away: `cut()` drops
/// every relayed connection and stops listening (a new connection is refused, as from a stopped server),
/// `restore()` listens on the same port again.
public final class TCPRelay: Sendable {
    public let port: Int
    private let target: SocketAddress
    private let state = Mutex(State())

    private struct State {
        var listener: (any Channel)?
        var relayed: [any Channel] = []
    }

    private init(port: Int, target: SocketAddress) {
        self.port = port
        self.target = target
    }

    /// A relay to `host:port` listening on a free loopback port.
    public static func start(to host: String, port: Int) async throws -> TCPRelay {
        let target = try SocketAddress.makeAddressResolvingHost(host, port: port)
        let probe = try await TCPRelay(port: 0, target: target).listen(on: 0)
        let port = probe.localAddress?.port ?? 0
        try await probe.close()
        let relay = TCPRelay(port: port, target: target)
        try await relay.restore()
        return relay
    }

    /// Listens again on the relay's port.
    public func restore() async throws {
        let listener = try await listen(on: port)
        state.withLock { $0.listener = listener }
    }

    /// Stops listening and drops every relayed connection.
    public func cut() async {
        let (listener, relayed) = takeAll()
        try? await listener?.close()
        for channel in relayed { try? await channel.close() }
    }

    /// `cut()` for a caller that cannot wait (a clock closure): the closes are started on their event loops,
    /// which carry them out within moments.
    public func cutWithoutWaiting() {
        let (listener, relayed) = takeAll()
        listener?.close(promise: nil)
        for channel in relayed { channel.close(promise: nil) }
    }

    private func takeAll() -> (listener: (any Channel)?, relayed: [any Channel]) {
        state.withLock { state in
            defer { state = State() }
            return (state.listener, state.relayed)
        }
    }

    private func listen(on port: Int) async throws -> any Channel {
        let target = self.target
        return try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { [weak self] inbound in
                ClientBootstrap(group: inbound.eventLoop).connect(to: target).flatMapThrowing { outbound in
                    let (near, far) = Glue.pair()
                    try inbound.pipeline.syncOperations.addHandler(near)
                    try outbound.pipeline.syncOperations.addHandler(far)
                    self?.state.withLock { $0.relayed += [inbound, outbound] }
                }
            }
            .bind(host: "127.0.0.1", port: port).get()
    }

    /// Passes bytes between two channels on one event loop and closes each when the other closes.
    private final class Glue: ChannelInboundHandler {
        typealias InboundIn = NIOAny
        private var partner: Glue?
        private var context: ChannelHandlerContext?

        static func pair() -> (Glue, Glue) {
            let (near, far) = (Glue(), Glue())
            near.partner = far
            far.partner = near
            return (near, far)
        }

        func handlerAdded(context: ChannelHandlerContext) { self.context = context }

        func handlerRemoved(context: ChannelHandlerContext) {
            self.context = nil
            partner = nil
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) { partner?.context?.write(data, promise: nil) }

        func channelReadComplete(context: ChannelHandlerContext) { partner?.context?.flush() }

        func channelInactive(context: ChannelHandlerContext) { partner?.context?.close(promise: nil) }

        func errorCaught(context: ChannelHandlerContext, error: any Error) { context.close(promise: nil) }
    }
}
