import Foundation

/// An OFX or QFX statement file read into rows: bank (`STMTRS`) and credit card (`CCSTMTRS`) statements, in
/// the SGML form of OFX 1.x (tags left unclosed, a plain-text header) and the XML form of OFX 2.x.
///
/// Both forms are read by one tolerant pass over the tags rather than by an XML parser, because 1.x is not
/// XML: an element's value is the text after its start tag up to the next tag. Each `STMTTRN` gives a row:
/// `DTPOSTED` (its calendar day as the bank wrote it, `20240105`, `20240105120000.000[-5:EST]`; the time
/// and zone are not used, since moving a midnight posting into another zone would put it on the day
/// before), `TRNAMT` (signed, money into the account positive, as GhostVault's convention), `FITID` (the
/// bank id), `NAME` or `PAYEE` (the payee), `MEMO`, and `TRNTYPE` when there is no text at all. The
/// statement's `CURDEF` is its currency.
public struct OFXStatement: Hashable, Sendable {
    /// The statement's currency (`CURDEF`), when it states one.
    public var currency: Currency?
    public var rows: [BankFileRow]

    /// Reads `data`; amounts in `defaultCurrency` unless the file states its own.
    public init(_ data: Data, defaultCurrency: Currency) throws(BankFileError) {
        try BankFileFormat.checkSize(data.count)
        var bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        let text =
            String(validating: bytes, as: UTF8.self)
            ?? String(data: Data(bytes), encoding: .windowsCP1252) ?? ""
        let tags = Self.tags(in: text)
        guard tags.contains(where: { $0.name == "OFX" }) else {
            throw BankFileError(
                .wrongFormat,
                "This is not an OFX file: it has no <OFX> element. Download the statement from your bank again, "
                    + "choosing OFX, QFX, Quicken or Money.")
        }
        let currencyCode = tags.first { $0.name == "CURDEF" }?.value
        var currency = defaultCurrency
        if let code = currencyCode, !code.isEmpty {
            guard let stated = Currency(isoCode: code.uppercased()) else {
                throw BankFileError(.badRow, "The statement's currency '\(code)' (CURDEF) is not an ISO 4217 code.")
            }
            currency = stated
            self.currency = stated
        }
        var rows: [BankFileRow] = []
        var fields: [String: String]? = nil
        func finish() throws(BankFileError) {
            guard let current = fields else { return }
            fields = nil
            rows.append(try Self.row(current, number: rows.count + 1, currency: currency))
            guard rows.count <= BankFileFormat.maximumRows else {
                throw BankFileError(
                    .tooLarge, "The file has more than \(BankFileFormat.maximumRows) transactions; import it in parts.")
            }
        }
        for tag in tags {
            switch tag.name {
            case "STMTTRN": try finish(); fields = [:]
            case "/STMTTRN", "/BANKTRANLIST": try finish()
            default:
                guard fields != nil, !tag.name.hasPrefix("/"), let value = tag.value else { continue }
                // The first of a name wins: a `NAME` inside `PAYEE` comes after a transaction's own `NAME`.
                if fields?[tag.name] == nil { fields?[tag.name] = value }
            }
        }
        try finish()
        self.rows = rows
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
            let end = rest.firstIndex(of: "<") ?? rest.endIndex
            let value = decodeEntities(rest[..<end].trimmingCharacters(in: .whitespacesAndNewlines))
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
        guard let description = payee ?? memo ?? BankFileRow.optionalLine(fields["TRNTYPE"]) else {
            throw fail("it has no NAME, MEMO or TRNTYPE to describe it.")
        }
        return BankFileRow(
            date: date, amount: amount, description: description, payee: payee, memo: memo == description ? nil : memo,
            bankID: BankFileRow.optionalLine(fields["FITID"]), line: number)
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
