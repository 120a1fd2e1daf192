import Foundation

/// A CSV file read into records of fields (RFC 4180, with the variations bank exports have).
///
/// Written here rather than taken from CSV.swift or SwiftCSV (both in the package mirror): an error must name
/// the file's line, and a quoted field with line breaks makes a record's number differ from its line, which
/// neither library reports; the separator has to be guessed from a sample with quotes respected before
/// reading; and a bank file that is not UTF-8 (Windows-1252 is common) must still read. It is one pass over
/// the bytes, about 150 lines.
///
/// Read: text in any of `BankFileEncoding`'s encodings (told from the bytes, or chosen); `,`, `;` or tab as the
/// separator; `"` quoted fields holding separators, line breaks and doubled quotes; `\r\n`, `\n` or `\r` line
/// ends; blank lines (skipped).
public struct CSVTable: Hashable, Sendable {
    /// One record and the line it starts on (1-based).
    public struct Record: Hashable, Sendable {
        public var line: Int
        public var fields: [String]
    }

    public var separator: Separator
    public var records: [Record]

    /// The field separators a bank export uses.
    public enum Separator: String, CaseIterable, Hashable, Sendable, Codable {
        case comma = ","
        case semicolon = ";"
        case tab = "\t"

        var byte: UInt8 { rawValue.utf8.first! }

        /// A name for forms and messages.
        public var name: String {
            switch self {
            case .comma: "comma"
            case .semicolon: "semicolon"
            case .tab: "tab"
            }
        }
    }

    /// The encoding the file's text was read in.
    public var encoding: BankFileEncoding

    /// Reads `data` with `separator`, or the one its first lines use most consistently, in `encoding`, or the
    /// one its bytes show (`BankFileEncoding.decode`).
    public init(
        _ data: Data, separator: Separator? = nil, encoding: BankFileEncoding? = nil
    ) throws(BankFileError) {
        try BankFileFormat.checkSize(data.count)
        let decoded = try BankFileEncoding.decode(data, as: encoding)
        let bytes = Array(decoded.text.utf8)
        self.encoding = decoded.encoding
        let chosen = separator ?? Self.guessSeparator(bytes)
        self.separator = chosen
        self.records = try Self.records(bytes, separator: chosen.byte)
    }

    /// The separator whose count per line is the same, and largest, over the first lines (quotes respected).
    static func guessSeparator(_ bytes: [UInt8]) -> Separator {
        let sample = Array(bytes.prefix(64 * 1024))
        var best = Separator.comma
        var bestScore = 0
        for separator in Separator.allCases {
            guard let records = try? records(sample, separator: separator.byte, limit: 20) else { continue }
            let counts = records.dropLast().map(\.fields.count)
            guard let first = counts.first, first > 1 else { continue }
            let consistent = counts.filter { $0 == first }.count
            let score = consistent * first
            if score > bestScore {
                best = separator
                bestScore = score
            }
        }
        return best
    }

    static func records(_ bytes: [UInt8], separator: UInt8, limit: Int = .max) throws(BankFileError) -> [Record] {
        let quote = UInt8(ascii: "\""), cr = UInt8(ascii: "\r"), lf = UInt8(ascii: "\n")
        var records: [Record] = []
        var fields: [String] = []
        var field: [UInt8] = []
        var line = 1
        var recordLine = 1
        var index = 0
        var quoted = false
        var wasQuoted = false
        var quoteLine = 0
        func endField() {
            fields.append(String(decoding: field, as: UTF8.self))
            field.removeAll(keepingCapacity: true)
            wasQuoted = false
        }
        func endRecord() throws(BankFileError) {
            endField()
            if !(fields.count == 1 && fields[0].isEmpty) {
                records.append(Record(line: recordLine, fields: fields))
                guard records.count <= BankFileFormat.maximumRows + 1 else {
                    throw BankFileError(
                        .tooLarge,
                        "The file has more than \(BankFileFormat.maximumRows) rows; import it in parts.")
                }
            }
            fields.removeAll(keepingCapacity: true)
            recordLine = line
        }
        while index < bytes.count && records.count < limit {
            let byte = bytes[index]
            index += 1
            if quoted {
                if byte == quote {
                    if index < bytes.count && bytes[index] == quote {
                        field.append(quote)
                        index += 1
                    } else {
                        quoted = false
                    }
                } else {
                    if byte == lf || (byte == cr && (index >= bytes.count || bytes[index] != lf)) { line += 1 }
                    field.append(byte)
                }
            } else if byte == quote && field.allSatisfy({ $0 == 0x20 }) && !wasQuoted {
                field.removeAll()
                quoted = true
                wasQuoted = true
                quoteLine = line
            } else if byte == separator {
                endField()
            } else if byte == cr || byte == lf {
                if byte == cr && index < bytes.count && bytes[index] == lf { index += 1 }
                line += 1
                try endRecord()
            } else if wasQuoted && byte != 0x20 {
                throw BankFileError(
                    .badRow,
                    "Line \(line), column \(fields.count + 1): text follows a closing quote; "
                        + "a quote inside a quoted field is written twice (\"\").",
                    line: line, column: String(fields.count + 1))
            } else if !wasQuoted {
                field.append(byte)
            }
        }
        if quoted {
            throw BankFileError(
                .badRow,
                "Line \(quoteLine), column \(fields.count + 1): a quoted field is never closed; "
                    + "add the closing quote (\").",
                line: quoteLine, column: String(fields.count + 1))
        }
        if records.count < limit && (!field.isEmpty || !fields.isEmpty || wasQuoted) { try endRecord() }
        return records
    }
}
