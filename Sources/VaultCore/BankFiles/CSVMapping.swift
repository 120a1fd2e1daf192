import Foundation

/// Which CSV column holds what, and how its dates and amounts are written: guessed from a file
/// (`CSVMapping.guess`), corrected by the person, remembered per account.
///
/// Columns are 0-based positions; the header, when the file has one, names them for people.
public struct CSVMapping: Hashable, Sendable, Codable {
    /// Where the amount is: one signed column, or money out and money in in two.
    public enum Amount: Hashable, Sendable, Codable {
        /// One column, negative for money out.
        case signed(Int)
        /// Money out in `debit` (positive or negative, it is taken as out), money in in `credit`; a blank cell
        /// is zero.
        case debitCredit(debit: Int, credit: Int)
        /// The amount's size in `amount`, its direction in `type`: a word such as `debit`/`credit`, `DR`/`CR`,
        /// `D`/`C`, `Soll`/`Haben`, `débit`/`crédit`, `cargo`/`abono` (`CSVMapping.typeWords`), in any case.
        case typed(amount: Int, type: Int)
    }

    /// How a single signed amount column writes money out.
    public enum MoneyOut: String, CaseIterable, Hashable, Sendable, Codable {
        /// Negative numbers are money out (most bank accounts).
        case negative
        /// Positive numbers are money out: purchases positive, payments negative (many credit card exports).
        case positive
    }

    public var separator: CSVTable.Separator
    /// Whether the first record is a header, not a transaction.
    public var hasHeader: Bool
    public var date: Int
    public var dateFormat: BankDateFormat
    public var amount: Amount
    public var decimalMark: DecimalMark
    /// How a `.signed` amount writes money out; the other amount forms say it themselves.
    public var moneyOut: MoneyOut
    public var description: Int
    public var payee: Int?
    public var category: Int?
    /// A column of notes or memo, kept as the row's memo and used for its description when that is empty.
    public var memo: Int?

    public init(
        separator: CSVTable.Separator, hasHeader: Bool, date: Int, dateFormat: BankDateFormat, amount: Amount,
        decimalMark: DecimalMark, description: Int, payee: Int? = nil, category: Int? = nil, memo: Int? = nil,
        moneyOut: MoneyOut = .negative
    ) {
        self.separator = separator
        self.hasHeader = hasHeader
        self.date = date
        self.dateFormat = dateFormat
        self.amount = amount
        self.decimalMark = decimalMark
        self.description = description
        self.payee = payee
        self.category = category
        self.memo = memo
        self.moneyOut = moneyOut
    }

    enum CodingKeys: String, CodingKey {
        case separator, hasHeader, date, dateFormat, amount, decimalMark, moneyOut, description, payee, category, memo
    }

