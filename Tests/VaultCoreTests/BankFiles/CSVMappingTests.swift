import Foundation
import Testing

@testable import VaultCore

@Suite struct CSVMappingTests {
    /// A European bank's export: BOM, semicolons, day-first dates, decimal commas, thousands points.
    static let european = """
        \u{FEFF}Buchungstag;Empfänger;Verwendungszweck;Betrag;Kategorie
        05/01/2024;Café Luna;KARTENZAHLUNG CAFE LUNA;-4,50;Dining
        13/01/2024;ACME GmbH;Gehalt Januar;2.345,67;
        14/01/2024;Stadtwerke;"Strom
        Januar";(89,90);Utilities

        """

    /// A US bank's export with debit and credit columns and month-first dates.
    static let american = """
        Transaction Date,Description,Debit,Credit
        01/13/2024,"SQ *BLUE BOTTLE #12",4.50,
        01/15/2024,PAYROLL ACME,,"1,234.56"
        01/16/2024,FEE,-3.00,

        """

    @Test("the guess finds date and format, amount, description, payee, category and the decimal comma")
    func guessEuropean() throws {
        let table = try CSVTable(Data(Self.european.utf8))
        let mapping = try CSVMapping.guess(table)
        #expect(
            mapping
                == CSVMapping(
                    separator: .semicolon, hasHeader: true, date: 0, dateFormat: .dayMonthYear, amount: .signed(3),
                    decimalMark: .comma, description: 2, payee: 1, category: 4))
        let rows = try mapping.rows(of: table, currency: .eur)
        #expect(rows.map(\.amount.minorUnits) == [-450, 234_567, -8990])
        #expect(rows.map(\.date.description) == ["2024-01-05", "2024-01-13", "2024-01-14"])
        #expect(rows.map(\.description) == ["KARTENZAHLUNG CAFE LUNA", "Gehalt Januar", "Strom Januar"])
        #expect(rows.map(\.payee) == ["Café Luna", "ACME GmbH", "Stadtwerke"])
        #expect(rows.map(\.category) == ["Dining", nil, "Utilities"])
        #expect(rows.map(\.line) == [2, 3, 4])
    }

    @Test("cells padded with spaces, tabs and no-break spaces read as their text")
    func paddedCells() throws {
        let text =
            "Date;Description;Amount\n 05/01/2024\t;\u{00A0}CAFE LUNA ;\t-4,50\u{00A0}\n13/01/2024;RENT; 1.200,00 \n"
        let table = try CSVTable(Data(text.utf8), separator: .semicolon)
        let mapping = CSVMapping(
            separator: .semicolon, hasHeader: true, date: 0, dateFormat: .dayMonthYear, amount: .signed(2),
            decimalMark: .comma, description: 1)
        let rows = try mapping.rows(of: table, currency: .eur)
        #expect(rows.map(\.date.description) == ["2024-01-05", "2024-01-13"])
        #expect(rows.map(\.description) == ["CAFE LUNA", "RENT"])
        #expect(rows.map(\.amount.minorUnits) == [-450, 120_000])
    }

    @Test(
        "a description is cleaned to one line: clean ASCII is kept as it is, anything else is cleaned",
        arguments: [
            ("CAFE LUNA", "CAFE LUNA", true), ("", "", true), ("A", "A", true),
            ("UBER *EATS #12", "UBER *EATS #12", true),
            ("CAFE  LUNA", "CAFE LUNA", false), (" CAFE", "CAFE", false), ("CAFE ", "CAFE", false), (" ", "", false),
            ("CAFE\tLUNA", "CAFE LUNA", false), ("CAFE\r\nLUNA", "CAFE LUNA", false),
            ("CAFE\u{7F}LUNA", "CAFE LUNA", false),
            ("Café Luna", "Café Luna", false), ("Café\u{85}Luna", "Café Luna", false),
        ])
    func oneLine(text: String, line: String, isClean: Bool) {
        #expect(BankFileRow.isOneLine(text.utf8) == isClean)
        #expect(BankFileRow.oneLine(text) == line)
    }

    @Test("debit and credit columns: money out is negative whichever sign the bank wrote")
    func debitCredit() throws {
        let table = try CSVTable(Data(Self.american.utf8))
        let mapping = try CSVMapping.guess(table)
        #expect(mapping.amount == .debitCredit(debit: 2, credit: 3))
        #expect(mapping.dateFormat == .monthDayYear)
        #expect(mapping.decimalMark == .point)
        let rows = try mapping.rows(of: table, currency: .usd)
        #expect(rows.map(\.amount.minorUnits) == [-450, 123_456, -300])
        #expect(rows[0].description == "SQ *BLUE BOTTLE #12")
    }

    @Test("a broken row names its line and column")
    func brokenRow() throws {
        let text = "Date,Amount,Description\n2024-01-05,-4.50,Coffee\n2024-01-06,four,Tea\n"
        let table = try CSVTable(Data(text.utf8))
        let mapping = try CSVMapping.guess(table)
        let error = #expect(throws: BankFileError.self) { try mapping.rows(of: table, currency: .usd) }
        #expect(error?.line == 3)
        #expect(error?.column == "'Amount'")
        #expect(error?.message.hasPrefix("Line 3, column 'Amount': 'four' is not an amount") == true)
    }

    @Test("a date that is not in the chosen format names its line and column")
    func badDate() throws {
        let text = "Date,Amount,Description\n31/01/2024,-4.50,Coffee\n"
        let table = try CSVTable(Data(text.utf8))
        var mapping = try CSVMapping.guess(table)
        mapping.dateFormat = .monthDayYear
        let error = #expect(throws: BankFileError.self) { try mapping.rows(of: table, currency: .usd) }
        #expect(error?.message == "Line 2, column 'Date': '31/01/2024' is not a date in the form MM/DD/YYYY.")
    }

    @Test("a file without a header is guessed by content")
    func noHeader() throws {
        let table = try CSVTable(Data("2024-01-05,Coffee shop,-4.50\n2024-01-06,Salary,100\n".utf8))
        let mapping = try CSVMapping.guess(table)
        #expect(!mapping.hasHeader)
        #expect(mapping.amount == .signed(2))
        #expect(mapping.description == 1)
        #expect(try mapping.rows(of: table, currency: .usd).count == 2)
    }

    @Test("a mapping naming a column the file lacks is refused")
    func missingColumn() throws {
        let table = try CSVTable(Data("Date,Amount\n2024-01-05,1\n".utf8))
        let mapping = CSVMapping(
            separator: .comma, hasHeader: true, date: 0, dateFormat: .yearMonthDay, amount: .signed(1),
            decimalMark: .point, description: 5)
        let error = #expect(throws: BankFileError.self) { try mapping.rows(of: table, currency: .usd) }
        #expect(error?.code == .badMapping)
    }

    @Test(
        "amounts in the forms banks write",
        arguments: [
            ("1,234.56", DecimalMark.point, 123_456), ("(12.50)", .point, -1250), ("12.50-", .point, -1250),
            ("€ -1.234,5", .comma, -123_450), ("1 234,56", .comma, 123_456), ("$1'234.00", .point, 123_400),
            ("−7", .point, -700),
        ] as [(String, DecimalMark, Int64)])
    func amounts(text: String, mark: DecimalMark, cents: Int64) throws {
        #expect(try mark.amount(text, currency: .usd)?.minorUnits == cents)
    }

    @Test(
        "dates in the forms banks write",
        arguments: [
            ("2024-01-05", BankDateFormat.yearMonthDay), ("20240105", .yearMonthDay),
            ("2024-01-05T10:00:00", .yearMonthDay), ("05/01/2024", .dayMonthYear), ("5.1.24", .dayMonthYear),
            ("01/05/2024 14:30", .monthDayYear), ("1/ 5'24", .monthDayYear), ("05 Jan 2024", .dayMonthNameYear),
            ("05-JAN-24", .dayMonthNameYear), ("Jan 5, 2024", .monthNameDayYear),
        ])
    func dates(text: String, format: BankDateFormat) {
        #expect(format.date(text)?.description == "2024-01-05")
    }

    @Test("a day over 12 decides between day-first and month-first")
    func dateCandidates() {
        #expect(BankDateFormat.candidates(for: ["05/01/2024", "13/01/2024"]) == [.dayMonthYear])
        #expect(BankDateFormat.candidates(for: ["01/13/2024"]) == [.monthDayYear])
        #expect(BankDateFormat.candidates(for: ["05/01/2024"]) == [.dayMonthYear, .monthDayYear])
    }
}
