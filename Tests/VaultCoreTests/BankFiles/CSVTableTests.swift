import Foundation
import Testing
import VaultCore

@Suite struct CSVTableTests {
    func table(_ text: String, separator: CSVTable.Separator? = nil) throws -> CSVTable {
        try CSVTable(Data(text.utf8), separator: separator)
    }

    @Test("a byte order mark is dropped and the semicolon separator is guessed")
    func bomAndSemicolon() throws {
        let csv = try table("\u{FEFF}Datum;Betrag;Text\n05/01/2024;-4,50;Café Luna\n06/01/2024;1.234,56;Salary\n")
        #expect(csv.separator == .semicolon)
        #expect(
            csv.records.map(\.fields) == [
                ["Datum", "Betrag", "Text"], ["05/01/2024", "-4,50", "Café Luna"],
                ["06/01/2024", "1.234,56", "Salary"],
            ])
    }

    @Test("tab separators are guessed")
    func tabs() throws {
        let csv = try table("Date\tAmount\tDescription\n2024-01-05\t-4.50\tCoffee, large\n")
        #expect(csv.separator == .tab)
        #expect(csv.records[1].fields == ["2024-01-05", "-4.50", "Coffee, large"])
    }

    @Test("quoted fields keep separators, doubled quotes and line breaks, and records keep their first line")
    func quoting() throws {
        let csv = try table("a,b\r\n\"x, \"\"y\"\"\",\"two\nlines\"\r\nlast,row\n")
        #expect(csv.records.map(\.fields) == [["a", "b"], ["x, \"y\"", "two\nlines"], ["last", "row"]])
        #expect(csv.records.map(\.line) == [1, 2, 4])
    }

    @Test("an unclosed quote names its line and column")
    func unclosedQuote() throws {
        let error = #expect(throws: BankFileError.self) { try table("a,b\n1,\"open\n2,3\n") }
        #expect(error?.line == 2)
        #expect(error?.column == "2")
        #expect(error?.message.contains("never closed") == true)
    }

    @Test("Windows-1252 text reads")
    func windows1252() throws {
        let data = Data([0x43, 0x61, 0x66, 0xE9, 0x2C, 0x31, 0x0A])  // "Café,1" in Windows-1252
        #expect(try CSVTable(data).records[0].fields == ["Café", "1"])
    }

    @Test("a file over the size limit is refused before it is read")
    func oversize() throws {
        let error = #expect(throws: BankFileError.self) {
            try CSVTable(Data(count: BankFileFormat.maximumBytes + 1))
        }
        #expect(error?.code == .tooLarge)
    }
}
