import Foundation

/// A QIF (Quicken Interchange Format) file read into rows.
///
/// A file opens with `!Type:Bank`, `!Type:CCard`, `!Type:Cash`, `!Type:Oth A` or `!Type:Oth L` (an
/// investment account's `!Type:Invst` is refused: its lines are trades, not transactions); `!Account` and
/// `!Option` blocks before it are skipped. Each record is a set of lines, one field per line, ended by `^`:
/// `D` the date (`01/05/2024`, `1/5/24`, `1/ 5'24`: QIF's apostrophe marks a year from 2000; month first
/// unless the person says otherwise), `T` or `U` the amount (signed, money in positive), `P` the payee,
/// `M` the memo, `L` the category (`[Account]` is a transfer, kept as text), `N` a check number; split
/// lines (`S`, `E`, `$`) and the cleared mark (`C`) are not used.
public struct QIFStatement: Hashable, Sendable {
    public var rows: [BankFileRow]

    /// The account types whose records are transactions.
    static let transactionTypes = ["bank", "ccard", "cash", "oth a", "oth l"]

    /// Reads `data` in `currency`; dates in `dateFormat`, or month first when nil (Quicken's default).
    public init(_ data: Data, currency: Currency, dateFormat: BankDateFormat? = nil) throws(BankFileError) {
        try BankFileFormat.checkSize(data.count)
        var bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        let text =
            String(validating: bytes, as: UTF8.self)
            ?? String(data: Data(bytes), encoding: .windowsCP1252) ?? ""
        let format = dateFormat ?? .monthDayYear
        var rows: [BankFileRow] = []
        var inTransactions = false
        var sawType = false
        var fields: [Character: String] = [:]
        var start = 0
        var lineNumber = 0
        // Lines end as an editor ends them (LF, CR or CRLF), so an error's line number is the one a person finds;
        // any other line-breaking character (form feed, vertical tab, U+2028) within a line is a space.
        for raw in text.split(
            omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
        {
            lineNumber += 1
            let line = String(raw.map { $0.isNewline ? " " : $0 }).trimmingCharacters(in: .whitespaces)
            guard let code = line.first else { continue }
            if code == "!" {
                let header = line.lowercased()
                if header.hasPrefix("!type:") {
                    let type = header.dropFirst(6).trimmingCharacters(in: .whitespaces)
                    guard Self.transactionTypes.contains(type) else {
                        throw BankFileError(
                            .wrongFormat,
                            "Line \(lineNumber): this QIF file holds '\(line.dropFirst(6))' records; only bank, "
                                + "cash and credit card accounts (!Type:Bank, !Type:CCard) are imported.",
                            line: lineNumber)
                    }
                    sawType = true
                    inTransactions = true
                } else {
                    // `!Account`, `!Option:...`, `!Clear:...`: what follows until the next `!Type` is no transaction.
                    inTransactions = false
                }
                continue
            }
            guard inTransactions else { continue }
            if code == "^" {
                if !fields.isEmpty {
                    rows.append(try Self.row(fields, line: start, currency: currency, format: format))
                    guard rows.count <= BankFileFormat.maximumRows else {
                        throw BankFileError(
                            .tooLarge,
                            "The file has more than \(BankFileFormat.maximumRows) transactions; import it in parts.")
                    }
                }
                fields = [:]
                continue
            }
            if fields.isEmpty { start = lineNumber }
            let value = String(line.dropFirst())
            if fields[code] == nil { fields[code] = value }
        }
        guard sawType else {
            throw BankFileError(
                .wrongFormat, "This is not a QIF file: it has no !Type line. Export the account from your bank as QIF.")
        }
        if !fields.isEmpty { rows.append(try Self.row(fields, line: start, currency: currency, format: format)) }
        self.rows = rows
    }

    static func row(
        _ fields: [Character: String], line: Int, currency: Currency, format: BankDateFormat
    ) throws(BankFileError) -> BankFileRow {
        func fail(_ what: String) -> BankFileError {
            BankFileError(.badRow, "Line \(line): \(what)", line: line)
        }
        guard let dateText = fields["D"] else { throw fail("the transaction has no date (D line).") }
        guard let date = format.date(dateText) else {
            throw fail("'\(dateText)' is not a date in the form \(format.rawValue).")
        }
        guard let amountText = fields["T"] ?? fields["U"] else { throw fail("the transaction has no amount (T line).") }
        let amount: Money
        do {
            guard let value = try DecimalMark.guess([amountText]).amount(amountText, currency: currency) else {
                throw fail("the amount (T line) is empty.")
            }
            amount = value
        } catch let error as BankFileError {
            throw error
        } catch {
            throw fail("the amount (T line): \(error)")
        }
        let payee = BankFileRow.optionalLine(fields["P"])
        let memo = BankFileRow.optionalLine(fields["M"])
        guard let description = payee ?? memo else { throw fail("the transaction has no payee (P) or memo (M).") }
        return BankFileRow(
            date: date, amount: amount, description: description, payee: payee, memo: memo == description ? nil : memo,
            category: BankFileRow.optionalLine(fields["L"]), line: line)
    }
}
