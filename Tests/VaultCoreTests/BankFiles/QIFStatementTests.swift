import Foundation
import Testing
import VaultCore

@Suite struct QIFStatementTests {
    static let sample = """
        !Option:AutoSwitch
        !Account
        NChecking
        TBank
        ^
        !Clear:AutoSwitch
        !Type:Bank
        D1/ 5'24
        T-4.50
        PCafe Luna
        MLatte
        LDining
        ^
        D01/05/2024
        U-4.50
        PCafe Luna
        ^
        D1/15/24
        T1,234.56
        PACME PAYROLL
        L[Savings]
        ^
        """

    @Test("a bank QIF reads: apostrophe years, T and U amounts, payee, memo, category, account blocks skipped")
    func reads() throws {
        let rows = try QIFStatement(Data(Self.sample.utf8), currency: .usd).rows
        #expect(rows.map(\.date.description) == ["2024-01-05", "2024-01-05", "2024-01-15"])
        #expect(rows.map(\.amount.minorUnits) == [-450, -450, 123_456])
        #expect(rows.map(\.payee) == ["Cafe Luna", "Cafe Luna", "ACME PAYROLL"])
        #expect(rows.map(\.memo) == ["Latte", nil, nil])
        #expect(rows.map(\.category) == ["Dining", nil, "[Savings]"])
        #expect(rows.map(\.line) == [8, 14, 18])
    }

    @Test("day-first dates when the person says so")
    func dayFirst() throws {
        let text = "!Type:CCard\nD13/01/2024\nT-1\nPX\n^\n"
        let rows = try QIFStatement(Data(text.utf8), currency: .usd, dateFormat: .dayMonthYear).rows
        #expect(rows.first?.date.description == "2024-01-13")
    }

    @Test("lines end at LF, CR or CRLF only: a form feed or vertical tab is a space, and line numbers stay an editor's")
    func lineBreaks() throws {
        let text = "!Type:Bank\r\nD1/2/2024\u{0C}\nT-4.50\rPCafe\u{0B}Luna\u{2028}Downtown\n^\nD13/45/2024\n"
        let bad = #expect(throws: BankFileError.self) { try QIFStatement(Data(text.utf8), currency: .usd) }
        #expect(bad?.message.hasPrefix("Line 6:") == true)
        let good = try QIFStatement(Data(text.utf8.dropLast(12)), currency: .usd, dateFormat: .monthDayYear).rows
        #expect(good.map(\.description) == ["Cafe Luna Downtown"])
        #expect(good.first?.line == 2)
    }

    @Test("a bad date names its line; an investment file and a file without a type are refused")
    func errors() throws {
        let bad = #expect(throws: BankFileError.self) {
            try QIFStatement(Data("!Type:Bank\nD13/45/2024\nT1\nPX\n^\n".utf8), currency: .usd)
        }
        #expect(bad?.message == "Line 2: '13/45/2024' is not a date in the form MM/DD/YYYY.")
        let invest = #expect(throws: BankFileError.self) {
            try QIFStatement(Data("!Type:Invst\nD1/1/24\n^\n".utf8), currency: .usd)
        }
        #expect(invest?.code == .wrongFormat)
        let none = #expect(throws: BankFileError.self) {
            try QIFStatement(Data("Date,Amount\n".utf8), currency: .usd)
        }
        #expect(none?.message.hasPrefix("This is not a QIF file") == true)
    }
}
