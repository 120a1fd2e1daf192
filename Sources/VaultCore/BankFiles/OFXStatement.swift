import Foundation

/// An OFX or QFX statement file read into rows: bank (`STMTRS`) and credit card (`CCSTMTRS`) statements, in
/// the SGML form of OFX 1.x (tags left unclosed, a plain-text header) and the XML form of OFX 2.x.
///
/// Both forms are read by one tolerant pass over the tags rather than by an XML parser, because 1.x is not
/// XML: an element's value is the text after its start tag up to the next tag. Each `STMTTRN` gives a row:
/// `DTPOSTED` (its calendar day as the bank wrote it, `20240105`, `20240105120000.000[-5:EST]`; the time
/// and zone are not used, since moving a midnight posting into another zone would put it on the day
/// before), `TRNAMT` (signed, money into the account positive, as GhostVault's convention; trailing zeros
/// beyond the currency's decimals are exact, `-00001500.0000` is -1500.00), `FITID` (the bank id), `NAME` or
/// `PAYEE` (the payee), `MEMO`, and `TRNTYPE` when there is no text at all (else the description is empty).
/// Each statement's `CURDEF` is its currency and `ACCTID` names its account.
///
/// A file that ends before its closing `</OFX>` (a download cut short) is refused, and so is an amount that
/// is not a whole number (`-12.`, `-`). An investment statement (`INVSTMTRS`) is not read: its lines are
/// trades; a file of only investment statements is refused saying so.
public struct OFXStatement: Hashable, Sendable {
    /// The statement's account (`ACCTID`), when it names one.
    public var accountID: String?
    /// `CHECKING`, `SAVINGS`, ... (`ACCTTYPE`), or `CREDITCARD` for a card statement.
    public var accountType: String?
    /// The statement's currency (`CURDEF`), when it states one.
    public var currency: Currency?
    public var rows: [BankFileRow]

    /// The statement's name for people and for choosing it: its account id and type.
    public var label: String {
        [accountID, accountType.map { "(\($0.lowercased()))" }].compactMap { $0 }.joined(separator: " ")
    }

    init(rows: [BankFileRow]) { self.rows = rows }

    /// Every bank and card statement of an OFX file.
    public struct File: Hashable, Sendable {
        public var statements: [OFXStatement]
        /// The account ids of investment statements, which are not read.
        public var investmentAccounts: [String]
    }

    /// Reads `data`'s one statement, or the one whose `ACCTID` is `account`; amounts in `defaultCurrency`
    /// unless the file states its own. A file of several statements with none chosen is `ambiguous`.
    public init(
        _ data: Data, defaultCurrency: Currency, account: String? = nil, encoding: BankFileEncoding? = nil
    ) throws(BankFileError) {
        let file = try Self.file(data, defaultCurrency: defaultCurrency, encoding: encoding)
        self = try file.statement(account)
    }

