import Foundation
import Hummingbird
import Logging
import ServiceLifecycle
import SimpleFIN
import SimpleFINBridge

/// Runs the demo household's bridge on its fixed loopback port while a command needs it.
enum DemoBridge {
    static let host = "127.0.0.1"
    static var port: Int { SimpleFINBridge.demoPort }

    /// The demo connection's server, as `BankConnection.server` shows it.
    static var serverMarker: String { "\(host):\(port)/simplefin" }

    /// `policy`, also allowing exactly the demo bridge (and nothing else on this machine).
    static func allowing(_ policy: AddressPolicy) -> AddressPolicy {
        policy.allowing(IPAddress(literal: host)!, port: port)
    }

    /// The setup token of the demo household.
    static var setupToken: String {
        SimpleFINBridge.setupToken(host: host, port: port, claimToken: DemoHousehold.claimToken)
    }

    /// The demo bridge as a service that runs beside `ghostvault serve --demo`. When its port is taken
    /// (another GhostVault serving the demo), that bridge is used and the server carries on.
    static func service(logger: Logger) -> some Service {
        var quiet = logger
        quiet.logLevel = .critical
        return SharedBridge(
            bridge: Application(
                router: SimpleFINBridge(state: BridgeState(scenario: DemoHousehold.scenario())).router(),
                configuration: .init(address: .hostname(host, port: port)), logger: quiet),
            logger: logger)
    }

    /// Runs the bridge; if it cannot listen, says so and waits for shutdown instead of stopping the server.
    struct SharedBridge<Bridge: Service>: Service {
        let bridge: Bridge
        let logger: Logger

        func run() async throws {
            do {
                try await bridge.run()
            } catch {
                logger.notice("The demo bridge's port \(port) is taken; using the bridge already there.")
                try await gracefulShutdown()
            }
        }
    }

    /// Runs `body` with the demo bridge listening. When the port is taken (another `ghostvault` or a
    /// `simplefin-bridge` is serving it), that one is used.
    static func whileRunning<T>(_ body: () async throws -> T) async throws -> T {
        var logger = Logger(label: "ghostvault.demo-bridge")
        logger.logLevel = .error
        let (started, continuation) = AsyncStream.makeStream(of: Bool.self)
        let app = Application(
            router: SimpleFINBridge(state: BridgeState(scenario: DemoHousehold.scenario())).router(),
            configuration: .init(address: .hostname(host, port: port)),
            onServerRunning: { _ in continuation.yield(true) }, logger: logger)
        let group = ServiceGroup(services: [app], gracefulShutdownSignals: [], logger: logger)
        let runner = Task {
            do { try await group.run() } catch { continuation.yield(false) }
            continuation.finish()
        }
        var iterator = started.makeAsyncIterator()
        _ = await iterator.next()
        do {
            let result = try await body()
            await group.triggerGracefulShutdown()
            _ = await runner.value
            return result
        } catch {
            await group.triggerGracefulShutdown()
            _ = await runner.value
            throw error
        }
    }
}
