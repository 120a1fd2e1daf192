import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads the parts of an `.xlsx` workbook that hold data: the sheet list, the shared strings and worksheets,
/// whichever program wrote them (GhostVault's inline strings; Excel's, LibreOffice's and Google Sheets'
/// shared strings). Foundation's event-driven `XMLParser` (libxml2), never resolving external entities, so a
/// worksheet is read row by row and a hostile document cannot reach files or the network.
public enum SheetReader {
    /// A workbook part that is not what it should be.
    public struct Malformed: Error, Hashable, Sendable, CustomStringConvertible {
        public let part: String
        public let reason: String
        public var description: String { "\(part) is not a readable spreadsheet part: \(reason)." }
    }

    /// The sheets of `xl/workbook.xml`, by name, with the relationship id of each.
    public static func sheets(workbook: Data) throws(Malformed) -> [(name: String, relationship: String)] {
        let delegate = ElementCollector(element: "sheet")
        try parse(workbook, part: "xl/workbook.xml", delegate: delegate)
        return delegate.found.compactMap { attributes in
            guard let name = attributes["name"], let id = attributes["r:id"] ?? attributes["id"] else { return nil }
            return (SpreadsheetML.unescape(name), id)
        }
    }

    /// Relationship id to part path (from the package root) of `xl/_rels/workbook.xml.rels`.
    public static func relationships(_ data: Data) throws(Malformed) -> [String: String] {
        let delegate = ElementCollector(element: "Relationship")
        try parse(data, part: "xl/_rels/workbook.xml.rels", delegate: delegate)
        var targets: [String: String] = [:]
        for attributes in delegate.found {
            guard let id = attributes["Id"], let target = attributes["Target"] else { continue }
            targets[id] = target.hasPrefix("/") ? String(target.dropFirst()) : "xl/" + target
        }
        return targets
    }

    /// The shared strings of `xl/sharedStrings.xml`, in order.
    public static func sharedStrings(_ data: Data) throws(Malformed) -> [String] {
        let delegate = SharedStringsDelegate()
        try parse(data, part: "xl/sharedStrings.xml", delegate: delegate)
        return delegate.strings
    }

    /// Calls `row` with each row of a worksheet in order: its number (from 1) and its cells by column, empty
    /// text for a missing cell; booleans as `TRUE`/`FALSE`, numbers as their stored decimal text. An error
    /// `row` throws stops the reading and is thrown again.
    public static func rows(
        of worksheet: Data, part: String, sharedStrings: [String], row: (Int, [String]) throws -> Void
    ) throws {
        try withoutActuallyEscaping(row) { row in
            let delegate = WorksheetDelegate(sharedStrings: sharedStrings, row: row)
            do {
                try parse(worksheet, part: part, delegate: delegate)
            } catch {
                if let failure = delegate.failure { throw failure }
                throw error
            }
            if let failure = delegate.failure { throw failure }
        }
    }

    /// `rows(of:part:sharedStrings:row:)` for a worksheet in a file, read as a stream (a worksheet of a million
    /// rows is hundreds of megabytes of XML).
    public static func rows(
        ofFile file: URL, part: String, sharedStrings: [String], row: (Int, [String]) throws -> Void
    ) throws {
        try Self.checkUTF8(file, part: part)
        guard let stream = InputStream(url: file) else {
            throw Malformed(part: part, reason: "it cannot be opened")
        }
        try withoutActuallyEscaping(row) { row in
            let delegate = WorksheetDelegate(sharedStrings: sharedStrings, row: row)
            do {
                try parse(XMLParser(stream: stream), part: part, delegate: delegate)
            } catch {
                if let failure = delegate.failure { throw failure }
                throw error
            }
            if let failure = delegate.failure { throw failure }
        }
    }

    private static func parse(_ data: Data, part: String, delegate: some XMLParserDelegate) throws(Malformed) {
        guard String(validating: data, as: UTF8.self) != nil else { throw notUTF8(part) }
        try parse(XMLParser(data: data), part: part, delegate: delegate)
    }

    /// A workbook's parts are UTF-8 (Office Open XML). Anything else is refused before Foundation's `XMLParser`
    /// sees it: libxml2 hands it element names that are not UTF-8, and FoundationXML stops the whole process on
    /// one (it force-unwraps the name's text), so a crafted upload would take the server down.
    static func checkUTF8(_ file: URL, part: String) throws(Malformed) {
        guard let handle = try? FileHandle(forReadingFrom: file) else {
            throw Malformed(part: part, reason: "it cannot be opened")
        }
        defer { try? handle.close() }
        var pending: [UInt8] = []
        while true {
            let chunk: Data?
            do { chunk = try handle.read(upToCount: 1 << 20) } catch {
                throw Malformed(part: part, reason: "it cannot be read")
            }
            guard let chunk, !chunk.isEmpty else { break }
            pending += chunk
            // A character cut by the chunk's end waits for the next chunk.
            let whole = UTF8Check.wholeCharacters(pending)
            guard String(validating: pending[..<whole], as: UTF8.self) != nil else { throw notUTF8(part) }
            pending.removeFirst(whole)
        }
        guard pending.isEmpty else { throw notUTF8(part) }
    }

