import CoreFoundation
import Foundation

/// The text encodings bank files come in, and telling which one a file is in from its bytes.
///
/// The reading, in order:
///
/// 1. A byte order mark says it: UTF-8 (`EF BB BF`), UTF-16 little-endian (`FF FE`) or big-endian (`FE FF`).
/// 2. Without one, a file where at least a third of the bytes at odd (or even) positions are NUL and almost none
///    at the others is UTF-16 (a spreadsheet's "Unicode text"); a file that is valid UTF-8 is UTF-8.
/// 3. Otherwise each legacy encoding that decodes every byte is a candidate, and kept only when its text is
///    plausible: Windows-1252 when every run of non-ASCII characters is at most two letters or common symbols
///    of European text (`Café`, `Straße`, `€`); a CJK encoding when every non-ASCII character is of its script
///    (ideographs, kana, Hangul, their punctuation and full-width forms). One candidate left is the reading;
///    none or several is `unknownEncoding`: the person chooses, and a file is never stored as mojibake.
///
/// NUL characters are dropped from the text (some exports pad the end of a file with them).
/// ISO-8859-1 is read as Windows-1252, its superset for every printable character.
public enum BankFileEncoding: String, CaseIterable, Hashable, Sendable, Codable {
    case utf8 = "utf-8"
    case utf16LittleEndian = "utf-16le"
    case utf16BigEndian = "utf-16be"
    case windows1252 = "windows-1252"
    case gb18030
    case shiftJIS = "shift_jis"
    case eucJP = "euc-jp"
    case eucKR = "euc-kr"

    /// A name for forms and messages.
    public var name: String {
        switch self {
        case .utf8: "UTF-8"
        case .utf16LittleEndian: "UTF-16 (little-endian)"
        case .utf16BigEndian: "UTF-16 (big-endian)"
        case .windows1252: "Western (Windows-1252, ISO-8859-1)"
        case .gb18030: "Chinese (GB18030, GBK)"
        case .shiftJIS: "Japanese (Shift_JIS)"
        case .eucJP: "Japanese (EUC-JP)"
        case .eucKR: "Korean (EUC-KR)"
        }
    }

    /// The encoding a name gives: the raw value or a common alias (`latin1`, `cp1252`, `gbk`, `sjis`, `utf16`).
    public init?(name: String) {
        let key = name.lowercased().filter { $0.isLetter || $0.isNumber }
        let aliases: [String: BankFileEncoding] = [
            "utf8": .utf8, "utf16": .utf16LittleEndian, "utf16le": .utf16LittleEndian, "utf16be": .utf16BigEndian,
            "windows1252": .windows1252, "cp1252": .windows1252, "latin1": .windows1252, "iso88591": .windows1252,
            "gb18030": .gb18030, "gbk": .gb18030, "gb2312": .gb18030, "shiftjis": .shiftJIS, "sjis": .shiftJIS,
            "cp932": .shiftJIS, "eucjp": .eucJP, "euckr": .eucKR, "cp949": .eucKR,
        ]
        guard let known = aliases[key] else { return nil }
        self = known
    }

    /// The legacy encodings a file without a byte order mark that is not UTF-8 may be in.
    static let legacy: [BankFileEncoding] = [.windows1252, .gb18030, .shiftJIS, .eucJP, .eucKR]

    /// A file's text and the encoding it was read in.
    public struct Decoded: Sendable {
        public var text: String
        public var encoding: BankFileEncoding
    }

    /// Reads `data` as text in `encoding`, or in the encoding its bytes show; an error when they show none, or
    /// when the bytes are not text in the chosen encoding.
    public static func decode(_ data: Data, as encoding: BankFileEncoding? = nil) throws(BankFileError) -> Decoded {
        let bytes = [UInt8](data)
        let chosen: BankFileEncoding
        var body = bytes[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            chosen = encoding ?? .utf8
            if chosen == .utf8 { body = body.dropFirst(3) }
        } else if bytes.starts(with: [0xFF, 0xFE]) {
            chosen = encoding ?? .utf16LittleEndian
            if chosen == .utf16LittleEndian { body = body.dropFirst(2) }
        } else if bytes.starts(with: [0xFE, 0xFF]) {
            chosen = encoding ?? .utf16BigEndian
            if chosen == .utf16BigEndian { body = body.dropFirst(2) }
        } else if let encoding {
            chosen = encoding
        } else if let utf16 = utf16WithoutMark(bytes) {
            chosen = utf16
        } else if !bytes.contains(0), let text = String(validating: bytes, as: UTF8.self) {
            // The common case, validated once.
            return try checked(text, encoding: .utf8)
        } else if String(validating: bytes.filter { $0 != 0 }, as: UTF8.self) != nil {
            chosen = .utf8
        } else {
            let plausible = legacy.filter { candidate in
                guard let text = candidate.text(Array(body)) else { return false }
                return candidate.isPlausible(text, bytes: Array(body))
            }
            guard plausible.count == 1, let only = plausible.first else {
                let names = (plausible.isEmpty ? legacy : plausible).map(\.name).joined(separator: ", ")
                throw BankFileError(
                    .unknownEncoding,
                    "The file is not UTF-8, and its text encoding cannot be told from its bytes: it reads as "
                        + (plausible.isEmpty ? "none of" : "any of") + " \(names). Choose the encoding it was "
                        + "saved in (your bank or spreadsheet names it), or save it again as CSV UTF-8.",
                    choices: (plausible.isEmpty ? legacy : plausible).map(\.rawValue))
            }
            chosen = only
        }
        guard let text = chosen.text(Array(body)) else {
            throw BankFileError(
                .unknownEncoding,
                "The file is not \(chosen.name) text; choose the encoding it was saved in, or save it again as CSV UTF-8."
            )
        }
        return try checked(text, encoding: chosen)
    }

