import Foundation
import Testing
import VaultCore
import VaultServices
import VaultStore
import VaultTestSupport

/// Importing bank files into an account through the ingest pipeline (issue 19).
@Suite struct BankImportServiceTests {
    /// A European bank's CSV with its quirks: BOM, semicolons, DD/MM/YYYY, decimal commas, a negative in
    /// parentheses, and two identical coffees on one day.
    static let csv = Data(
        """
        \u{FEFF}Date;Description;Amount;Category
        05/11/2026;CAFE LUNA;-4,50;Dining
        05/11/2026;CAFE LUNA;-4,50;Dining
        13/11/2026;ACME PAYROLL;1.234,56;
        14/11/2026;"City Power
        November";(89,90);Nowhere

        """.utf8)

    static let ofx = Data(
        """
        OFXHEADER:100
        DATA:OFXSGML

        <OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD<BANKTRANLIST>
        <STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261105<TRNAMT>-4.50<FITID>F1<NAME>CAFE LUNA
        <STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261106<TRNAMT>-20.00<FITID>F2<NAME>BOOKSHOP
        </BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>
        """.utf8)

    func cash(_ f: ServiceFixture) async throws -> Account.ID { try await f.scope.accounts.find("Cash").id }

    @Test(
        "a CSV with a European bank's quirks imports, and importing it again adds nothing",
        arguments: TestBackend.enabled)
    func csvTwice(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let f = try await ServiceFixture.make(database)
            let account = try await cash(f)
            let file = BankFile(data: Self.csv, format: .csv)
            // When
            let preview = try await f.scope.bankImport.preview(account, file: file)
            #expect(try await f.footprint().transactions == 0)
            let first = try await f.scope.bankImport.importFile(account, file: file)
            // Then: four rows, the two coffees both, exact amounts, categories by name where one exists
            #expect(preview.added == 4)
            #expect(first.added == 4)
            let page = try await f.scope.transactions.list(TransactionQuery(includeTransfers: true, sort: "asc"))
            #expect(page.items.map(\.transaction.amount.minorUnits).sorted() == [-8990, -450, -450, 123_456])
            #expect(page.items.contains { $0.transaction.description == "City Power November" })
            #expect(page.items.filter { $0.categoryPath == "Dining" }.count == 2)
            // When imported again
            let again = try await f.scope.bankImport.importFile(account, file: file)
            #expect(again.added == 0)
            #expect(again.skipped == 4)
            #expect(again.lines.allSatisfy { $0.reason.hasPrefix("skipped: imported before") })
            #expect(try await f.footprint().transactions == 4)
        }
    }

    @Test(
        "a row a person deleted after importing stays deleted when the file is imported again",
        arguments: TestBackend.enabled)
    func deletedStaysDeleted(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let f = try await ServiceFixture.make(database)
            let account = try await cash(f)
            let file = BankFile(data: Self.csv, format: .csv)
            _ = try await f.scope.bankImport.importFile(account, file: file)
            let power = try #require(
                try await f.scope.transactions.list(TransactionQuery(search: "City Power")).items.first)
            _ = try await f.scope.transactions.delete(power.transaction.id.description)
            let again = try await f.scope.bankImport.importFile(account, file: file)
            #expect(again.added == 0)
            #expect(again.lines[3].reason == "skipped: deleted by a person before")
            #expect(try await f.footprint().transactions == 3)
        }
    }

    @Test("a file overlapping what bank sync brought adds only what sync did not", arguments: TestBackend.enabled)
    func overlapWithSync(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let f = try await ServiceFixture.make(database)
            let account = try await cash(f)
            // Given: one coffee and the payroll as bank sync stores them, under SimpleFIN's ids, a day later
            func synced(_ id: String, _ date: String, _ cents: Int64, _ description: String) -> Transaction {
                Transaction(
                    id: Fixture.newID(), householdID: f.household.id, accountID: account, date: LocalDate(iso: date)!,
                    amount: Money(minorUnits: cents, currency: .usd), description: description, source: .bank,
                    bankTransactionID: id)
            }
            try await f.scope.ingest.ingest([
                IngestPlanner.Batch(
                    account: account,
                    rows: [
                        synced("SFIN-1", "2026-11-06", -450, "Cafe Luna"),
                        synced("SFIN-2", "2026-11-13", 123_456, "Acme Payroll"),
                    ], listIsComplete: true)
            ])
            // When the bank's CSV of the same days is imported, twice
            let file = BankFile(data: Self.csv, format: .csv)
            let first = try await f.scope.bankImport.importFile(account, file: file)
            let second = try await f.scope.bankImport.importFile(account, file: file)
            // Then only the second coffee and the power bill are added, once
            #expect(first.lines.map(\.isNew) == [false, true, false, true])
            #expect(first.lines[0].reason == "skipped: already stored (same amount, 1 day apart, similar description)")
            #expect(second.added == 0)
            #expect(try await f.footprint().transactions == 4)
        }
    }

    @Test("OFX rows are known by FITID; a CSV of the same days after it adds nothing", arguments: TestBackend.enabled)
    func ofxThenCSV(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let f = try await ServiceFixture.make(database)
            let account = try await cash(f)
            #expect(
                try await f.scope.bankImport.importFile(account, file: BankFile(data: Self.ofx, format: .ofx)).added
                    == 2)
            #expect(
                try await f.scope.bankImport.importFile(account, file: BankFile(data: Self.ofx, format: .qfx)).added
                    == 0)
            // The bank corrected a row it had sent: the same FITID, another name. It is updated, and says so.
            let corrected = Data(
                String(decoding: Self.ofx, as: UTF8.self).replacingOccurrences(of: "BOOKSHOP", with: "CITY BOOKSHOP")
                    .utf8)
            let again = try await f.scope.bankImport.importFile(account, file: BankFile(data: corrected, format: .ofx))
            #expect(again.added == 0)
            #expect(again.lines[0].reason.hasPrefix("skipped: imported before"))
            #expect(again.lines[1].reason.hasPrefix("imported before, updated from the file (description"))
            let csv = Data(
                "Date,Description,Amount\n2026-11-05,Card payment Cafe Luna,-4.50\n2026-11-07,Bookshop,-20.00\n".utf8)
            let outcome = try await f.scope.bankImport.importFile(account, file: BankFile(data: csv, format: .csv))
            #expect(outcome.lines.map(\.isNew) == [false, false])
        }
    }

    @Test("the CSV mapping is remembered per account and offered for the next file", arguments: TestBackend.enabled)
    func rememberedMapping(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let f = try await ServiceFixture.make(database)
            let account = try await cash(f)
            let draft = try await f.scope.bankImport.draft(account, data: Self.csv)
            #expect(!draft.isRemembered)
            #expect(draft.header == ["Date", "Description", "Amount", "Category"])
            #expect(draft.sample.count == 4)
            // A person who corrects the guess (no category column) and imports keeps that mapping
            var mapping = draft.mapping
            mapping.category = nil
            _ = try await f.scope.bankImport.importFile(
                account, file: BankFile(data: Self.csv, format: .csv, mapping: mapping))
            let next = try await f.scope.bankImport.draft(account, data: Self.csv)
            #expect(next.isRemembered)
            #expect(next.mapping == mapping)
        }
    }

    @Test("bad files and unknown accounts are refused and nothing is written", arguments: TestBackend.enabled)
    func refusals(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let f = try await ServiceFixture.make(database)
            let account = try await cash(f)
            let broken = Data("Date,Description,Amount\n2026-11-05,Coffee,-4.50\n2026-11-06,Tea,abc\n".utf8)
            await expectVaultError(.invalidInput, "Line 3, column 'Amount'") {
                _ = try await f.scope.bankImport.importFile(account, file: BankFile(data: broken, format: .csv))
            }
            await expectVaultError(.invalidInput, "This is not an OFX file") {
                _ = try await f.scope.bankImport.importFile(account, file: BankFile(data: Self.csv, format: .ofx))
            }
            await expectVaultError(.tooLarge) {
                _ = try await f.scope.bankImport.importFile(
                    account, file: BankFile(data: Data(count: BankFileFormat.maximumBytes + 1), format: .csv))
            }
            await expectVaultError(.notFound) {
                _ = try await f.scope.bankImport.preview(
                    Account.ID(UUID()), file: BankFile(data: Self.ofx, format: .ofx))
            }
            let eur = Data(
                String(decoding: Self.ofx, as: UTF8.self).replacingOccurrences(of: "<CURDEF>USD", with: "<CURDEF>EUR")
                    .utf8)
            await expectVaultError(.invalidInput, "The statement is in EUR") {
                _ = try await f.scope.bankImport.importFile(account, file: BankFile(data: eur, format: .ofx))
            }
            #expect(try await f.footprint().transactions == 0)
        }
    }

    @Test("another household's account is not found", arguments: TestBackend.enabled)
    func householdIsolation(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let f = try await ServiceFixture.make(database)
            let other = try await f.vault.households.create(.init(name: "Other", timeZone: "UTC", currency: "USD"))
            let theirs = try await f.vault.household(other.id).accounts.add(.init(name: "Theirs", kind: "checking"))
            await expectVaultError(.notFound) {
                _ = try await f.scope.bankImport.importFile(theirs.id, file: BankFile(data: Self.ofx, format: .ofx))
            }
        }
    }
}
