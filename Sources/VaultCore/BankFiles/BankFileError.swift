import Foundation

/// A bank file that cannot be read, said so a person knows where and what to fix. Nothing of a file
/// with an error is imported.
public struct BankFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Stable codes for API clients.
    public enum Code: String, Hashable, Sendable {
        /// Over the size or row limit.
        case tooLarge = "too_large"
        /// Not a file of the format asked for (an HTML page saved as `.ofx`, a spreadsheet as `.csv`).
        case wrongFormat = "wrong_format"
        /// A row or field that cannot be read; the message names it.
        case badRow = "bad_row"
        /// The CSV mapping does not fit the file (a column that is not there, no date or amount column).
        case badMapping = "bad_mapping"
        /// Nothing to import.
        case empty
        /// The file's text encoding cannot be told from its bytes (or the chosen one does not fit): choose it.
        case unknownEncoding = "unknown_encoding"
        /// The file holds several statements or accounts, or its dates read in two orders: choose which.
        case ambiguous
        /// The file ends before its statement does (a download cut short).
        case truncated
    }

    public let code: Code
    public let message: String
    /// The 1-based line (CSV, QIF) or transaction number (OFX) of the problem, when there is one.
    public let line: Int?
    /// The CSV column's header (or its number) of the problem, when there is one.
    public let column: String?
    /// What the person can choose from to resolve it: the statements or accounts of the file (`ambiguous`), the
    /// encodings it reads in (`unknownEncoding`).
    public let choices: [String]

    public init(_ code: Code, _ message: String, line: Int? = nil, column: String? = nil, choices: [String] = []) {
        self.code = code
        self.message = message
        self.line = line
        self.column = column
        self.choices = choices
    }

    public var description: String { message }
}
