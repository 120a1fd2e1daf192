import Foundation

/// A bank file as uploaded, with what reading it needs besides its bytes: its format, and for CSV the
/// column mapping (guessed when not given), for QIF the date order, its text encoding when its bytes do not
/// tell it, and which statement or account of a file that holds several.
public struct BankFile: Sendable {
    public var data: Data
    public var format: BankFileFormat
    /// How a CSV file's columns map; nil to guess.
    public var mapping: CSVMapping?
    /// A QIF file's date order; nil for the one every date reads in. A CSV file's is its mapping's.
    public var dateFormat: BankDateFormat?
    /// The text encoding; nil to tell it from the bytes.
    public var encoding: BankFileEncoding?
    /// The statement (OFX `ACCTID`) or account (QIF `!Account` name) to read from a file that holds several.
    public var statement: String?
    /// For a CSV file read without a mapping: whether the account is a credit card, so mostly positive amounts
    /// are taken as purchases written positive.
    public var isCard: Bool

    public init(
        data: Data, format: BankFileFormat, mapping: CSVMapping? = nil, dateFormat: BankDateFormat? = nil,
        encoding: BankFileEncoding? = nil, statement: String? = nil, isCard: Bool = false
    ) {
        self.data = data
        self.format = format
        self.mapping = mapping
        self.dateFormat = dateFormat
        self.encoding = encoding
        self.statement = statement
        self.isCard = isCard
    }

    /// What the file holds for an account in `currency`.
    public struct Contents: Sendable {
        public var rows: [BankFileRow]
        /// The currency the file states (OFX `CURDEF`), when it states one.
        public var statedCurrency: Currency?
        /// The CSV mapping the rows were read with.
        public var mapping: CSVMapping?
        /// The encoding the text was read in.
        public var encoding: BankFileEncoding?
        /// The statement or account the rows are of, when the file names it (OFX `ACCTID`, QIF `!Account`).
        public var statement: String?
        /// What the file holds that is not imported, in words (an investment statement beside a bank one).
        public var notes: [String] = []
        /// A CSV file's header row, when its mapping says it has one.
        public var header: [String] = []
    }

    /// Reads every row, or the first problem (naming its line, and column for CSV). A file with no
    /// transactions is an `empty` error saying so.
    public func read(currency: Currency) throws(BankFileError) -> Contents {
        try BankFileFormat.checkSize(data.count)
        switch format {
        case .csv:
            let table = try CSVTable(data, separator: mapping?.separator, encoding: encoding)
            var chosen: CSVMapping
            if let mapping { chosen = mapping } else { chosen = try CSVMapping.guess(table, isCard: isCard) }
            if let dateFormat { chosen.dateFormat = dateFormat }
            let rows = try chosen.rows(of: table, currency: currency)
            guard !rows.isEmpty else { throw BankFileError(.empty, "The file has no transactions.") }
            return Contents(
                rows: rows, mapping: chosen, encoding: table.encoding,
                header: chosen.hasHeader ? table.records.first?.fields ?? [] : [])
        case .ofx, .qfx:
            let file = try OFXStatement.file(data, defaultCurrency: currency, encoding: encoding)
            let statement = try file.statement(statement)
            guard !statement.rows.isEmpty else {
                throw BankFileError(
                    .empty,
                    "There are no transactions in this file: its statement lists none. Download a period with "
                        + "transactions from your bank.")
            }
            let notes = file.investmentAccounts.map { account in
                "The investment statement of account \(account) (INVSTMTRS) is not imported: its lines are trades."
            }
            return Contents(
                rows: statement.rows, statedCurrency: statement.currency, statement: statement.accountID,
                notes: notes)
        case .qif:
            let qif = try QIFStatement(
                data, currency: currency, dateFormat: dateFormat, account: statement, encoding: encoding)
            guard !qif.rows.isEmpty else { throw BankFileError(.empty, "There are no transactions in this file.") }
            return Contents(rows: qif.rows, statement: qif.account, notes: qif.notes)
        }
    }
}
