import ArgumentParser
import Foundation
import VaultCore
import VaultServices

extension ImportCommand {
    /// `ghostvault import bank FILE --account ID`: a bank's CSV, OFX, QFX or QIF file into an account.
    struct Bank: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "bank",
            abstract: "Import a bank file (CSV, OFX, QFX or QIF) into an account.",
            discussion: """
                Every row goes through the same pipeline as bank sync: a row already stored (imported before, \
                or brought by sync on nearly the same day with the same amount and a similar description) is \
                skipped, so importing a file twice adds nothing. Files up to \
                \(BankFileFormat.maximumBytes / 1024 / 1024) MB and \(BankFileFormat.maximumRows) rows are read.

                A CSV file's columns are read with the mapping remembered for the account (from the last \
                import, here or in the web app) when it fits the file, else guessed from its header and \
                rows; --preview shows the mapping and what would be added.
                """)

        @OptionGroup var global: GlobalOptions
        @OptionGroup var output: OutputOptions

        @Argument(help: "The bank file.", completion: .file())
        var file: String

        @Option(help: "The account's name or id (`ghostvault accounts --json` lists ids).")
        var account: String

        @Option(help: "csv, ofx, qfx or qif; by default from the file's name, else from its contents.")
        var format: BankFileFormat?

        @Option(
            name: .customLong("date-format"),
            help: ArgumentHelp(
                "How the file writes dates: \(BankDateFormat.allCases.map(\.rawValue).joined(separator: ", ")).",
                discussion: "By default a CSV file's is guessed and a QIF file's is month first.",
                valueName: "format"))
        var dateFormat: BankDateFormat?

        @Flag(help: "Show what would be added and skipped without importing anything.")
        var preview = false

        func run() async throws {
            let url = URL(fileURLWithPath: file)
            // Refuse a huge file by its size before reading it into memory.
            if let size = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int {
                do { try BankFileFormat.checkSize(size) } catch { throw VaultError(.tooLarge, error.message) }
            }
            let data: Data
            do {
                data = try Data(contentsOf: url)
            } catch {
                throw VaultError(
                    InvalidInput(field: "file", "Could not read \(file); check the path and its permissions."))
            }
            let chosen = format ?? BankFileFormat(fileName: url.lastPathComponent) ?? BankFileFormat.sniff(data)
            let bankFile = BankFile(data: data, format: chosen, dateFormat: dateFormat)
            try await global.withHousehold { household, _ in
                let accountID = try await household.accounts.find(account).id
                let outcome =
                    preview
                    ? try await household.bankImport.preview(accountID, file: bankFile)
                    : try await household.bankImport.importFile(accountID, file: bankFile)
                let payload = BankImportPayload(outcome, preview: preview)
                if output.json {
                    try Terminal.printJSON(payload)
                } else {
                    Terminal.print(Self.text(payload, outcome))
                }
            }
        }

        /// How many rows a preview lists in text; --json gives all.
        static let listedRows = 20

        static func text(_ payload: BankImportPayload, _ outcome: BankImportService.Outcome) -> String {
            var lines: [String] = []
            if let mapping = payload.mapping {
                let amount =
                    mapping.amountColumn.map { "amount column \($0)" }
                    ?? "debit column \(mapping.debitColumn ?? 0), credit column \(mapping.creditColumn ?? 0)"
                lines.append(
                    "Columns: date \(mapping.dateColumn) (\(mapping.dateFormat)), \(amount) (decimal \(mapping.decimal)), "
                        + "description \(mapping.descriptionColumn)"
                        + (mapping.payeeColumn.map { ", payee \($0)" } ?? "")
                        + (mapping.categoryColumn.map { ", category \($0)" } ?? "") + ".")
            }
            if payload.preview {
                let rows = payload.rows.prefix(listedRows).map { row in
                    [String(row.line), row.date, row.amount, row.description, row.added ? "add" : row.reason]
                }
                lines.append(
                    Terminal.table(
                        ["Line", "Date", "Amount", "Description", "Outcome"], Array(rows), rightAligned: [0, 2]))
                if payload.rows.count > listedRows {
                    lines.append("... and \(payload.rows.count - listedRows) more rows (--json lists all).")
                }
                lines.append(
                    "Would add \(payload.added) of \(payload.rows.count) rows to \(outcome.account.displayName); "
                        + "\(payload.skipped) already stored. Nothing was imported.")
            } else {
                lines.append(
                    "Added \(payload.added) of \(payload.rows.count) rows to \(outcome.account.displayName); "
                        + "\(payload.skipped) were already stored.")
            }
            return lines.joined(separator: "\n")
        }
    }
}

extension BankFileFormat: ExpressibleByArgument {}
extension BankDateFormat: ExpressibleByArgument {}
