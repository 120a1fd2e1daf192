import ArgumentParser
import Foundation
import VaultCore
import VaultServices

/// `ghostvault erase --confirm ERASE`: erases the household's data and restores the default categories.
struct EraseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "erase",
        abstract: "Erase all of the household's data and start again from first-run setup.",
        discussion: """
            Deletes the household's transactions (with their receipts, tags and transfer pairs), accounts, \
            institutions, SimpleFIN connections, rules, budgets, recurring decisions, 50/30/20 settings, cards and \
            categories, then restores the default categories and built-in rules. The household, its sign-ins and its \
            change log stay (the log records the erase); no other household is touched. What is erased \
            cannot be recovered, except from a `ghostvault export` (then `ghostvault import dataset`) or a \
            `ghostvault backup` made before. \
            Without --confirm ERASE, it shows what would go and changes nothing.
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Option(help: "Type ERASE to confirm.")
    var confirm: String?

    func run() async throws {
        try await global.withHousehold { scope, household in
            let households = scope.vault.households
            guard let confirm else {
                let counts = try await households.dataCounts(household.id)
                let what = EraseOutput.describe(counts)
                throw VaultError(
                    .confirmationRequired,
                    "Nothing was erased. This would delete \(what) of the household '\(household.name)'; "
                        + "run `ghostvault erase --confirm \(HouseholdService.eraseConfirmation)` to go ahead.")
            }
            let erased = try await households.erase(household.id, confirmation: confirm, by: nil)
            if output.json {
                try Terminal.printJSON(
                    EraseOutput.View(erased: erased.rows, categoriesRestored: erased.categoriesRestored))
                return
            }
            Terminal.print(
                "Erased \(EraseOutput.describe(erased.rows)) of the household '\(household.name)'; "
                    + "restored \(erased.categoriesRestored) default categories.")
        }
    }
}

/// Saying what an erase takes.
enum EraseOutput {
    /// The JSON of `ghostvault erase --json`.
    struct View: Encodable {
        let erased: [String: Int]
        let categoriesRestored: Int
    }

    /// "12 transaction(s), 3 account(s), ..." for the tables a person recognises; "nothing" when all are empty.
    static func describe(_ counts: [String: Int]) -> String {
        let named = [
            ("transactions", "transaction(s)"), ("receipts", "receipt(s)"), ("accounts", "account(s)"),
            ("connections", "SimpleFIN connection(s)"), ("rules", "rule(s)"), ("budgets", "budget(s)"),
            ("miles_cards", "card(s)"), ("categories", "categories"),
        ]
        let parts = named.compactMap { table, noun in
            (counts[table] ?? 0) > 0 ? "\(counts[table] ?? 0) \(noun)" : nil
        }
        return parts.isEmpty ? "nothing" : parts.joined(separator: ", ")
    }
}
