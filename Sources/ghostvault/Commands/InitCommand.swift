import ArgumentParser
import Foundation
import VaultCore
import VaultServices

/// `ghostvault init`: creates the database and the household, with the default categories.
struct InitCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Create the database and a household with the default categories.",
        discussion: "Running it again on a database that already has a household changes nothing.")

    @OptionGroup var global: GlobalOptions

    @Option(help: "The household's name.")
    var name = "Home"

    @Option(help: "The household's IANA time zone (default: this machine's).")
    var timeZone = TimeZone.current.identifier

    @Option(help: "The currency totals are reported in (ISO 4217 code).")
    var currency = "USD"

    @Option(help: "The day weeks start on in reports.")
    var weekStart = "monday"

    func run() async throws {
        try await global.withVault { vault in
            let (household, created) = try await vault.households.createFirst(
                .init(name: name, timeZone: timeZone, currency: currency, firstWeekday: weekStart))
            guard created else {
                Terminal.print("Already set up: household '\(household.name)' in \(global.shownDatabase).")
                return
            }
            Terminal.print(
                "Created household '\(household.name)' (\(household.timeZone.identifier), "
                    + "\(household.baseCurrency.code)) in \(global.shownDatabase).")
            Terminal.print(
                "Next: `ghostvault accounts add Cash --kind cash`, then `ghostvault add -12.50 --account Cash`.")
        }
    }
}
