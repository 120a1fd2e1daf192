import Foundation
import Testing

@testable import VaultCore

@Suite struct BankFileEncodingTests {
    static let csvHeader = "Date,Description,Amount\n"

    /// `text` as UTF-16 code units in the given byte order, with or without a byte order mark.
    static func utf16(_ text: String, bigEndian: Bool, mark: Bool) -> Data {
        var bytes: [UInt8] = mark ? (bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]) : []
        for unit in text.utf16 {
            let high = UInt8(unit >> 8)
            let low = UInt8(unit & 0xFF)
            bytes += bigEndian ? [high, low] : [low, high]
        }
        return Data(bytes)
    }

    static let text = csvHeader + "2024-01-05,Café Luna,-4.50\n2024-01-06,Bäckerei Müller,-2.10\n"

    @Test(
        "UTF-8 with and without a byte order mark and UTF-16 either way, with or without one, read the same",
        arguments: [
            ("utf-8", Data(text.utf8), BankFileEncoding.utf8),
            ("utf-8 bom", Data([0xEF, 0xBB, 0xBF] + Array(text.utf8)), .utf8),
            ("utf-16le bom", utf16(text, bigEndian: false, mark: true), .utf16LittleEndian),
            ("utf-16be bom", utf16(text, bigEndian: true, mark: true), .utf16BigEndian),
            ("utf-16le", utf16(text, bigEndian: false, mark: false), .utf16LittleEndian),
            ("utf-16be", utf16(text, bigEndian: true, mark: false), .utf16BigEndian),
        ])
    func unicode(name: String, data: Data, encoding: BankFileEncoding) throws {
        let table = try CSVTable(data)
        #expect(table.encoding == encoding, "\(name)")
        #expect(table.records.map { $0.fields[1] } == ["Description", "Café Luna", "Bäckerei Müller"], "\(name)")
    }

    @Test(
        "Western European text in Windows-1252 or ISO-8859-1 is told from its bytes",
        arguments: [
            "Café Luna", "Straße 5", "Société Générale", "Bäckerei Müller", "Crédit Agricole €", "Zürich", "CAFÉ",
            "ÉPICERIE DU MARCHÉ", "MÜLLER GMBH", "STRASSE Ä",
        ])
    func western(word: String) throws {
        let data = try #require((Self.csvHeader + "2024-01-05,\(word),-4.50\n").data(using: .windowsCP1252))
        let table = try CSVTable(data)
        #expect(table.encoding == .windows1252)
        #expect(table.records[1].fields[1] == word)
    }

    @Test("Chinese in GB18030, Japanese in Shift_JIS and EUC-JP are read as their text, never as Latin mojibake")
    func cjk() throws {
        // 超市购物 (supermarket shopping) in GB18030
        let gb: [UInt8] = [0xB3, 0xAC, 0xCA, 0xD0, 0xB9, 0xBA, 0xCE, 0xEF]
        // コンビニ (convenience store) in Shift_JIS and EUC-JP
        let sjis: [UInt8] = [0x83, 0x52, 0x83, 0x93, 0x83, 0x72, 0x83, 0x6A]
        let eucjp: [UInt8] = [0xA5, 0xB3, 0xA5, 0xF3, 0xA5, 0xD3, 0xA5, 0xCB]
        let cases: [([UInt8], BankFileEncoding, String)] = [
            (gb, .gb18030, "超市购物"), (sjis, .shiftJIS, "コンビニ"), (eucjp, .eucJP, "コンビニ"),
        ]
        for (bytes, encoding, expected) in cases {
            let data = Data(Array(Self.csvHeader.utf8) + Array("2024-01-05,".utf8) + bytes + Array(",-4.50\n".utf8))
            let table = try CSVTable(data)
            #expect(table.encoding == encoding)
            #expect(table.records[1].fields[1] == expected)
        }
    }

    @Test("Korean in EUC-KR reads when chosen; unchosen it is read as Korean or asked about, never as mojibake")
    func korean() throws {
        // 한국전력 (Korea Electric Power) in EUC-KR
        let bytes: [UInt8] = [0xC7, 0xD1, 0xB1, 0xB9, 0xC0, 0xFC, 0xB7, 0xC2]
        let data = Data(Array(Self.csvHeader.utf8) + Array("2024-01-05,".utf8) + bytes + Array(",-4.50\n".utf8))
        #expect(try CSVTable(data, encoding: .eucKR).records[1].fields[1] == "한국전력")
        do {
            let table = try CSVTable(data)
            #expect(table.records[1].fields[1] == "한국전력")
        } catch {
            #expect(error.code == .unknownEncoding)
            #expect(error.choices.contains("euc-kr"))
        }
    }

    @Test("bytes that read as more than one encoding are asked about, with the choices, and read once chosen")
    func ambiguous() throws {
        // Two accented capitals then a run of high bytes: European letters or two Chinese characters.
        let bytes: [UInt8] = [0xC4, 0xE3, 0xBA, 0xC3]
        let data = Data(Array(Self.csvHeader.utf8) + Array("2024-01-05,".utf8) + bytes + Array(",-4.50\n".utf8))
        let error = #expect(throws: BankFileError.self) { try CSVTable(data) }
        #expect(error?.code == .unknownEncoding)
        #expect(error?.choices.contains("gb18030") == true)
        #expect(try CSVTable(data, encoding: .gb18030).records[1].fields[1] == "你好")
        #expect(try CSVTable(data, encoding: .windows1252).records[1].fields[1] == "ÄãºÃ")
    }

    @Test("NUL padding is dropped; a binary file is not text")
    func nulAndBinary() throws {
        let padded = Data(Array(Self.text.utf8) + [UInt8](repeating: 0, count: 64))
        #expect(try CSVTable(padded).records.count == 3)
        let zip = Data([0x50, 0x4B, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00, 0x08, 0x00])
        let error = #expect(throws: BankFileError.self) { try CSVTable(zip) }
        #expect(error?.code == .wrongFormat)
    }

    @Test(
        "encoding names and aliases",
        arguments: [
            ("latin1", BankFileEncoding.windows1252), ("GBK", .gb18030), ("Shift-JIS", .shiftJIS),
            ("utf16", .utf16LittleEndian), ("EUC-KR", .eucKR),
        ])
    func names(name: String, encoding: BankFileEncoding) {
        #expect(BankFileEncoding(name: name) == encoding)
    }
}
