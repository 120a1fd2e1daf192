import Foundation
import Testing
import VaultCore

/// Issue 35's OFX files read right the first time, and issue 36's truncated file refused.
@Suite struct OFXStatementReadRightTests {
    static func statement(_ transactions: String, account: String = "1234", type: String = "CHECKING") -> String {
        """
        <STMTRS><CURDEF>USD<BANKACCTFROM><BANKID>1<ACCTID>\(account)<ACCTTYPE>\(type)</BANKACCTFROM>
        <BANKTRANLIST><DTSTART>20240101<DTEND>20240131
        \(transactions)
        </BANKTRANLIST></STMTRS>
        """
    }

    static func file(_ statements: String...) -> Data {
        Data(
            ("OFXHEADER:100\nDATA:OFXSGML\n\n<OFX><BANKMSGSRSV1><STMTTRNRS>" + statements.joined()
                + "</STMTTRNRS></BANKMSGSRSV1></OFX>\n").utf8)
    }

    static func transaction(_ amount: String, id: String = "1", name: String? = "RENT") -> String {
        "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240105<TRNAMT>\(amount)<FITID>\(id)"
            + (name.map { "<NAME>\($0)" } ?? "") + "</STMTTRN>\n"
    }

    @Test(
        "trailing zeros beyond the currency's decimals are exact",
        arguments: [
            ("-00000000001500.0000", Int64(-150_000)), ("-30.000", -3000), ("12.5", 1250), ("+7", 700),
            ("-0.10000", -10),
        ])
    func trailingZeros(text: String, cents: Int64) throws {
        let read = try OFXStatement(Self.file(Self.statement(Self.transaction(text))), defaultCurrency: .usd)
        #expect(read.rows.map(\.amount.minorUnits) == [cents])
    }

    @Test("a transaction after a statement has closed is not read in that statement's currency (found by the fuzzer)")
    func currencyEndsWithItsStatement() throws {
        let euros = "<STMTRS><CURDEF>EUR</STMTRS>"
        let file = try OFXStatement.file(
            Self.file(euros + "<BANKTRANLIST>" + Self.transaction("-2.00") + "</BANKTRANLIST>"), defaultCurrency: .usd)
        let rows = file.statements.flatMap { statement in
            statement.rows.map { (statement.currency, $0.amount.currency) }
        }
        #expect(rows.count == 1)
        #expect(rows.allSatisfy { ($0.0 ?? .usd) == $0.1 }, "\(rows)")
    }