    /// `text` without NUL padding, or an error when it holds control characters other than line ends and tabs: a
    /// spreadsheet or an archive saved under a text name is no bank file's text.
    static func checked(_ text: String, encoding: BankFileEncoding) throws(BankFileError) -> Decoded {
        let isBinary = text.unicodeScalars.prefix(4096).contains { scalar in
            scalar.value < 0x20 && ![0x00, 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x1A].contains(scalar.value)
        }
        if isBinary {
            throw BankFileError(
                .wrongFormat, "The file is not text; choose the CSV, OFX or QIF file your bank exported.")
        }
        return Decoded(text: text.contains("\0") ? text.filter { $0 != "\0" } : text, encoding: encoding)
    }

    /// UTF-16 without a byte order mark: NUL bytes at one parity (the high byte of ASCII characters), few at the other.
    static func utf16WithoutMark(_ bytes: [UInt8]) -> BankFileEncoding? {
        let sample = bytes.prefix(4096)
        guard sample.count >= 4 else { return nil }
        var even = 0
        var odd = 0
        for (index, byte) in sample.enumerated() where byte == 0 {
            if index % 2 == 0 { even += 1 } else { odd += 1 }
        }
        let half = sample.count / 2
        if odd * 3 >= half && even * 10 <= odd { return .utf16LittleEndian }
        if even * 3 >= half && odd * 10 <= even { return .utf16BigEndian }
        return nil
    }

    /// `bytes` decoded, or nil when they are not text in this encoding.
    func text(_ bytes: [UInt8]) -> String? {
        switch self {
        case .utf8: return String(validating: bytes, as: UTF8.self)
        case .utf16LittleEndian, .utf16BigEndian:
            guard bytes.count % 2 == 0 else { return nil }
            return String(
                data: Data(bytes), encoding: self == .utf16LittleEndian ? .utf16LittleEndian : .utf16BigEndian)
        case .windows1252: return String(data: Data(bytes), encoding: .windowsCP1252)
        case .gb18030: return String(data: Data(bytes), encoding: Self.foundation(.GB_18030_2000))
        case .shiftJIS: return String(data: Data(bytes), encoding: .shiftJIS)
        case .eucJP:
            // Foundation on Linux has no EUC-JP converter: its two-byte JIS X 0208 codes map arithmetically onto
            // Shift_JIS, which it has (JIS X 0212's three-byte codes are not read).
            guard let shifted = Self.shiftJISBytes(fromEUCJP: bytes) else { return nil }
            return String(data: Data(shifted), encoding: .shiftJIS)
        case .eucKR: return String(data: Data(bytes), encoding: Self.foundation(.EUC_KR))
        }
    }

    static func foundation(_ encoding: CFStringEncodings) -> String.Encoding {
        String.Encoding(rawValue: CFStringConvertEncodingToNSStringEncoding(CFStringEncoding(encoding.rawValue)))
    }

