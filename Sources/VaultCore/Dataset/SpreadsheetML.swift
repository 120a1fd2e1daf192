import Foundation

/// One cell of a worksheet.
public enum SheetCell: Hashable, Sendable {
    case empty
    /// Text, kept exactly (control characters are escaped the Office Open XML way, `_x0001_`).
    case text(String)
    /// A number as exact decimal text (`-12.34`), never through a binary floating point value.
    case number(String)
    case bool(Bool)
}

/// The parts of an Office Open XML workbook (`.xlsx`, ECMA-376 SpreadsheetML) that GhostVault writes: no
/// library in the package mirror writes one (CoreXLSX and XMLCoder read or map XML, neither streams a
/// worksheet of a million rows), so these are written here. Only what a dataset needs: one header row in
/// bold and frozen, cells as inline strings, numbers and booleans, no shared strings (so a sheet can be
/// written row by row without holding its strings), no formulas (so no cell is ever evaluated).
public enum SpreadsheetML {
    /// The most characters a cell holds in Excel.
    public static let maximumCellLength = 32_767

    /// The start of a worksheet, up to its first row; `columns` is the number of columns, for their widths.
    public static func worksheetStart(columns: Int) -> String {
        let width = columns > 0 ? "<cols><col min=\"1\" max=\"\(columns)\" width=\"18\" customWidth=\"1\"/></cols>" : ""
        return """
            <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
            <worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" \
            xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">\
            <sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" \
            state="frozen"/></sheetView></sheetViews>\(width)<sheetData>
            """
    }

    public static let worksheetEnd = "</sheetData></worksheet>"

    /// One row: `number` counts from 1; a header row is bold.
    public static func row(_ cells: [SheetCell], number: Int, header: Bool = false) -> String {
        var xml = "<row r=\"\(number)\">"
        let style = header ? " s=\"1\"" : ""
        for (index, cell) in cells.enumerated() {
            let reference = (index < commonColumns.count ? commonColumns[index] : columnName(index)) + String(number)
            switch cell {
            case .empty: continue
            case .text(let text):
                xml +=
                    "<c r=\"\(reference)\" t=\"inlineStr\"\(style)><is><t xml:space=\"preserve\">\(escape(text))</t></is></c>"
            case .number(let value):
                xml += "<c r=\"\(reference)\"\(style)><v>\(value)</v></c>"
            case .bool(let value):
                xml += "<c r=\"\(reference)\" t=\"b\"\(style)><v>\(value ? 1 : 0)</v></c>"
            }
        }
        return xml + "</row>"
    }

    /// The names of the first columns, worked out once (every cell of every row needs one).
    private static let commonColumns = (0..<64).map(columnName)

    /// `A` for 0, `Z` for 25, `AA` for 26.
    public static func columnName(_ index: Int) -> String {
        var name = ""
        var rest = index + 1
        while rest > 0 {
            let remainder = (rest - 1) % 26
            name = String(UnicodeScalar(UInt8(65 + remainder))) + name
            rest = (rest - 1) / 26
        }
        return name
    }

    /// The column index of a cell reference such as `AB12` (27), or nil when it has no letters.
    public static func columnIndex(ofReference reference: String) -> Int? {
        var index = 0
        var letters = 0
        for scalar in reference.unicodeScalars {
            guard let value = Int(exactly: scalar.value), (65...90).contains(value) || (97...122).contains(value) else {
                break
            }
            index = index * 26 + (value & ~32) - 64
            letters += 1
            if letters > 3 { return nil }
        }
        return letters == 0 ? nil : index - 1
    }

