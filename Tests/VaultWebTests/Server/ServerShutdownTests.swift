import AsyncHTTPClient
import Foundation
import Hummingbird
import Logging
import ServiceLifecycle
import SimpleFIN
import Testing
import VaultServices
import VaultTestSupport

@testable import VaultWeb

@Suite struct ServerShutdownTests {
    @Test("a stop finishes within the grace period while a request is still busy")
    func stopsWithinGracePeriod() async throws {
        try await TestBackend.sqlite.withDatabase { database in
            try await SimpleFINClient.using { client in
                let environment = WebEnvironment(
                    database: database, secrets: SecretBox(key: Data(repeating: 3, count: 32)), simpleFIN: client,
                    configuration: WebConfiguration(passwordCost: 4, syncCheckInterval: nil))
                let router = buildRouter(environment)
                // Stands for a request waiting on something slow, such as a bridge that never answers.
                router.get("/test/busy") { _, _ -> String in
                    try await Task.sleep(for: .seconds(60))
                    return "finished"
                }
                let (ports, port) = AsyncStream.makeStream(of: Int.self)
                let app = Application(
                    router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
                    onServerRunning: { port.yield($0.localAddress?.port ?? 0) })
                let group = serverGroup(
                    app, logger: Logger(label: "test"), gracePeriod: .seconds(1), cancellationPeriod: .seconds(10),
                    signals: [])
                let running = Task { try await group.run() }
                var iterator = ports.makeAsyncIterator()
                let listening = try #require(await iterator.next())
                let busy = Task {
                    try await HTTPClient.shared.execute(
                        HTTPClientRequest(url: "http://127.0.0.1:\(listening)/test/busy"), timeout: .seconds(30))
                }
                try await Task.sleep(for: .milliseconds(300))
                let clock = ContinuousClock()
                let started = clock.now
                await group.triggerGracefulShutdown()
                _ = try? await running.value
                // One second of grace, then the busy request is cancelled: never the 60 s it would take, nor the
                // 10 s cancellation period (the bound leaves room for a machine busy with four hundred other tests).
                #expect(clock.now - started < .seconds(9))
                busy.cancel()
                _ = try? await busy.value
            }
        }
    }
}
