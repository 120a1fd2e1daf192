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
                rows; --preview shows the mapping and what would be added. --columns sets any column of the \
                mapping (1-based, 0 for none): date, amount, debit, credit, type, description, payee, category, \
                notes; for example --columns date=1,amount=4,description=2.
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
                discussion:
                    "By default it is guessed from the file's dates; a QIF file whose dates read both month first "
                    + "and day first is refused until it is given.",
                valueName: "format"))
        var dateFormat: BankDateFormat?

        @Option(
            help: ArgumentHelp(
                "CSV columns, 1-based: date=1,amount=4,description=2 (also debit, credit, type, payee, category, notes; 0 for none).",
                valueName: "name=number,..."))
        var columns: String?

        @Option(help: "A CSV file's separator: comma, semicolon or tab.")
        var separator: String?

        @Flag(help: "A CSV file's first row is a transaction, not a header.")
        var noHeader = false

        @Option(help: "A CSV file's decimal mark: point (1,234.56) or comma (1.234,56).")
        var decimal: String?

        @Option(
            name: .customLong("money-out"),
            help:
                "How a single CSV amount column writes money out: negative (most bank accounts) or positive (purchases positive, as many card exports)."
        )
        var moneyOut: String?

        @Option(
            help:
                "The file's text encoding when its bytes do not tell it: \(BankFileEncoding.allCases.map(\.rawValue).joined(separator: ", "))."
        )
        var encoding: String?

        @Option(
            help: "Of a file holding several statements or accounts: the OFX ACCTID or the QIF account name to import.")
        var statement: String?

        @Flag(help: "Show what would be added and skipped without importing anything.")
        var preview = false

        /// The CLI's names for `--columns` and the mapping fields they set.
        static let columnNames = [
            "date": "dateColumn", "amount": "amountColumn", "debit": "debitColumn", "credit": "creditColumn",
            "type": "typeColumn", "description": "descriptionColumn", "payee": "payeeColumn",
            "category": "categoryColumn", "notes": "memoColumn", "memo": "memoColumn",
        ]

        /// The options as the mapping fields the API and the wizard take (`CSVMappingFields`).
        func fields() throws -> [String: String] {
            var fields: [String: String] = [:]
            if let columns {
                for part in columns.split(separator: ",") {
                    let pair = part.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                    guard pair.count == 2, let name = Self.columnNames[pair[0].lowercased()] else {
                        throw ValidationError(
                            "--columns takes name=number pairs, names among \(Self.columnNames.keys.sorted().joined(separator: ", ")); '\(part)' is not one."
                        )
                    }
                    fields[name] = pair[1]
                }
            }
            if fields["amountColumn"] != nil && fields["typeColumn"] == nil && (fields["debitColumn"] == nil) {
                fields["typeColumn"] = "0"
            }
            if let separator { fields["separator"] = separator }
            if noHeader { fields["header"] = "false" }
            if let decimal { fields["decimal"] = decimal }
            if let moneyOut { fields["moneyOut"] = moneyOut }
            if let dateFormat { fields["dateFormat"] = dateFormat.rawValue }
            if let encoding { fields["encoding"] = encoding }
            if let statement { fields["statement"] = statement }
            if let format { fields["format"] = format.rawValue }
            return fields
        }

        func validate() throws {
            _ = try fields()
            if let moneyOut, CSVMapping.MoneyOut(rawValue: moneyOut) == nil {
                throw ValidationError("--money-out is negative or positive.")
            }
            if let encoding, BankFileEncoding(name: encoding) == nil {
                throw ValidationError(
                    "--encoding is one of \(BankFileEncoding.allCases.map(\.rawValue).joined(separator: ", ")).")
            }
        }

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
            let fields = try fields()
            try await global.withHousehold { household, _ in
                let accountID = try await household.accounts.find(account).id
                let bankFile = try await household.bankImport.bankFile(
                    data, fileName: url.lastPathComponent, fields: fields, account: accountID)
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
                    mapping.amountColumn.map {
                        "amount column \($0)" + (mapping.typeColumn.map { ", type column \($0)" } ?? "")
                    }
                    ?? "debit column \(mapping.debitColumn ?? 0), credit column \(mapping.creditColumn ?? 0)"
                lines.append(
                    "Columns: date \(mapping.dateColumn) (\(mapping.dateFormat)), \(amount) (decimal \(mapping.decimal)), "
                        + "description \(mapping.descriptionColumn)"
                        + (mapping.payeeColumn.map { ", payee \($0)" } ?? "")
                        + (mapping.categoryColumn.map { ", category \($0)" } ?? "")
                        + (mapping.memoColumn.map { ", notes \($0)" } ?? "") + ".")
            }
            if let sign = payload.sign { lines.append(sign) }
            if let encoding = payload.encoding, encoding != BankFileEncoding.utf8.rawValue {
                lines.append("Text encoding: \(encoding).")
            }
            if let statement = payload.statement { lines.append("Statement: \(statement).") }
            lines += payload.warnings.map { "Warning: \($0)" }
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
