import Foundation
import Testing
import VaultCore
import VaultServices
import VaultStore
import VaultTestSupport

/// Issue 35's files through the service: money out on a card, rows without text stored, several statements.
@Suite struct BankImportServiceReadRightTests {
    /// A card export with purchases written positive and the payment negative.
    static let card = Data(
        "Date,Description,Amount\n2026-11-05,GROCER,54.20\n2026-11-06,FUEL,40.00\n2026-11-20,PAYMENT THANK YOU,-94.20\n"
            .utf8)

    @Test(
        "a card CSV with positive purchases is read as money out, said so, and remembered",
        arguments: TestBackend.enabled)
    func cardPositive(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let f = try await ServiceFixture.make(database)
            let visa = try await f.scope.accounts.add(.init(name: "Visa", kind: "credit-card")).id
            // When previewed
            let preview = try await f.scope.bankImport.preview(visa, file: BankFile(data: Self.card, format: .csv))
            // Then purchases are money out, in words, with no warning
            #expect(preview.lines.map(\.row.amount.minorUnits) == [-5420, -4000, 9420])
            #expect(preview.signExplanation?.hasPrefix("Purchases are written as positive numbers in 'Amount'") == true)
            #expect(preview.warnings.isEmpty)
            // When the person flips it back, most rows of the card are money in: a warning
            var flipped = try #require(preview.mapping)
            flipped.moneyOut = .negative
            let wrong = try await f.scope.bankImport.preview(
                visa, file: BankFile(data: Self.card, format: .csv, mapping: flipped))
            #expect(wrong.warnings.first?.hasPrefix("Most rows (2 of 3) would be money into Visa") == true)
            // And the import remembers money out positive for the account
            _ = try await f.scope.bankImport.importFile(visa, file: BankFile(data: Self.card, format: .csv))
            let draft = try await f.scope.bankImport.draft(visa, data: Self.card)
            #expect(draft.isRemembered)
            #expect(draft.mapping.moneyOut == .positive)
        }
    }

    @Test("rows with no text are stored with an empty or derived description", arguments: TestBackend.enabled)
    func noText(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let f = try await ServiceFixture.make(database)
            let account = try await f.scope.accounts.find("Cash").id
            let qif = Data("!Type:Bank\nD11/13/2026\nT-4.50\nLFees\n^\nD11/14/2026\nT-1.00\n^\n".utf8)
            let outcome = try await f.scope.bankImport.importFile(account, file: BankFile(data: qif, format: .qif))
            #expect(outcome.added == 2)
            let page = try await f.scope.transactions.list(TransactionQuery(includeTransfers: true, sort: "asc"))
            #expect(page.items.map(\.transaction.description).sorted() == ["", "Fees"])
        }
    }

    @Test("an OFX file with two statements asks which; the chosen one imports", arguments: TestBackend.enabled)
    func twoStatements(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let f = try await ServiceFixture.make(database)
            let account = try await f.scope.accounts.find("Cash").id
            let statement = { (id: String, fitid: String) in
                "<STMTRS><CURDEF>USD<BANKACCTFROM><ACCTID>\(id)<ACCTTYPE>CHECKING</BANKACCTFROM><BANKTRANLIST>"
                    + "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261105<TRNAMT>-4.50<FITID>\(fitid)<NAME>CAFE</STMTTRN>"
                    + "</BANKTRANLIST></STMTRS>"
            }
            let data = Data(("<OFX>" + statement("111", "a") + statement("222", "b") + "</OFX>").utf8)
            await expectVaultError(.invalidInput, "The file holds 2 statements") {
                _ = try await f.scope.bankImport.preview(account, file: BankFile(data: data, format: .ofx))
            }
            let outcome = try await f.scope.bankImport.importFile(
                account, file: BankFile(data: data, format: .ofx, statement: "222"))
            #expect(outcome.lines.map(\.row.bankID) == ["b"])
            #expect(outcome.statement == "222")
            // The next file of both statements is read at the one imported last time, without asking
            let next = Data(("<OFX>" + statement("111", "c") + statement("222", "d") + "</OFX>").utf8)
            let again = try await f.scope.bankImport.preview(account, file: BankFile(data: next, format: .ofx))
            #expect(again.lines.map(\.row.bankID) == ["d"])
            #expect(again.statement == "222")
        }
    }
}
