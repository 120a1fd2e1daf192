import ArgumentParser
import Foundation
import SimpleFIN
import VaultCore
import VaultServices

/// `ghostvault demo`: the demo household through a local SimpleFIN bridge, with no real bank.
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Connect the built-in demo household through a local SimpleFIN bridge.",
        discussion: """
            Sets up a household if there is none, starts a local bridge on 127.0.0.1 serving eighteen months \
            of a realistic household (five institutions), and connects it like a real SimpleFIN account. \
            Later `ghostvault sync` runs start the bridge again by themselves.
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        try await global.withVault { vault in
            _ = try await vault.households.createFirst(
                .init(name: "Demo household", timeZone: TimeZone.current.identifier, currency: "USD"))
        }
        try await DemoBridge.whileRunning {
            // The demo bridge is on loopback: allow exactly it, not the rest of this machine.
            try await global.withSync(policy: DemoBridge.allowing(.publicOnly)) { sync, _ in
                let existing = try await sync.overview().first {
                    $0.connection.server.contains(DemoBridge.serverMarker)
                }
                let report =
                    if let existing {
                        try await sync.sync(existing.connection.id, trigger: .manual)
                    } else {
                        try await sync.connect(
                            setupToken: DemoBridge.setupToken, label: "Demo", historyDays: DemoHouseholdHistory.days)
                    }
                try SyncReportOutput.print([report], json: output.json)
                if !output.json {
                    Terminal.print("Try `ghostvault transactions`, `ghostvault accounts` and `ghostvault connections`.")
                }
            }
        }
    }
}

/// How much history the demo's first sync reads: all eighteen months it has.
enum DemoHouseholdHistory {
    static let days = 548
}