    /// Reads every statement of `data`.
    public static func file(
        _ data: Data, defaultCurrency: Currency, encoding: BankFileEncoding? = nil
    ) throws(BankFileError) -> File {
        try BankFileFormat.checkSize(data.count)
        let text = try BankFileEncoding.decode(data, as: encoding).text
        let tags = Self.tags(in: text)
        guard tags.contains(where: { $0.name == "OFX" }) else {
            throw BankFileError(
                .wrongFormat,
                "This is not an OFX file: it has no <OFX> element. Download the statement from your bank again, "
                    + "choosing OFX, QFX, Quicken or Money.")
        }
        guard tags.contains(where: { $0.name == "/OFX" }) else {
            throw BankFileError(
                .truncated,
                "The file ends before its statement does (it has no closing </OFX> tag): it was cut short, perhaps "
                    + "by an interrupted download. Download it from your bank again.")
        }
        var statements: [OFXStatement] = []
        var investments: [String] = []
        var current: OFXStatement?
        var currentCurrency = defaultCurrency
        var inInvestment = false
        var fields: [String: String]? = nil
        var total = 0
        func finish() throws(BankFileError) {
            guard let trn = fields else { return }
            fields = nil
            guard current != nil else { return }
            total += 1
            current?.rows.append(try Self.row(trn, number: total, currency: currentCurrency))
            guard total <= BankFileFormat.maximumRows else {
                throw BankFileError(
                    .tooLarge, "The file has more than \(BankFileFormat.maximumRows) transactions; import it in parts.")
            }
        }
        func close() throws(BankFileError) {
            try finish()
            if let statement = current { statements.append(statement) }
            current = nil
            // A statement's CURDEF is its own: rows after it closes (a statement without its opening tag) are not
            // read in its currency (found by the fuzzer).
            currentCurrency = defaultCurrency
        }
        for tag in tags {
            switch tag.name {
            case "STMTRS", "CCSTMTRS":
                try close()
                inInvestment = false
                current = OFXStatement(rows: [])
                if tag.name == "CCSTMTRS" { current?.accountType = "CREDITCARD" }
                currentCurrency = defaultCurrency
            case "INVSTMTRS":
                try close()
                inInvestment = true
            case "/STMTRS", "/CCSTMTRS": try close()
            case "/INVSTMTRS": inInvestment = false
            case "CURDEF" where fields == nil:
                guard current != nil, let code = tag.value else { continue }
                guard let stated = Currency(isoCode: code.uppercased()) else {
                    throw BankFileError(
                        .badRow, "The statement's currency '\(code)' (CURDEF) is not an ISO 4217 code.")
                }
                // Rows already read are in the first: a statement naming a second currency is refused, not re-read.
                let read = current?.currency ?? (current?.rows.isEmpty == false ? currentCurrency : nil)
                if let first = read, first != stated {
                    throw BankFileError(
                        .badRow,
                        "A statement names two currencies (CURDEF \(first.code) and \(stated.code)), or its currency "
                            + "after transactions read in another; the file is damaged. Download it from your bank again."
                    )
                }
                current?.currency = stated
                currentCurrency = stated
            case "ACCTID" where fields == nil:
                if inInvestment {
                    investments.append(tag.value ?? "")
                } else if current != nil && current?.accountID == nil {
                    current?.accountID = tag.value
                }
            case "ACCTTYPE" where fields == nil && current != nil:
                if current?.accountType == nil { current?.accountType = tag.value?.uppercased() }
            case "STMTTRN":
                try finish()
                // A statement's transactions; an investment statement's cash lines are not read.
                if !inInvestment {
                    if current == nil { current = OFXStatement(rows: []) }
                    fields = [:]
                }
            case "/STMTTRN", "/BANKTRANLIST": try finish()
            default:
                guard fields != nil, !tag.name.hasPrefix("/"), let value = tag.value else { continue }
                // The first of a name wins: a `NAME` inside `PAYEE` comes after a transaction's own `NAME`.
                if fields?[tag.name] == nil { fields?[tag.name] = value }
            }
        }
        try close()
        if statements.isEmpty && !investments.isEmpty {
            throw BankFileError(
                .wrongFormat,
                "This OFX file holds only an investment statement (INVSTMTRS, account "
                    + "\(investments.joined(separator: ", "))): its lines are trades and holdings, which GhostVault "
                    + "does not import. Download the bank or card account's statement instead.")
        }
        return File(statements: statements, investmentAccounts: investments)
    }

    /// A tag and the text after it up to the next tag (trimmed, entities decoded), nil when there is none.
    struct Tag {
        var name: String
        var value: String?
    }

