import Foundation

/// One transaction as a bank file states it, before it becomes a `Transaction` of an account.
public struct BankFileRow: Hashable, Sendable {
    /// The day the bank gives for it (the statement's own calendar day).
    public var date: LocalDate
    /// Positive is money into the account, whatever the file's own convention was.
    public var amount: Money
    /// One line of text: the file's description, or its payee when it has none.
    public var description: String
    public var payee: String?
    public var memo: String?
    /// The file's category text (CSV column, QIF `L`), matched to the household's categories by name on import.
    public var category: String?
    /// The bank's own id (OFX `FITID`); nil where the format has none (CSV, QIF).
    public var bankID: String?
    /// Where the row starts in the file, 1-based (a line for CSV and QIF, a transaction number for OFX).
    public var line: Int

    public init(
        date: LocalDate, amount: Money, description: String, payee: String? = nil, memo: String? = nil,
        category: String? = nil, bankID: String? = nil, line: Int
    ) {
        self.date = date
        self.amount = amount
        self.description = description
        self.payee = payee
        self.memo = memo
        self.category = category
        self.bankID = bankID
        self.line = line
    }

    /// Text from a file as one clean line: line breaks, tabs and other control characters become spaces,
    /// runs of spaces one, and the ends trimmed (a transaction's description is single-line text).
    static func oneLine(_ text: String) -> String {
        // Most of a file's text is printable ASCII with single spaces already: it is kept as it is.
        if isOneLine(text.utf8) { return text }
        let spaced = String(
            String.UnicodeScalarView(
                text.unicodeScalars.map { PlainText.isAllowed($0, multiline: false) ? $0 : " " }))
        return spaced.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }

    /// Whether `bytes` are printable ASCII words with single spaces between them: what `oneLine` would return.
    static func isOneLine(_ bytes: String.UTF8View) -> Bool {
        var afterSpace = true
        for byte in bytes {
            if byte == 0x20 {
                if afterSpace { return false }
                afterSpace = true
            } else {
                guard byte > 0x20, byte < 0x7F else { return false }
                afterSpace = false
            }
        }
        return !afterSpace || bytes.isEmpty
    }

    /// `oneLine`, or nil when nothing is left.
    static func optionalLine(_ text: String?) -> String? {
        guard let text else { return nil }
        let line = oneLine(text)
        return line.isEmpty ? nil : line
    }
}
