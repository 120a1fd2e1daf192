import Foundation

/// A bank file as uploaded, with what reading it needs besides its bytes: its format, and for CSV the
/// column mapping (guessed when not given), for QIF the date order.
public struct BankFile: Sendable {
    public var data: Data
    public var format: BankFileFormat
    /// How a CSV file's columns map; nil to guess.
    public var mapping: CSVMapping?
    /// A QIF file's date order; nil for month first. A CSV file's is its mapping's.
    public var dateFormat: BankDateFormat?

    public init(data: Data, format: BankFileFormat, mapping: CSVMapping? = nil, dateFormat: BankDateFormat? = nil) {
        self.data = data
        self.format = format
        self.mapping = mapping
        self.dateFormat = dateFormat
    }

    /// What the file holds for an account in `currency`.
    public struct Contents: Sendable {
        public var rows: [BankFileRow]
        /// The currency the file states (OFX `CURDEF`), when it states one.
        public var statedCurrency: Currency?
        /// The CSV mapping the rows were read with.
        public var mapping: CSVMapping?
    }

    /// Reads every row, or the first problem (naming its line, and column for CSV).
    public func read(currency: Currency) throws(BankFileError) -> Contents {
        try BankFileFormat.checkSize(data.count)
        switch format {
        case .csv:
            let table = try CSVTable(data, separator: mapping?.separator)
            var chosen: CSVMapping
            if let mapping { chosen = mapping } else { chosen = try CSVMapping.guess(table) }
            if let dateFormat { chosen.dateFormat = dateFormat }
            let rows = try chosen.rows(of: table, currency: currency)
            guard !rows.isEmpty else { throw BankFileError(.empty, "The file has no transactions.") }
            return Contents(rows: rows, mapping: chosen)
        case .ofx, .qfx:
            let statement = try OFXStatement(data, defaultCurrency: currency)
            guard !statement.rows.isEmpty else { throw BankFileError(.empty, "The statement has no transactions.") }
            return Contents(rows: statement.rows, statedCurrency: statement.currency)
        case .qif:
            let rows = try QIFStatement(data, currency: currency, dateFormat: dateFormat).rows
            guard !rows.isEmpty else { throw BankFileError(.empty, "The file has no transactions.") }
            return Contents(rows: rows)
        }
    }
}
