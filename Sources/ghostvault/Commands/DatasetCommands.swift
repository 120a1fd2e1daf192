import ArgumentParser
import Foundation
import VaultCore
import VaultServices

/// `ghostvault export FILE`: the household's whole dataset as a `.zip` (workbook and receipts).
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export the household's whole dataset: a .zip with a spreadsheet workbook and the receipts.",
        discussion: """
            Writes FILE (a new file, readable by you alone): Data/GhostVault.xlsx, a workbook with the tabs \
            Transactions, Receipts, Categories, RecurringRules, Settings, Accounts, Budgets, Rules, Cards, Balances \
            and Choices (every column is described in docs/dataset.md), and Receipts/ with each receipt's file. \
            It opens in Excel, LibreOffice and Google Sheets, and `ghostvault import dataset` reads it back. Works \
            on SQLite and PostgreSQL, while the server runs.
            """)

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The .zip file to write; it must not exist yet.")
    var file: String

    func run() async throws {
        try await global.withHousehold { scope, household in
            let exported = try await scope.dataset.export(to: URL(fileURLWithPath: file))
            let rows = DatasetTab.allCases.compactMap { tab in
                exported.rows[tab].map { "\($0) \(tab.rawValue.lowercased())" }
            }
            Terminal.print(
                "Exported the household '\(household.name)' to \(file): \(rows.joined(separator: ", ")), "
                    + "\(exported.receiptFiles) receipt file\(exported.receiptFiles == 1 ? "" : "s").")
        }
    }
}

/// `ghostvault import dataset FILE [--apply]`: a dataset `.zip`, previewed, then merged or restored.
struct DatasetImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dataset",
        abstract: "Import a dataset .zip: shows what it would change; --apply imports it.",
        discussion: """
            Into a household with no accounts and no transactions it restores everything, settings included. \
            Into one with data it merges by id (categories by key): new rows are added, rows that differ take the \
            dataset's values, and nothing is deleted. Without --apply nothing is written. One transaction: a \
            problem anywhere leaves the household as it was.
            """)

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The dataset .zip to import.")
    var file: String

    @Flag(help: "Import it (without this flag, only say what it would do).")
    var apply = false

    func run() async throws {
        try await global.withHousehold { scope, household in
            let url = URL(fileURLWithPath: file)
            let report = apply ? try await scope.dataset.importDataset(url) : try await scope.dataset.previewImport(url)
            Terminal.print(DatasetImportOutput.describe(report, household: household.name))
        }
    }
}

enum DatasetImportOutput {
    static func describe(_ report: DatasetService.ImportReport, household: String) -> String {
        var lines: [String] = []
        let verb = report.applied ? "Imported into" : "Importing would change"
        lines.append(
            "\(verb) the household '\(household)'\(report.intoEmptyHousehold ? " (empty: restored whole)" : ""):")
        for tab in DatasetTab.allCases {
            guard let count = report.counts[tab] else { continue }
            lines.append(
                "  \(tab.rawValue): \(count.added) added, \(count.changed) changed, \(count.unchanged) already here")
        }
        lines += report.changes.map { "  - " + $0 }
        if !report.applied { lines.append("Nothing was written; run again with --apply to import.") }
        return lines.joined(separator: "\n")
    }
}