    /// Decodes a mapping, also one remembered before `moneyOut` and `memo` existed.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        separator = try container.decode(CSVTable.Separator.self, forKey: .separator)
        hasHeader = try container.decode(Bool.self, forKey: .hasHeader)
        date = try container.decode(Int.self, forKey: .date)
        dateFormat = try container.decode(BankDateFormat.self, forKey: .dateFormat)
        amount = try container.decode(Amount.self, forKey: .amount)
        decimalMark = try container.decode(DecimalMark.self, forKey: .decimalMark)
        moneyOut = try container.decodeIfPresent(MoneyOut.self, forKey: .moneyOut) ?? .negative
        description = try container.decode(Int.self, forKey: .description)
        payee = try container.decodeIfPresent(Int.self, forKey: .payee)
        category = try container.decodeIfPresent(Int.self, forKey: .category)
        memo = try container.decodeIfPresent(Int.self, forKey: .memo)
    }

    /// The columns this mapping reads.
    public var columns: [Int] {
        var columns = [date, description]
        switch amount {
        case .signed(let column): columns.append(column)
        case .debitCredit(let debit, let credit): columns += [debit, credit]
        case .typed(let amount, let type): columns += [amount, type]
        }
        return columns + [payee, category, memo].compactMap { $0 }
    }

    /// Problems with the mapping itself for a table with `width` columns, all at once.
    public func problems(width: Int) -> [Problem] {
        columns.filter { $0 < 0 || $0 >= width }.map {
            Problem(
                field: "mapping", message: "Column \($0 + 1) is not in the file, which has \(width) columns.")
        }
    }

    /// Reads every transaction record of `table` through this mapping, in `currency`; the first unreadable
    /// cell is an error naming its line and column.
    public func rows(of table: CSVTable, currency: Currency) throws(BankFileError) -> [BankFileRow] {
        let width = table.records.first?.fields.count ?? 0
        if let problem = problems(width: width).first { throw BankFileError(.badMapping, problem.message) }
        let header = hasHeader ? table.records.first?.fields ?? [] : []
        var rows: [BankFileRow] = []
        rows.reserveCapacity(table.records.count)
        for record in table.records.dropFirst(hasHeader ? 1 : 0) {
            guard let row = try row(of: record, header: header, currency: currency) else { continue }
            rows.append(row)
        }
        guard rows.count <= BankFileFormat.maximumRows else {
            throw BankFileError(
                .tooLarge, "The file has more than \(BankFileFormat.maximumRows) rows; import it in parts.")
        }
        return rows
    }

    /// One record as a row; nil for a record with every mapped cell empty (a spacer or a totals line's gap).
    public func row(
        of record: CSVTable.Record, header: [String], currency: Currency
    ) throws(BankFileError) -> BankFileRow? {
        func cell(_ column: Int) -> String {
            column < record.fields.count ? record.fields[column].trimmingWhitespace() : ""
        }
        func name(_ column: Int) -> String {
            column < header.count && !header[column].isEmpty ? "'\(header[column])'" : "\(column + 1)"
        }
        func fail(_ column: Int, _ what: String) -> BankFileError {
            BankFileError(
                .badRow, "Line \(record.line), column \(name(column)): \(what)", line: record.line,
                column: name(column))
        }
        if columns.allSatisfy({ cell($0).isEmpty }) { return nil }
        let dateText = cell(date)
        guard let day = dateFormat.date(dateText) else {
            throw fail(
                date,
                dateText.isEmpty
                    ? "the date is empty." : "'\(dateText)' is not a date in the form \(dateFormat.rawValue).")
        }
        func read(_ column: Int) throws(BankFileError) -> Money? {
            do { return try decimalMark.amount(cell(column), currency: currency) } catch {
                throw fail(column, error.description)
            }
        }
        let amount: Money
        switch self.amount {
        case .signed(let column):
            guard let value = try read(column) else { throw fail(column, "the amount is empty.") }
            amount = moneyOut == .positive ? Money(minorUnits: -value.minorUnits, currency: currency) : value
        case .debitCredit(let debit, let credit):
            // A blank cell is zero: each row fills one side.
            let out = try read(debit)
            let into = try read(credit)
            guard out != nil || into != nil else { throw fail(debit, "both the debit and the credit are empty.") }
            // Each side counts by its size: some banks write money out as negative, others as positive.
            let outUnits = (out?.minorUnits ?? 0).magnitude
            let inUnits = (into?.minorUnits ?? 0).magnitude
            guard outUnits <= UInt64(Int64.max), inUnits <= UInt64(Int64.max) else {
                throw fail(debit, "the amount is too large to store exactly.")
            }
            amount = Money(minorUnits: Int64(inUnits) - Int64(outUnits), currency: currency)
        case .typed(let column, let type):
            guard let value = try read(column) else { throw fail(column, "the amount is empty.") }
            let word = cell(type)
            guard let direction = Self.direction(of: word) else {
                throw fail(
                    type,
                    word.isEmpty
                        ? "the type is empty; it says whether the amount is a debit (money out) or a credit (money in)."
                        : "'\(word)' is not a debit or a credit (such as debit/credit, DR/CR, D/C).")
            }
            guard value.minorUnits != .min else { throw fail(column, "the amount is too large to store exactly.") }
            let size = Swift.abs(value.minorUnits)
            amount = Money(minorUnits: direction == .credit ? size : -size, currency: currency)
        }
        let payee = self.payee.flatMap { BankFileRow.optionalLine(cell($0)) }
        let memo = self.memo.flatMap { BankFileRow.optionalLine(cell($0)) }
        let category = self.category.flatMap { BankFileRow.optionalLine(cell($0)) }
        var typeWord: String?
        if case .typed(_, let type) = self.amount { typeWord = BankFileRow.optionalLine(cell(type)) }
        // A row with a date and an amount is a transaction: with no description it is named by what else it has.
        let text = BankFileRow.optionalLine(cell(self.description)) ?? payee ?? memo ?? category ?? typeWord ?? ""
        return BankFileRow(
            date: day, amount: amount, description: text, payee: payee, memo: memo == text ? nil : memo,
            category: category, line: record.line)
    }
}
