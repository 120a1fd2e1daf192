import ArgumentParser
import Foundation
import Hummingbird
import SimpleFINBridge

/// `simplefin-bridge`: a local SimpleFIN bridge on loopback, serving the demo household or a scenario file.
@main
struct BridgeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simplefin-bridge",
        abstract: "Run a local SimpleFIN bridge (for tests and demos; no real bank behind it).",
        discussion: "Prints a setup token to paste into `ghostvault connect`, then serves until interrupted.")

    @Option(help: "The loopback port to listen on.")
    var port = SimpleFINBridge.demoPort

    @Option(help: "A scenario JSON file to serve instead of the built-in demo household.")
    var scenario: String?

    func run() async throws {
        let served: BridgeScenario
        if let scenario {
            served = try BridgeScenario(json: Data(contentsOf: URL(fileURLWithPath: scenario)))
        } else {
            served = DemoHousehold.scenario()
        }
        let token =
            served.users.first.flatMap { $0.reusableTokens?.first ?? $0.claimTokens.first } ?? DemoHousehold.claimToken
        print("SimpleFIN bridge on http://127.0.0.1:\(port)/simplefin")
        print("Setup token: \(SimpleFINBridge.setupToken(host: "127.0.0.1", port: port, claimToken: token))")
        let app = Application(
            router: SimpleFINBridge(state: BridgeState(scenario: served)).router(),
            configuration: .init(address: .hostname("127.0.0.1", port: port)))
        try await app.runService()
    }
}
