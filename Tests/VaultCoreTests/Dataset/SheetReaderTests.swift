import Foundation
import Testing

@testable import VaultCore

/// A workbook part that is not UTF-8 is refused with a message, before Foundation's XML parser (which stops the
/// process on an element name that is not UTF-8) ever sees it.
@Suite struct SheetReaderTests {
    /// The input the workbook fuzz target found: an element name with bytes that are not UTF-8.
    static let crafted = Data([0x3C, 0x77, 0x6F, 0x72, 0xFF, 0xFF, 0xFF, 0x1F]) + Data("kbook><x/></workbook>".utf8)

    @Test("a part that is not UTF-8 is refused, read whole or from a file")
    func notUTF8() throws {
        #expect(throws: SheetReader.Malformed.self) { _ = try SheetReader.sharedStrings(Self.crafted) }
        #expect(throws: SheetReader.Malformed.self) { _ = try SheetReader.sheets(workbook: Self.crafted) }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("sheet-\(UUID()).xml")
        defer { try? FileManager.default.removeItem(at: file) }
        try Self.crafted.write(to: file)
        do {
            try SheetReader.rows(ofFile: file, part: "xl/worksheets/sheet1.xml", sharedStrings: []) { _, _ in }
            Issue.record("a part that is not UTF-8 was read")
        } catch let malformed as SheetReader.Malformed {
            #expect("\(malformed)".contains("not UTF-8"))
        }
    }

    @Test("a worksheet file is checked in chunks: characters cut by a chunk's end still read, text after them too")
    func chunkBoundaries() throws {
        // Four-byte characters placed so that some straddle the 1 MiB chunk boundary.
        var xml = "<worksheet><sheetData><row r=\"1\"><c r=\"A1\" t=\"inlineStr\"><is><t>"
        let filler = String(repeating: "a", count: (1 << 20) - xml.utf8.count - 2)
        let tail = String(repeating: "🧾é", count: 50)
        xml += filler + tail + "</t></is></c></row></sheetData></worksheet>"
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("sheet-\(UUID()).xml")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(xml.utf8).write(to: file)
        var read: [String] = []
        try SheetReader.rows(ofFile: file, part: "sheet", sharedStrings: []) { _, cells in read = cells }
        #expect(read == [filler + tail])
    }

    @Test(
        "where whole characters end",
        arguments: [
            ([0x61, 0x62], 2), ([0x61, 0xC3], 1), ([0x61, 0xC3, 0xA9], 3), ([0xF0, 0x9F, 0xA7], 0),
            ([0xF0, 0x9F, 0xA7, 0xBE], 4), ([0x61, 0xE2, 0x82], 1), ([], 0), ([0x80, 0x80, 0x80, 0x80], 4),
        ] as [([UInt8], Int)])
    func wholeCharacters(bytes: [UInt8], expected: Int) {
        #expect(UTF8Check.wholeCharacters(bytes) == expected)
    }
}
