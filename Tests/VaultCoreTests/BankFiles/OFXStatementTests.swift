import Foundation
import Testing
import VaultCore

@Suite struct OFXStatementTests {
    /// OFX 1.x: a plain-text header and SGML with unclosed tags, a credit card statement.
    static let sgml = """
        OFXHEADER:100
        DATA:OFXSGML
        VERSION:102
        SECURITY:NONE
        ENCODING:USASCII
        CHARSET:1252

        <OFX>
        <SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>20240131</SONRS></SIGNONMSGSRSV1>
        <CREDITCARDMSGSRSV1><CCSTMTTRNRS><TRNUID>1<CCSTMTRS><CURDEF>USD<CCACCTFROM><ACCTID>4111</CCACCTFROM>
        <BANKTRANLIST><DTSTART>20240101<DTEND>20240131
        <STMTTRN>
        <TRNTYPE>DEBIT
        <DTPOSTED>20240105120000.000[-5:EST]
        <TRNAMT>-4.50
        <FITID>2024010501
        <NAME>CAFE LUNA &amp; CO
        <MEMO>CARD 1234
        <STMTTRN>
        <TRNTYPE>CREDIT
        <DTPOSTED>20240110
        <TRNAMT>100
        <FITID>2024011001
        <NAME>PAYMENT THANK YOU
        </BANKTRANLIST>
        </CCSTMTRS></CCSTMTTRNRS></CREDITCARDMSGSRSV1>
        </OFX>
        """

    /// OFX 2.x: XML, a bank statement in euros with a decimal comma (allowed by the standard).
    static let xml = """
        <?xml version="1.0" encoding="UTF-8" standalone="no"?>
        <?OFX OFXHEADER="200" VERSION="211" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>
        <OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>EUR</CURDEF>
        <BANKTRANLIST>
        <STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20240105000000[+1:CET]</DTPOSTED><TRNAMT>-1234,50</TRNAMT>
        <FITID>A1</FITID><PAYEE><NAME>Landlord</NAME></PAYEE><MEMO>Rent January</MEMO></STMTTRN>
        <STMTTRN><TRNTYPE>FEE</TRNTYPE><DTPOSTED>20240106</DTPOSTED><TRNAMT>-2.00</TRNAMT><FITID>A2</FITID>
        </STMTTRN>
        </BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>
        """

    @Test("an SGML credit card statement reads with its FITIDs, dates, amounts and entities")
    func sgmlStatement() throws {
        let statement = try OFXStatement(Data(Self.sgml.utf8), defaultCurrency: .eur)
        #expect(statement.currency == .usd)
        #expect(
            statement.rows == [
                BankFileRow(
                    date: LocalDate(iso: "2024-01-05")!, amount: Money(minorUnits: -450, currency: .usd),
                    description: "CAFE LUNA & CO", payee: "CAFE LUNA & CO", memo: "CARD 1234", bankID: "2024010501",
                    line: 1),
                BankFileRow(
                    date: LocalDate(iso: "2024-01-10")!, amount: Money(minorUnits: 10_000, currency: .usd),
                    description: "PAYMENT THANK YOU", payee: "PAYMENT THANK YOU", bankID: "2024011001", line: 2),
            ])
    }

    @Test("an XML statement reads, with a payee aggregate, a decimal comma and a row with only its type")
    func xmlStatement() throws {
        let statement = try OFXStatement(Data(Self.xml.utf8), defaultCurrency: .usd)
        #expect(statement.currency == .eur)
        #expect(statement.rows.map(\.amount.minorUnits) == [-123_450, -200])
        #expect(statement.rows.map(\.description) == ["Landlord", "FEE"])
        #expect(statement.rows.map(\.memo) == ["Rent January", nil])
        #expect(statement.rows.map(\.bankID) == ["A1", "A2"])
    }

    @Test("a file that is not OFX says so")
    func notOFX() throws {
        let error = #expect(throws: BankFileError.self) {
            try OFXStatement(Data("<html><body>Sign in</body></html>".utf8), defaultCurrency: .usd)
        }
        #expect(error?.code == .wrongFormat)
        #expect(error?.message.hasPrefix("This is not an OFX file") == true)
    }

    @Test("a transaction without an amount names its number")
    func missingAmount() throws {
        let text = "<OFX><STMTTRN><DTPOSTED>20240105<FITID>1<NAME>X</OFX>"
        let error = #expect(throws: BankFileError.self) { try OFXStatement(Data(text.utf8), defaultCurrency: .usd) }
        #expect(error?.message == "Transaction 1 of the file: it has no amount (TRNAMT).")
    }

    @Test("the format is sniffed from the first bytes")
    func sniff() {
        #expect(BankFileFormat.sniff(Data(Self.sgml.utf8)) == .ofx)
        #expect(BankFileFormat.sniff(Data(Self.xml.utf8)) == .ofx)
        #expect(BankFileFormat.sniff(Data("!Type:Bank\n".utf8)) == .qif)
        #expect(BankFileFormat.sniff(Data("Date,Amount\n".utf8)) == .csv)
    }
}
