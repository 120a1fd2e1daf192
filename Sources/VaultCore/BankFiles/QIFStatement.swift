import Foundation

/// A QIF (Quicken Interchange Format) file read into rows.
///
/// A file is a sequence of sections, each opened by a `!` line. `!Type:Bank`, `!Type:CCard`, `!Type:Cash`,
/// `!Type:Oth A` and `!Type:Oth L` hold transactions; `!Account` blocks name the account the next section
/// belongs to (a multi-account Quicken export has one before each); list sections (`!Type:Cat`, `!Type:Class`,
/// `!Type:Memorized`, `!Type:Security`, ...) and `!Option`/`!Clear` lines are skipped; an investment section
/// (`!Type:Invst`) is not read (its lines are trades) and said so in `notes`, and a file of only investment
/// sections is refused naming them. Each record is a set of lines, one field per line, ended by `^`: `D` the
/// date, `T` or `U` the amount (signed, money in positive), `P` the payee, `M` the memo, `L` the category
/// (`[Account]` is a transfer, kept as text), `N` a check number; split lines (`S`, `E`, `$`) and the cleared
/// mark (`C`) are not used. A record with a date and an amount is a transaction even with no text: its
/// description is its payee, memo or category, else empty.
///
/// Dates: month first (`01/05/2024`, `1/5/24`, `1/ 5'24`: QIF's apostrophe marks a year from 2000), day first
/// (`22/12/2017`) or ISO (`2022-09-23`), decided from every date of the file when only one order reads them all;
/// when both month first and day first do (no day above 12), the person chooses (`ambiguous`).
public struct QIFStatement: Hashable, Sendable {
    public var rows: [BankFileRow]
    /// The account the rows belong to (its `!Account` block's `N`), when the file names one.
    public var account: String?
    /// What the file holds that is not imported, in words (investment sections).
    public var notes: [String]

    /// The account types whose records are transactions.
    static let transactionTypes = ["bank", "ccard", "cash", "oth a", "oth l"]
    /// Investment account types: their records are trades.
    static let investmentTypes = ["invst", "port", "invest"]

    /// One account's section of the file, before its dates are read.
    struct Section {
        var account: String?
        var type: String
        var records: [(fields: [Character: String], line: Int)] = []
    }