    static func notUTF8(_ part: String) -> Malformed { Malformed(part: part, reason: "it is not UTF-8 text") }

    private static func parse(_ parser: XMLParser, part: String, delegate: some XMLParserDelegate) throws(Malformed) {
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = false
        parser.delegate = delegate
        if !parser.parse() {
            if let stopped = delegate as? WorksheetDelegate, stopped.failure != nil { return }
            let reason = parser.parserError.map { "\($0.localizedDescription)" } ?? "not well-formed XML"
            throw Malformed(part: part, reason: "line \(parser.lineNumber): \(reason)")
        }
    }
}

/// Collects the attributes of every element with one name.
private final class ElementCollector: NSObject, XMLParserDelegate {
    let element: String
    var found: [[String: String]] = []

    init(element: String) { self.element = element }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        if name == element || name.hasSuffix(":" + element) { found.append(attributes) }
    }
}

/// `<si>` items, each the text of its `<t>` elements (plain or rich text runs; phonetic runs left out).
private final class SharedStringsDelegate: NSObject, XMLParserDelegate {
    var strings: [String] = []
    private var current = ""
    private var inText = false
    private var inPhonetic = false

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        switch local(name) {
        case "si": current = ""
        case "t": inText = !inPhonetic
        case "rPh": inPhonetic = true
        default: break
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if inText { current += string }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        switch local(name) {
        case "si": strings.append(SpreadsheetML.unescape(current))
        case "t": inText = false
        case "rPh": inPhonetic = false
        default: break
        }
    }
}

/// Rows of a worksheet, cell by cell.
private final class WorksheetDelegate: NSObject, XMLParserDelegate {
    let sharedStrings: [String]
    let emit: (Int, [String]) throws -> Void
    var failure: (any Error)?

    private var rowNumber = 0
    private var cells: [String] = []
    private var cellColumn = 0
    private var cellType = "n"
    private var value = ""
    private var collecting = false
    private var inCell = false

    init(sharedStrings: [String], row: @escaping (Int, [String]) throws -> Void) {
        self.sharedStrings = sharedStrings
        self.emit = row
    }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        switch local(name) {
        case "row":
            rowNumber = attributes["r"].flatMap(Int.init) ?? rowNumber + 1
            cells = []
        case "c":
            inCell = true
            cellColumn = attributes["r"].flatMap(SpreadsheetML.columnIndex(ofReference:)) ?? cells.count
            cellType = attributes["t"] ?? "n"
            value = ""
        case "v", "t":
            if inCell { collecting = true }
        default: break
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if collecting { value += string }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        switch local(name) {
        case "v", "t": collecting = false
        case "c":
            inCell = false
            guard cellColumn >= 0, cellColumn < 16_384 else { return }
            while cells.count <= cellColumn { cells.append("") }
            cells[cellColumn] = text()
        case "row":
            do {
                try emit(rowNumber, cells)
            } catch {
                failure = error
                parser.abortParsing()
            }
        default: break
        }
    }

    private func text() -> String {
        switch cellType {
        case "s":
            Int(value.trimmingCharacters(in: .whitespaces)).flatMap {
                sharedStrings.indices.contains($0) ? sharedStrings[$0] : nil
            } ?? ""
        case "b": value.trimmingCharacters(in: .whitespaces) == "1" ? "TRUE" : "FALSE"
        case "inlineStr", "str": SpreadsheetML.unescape(value)
        default: value.trimmingCharacters(in: .whitespaces)
        }
    }
}

private func local(_ name: String) -> Substring {
    guard let colon = name.lastIndex(of: ":") else { return Substring(name) }
    return name[name.index(after: colon)...]
}

/// Where a run of bytes stops holding only whole UTF-8 characters.
enum UTF8Check {
    /// The length of the longest prefix of `bytes` that does not end inside a character: a lead byte in the last
    /// three whose character needs more bytes than follow it starts the cut-off tail.
    static func wholeCharacters(_ bytes: [UInt8]) -> Int {
        let count = bytes.count
        for back in 1...min(3, max(count, 1)) where count >= back {
            let byte = bytes[count - back]
            guard byte & 0xC0 != 0x80 else { continue }  // a continuation byte: look further back
            let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
            return length > back ? count - back : count
        }
        return count
    }
}