    @Test("a statement naming a second currency after its rows is refused (found by the fuzzer)")
    func twoCurrencies() throws {
        let damaged = "<STMTRS><CURDEF>EUR<BANKTRANLIST>" + Self.transaction("-2.00") + "</BANKTRANLIST><CURDEF>USD"
        let error = #expect(throws: BankFileError.self) {
            try OFXStatement.file(Self.file(damaged + "</STMTRS>"), defaultCurrency: .usd)
        }
        #expect(error?.message.contains("two currencies") == true)
    }

    @Test("a currency stated after transactions read in another is refused (found by the fuzzer)")
    func currencyAfterRows() throws {
        let damaged = "<BANKTRANLIST>" + Self.transaction("-2.00") + "<CURDEF>EUR</BANKTRANLIST>"
        #expect(throws: BankFileError.self) {
            try OFXStatement.file(Self.file(damaged), defaultCurrency: .usd)
        }
    }

    @Test("a non-zero digit beyond the currency's decimals is still refused")
    func nonZeroBeyond() throws {
        let error = #expect(throws: BankFileError.self) {
            try OFXStatement(Self.file(Self.statement(Self.transaction("-30.001"))), defaultCurrency: .usd)
        }
        #expect(error?.code == .badRow)
        #expect(error?.message.hasPrefix("Transaction 1 of the file: the amount (TRNAMT)") == true)
    }

    @Test("a file cut inside an amount, or without its closing tags, is refused as cut short")
    func truncated() throws {
        let whole = String(decoding: Self.file(Self.statement(Self.transaction("-1234.56"))), as: UTF8.self)
        let cut = String(whole[..<whole.range(of: "-1234.56")!.lowerBound]) + "-12"
        let error = #expect(throws: BankFileError.self) { try OFXStatement(Data(cut.utf8), defaultCurrency: .usd) }
        #expect(error?.code == .truncated)
        #expect(error?.message.contains("cut short") == true)
        let noClose = whole.replacingOccurrences(of: "</OFX>", with: "")
        #expect(throws: BankFileError.self) { try OFXStatement(Data(noClose.utf8), defaultCurrency: .usd) }
    }

    @Test("an amount that is not a complete number is refused", arguments: ["-12.", "-", ".", "1.2.3", "12,"])
    func incompleteNumber(text: String) throws {
        let error = #expect(throws: BankFileError.self) {
            try OFXStatement(Self.file(Self.statement(Self.transaction(text))), defaultCurrency: .usd)
        }
        #expect(error?.code == .badRow)
    }

    @Test("a statement with no BANKTRANLIST, or an empty one, has no transactions: said so, not a statement error")
    func noTransactions() throws {
        let absent = Self.file(
            "<STMTRS><CURDEF>USD<BANKACCTFROM><ACCTID>1</BANKACCTFROM><LEDGERBAL><BALAMT>10</LEDGERBAL></STMTRS>")
        #expect(try OFXStatement(absent, defaultCurrency: .usd).rows.isEmpty)
        let empty = Self.file(Self.statement(""))
        #expect(try OFXStatement(empty, defaultCurrency: .usd).rows.isEmpty)
        for data in [absent, empty] {
            let error = #expect(throws: BankFileError.self) {
                try BankFile(data: data, format: .ofx).read(currency: .usd)
            }
            #expect(error?.code == .empty)
            #expect(error?.message.hasPrefix("There are no transactions in this file") == true)
        }
    }

    @Test("a transaction with no NAME, MEMO or TRNTYPE is a row with an empty description")
    func noText() throws {
        let text = "<STMTTRN><DTPOSTED>20240105<TRNAMT>-1.00<FITID>9</STMTTRN>"
        let read = try OFXStatement(Self.file(Self.statement(text)), defaultCurrency: .usd)
        #expect(read.rows.map(\.description) == [""])
        #expect(read.rows.map(\.amount.minorUnits) == [-100])
    }

    @Test("a file with checking and savings statements: each chosen by its ACCTID; unchosen, both are listed")
    func severalStatements() throws {
        let data = Self.file(
            Self.statement(Self.transaction("-10.00", id: "c1") + Self.transaction("-20.00", id: "c2")),
            Self.statement(Self.transaction("5.00", id: "s1", name: "INTEREST"), account: "5678", type: "SAVINGS"))
        let file = try OFXStatement.file(data, defaultCurrency: .usd)
        #expect(file.statements.map(\.accountID) == ["1234", "5678"])
        #expect(file.statements.map(\.accountType) == ["CHECKING", "SAVINGS"])
        let error = #expect(throws: BankFileError.self) { try OFXStatement(data, defaultCurrency: .usd) }
        #expect(error?.code == .ambiguous)
        #expect(error?.choices == ["1234", "5678"])
        #expect(error?.message.hasPrefix("The file holds 2 statements: 1234 (checking) with 2 transactions") == true)
        let savings = try OFXStatement(data, defaultCurrency: .usd, account: "5678")
        #expect(savings.rows.map(\.bankID) == ["s1"])
        let read = try BankFile(data: data, format: .ofx, statement: "1234").read(currency: .usd)
        #expect(read.rows.map(\.amount.minorUnits) == [-1000, -2000])
        #expect(read.statement == "1234")
    }

    @Test("an investment statement alone is refused naming it; beside a bank statement it is noted and skipped")
    func investment() throws {
        let invest =
            "<INVSTMTRS><CURDEF>USD<INVACCTFROM><BROKERID>b<ACCTID>999</INVACCTFROM><INVTRANLIST><INVBANKTRAN>"
            + "<STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20240105<TRNAMT>1<FITID>i1</STMTTRN></INVBANKTRAN></INVTRANLIST>"
            + "</INVSTMTRS>"
        let alone = #expect(throws: BankFileError.self) {
            try BankFile(data: Self.file(invest), format: .ofx).read(currency: .usd)
        }
        #expect(alone?.message.contains("investment statement (INVSTMTRS, account 999)") == true)
        let both = try BankFile(data: Self.file(Self.statement(Self.transaction("-1")), invest), format: .ofx)
            .read(currency: .usd)
        #expect(both.rows.count == 1)
        #expect(both.notes.first?.contains("999") == true)
    }

    @Test("a NAME in a CDATA section reads as its text (Suncorp's export)")
    func cdata() throws {
        let text =
            "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20131215<TRNAMT>-16.85<FITID>1<NAME><![CDATA[ALDI & CO  ]]></NAME></STMTTRN>"
        let read = try OFXStatement(Self.file(Self.statement(text)), defaultCurrency: .usd)
        #expect(read.rows.map(\.description) == ["ALDI & CO"])
    }
}
