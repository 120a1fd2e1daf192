import Foundation
import Testing
import VaultCore

/// Issue 35's QIF files: dates decided from the file, list sections skipped, accounts split, investments named.
@Suite struct QIFStatementReadRightTests {
    @Test("ISO dates read")
    func isoDates() throws {
        let rows = try QIFStatement(Data("!Type:Bank\nD2022-09-23\nT-4.50\nPShop\n^\n".utf8), currency: .usd).rows
        #expect(rows.map(\.date.description) == ["2022-09-23"])
    }

    @Test("day-first dates are decided from the whole file when only that reading is valid")
    func dayFirst() throws {
        let text = "!Type:Bank\nD01/12/2017\nT-1\nPA\n^\nD22/12/2017\nT-2\nPB\n^\n"
        let rows = try QIFStatement(Data(text.utf8), currency: .usd).rows
        #expect(rows.map(\.date.description) == ["2017-12-01", "2017-12-22"])
    }

    @Test("dates that read both month first and day first are asked about; chosen, they read")
    func ambiguousDates() throws {
        let text = "!Type:Bank\nD01/02/2024\nT-1\nPA\n^\nD03/04/2024\nT-2\nPB\n^\n"
        let error = #expect(throws: BankFileError.self) { try QIFStatement(Data(text.utf8), currency: .usd) }
        #expect(error?.code == .ambiguous)
        #expect(error?.choices == ["MM/DD/YYYY", "DD/MM/YYYY"])
        let rows = try QIFStatement(Data(text.utf8), currency: .usd, dateFormat: .dayMonthYear).rows
        #expect(rows.map(\.date.description) == ["2024-02-01", "2024-04-03"])
    }

    static let quicken = """
        !Option:AutoSwitch
        !Account
        NEveryday Checking
        TBank
        ^
        NVisa
        TCCard
        ^
        NBrokerage
        TInvst
        ^
        !Clear:AutoSwitch
        !Type:Cat
        NGroceries
        E
        ^
        NSalary
        I
        ^
        !Type:Class
        NBusiness
        ^
        !Account
        NEveryday Checking
        TBank
        ^
        !Type:Bank
        D12/20/2023
        T-54.20
        PGrocer
        LGroceries
        ^
        D12/21/2023
        T2000.00
        PACME
        ^
        D12/22/2023
        T-10.00
        ^
        !Account
        NVisa
        TCCard
        ^
        !Type:CCard
        D12/23/2023
        T-19.99
        PStreaming
        ^
        !Account
        NBrokerage
        TInvst
        ^
        !Type:Invst
        D12/24/2023
        NBuy
        YACME
        T100.00
        ^
        """

    @Test("a Quicken export with option, account and list sections: each account chosen by name, investments noted")
    func quickenExport() throws {
        let data = Data(Self.quicken.utf8)
        let error = #expect(throws: BankFileError.self) { try QIFStatement(data, currency: .usd) }
        #expect(error?.code == .ambiguous)
        #expect(error?.choices == ["Everyday Checking", "Visa"])
        let checking = try QIFStatement(data, currency: .usd, account: "Everyday Checking")
        #expect(checking.rows.map(\.amount.minorUnits) == [-5420, 200_000, -1000])
        #expect(checking.rows.map(\.description) == ["Grocer", "ACME", ""])
        #expect(
            checking.notes == [
                "The investment account 'Brokerage' (!Type:Invst) is not imported: its lines are trades and holdings."
            ])
        let visa = try BankFile(data: data, format: .qif, statement: "Visa").read(currency: .usd)
        #expect(visa.rows.map(\.description) == ["Streaming"])
        #expect(visa.statement == "Visa")
    }

    @Test("a file of only an investment account is refused naming it")
    func investmentOnly() throws {
        let text = "!Account\nNBrokerage\nTInvst\n^\n!Type:Invst\nD1/1/24\nNBuy\nT1\n^\n"
        let error = #expect(throws: BankFileError.self) { try QIFStatement(Data(text.utf8), currency: .usd) }
        #expect(error?.code == .wrongFormat)
        #expect(error?.message.contains("investment accounts (!Type:Invst: Brokerage)") == true)
    }

    @Test("a transaction with a date and an amount but no payee or memo is kept, named by its category or empty")
    func noPayee() throws {
        let text = "!Type:Bank\nD1/13/2024\nT-4.50\nLFees\n^\nD1/14/2024\nT-1.00\n^\n"
        let rows = try QIFStatement(Data(text.utf8), currency: .usd).rows
        #expect(rows.map(\.description) == ["Fees", ""])
    }

    @Test("a QIF file saved as UTF-16 is sniffed as QIF and read")
    func utf16() throws {
        let text = "!Type:Bank\nD2024-01-05\nT-4.50\nPCafé\n^\n"
        let data = Data([0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        #expect(BankFileFormat.sniff(data) == .qif)
        #expect(try QIFStatement(data, currency: .usd).rows.map(\.description) == ["Café"])
    }
}