    static func tags(in text: String) -> [Tag] {
        var tags: [Tag] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "<") {
            rest = rest[rest.index(after: open)...]
            guard let close = rest.firstIndex(of: ">") else { break }
            let name = rest[..<close].split(separator: " ").first.map { $0.uppercased() } ?? ""
            rest = rest[rest.index(after: close)...]
            var end = rest.firstIndex(of: "<") ?? rest.endIndex
            var value = decodeEntities(rest[..<end].trimmingCharacters(in: .whitespacesAndNewlines))
            // A value in a CDATA section (`<NAME><![CDATA[ALDI & CO]]></NAME>`) is its text as written.
            let cdata = "<![CDATA["
            if rest[end...].hasPrefix(cdata), let finish = rest[end...].range(of: "]]>") {
                let start = rest.index(end, offsetBy: cdata.count)
                value += String(rest[start..<finish.lowerBound]).trimmingCharacters(in: .whitespacesAndNewlines)
                end = rest[finish.upperBound...].firstIndex(of: "<") ?? rest.endIndex
            }
            tags.append(Tag(name: name, value: value.isEmpty ? nil : value))
            rest = rest[end...]
        }
        return tags
    }

    static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        return text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
            .replacingOccurrences(of: "&nbsp;", with: " ").replacingOccurrences(of: "&amp;", with: "&")
    }

    static func row(_ fields: [String: String], number: Int, currency: Currency) throws(BankFileError) -> BankFileRow {
        func fail(_ what: String) -> BankFileError {
            BankFileError(.badRow, "Transaction \(number) of the file: \(what)", line: number)
        }
        guard let posted = fields["DTPOSTED"] else { throw fail("it has no date (DTPOSTED).") }
        guard let date = Self.date(posted) else {
            throw fail("'\(posted)' (DTPOSTED) is not an OFX date like 20240105 or 20240105120000[-5:EST].")
        }
        guard let amountText = fields["TRNAMT"] else { throw fail("it has no amount (TRNAMT).") }
        guard Self.isCompleteNumber(amountText) else {
            throw fail("the amount '\(amountText)' (TRNAMT) is not a complete number like -1234.56.")
        }
        // OFX allows a comma as the decimal mark; it never writes thousands separators.
        let mark: DecimalMark = amountText.contains(",") && !amountText.contains(".") ? .comma : .point
        let amount: Money
        do {
            guard let value = try mark.amount(amountText, currency: currency) else {
                throw fail("the amount (TRNAMT) is empty.")
            }
            amount = value
        } catch let error as BankFileError {
            throw error
        } catch {
            throw fail("the amount (TRNAMT): \(error)")
        }
        let payee = BankFileRow.optionalLine(fields["NAME"]) ?? BankFileRow.optionalLine(fields["PAYEE"])
        let memo = BankFileRow.optionalLine(fields["MEMO"])
        let description = payee ?? memo ?? BankFileRow.optionalLine(fields["TRNTYPE"]) ?? ""
        return BankFileRow(
            date: date, amount: amount, description: description, payee: payee, memo: memo == description ? nil : memo,
            bankID: BankFileRow.optionalLine(fields["FITID"]), line: number)
    }

    /// Whether `text` is a whole decimal number: a sign, digits, and a decimal mark only with digits after it.
    static func isCompleteNumber(_ text: String) -> Bool {
        var rest = Substring(text)
        if rest.first == "-" || rest.first == "+" { rest = rest.dropFirst() }
        let parts = rest.split(separator: ".", omittingEmptySubsequences: false).flatMap {
            $0.split(separator: ",", omittingEmptySubsequences: false)
        }
        guard (1...2).contains(parts.count), parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }) else { return false }
        return parts.count == 1 ? !parts[0].isEmpty : !parts[1].isEmpty
    }

    /// The calendar day of an OFX date-time: its first eight digits, `YYYYMMDD`.
    static func date(_ text: String) -> LocalDate? {
        let digits = text.prefix(8)
        guard digits.count == 8, digits.allSatisfy(\.isASCIIDigit), let value = Int(digits) else { return nil }
        let rest = text.dropFirst(8)
        // What follows is a time, fractions and a zone in brackets: digits, `.`, and `[...]`.
        guard rest.allSatisfy({ $0.isASCIIDigit || ".[]:+-".contains($0) || $0.isLetter }) else { return nil }
        return LocalDate(compactValue: value)
    }
}

extension OFXStatement.File {
    /// The statement whose account id is `account`, or the only one; else a problem listing them.
    public func statement(_ account: String?) throws(BankFileError) -> OFXStatement {
        if let account {
            guard let chosen = statements.first(where: { $0.accountID == account }) else {
                throw BankFileError(
                    .ambiguous,
                    "The file has no statement of account '\(account)'; it holds "
                        + statements.map(\.label).joined(separator: ", ") + ".",
                    choices: statements.compactMap(\.accountID))
            }
            return chosen
        }
        guard statements.count > 1 else {
            return statements.first ?? OFXStatement(rows: [])
        }
        let list = statements.map { "\($0.label) with \($0.rows.count) transactions" }
        throw BankFileError(
            .ambiguous,
            "The file holds \(statements.count) statements: \(list.joined(separator: "; ")). Choose the one to import "
                + "into this account (import the file again for each of the others).",
            choices: statements.compactMap(\.accountID))
    }
}