    /// EUC-JP bytes as the Shift_JIS bytes of the same characters; nil for bytes that are not EUC-JP.
    static func shiftJISBytes(fromEUCJP bytes: [UInt8]) -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x80 {
                out.append(byte)
                index += 1
            } else if byte == 0x8E {
                // A half-width katakana: one byte in Shift_JIS.
                guard index + 1 < bytes.count, (0xA1...0xDF).contains(bytes[index + 1]) else { return nil }
                out.append(bytes[index + 1])
                index += 2
            } else if (0xA1...0xFE).contains(byte) {
                guard index + 1 < bytes.count, (0xA1...0xFE).contains(bytes[index + 1]) else { return nil }
                let row = Int(byte) - 0x80
                let cell = Int(bytes[index + 1]) - 0x80
                let lead = (row + 1) / 2 + (row <= 0x5E ? 0x70 : 0xB0)
                let trail: Int
                if row % 2 == 1 { trail = cell + (cell >= 0x60 ? 0x20 : 0x1F) } else { trail = cell + 0x7E }
                guard lead <= 0xFF, trail <= 0xFF else { return nil }
                out += [UInt8(lead), UInt8(trail)]
                index += 2
            } else {
                return nil
            }
        }
        return out
    }

    /// Whether the non-ASCII text of a reading looks like this encoding's script rather than another's mojibake.
    ///
    /// Windows-1252: every run of non-ASCII characters is at most two letters or symbols of European text.
    /// A CJK encoding: every non-ASCII character is of its script or CJK punctuation, no single one sits between
    /// two ASCII letters (where an accented letter and the next one read as one ideograph), and Japanese has kana
    /// (GB2312 and KS X 1001 hold kana too, so kana-less text is no sign of Japanese), Chinese none, Korean is
    /// mostly Hangul. GB18030 is taken only within GB2312's two-byte area, where everyday Chinese is written.
    func isPlausible(_ text: String, bytes: [UInt8]) -> Bool {
        let scalars = Array(text.unicodeScalars)
        if self == .windows1252 {
            var run = 0
            for scalar in scalars {
                guard scalar.value >= 0x80 else {
                    run = 0
                    continue
                }
                run += 1
                guard run <= 2, Self.isEuropean(scalar) else { return false }
            }
            return true
        }
        if self == .gb18030 && !Self.isGB2312(bytes) { return false }
        var script = 0
        var kana = 0
        var hangul = 0
        for (index, scalar) in scalars.enumerated() where scalar.value >= 0x80 {
            let value = scalar.value
            let isIdeograph = (0x4E00...0x9FFF).contains(value) || (0x3400...0x4DBF).contains(value)
            let isKana = (0x3040...0x30FF).contains(value) || (0xFF61...0xFF9F).contains(value)
            let isHangul = (0xAC00...0xD7AF).contains(value)
            let isShared =
                (0x3000...0x303F).contains(value) || (0xFF01...0xFF60).contains(value)
                || (0x2010...0x203B).contains(value) || value == 0x00D7 || value == 0x25CB
            let isScript: Bool
            switch self {
            case .gb18030: isScript = isIdeograph
            case .shiftJIS, .eucJP: isScript = isIdeograph || isKana
            default: isScript = isHangul || isIdeograph
            }
            guard isScript || isShared else { return false }
            let before = index > 0 ? scalars[index - 1] : " "
            let after = index + 1 < scalars.count ? scalars[index + 1] : " "
            if before.isASCIILetter && after.isASCIILetter { return false }
            // A lone half-width katakana is what an upper-case accented letter (`CAFÉ`, `ÉPICERIE`) reads as in
            // Shift_JIS; Japanese writes them in runs (a lone one, as in `ｶ)`, is then asked about).
            let isHalfwidthKana = (0xFF61...0xFF9F).contains(value)
            if isHalfwidthKana && before.value < 0x80 && after.value < 0x80 { return false }
            if isScript { script += 1 }
            if isKana { kana += 1 }
            if isHangul { hangul += 1 }
        }
        switch self {
        case .shiftJIS, .eucJP: return kana > 0
        case .eucKR: return hangul * 5 >= script * 4 && script > 0
        default: return script > 0
        }
    }

    /// Whether every byte over 0x7F is in a pair of GB2312's area (both bytes 0xA1...0xFE).
    static func isGB2312(_ bytes: [UInt8]) -> Bool {
        var index = 0
        while index < bytes.count {
            if bytes[index] < 0x80 {
                index += 1
                continue
            }
            guard index + 1 < bytes.count, (0xA1...0xF7).contains(bytes[index]),
                (0xA1...0xFE).contains(bytes[index + 1])
            else { return false }
            index += 2
        }
        return true
    }

    /// A character of European text in Windows-1252: a Latin letter with a mark, or a symbol bank text uses.
    static func isEuropean(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if (0xC0...0xFF).contains(value) { return value != 0xD7 && value != 0xF7 }
        return "€£¥°§´’‘“”–—«»·µ²³½¼¾ŠšŽžŒœŸ¿¡ºª".unicodeScalars.contains(scalar)
    }
}

extension Unicode.Scalar {
    fileprivate var isASCIILetter: Bool { (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value) }
}
