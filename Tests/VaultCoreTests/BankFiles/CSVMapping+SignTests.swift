import Foundation
import Testing

@testable import VaultCore

/// Issue 35's CSV files: how money out is written, empty descriptions, and the column guess.
@Suite struct CSVMappingSignTests {
    static func read(_ text: String, isCard: Bool = false) throws -> (CSVMapping, [BankFileRow]) {
        let table = try CSVTable(Data(text.utf8))
        let mapping = try CSVMapping.guess(table, isCard: isCard)
        return (mapping, try mapping.rows(of: table, currency: .usd))
    }

    @Test("separate Credit Amount and Debit Amount columns, one blank on each row, read as one signed amount")
    func debitCreditAmounts() throws {
        let (mapping, rows) = try Self.read(
            """
            Date,Description,Debit Amount,Credit Amount
            2024-01-05,COFFEE,4.50,
            2024-01-06,SALARY,,"2,000.00"
            2024-01-07,REFUND,,0.99

            """)
        #expect(mapping.amount == .debitCredit(debit: 2, credit: 3))
        #expect(rows.map(\.amount.minorUnits) == [-450, 200_000, 99])
        #expect(
            mapping.signExplanation(header: ["Date", "Description", "Debit Amount", "Credit Amount"])
                == "Money out is in 'Debit Amount' and money in is in 'Credit Amount'; a blank cell is zero.")
    }

    @Test("Mint's export: all amounts positive, a Transaction Type column saying debit or credit")
    func mint() throws {
        let (mapping, rows) = try Self.read(
            """
            "Date","Description","Original Description","Amount","Transaction Type","Category","Account Name","Labels","Notes"
            "1/05/2024","Blue Bottle","SQ *BLUE BOTTLE","4.50","debit","Coffee Shops","Visa","",""
            "1/15/2024","Acme","ACME PAYROLL","2000.00","credit","Paycheck","Checking","",""

            """)
        #expect(mapping.amount == .typed(amount: 3, type: 4))
        #expect(rows.map(\.amount.minorUnits) == [-450, 200_000])
        #expect(mapping.signExplanation(header: []).contains("debit, DR, D"))
    }

    @Test(
        "type words in any case and in other languages",
        arguments: [
            ("DR", "CR"), ("d", "c"), ("Debit", "Credit"), ("Soll", "Haben"), ("S", "H"), ("débit", "crédit"),
            ("CARGO", "Abono"), ("Débito", "Crédito"),
        ])
    func typeWords(out: String, into: String) throws {
        let (mapping, rows) = try Self.read(
            "Date;Text;Amount;Type\n05.01.2024;Miete;800,00;\(out)\n06.01.2024;Gehalt;2.000,00;\(into)\n")
        #expect(mapping.amount == .typed(amount: 2, type: 3))
        #expect(rows.map(\.amount.minorUnits) == [-80_000, 200_000])
    }

    @Test("a type cell that is neither debit nor credit names its line and column")
    func badType() throws {
        let table = try CSVTable(Data("Date,Text,Amount,Type\n2024-01-05,A,1.00,debit\n2024-01-06,B,2.00,maybe\n".utf8))
        let mapping = CSVMapping(
            separator: .comma, hasHeader: true, date: 0, dateFormat: .yearMonthDay,
            amount: .typed(amount: 2, type: 3), decimalMark: .point, description: 1)
        let error = #expect(throws: BankFileError.self) { try mapping.rows(of: table, currency: .usd) }
        #expect(error?.message.hasPrefix("Line 3, column 'Type': 'maybe' is not a debit or a credit") == true)
    }

    static let card = """
        Date,Description,Amount
        2024-01-05,GROCER,54.20
        2024-01-06,FUEL,40.00
        2024-01-20,PAYMENT THANK YOU,-94.20

        """

    @Test("a card export with purchases positive: guessed for a card account, stated in words, and flippable")
    func cardPositive() throws {
        let (guessed, rows) = try Self.read(Self.card, isCard: true)
        #expect(guessed.moneyOut == .positive)
        #expect(rows.map(\.amount.minorUnits) == [-5420, -4000, 9420])
        #expect(
            guessed.signExplanation(header: ["Date", "Description", "Amount"]).hasPrefix(
                "Purchases are written as positive numbers in 'Amount': they will be imported as money out"))
        // The same file for a checking account keeps the file's signs; the person can flip either way.
        let (checking, plain) = try Self.read(Self.card)
        #expect(checking.moneyOut == .negative)
        #expect(plain.map(\.amount.minorUnits) == [5420, 4000, -9420])
        var flipped = checking
        flipped.moneyOut = .positive
        #expect(
            try flipped.rows(of: CSVTable(Data(Self.card.utf8)), currency: .usd).map(\.amount.minorUnits) == [
                -5420, -4000, 9420,
            ])
    }

    @Test("a mapping remembered before moneyOut and memo existed still decodes, as negative money out")
    func oldMapping() throws {
        let json = """
            {"amount":{"signed":{"_0":2}},"date":0,"dateFormat":"YYYY-MM-DD","decimalMark":"point","description":1,\
            "hasHeader":true,"separator":","}
            """
        let mapping = try JSONDecoder().decode(CSVMapping.self, from: Data(json.utf8))
        #expect(mapping.moneyOut == .negative)
        #expect(mapping.memo == nil)
        let again = try JSONDecoder().decode(CSVMapping.self, from: JSONEncoder().encode(mapping))
        #expect(again == mapping)
    }

    @Test("an empty Reference column beside a filled Description is not the description")
    func emptyReference() throws {
        let (mapping, rows) = try Self.read(
            "Date,Reference,Description,Amount\n2024-01-05,,COFFEE,-4.50\n2024-01-06,,RENT,-800.00\n")
        #expect(mapping.description == 2)
        #expect(rows.map(\.description) == ["COFFEE", "RENT"])
    }

    @Test("a row with an empty description is kept, named by its payee, notes or category, else empty")
    func emptyDescriptions() throws {
        let (mapping, rows) = try Self.read(
            """
            Date,Description,Payee,Amount,Category,Notes
            2024-01-05,,Cafe Luna,-4.50,Dining,
            2024-01-06,,,-1.00,,monthly fee
            2024-01-07,,,-2.00,Fees,
            2024-01-08,,,-3.00,,
            2024-01-09,SHOP,,-5.00,,

            """)
        #expect(mapping.memo == 5)
        #expect(rows.map(\.description) == ["Cafe Luna", "monthly fee", "Fees", "", "SHOP"])
        #expect(rows.map(\.amount.minorUnits) == [-450, -100, -200, -300, -500])
    }

    @Test("a headerless export (Wells Fargo's: date, amount, *, check number, description) is read")
    func headerless() throws {
        let (mapping, rows) = try Self.read(
            """
            "01/05/2024","-4.50","*","","SQ *BLUE BOTTLE"
            "01/15/2024","2000.00","*","","ACME PAYROLL"

            """)
        #expect(!mapping.hasHeader)
        #expect(mapping.amount == .signed(1))
        #expect(mapping.description == 4)
        #expect(rows.map(\.amount.minorUnits) == [-450, 200_000])
        #expect(rows.map(\.description) == ["SQ *BLUE BOTTLE", "ACME PAYROLL"])
    }

    @Test("a CSV amount with zeros beyond the cents is exact; a non-zero digit there is refused")
    func csvTrailingZeros() throws {
        #expect(try DecimalMark.point.amount("-30.000", currency: .usd)?.minorUnits == -3000)
        #expect(try DecimalMark.comma.amount("-30,000", currency: .usd)?.minorUnits == -3000)
        #expect(throws: MoneyParseError.self) { try DecimalMark.point.amount("-30.005", currency: .usd) }
    }

    @Test("most rows of a card or a checking account money in is warned about; other accounts and short files are not")
    func signCheck() throws {
        let (_, positive) = try Self.read(Self.card)
        let card = BankFileSignCheck.warning(positive, kind: .creditCard, accountName: "Visa")
        #expect(card?.hasPrefix("Most rows (2 of 3) would be money into Visa, a credit card") == true)
        #expect(BankFileSignCheck.warning(positive, kind: .checking, accountName: "Giro")?.contains("checking") == true)
        #expect(BankFileSignCheck.warning(positive, kind: .savings, accountName: "Savings") == nil)
        #expect(BankFileSignCheck.warning(Array(positive.prefix(2)), kind: .creditCard, accountName: "Visa") == nil)
        let (_, flipped) = try Self.read(Self.card, isCard: true)
        #expect(BankFileSignCheck.warning(flipped, kind: .creditCard, accountName: "Visa") == nil)
    }

    @Test("Chase's checking export: Description, not the Details column before it, and the signed Amount")
    func chase() throws {
        let (mapping, rows) = try Self.read(
            """
            Details,Posting Date,Description,Amount,Type,Balance,Check or Slip #
            DEBIT,01/05/2024,"SQ *BLUE BOTTLE",-4.50,DEBIT_CARD,995.50,,
            CREDIT,01/15/2024,"ACME PAYROLL",2000.00,ACH_CREDIT,2995.50,,

            """)
        #expect(mapping.description == 2)
        #expect(mapping.amount == .signed(3))
        #expect(rows.map(\.amount.minorUnits) == [-450, 200_000])
        #expect(rows.map(\.description) == ["SQ *BLUE BOTTLE", "ACME PAYROLL"])
    }
}
