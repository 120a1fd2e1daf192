import ArgumentParser
import Foundation
import VaultServices

/// `ghostvault generate --transactions 100000`: a large generated household for trying GhostVault at scale.
struct GenerateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Add generated accounts and transactions (years of history) to the household, for testing at scale.",
        discussion: "The same --seed always gives the same data. The accounts are named 'Generated ...'.")

    @OptionGroup var global: GlobalOptions

    @Option(help: "About how many transactions to generate.") var transactions = 10_000
    @Option(help: "Years of history.") var years = 10
    @Option(help: "The random seed.") var seed: UInt64 = 42

    func run() async throws {
        try await global.withHousehold { household, _ in
            let summary = try await HouseholdGenerator(scope: household).generate(
                transactions: transactions, years: years, seed: seed)
            Terminal.print(
                "Generated \(summary.transactions) transactions in \(summary.accounts) accounts "
                    + "(\(summary.transferPairs) transfer pairs) in \(String(format: "%.2f", summary.seconds)) s.")
        }
    }
}