    /// Reads `data` in `currency`: the only account's rows, or those of `account` (its `!Account` name); dates in
    /// `dateFormat`, or the one every date of the file reads in.
    public init(
        _ data: Data, currency: Currency, dateFormat: BankDateFormat? = nil, account: String? = nil,
        encoding: BankFileEncoding? = nil
    ) throws(BankFileError) {
        try BankFileFormat.checkSize(data.count)
        let text = try BankFileEncoding.decode(data, as: encoding).text
        var sections: [Section] = []
        var investments: [String] = []
        var sawType = false
        var inTransactions = false
        var inAccountBlock = false
        var accountName: String?
        var blockName: String?
        var fields: [Character: String] = [:]
        var start = 0
        var lineNumber = 0
        var count = 0
        func endRecord() throws(BankFileError) {
            defer { fields = [:] }
            guard !fields.isEmpty, inTransactions else { return }
            sections[sections.count - 1].records.append((fields, start))
            count += 1
            guard count <= BankFileFormat.maximumRows else {
                throw BankFileError(
                    .tooLarge, "The file has more than \(BankFileFormat.maximumRows) transactions; import it in parts.")
            }
        }
        // Lines end as an editor ends them (LF, CR or CRLF), so an error's line number is the one a person finds;
        // any other line-breaking character (form feed, vertical tab, U+2028) within a line is a space.
        for raw in text.split(
            omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
        {
            lineNumber += 1
            let line = String(raw.map { $0.isNewline ? " " : $0 }).trimmingCharacters(in: .whitespaces)
            guard let code = line.first else { continue }
            if code == "!" {
                try endRecord()
                let header = line.lowercased()
                inTransactions = false
                inAccountBlock = false
                if header.hasPrefix("!type:") {
                    sawType = true
                    let type = header.dropFirst(6).trimmingCharacters(in: .whitespaces)
                    if Self.transactionTypes.contains(type) {
                        inTransactions = true
                        sections.append(Section(account: accountName, type: type))
                    } else if Self.investmentTypes.contains(type) {
                        investments.append(accountName ?? String(line.dropFirst(6)))
                    }
                } else if header.hasPrefix("!account") {
                    // The record that follows names an account; the next `!Type` section is its transactions.
                    inAccountBlock = true
                    blockName = nil
                }
                continue
            }
            if inAccountBlock {
                if code == "N" { blockName = BankFileRow.optionalLine(String(line.dropFirst())) }
                if code == "^" { accountName = blockName }
                continue
            }
            guard inTransactions else { continue }
            if code == "^" {
                try endRecord()
                continue
            }
            if fields.isEmpty { start = lineNumber }
            let value = String(line.dropFirst())
            if fields[code] == nil { fields[code] = value }
        }
        try endRecord()
        guard sawType else {
            throw BankFileError(
                .wrongFormat, "This is not a QIF file: it has no !Type line. Export the account from your bank as QIF.")
        }
        let filled = sections.filter { !$0.records.isEmpty }
        if filled.isEmpty && !investments.isEmpty {
            throw BankFileError(
                .wrongFormat,
                "This QIF file holds only investment accounts (!Type:Invst: \(investments.joined(separator: ", "))): "
                    + "their lines are trades, which GhostVault does not import. Export a bank, cash or credit card "
                    + "account (!Type:Bank, !Type:CCard) instead.")
        }
        // Sections of one account (an account's transactions can come in several) are one.
        var names: [String?] = []
        for section in filled where !names.contains(section.account) { names.append(section.account) }
        let chosen: String?
        if let account {
            guard names.contains(account) else {
                throw BankFileError(
                    .ambiguous,
                    "The file has no account named '\(account)'; it holds "
                        + names.map { $0 ?? "an unnamed account" }.joined(separator: ", ") + ".",
                    choices: names.compactMap { $0 })
            }
            chosen = account
        } else if names.count > 1 {
            let list = names.map { name in
                "\(name ?? "an unnamed account") with \(filled.filter { $0.account == name }.reduce(0) { $0 + $1.records.count }) transactions"
            }
            throw BankFileError(
                .ambiguous,
                "The file holds \(names.count) accounts: \(list.joined(separator: "; ")). Choose the one to import into "
                    + "this account (import the file again for each of the others).",
                choices: names.compactMap { $0 })
        } else {
            chosen = names.first ?? nil
        }
        let records = filled.filter { $0.account == chosen }.flatMap(\.records)
        let format: BankDateFormat
        if let dateFormat { format = dateFormat } else { format = try Self.dateFormat(of: records) }
        var rows: [BankFileRow] = []
        rows.reserveCapacity(records.count)
        for record in records {
            rows.append(try Self.row(record.fields, line: record.line, currency: currency, format: format))
        }
        self.rows = rows
        self.account = chosen
        self.notes = investments.map { name in
            "The investment account '\(name)' (!Type:Invst) is not imported: its lines are trades and holdings."
        }
    }

    /// The one date order every record's date reads in: ISO, month first or day first. Both of the latter is
    /// `ambiguous`; none is the first date no order reads, by its line.
    static func dateFormat(
        of records: [(fields: [Character: String], line: Int)]
    ) throws(BankFileError) -> BankDateFormat {
        let orders: [BankDateFormat] = [.yearMonthDay, .monthDayYear, .dayMonthYear]
        let dates = records.compactMap { $0.fields["D"] }
        let readable = orders.filter { order in dates.allSatisfy { order.date($0) != nil } }
        if readable.contains(.yearMonthDay) || readable.count == 1 { return readable[0] }
        if readable.isEmpty {
            // Report the first date that month first (Quicken's default) cannot read.
            var order = BankDateFormat.monthDayYear
            var best = dates.filter { order.date($0) != nil }.count
            for candidate in [BankDateFormat.dayMonthYear, .yearMonthDay] {
                let count = dates.filter { candidate.date($0) != nil }.count
                if count > best { (order, best) = (candidate, count) }
            }
            for record in records {
                guard let text = record.fields["D"], order.date(text) == nil else { continue }
                throw BankFileError(
                    .badRow, "Line \(record.line): '\(text)' is not a date in the form \(order.rawValue).",
                    line: record.line)
            }
            return order
        }
        throw BankFileError(
            .ambiguous,
            "The file's dates read both month first (MM/DD/YYYY) and day first (DD/MM/YYYY): no day is above 12. "
                + "Choose the date format the file is written in.",
            choices: [BankDateFormat.monthDayYear.rawValue, BankDateFormat.dayMonthYear.rawValue])
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
        let category = BankFileRow.optionalLine(fields["L"])
        let description = payee ?? memo ?? category ?? ""
        return BankFileRow(
            date: date, amount: amount, description: description, payee: payee, memo: memo == description ? nil : memo,
            category: category, line: line)
    }
}
