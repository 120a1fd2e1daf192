import Foundation
import VaultCore

/// A bank file's import or its preview as the API and `ghostvault import bank --json` give it.
public struct BankImportPayload: Codable, Sendable, Equatable {
    /// One row of the file and what happens to it.
    public struct Row: Codable, Sendable, Equatable {
        /// Where the row starts in the file (a line for CSV and QIF, a transaction number for OFX).
        public let line: Int
        public let date: String
        /// A decimal string, negative for money out.
        public let amount: String
        public let currency: String
        public let description: String
        public let payee: String?
        public let category: String?
        /// The bank's own id (OFX FITID), when the file has one.
        public let bankID: String?
        /// Whether the row is (or was) added; false when it is already stored.
        public let added: Bool
        public let reason: String
    }

    public let account: String
    public let preview: Bool
    public let added: Int
    public let skipped: Int
    /// The CSV mapping the file was read with, for a CSV file.
    public let mapping: CSVMappingPayload?
    /// How the file writes money out, in words (a CSV file).
    public let sign: String?
    /// The text encoding the file was read in (`utf-8`, `windows-1252`, `gb18030`, ...).
    public let encoding: String?
    /// The statement (OFX ACCTID) or account (QIF !Account name) the rows are of, when the file names one.
    public let statement: String?
    /// What to check before importing, and what the file holds that is not imported.
    public let warnings: [String]
    public let rows: [Row]

    public init(_ outcome: BankImportService.Outcome, preview: Bool) {
        account = outcome.account.id.description
        self.preview = preview
        added = outcome.added
        skipped = outcome.skipped
        mapping = outcome.mapping.map(CSVMappingPayload.init)
        sign = outcome.signExplanation
        encoding = outcome.encoding?.rawValue
        statement = outcome.statement
        warnings = outcome.warnings
        rows = outcome.lines.map { line in
            Row(
                line: line.row.line, date: line.row.date.description, amount: line.row.amount.decimalString,
                currency: line.row.amount.currency.code, description: line.row.description, payee: line.row.payee,
                category: line.row.category, bankID: line.row.bankID, added: line.isNew, reason: line.reason)
        }
    }
}