    /// Text as XML character data: markup characters as entities, and characters XML 1.0 cannot hold
    /// (control characters but tab, line feed and carriage return) as `_xHHHH_`, with a literal `_x` that
    /// looks like such an escape escaped itself (`_x005F_`), as Office does, so that text survives exactly.
    public static func escape(_ text: String) -> String {
        // Most cells (ids, dates, plain words) need nothing: one pass over the bytes says so.
        let needsWork = text.utf8.contains { byte in
            byte < 0x20 || byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
                || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "_") || byte == 0xEF
        }
        guard needsWork else { return text }
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            // A carriage return is escaped: XML parsers read a raw one as a line feed.
            case "\t", "\n": escaped.unicodeScalars.append(scalar)
            // `_xHHHH` is protected even without its closing underscore: the next character may be escaped to
            // one (`_x0007` then a control character would read back as U+0007).
            case "_" where startsLikeEscape(scalars, at: index): escaped += "_x005F_"
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    escaped += "_x" + hex4(scalar.value) + "_"
                } else {
                    escaped.unicodeScalars.append(scalar)
                }
            }
        }
        return escaped
    }

    /// Undoes the `_xHHHH_` escapes of `escape` (the entities are undone by the XML parser).
    public static func unescape(_ text: String) -> String {
        guard text.contains("_x") else { return text }
        let scalars = Array(text.unicodeScalars)
        var result = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            if looksLikeEscape(scalars, at: index),
                let value = UInt32(String(String.UnicodeScalarView(scalars[(index + 2)..<(index + 6)])), radix: 16),
                let scalar = Unicode.Scalar(value)
            {
                result.append(scalar)
                index += 7
            } else {
                result.append(scalars[index])
                index += 1
            }
        }
        return String(result)
    }

    private static func looksLikeEscape(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
        startsLikeEscape(scalars, at: index) && index + 6 < scalars.count && scalars[index + 6] == "_"
    }

    /// `_x` and four hex digits at `index`.
    private static func startsLikeEscape(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
        guard index + 5 < scalars.count, scalars[index] == "_", scalars[index + 1] == "x" else { return false }
        return scalars[(index + 2)..<(index + 6)].allSatisfy { $0.properties.isASCIIHexDigit }
    }

    private static func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// The worksheet part of sheet `number` (from 1) inside the package.
    public static func worksheetPath(_ number: Int) -> String { "xl/worksheets/sheet\(number).xml" }

    /// `xl/workbook.xml` naming the sheets in order.
    public static func workbook(sheets: [String]) -> String {
        let entries = sheets.enumerated().map { index, name in
            "<sheet name=\"\(escape(name))\" sheetId=\"\(index + 1)\" r:id=\"rId\(index + 1)\"/>"
        }
        return """
            <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
            <workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" \
            xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">\
            <sheets>\(entries.joined())</sheets></workbook>
            """
    }

    /// `xl/_rels/workbook.xml.rels`: the sheets, then the styles.
    public static func workbookRelationships(sheets: Int) -> String {
        let type = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
        let entries = (0..<sheets).map { $0 + 1 }.map { number in
            "<Relationship Id=\"rId\(number)\" Type=\"\(type)/worksheet\" Target=\"worksheets/sheet\(number).xml\"/>"
        }
        return """
            <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
            <Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">\
            \(entries.joined())<Relationship Id="rId\(sheets + 1)" Type="\(type)/styles" Target="styles.xml"/>\
            </Relationships>
            """
    }

    /// `[Content_Types].xml`.
    public static func contentTypes(sheets: Int) -> String {
        let sheet = "application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"
        let overrides = (0..<sheets).map { index in
            "<Override PartName=\"/\(worksheetPath(index + 1))\" ContentType=\"\(sheet)\"/>"
        }
        return """
            <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
            <Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">\
            <Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>\
            <Default Extension="xml" ContentType="application/xml"/>\
            <Override PartName="/xl/workbook.xml" \
            ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>\
            <Override PartName="/xl/styles.xml" \
            ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>\
            \(overrides.joined())</Types>
            """
    }

    /// `_rels/.rels`: the package's start part.
    public static let packageRelationships = """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">\
        <Relationship Id="rId1" \
        Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" \
        Target="xl/workbook.xml"/></Relationships>
        """

    /// `xl/styles.xml`: the default style, and a bold one for headers (`s="1"`).
    public static let styles = """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">\
        <fonts count="2"><font><sz val="11"/><name val="Calibri"/></font>\
        <font><b/><sz val="11"/><name val="Calibri"/></font></fonts>\
        <fills count="2"><fill><patternFill patternType="none"/></fill>\
        <fill><patternFill patternType="gray125"/></fill></fills>\
        <borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>\
        <cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>\
        <cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>\
        <xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs>\
        <cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>\
        </styleSheet>
        """
}
