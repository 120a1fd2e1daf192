import Foundation
import Testing
import VaultCore
import VaultServices
import VaultStore
import VaultTestSupport
import ZIPFoundation

/// The dataset: exported, erased, imported and exported again gives the same data and the same figures; bad
/// files are refused with nothing written.
@Suite struct DatasetServiceTests {
    static func temporary(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("gv-dataset-\(UUID())-\(name)")
    }

    /// Every tab's rows as text, ids a household gets anew on an erase (its default categories and built-in
    /// rules) replaced by their keys and names, and the export time left out.
    static func workbook(_ zip: URL, normalized: Bool = true) throws -> [String: [[String]]] {
        let archive = try Archive(url: zip, accessMode: .read)
        var workbook = Data()
        _ = try archive.extract(try #require(archive[DatasetService.workbookPath])) { workbook.append($0) }
        let package = try Archive(data: workbook, accessMode: .read)
        func part(_ path: String) throws -> Data {
            var data = Data()
            _ = try package.extract(try #require(package[path])) { data.append($0) }
            return data
        }
        var tabs: [String: [[String]]] = [:]
        for (index, tab) in DatasetTab.allCases.enumerated() {
            var rows: [[String]] = []
            try SheetReader.rows(
                of: try part(SpreadsheetML.worksheetPath(index + 1)), part: tab.rawValue, sharedStrings: []
            ) {
                _, cells in rows.append(cells + Array(repeating: "", count: max(0, tab.columns.count - cells.count)))
            }
            tabs[tab.rawValue] = rows
        }
        guard normalized else { return tabs }
        var renamed: [String: String] = [:]
        for row in tabs["Categories"]!.dropFirst() { renamed[row[0]] = "category:" + row[1] }
        for row in tabs["Rules"]!.dropFirst() { renamed[row[0]] = "rule:" + row[1] }
        for (name, rows) in tabs {
            tabs[name] =
                [rows[0]]
                + rows.dropFirst().map { row in row.map { renamed[$0] ?? $0 } }.sorted {
                    $0.lexicographicallyPrecedes($1)
                }
        }
        tabs["Settings"] = tabs["Settings"]!.filter { $0.first != "exportedAt" }
        return tabs
    }

    /// Figures every report gives: months, net worth, budget, a year's analysis and the cards, by name.
    static func figures(_ scope: HouseholdScope) async throws -> [String] {
        var lines: [String] = []
        for offset in 0..<14 {
            let month = CalendarMonth(containing: LocalDate(year: 2026, month: 11, day: 1)!.adding(months: -offset))
            let report = try await scope.reports.month(month.description, seriesMonths: 1)
            lines.append(
                "\(month) \(report.income) \(report.spending) \(report.net) \(report.incomeCount)/\(report.spendingCount)"
            )
            lines += report.spendingByCategory.map { "  \($0.name) \($0.amount) \($0.count)" }
            let budget = try await scope.reports.budget(month.description).report
            lines += budget.lines.map {
                "  budget \($0.name) \($0.target.map(String.init(describing:)) ?? "-") \($0.actual)"
            }
            lines.append("  left \(budget.leftToSpend)")
        }
        let lens = try await scope.reports.lens("2026-11")
        lines += lens.segments.map { "lens \($0.bucket) \($0.amount)" }
        let worth = try await scope.reports.netWorth().netWorth
        lines.append("net worth \(worth.totals.assets) \(worth.totals.liabilities) \(worth.totals.netWorth)")
        for group in worth.groups {
            for institution in group.institutions {
                lines += institution.accounts.map { "  \($0.name) \($0.balance)" }
            }
        }
        let analysis = try await scope.reports.analysis(AnalysisQuery(timeframe: "year", date: "2026-11-21")).report
        lines.append("analysis \(analysis.total) \(analysis.count)")
        lines += analysis.buckets.map { "  \($0.label) \($0.amount) \($0.count)" }
        lines += analysis.byCategory.map { "  \($0.name) \($0.amount)" }
        for status in try await scope.cards.overview().cards {
            let report = String(describing: status.report).replacingOccurrences(
                of: status.card.id.description, with: "")
            lines.append("card \(status.card.name) \(report)")
        }
        return lines
    }

    static func expectSame(_ new: [String], _ old: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(
            new == old,
            "\(old.filter { !new.contains($0) }.prefix(4)) became \(new.filter { !old.contains($0) }.prefix(4))",
            sourceLocation: sourceLocation)
    }

    @Test(
        "a household with every kind of data is exported, erased, imported and exported again: same data, same figures",
        arguments: TestBackend.enabled)
    func roundTrip(backend: TestBackend) async throws {
        try await HouseholdEraseTests().withWorld(backend) { world in
            // Given
            let first = Self.temporary("first.zip")
            let second = Self.temporary("second.zip")
            defer { for file in [first, second] { try? FileManager.default.removeItem(at: file) } }
            let figures = try await Self.figures(world.ours)
            let exported = try await world.ours.dataset.export(to: first)
            #expect(exported.receiptFiles == 1)
            #expect((exported.rows[.transactions] ?? 0) > 300)
            #expect(exported.rows[.recurringRules] == 1 && exported.rows[.cards] == 1 && exported.rows[.budgets] == 1)
            let theirs = try await world.vault.households.dataCounts(world.theirs.householdID)
            // When
            _ = try await world.vault.households.erase(world.ours.householdID, confirmation: "ERASE", by: world.owner)
            let preview = try await world.ours.dataset.previewImport(first)
            #expect(preview.intoEmptyHousehold && !preview.applied)
            #expect(preview.counts[.transactions]?.added == exported.rows[.transactions])
            #expect(
                try await world.ours.transactions.list(TransactionQuery(pageSize: 1)).totalCount == 0,
                "a preview writes nothing")
            let imported = try await world.ours.dataset.importDataset(first)
            _ = try await world.ours.dataset.export(to: second)
            // Then
            #expect(imported.applied)
            let (before, after) = (try Self.workbook(first), try Self.workbook(second))
            for tab in DatasetTab.allCases {
                let (old, new) = (before[tab.rawValue]!, after[tab.rawValue]!)
                #expect(
                    old == new,
                    "\(tab): \(old.filter { !new.contains($0) }.prefix(2)) became \(new.filter { !old.contains($0) }.prefix(2))"
                )
            }
            Self.expectSame(try await Self.figures(world.ours), figures)
            #expect(try await world.vault.households.dataCounts(world.theirs.householdID) == theirs)
            // Importing the same file again finds everything already here.
            let again = try await world.ours.dataset.importDataset(first)
            #expect(again.counts[.transactions]?.added == 0 && again.counts[.transactions]?.changed == 0)
            #expect(again.counts[.receipts]?.added == 0)
            #expect(try await Self.figures(world.ours) == figures)
        }
    }

    @Test(
        "a dataset imported into another household gets ids of its own and leaves the first alone",
        arguments: TestBackend.enabled)
    func intoAnotherHousehold(backend: TestBackend) async throws {
        try await HouseholdEraseTests().withWorld(backend) { world in
            let file = Self.temporary("ours.zip")
            defer { try? FileManager.default.removeItem(at: file) }
            let figures = try await Self.figures(world.ours)
            try await world.ours.dataset.export(to: file)
            let fresh = try await world.vault.households.create(
                .init(name: "Copy", timeZone: "America/New_York", currency: "USD"))
            let copy = world.vault.household(fresh.id)
            func current() async throws -> Bool {
                try await world.vault.database.read(household: fresh.id) { try await $0.classificationIsCurrent() }
            }
            #expect(try await current(), "a new household has nothing to classify")
            let report = try await copy.dataset.importDataset(file)
            #expect(report.intoEmptyHousehold && report.applied)
            #expect(try await current() == false, "rows and pairs stored as the dataset recorded them")
            Self.expectSame(try await Self.figures(copy), figures)
            #expect(try await Self.figures(world.ours) == figures)
            let ours = try await world.ours.transactions.list(TransactionQuery(pageSize: 5)).items.map(\.transaction.id)
            let theirs = try await copy.transactions.list(TransactionQuery(pageSize: 5)).items.map(\.transaction.id)
            #expect(Set(ours).isDisjoint(with: theirs))
        }
    }

    @Test(
        "into a household with data, a new transfer whose other side is already here is paired by the pipeline",
        arguments: TestBackend.enabled)
    func mergePairsTransfers(backend: TestBackend) async throws {
        try await backend.withDatabase { database in
            // Given: a dataset holding the card's side of a payment, and a household holding the checking side.
            let fixture = try await ServiceFixture.make(database)
            let scope = fixture.scope
            _ = try await scope.accounts.add(.init(name: "Checking", kind: "checking", balance: "2000"))
            _ = try await scope.accounts.add(.init(name: "Visa", kind: "credit-card", balance: "-500"))
            let card = try await scope.transactions.add(
                TransactionInput(amount: "500", account: "Visa", date: "2026-11-11", description: "PAYMENT THANK YOU"))
            let file = Self.temporary("card.zip")
            defer { try? FileManager.default.removeItem(at: file) }
            try await scope.dataset.export(to: file)
            _ = try await scope.transactions.delete(card.transaction.id.description)
            let checking = try await scope.transactions.add(
                TransactionInput(
                    amount: "-500", account: "Checking", date: "2026-11-10", description: "ONLINE PAYMENT VISA"))
            #expect(checking.transaction.classification == .expense)
            let before = try await fixture.footprint()
            // When
            let preview = try await scope.dataset.previewImport(file)
            // Then
            #expect(!preview.intoEmptyHousehold && preview.pairedWithHousehold == 1)
            #expect(preview.counts[.transactions]?.added == 1 && preview.counts[.transactions]?.changed == 1)
            #expect(preview.changes.first?.hasPrefix("Transfers: 1 of the new transactions pair") == true)
            #expect(try await fixture.footprint() == before, "a preview writes nothing")
            #expect(try await TransferService(scope: scope).list().isEmpty)
            // When
            let report = try await scope.dataset.importDataset(file)
            // Then
            #expect(report.applied && report.pairedWithHousehold == 1)
            let pairs = try await TransferService(scope: scope).list()
            #expect(pairs.count == 1)
            #expect(pairs.first?.outflow.transaction.id == checking.transaction.id)
            #expect(pairs.first?.inflow.transaction.id == card.transaction.id)
            #expect(pairs.first?.isCardPayment == true)
            #expect(pairs.first?.outflow.transaction.classification == .transfer)
            #expect(pairs.first?.inflow.transaction.classification == .transfer)
            // A second import finds the row here and pairs nothing again.
            let again = try await scope.dataset.importDataset(file)
            #expect(again.pairedWithHousehold == 0 && again.counts[.transactions]?.added == 0)
            #expect(try await TransferService(scope: scope).list().count == 1)
        }
    }

    // MARK: - Bad files

    /// A zip made of `entries` (path to bytes).
    static func zip(_ entries: [(String, Data)], deflate: Bool = false) throws -> URL {
        let url = temporary("made.zip")
        let archive = try Archive(url: url, accessMode: .create)
        for (path, data) in entries {
            try archive.addEntry(
                with: path, type: .file, uncompressedSize: Int64(data.count),
                compressionMethod: deflate ? .deflate : .none
            ) { position, size in data.subdata(in: Int(position)..<Swift.min(data.count, Int(position) + size)) }
        }
        return url
    }

    /// A workbook of `tabs` (name to header and rows), as a spreadsheet program would save it.
    static func workbook(_ tabs: [(String, [[SheetCell]])]) throws -> Data {
        let url = temporary("book.xlsx")
        defer { try? FileManager.default.removeItem(at: url) }
        var parts: [(String, Data)] = [
            ("[Content_Types].xml", Data(SpreadsheetML.contentTypes(sheets: tabs.count).utf8)),
            ("_rels/.rels", Data(SpreadsheetML.packageRelationships.utf8)),
            ("xl/workbook.xml", Data(SpreadsheetML.workbook(sheets: tabs.map(\.0)).utf8)),
            ("xl/_rels/workbook.xml.rels", Data(SpreadsheetML.workbookRelationships(sheets: tabs.count).utf8)),
        ]
        for (index, (_, rows)) in tabs.enumerated() {
            var xml = SpreadsheetML.worksheetStart(columns: 1)
            for (number, row) in rows.enumerated() { xml += SpreadsheetML.row(row, number: number + 1) }
            parts.append((SpreadsheetML.worksheetPath(index + 1), Data((xml + SpreadsheetML.worksheetEnd).utf8)))
        }
        let made = try zip(parts)
        defer { try? FileManager.default.removeItem(at: made) }
        return try Data(contentsOf: made)
    }

    func refused(_ file: URL, backend: TestBackend, saying expected: String) async throws {
        defer { try? FileManager.default.removeItem(at: file) }
        try await backend.withDatabase { database in
            let fixture = try await ServiceFixture.make(database)
            let before = try await fixture.footprint()
            await expectVaultError(.invalidInput, expected) {
                _ = try await fixture.scope.dataset.importDataset(file)
            }
            #expect(try await fixture.footprint() == before, "nothing was written")
        }
    }

    @Test("a file that is not a zip is refused", arguments: TestBackend.enabled)
    func notAZip(backend: TestBackend) async throws {
        let file = Self.temporary("notes.zip")
        try Data("Date,Amount\n2026-01-01,5\n".utf8).write(to: file)
        try await refused(file, backend: backend, saying: "not a .zip")
    }

    @Test("a zip whose workbook is not an .xlsx is refused", arguments: TestBackend.enabled)
    func notAWorkbook(backend: TestBackend) async throws {
        let file = try Self.zip([(DatasetService.workbookPath, Data("not a spreadsheet".utf8))])
        try await refused(file, backend: backend, saying: "is not an .xlsx workbook")
    }

    @Test("a zip entry whose path leaves the folder is refused", arguments: TestBackend.enabled)
    func escapingPath(backend: TestBackend) async throws {
        let book = try Self.workbook([])
        let file = try Self.zip([(DatasetService.workbookPath, book), ("Receipts/../../etc/passwd", Data("x".utf8))])
        try await refused(file, backend: backend, saying: "leaves the dataset's folder")
    }

    @Test("a zip bomb is refused before it expands", arguments: TestBackend.enabled)
    func zipBomb(backend: TestBackend) async throws {
        let bomb = Data(count: 64 << 20)  // 64 MB of zeros packs into about 64 KB
        let file = try Self.zip([(DatasetService.workbookPath, bomb)], deflate: true)
        try await refused(file, backend: backend, saying: "zip bomb")
    }

    @Test(
        "a workbook missing tabs and columns needs repair, and says exactly what is missing",
        arguments: TestBackend.enabled)
    func needsRepair(backend: TestBackend) async throws {
        var tabs = DatasetTab.allCases.filter { $0 != .cards && $0 != .choices }.map { tab in
            (tab.rawValue, [tab.columns.filter { $0 != "amount" && $0 != "value" }.map(SheetCell.text)])
        }
        tabs.append(("Notes", [[.text("anything")]]))
        let file = try Self.zip([(DatasetService.workbookPath, try Self.workbook(tabs))])
        try await refused(
            file, backend: backend,
            saying:
                "This dataset needs repair; it is missing: in Transactions, the column amount; in RecurringRules, the column amount; in Settings, the column value; the tab Cards; the tab Choices"
        )
    }

    @Test(
        "a cell that its column cannot take names the tab, row and column; nothing is imported",
        arguments: TestBackend.enabled)
    func badCell(backend: TestBackend) async throws {
        try await backend.withDatabase { database in
            let fixture = try await ServiceFixture.make(database)
            _ = try await fixture.scope.transactions.add(
                TransactionInput(amount: "-4.50", account: "Cash", description: "Coffee"))
            let good = Self.temporary("good.zip")
            defer { try? FileManager.default.removeItem(at: good) }
            try await fixture.scope.dataset.export(to: good)
            // The same dataset with one amount that has three decimals.
            let rows = try Self.workbook(good, normalized: false)
            var tabs: [(String, [[SheetCell]])] = []
            for tab in DatasetTab.allCases {
                var sheet = rows[tab.rawValue]!.map { $0.map { SheetCell.text($0) } }
                if tab == .transactions {
                    sheet[1][tab.columns.firstIndex(of: "amount")!] = .number("-4.505")
                    sheet[1][tab.columns.firstIndex(of: "id")!] = .text(UUID().uuidString)
                }
                tabs.append((tab.rawValue, sheet))
            }
            let bad = try Self.zip([(DatasetService.workbookPath, try Self.workbook(tabs))])
            defer { try? FileManager.default.removeItem(at: bad) }
            let before = try await fixture.footprint()
            await expectVaultError(.invalidInput, "Transactions row 2, column amount") {
                _ = try await fixture.scope.dataset.importDataset(bad)
            }
            #expect(try await fixture.footprint() == before)
        }
    }

    @Test("an export is readable by its owner only (0600, like the database) and leaves nothing beside it")
    func exportIsPrivate() async throws {
        try await TestBackend.sqlite.withDatabase { database in
            let fixture = try await ServiceFixture.make(database)
            _ = try await fixture.scope.transactions.add(
                TransactionInput(amount: "-4.50", account: "Cash", description: "Coffee"))
            let folder = Self.temporary("private")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let file = folder.appendingPathComponent("ours.zip")
            // When
            try await fixture.scope.dataset.export(to: file)
            // Then
            let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? NSNumber
            #expect(mode?.intValue == 0o600)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["ours.zip"])
            // An export never overwrites, and a refused one leaves the file as it was.
            await expectVaultError(.conflict, "already exists") { try await fixture.scope.dataset.export(to: file) }
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["ours.zip"])
        }
    }

    @Test(
        "a dataset's receipt is checked as an upload is: HTML or SVG named a PNG is refused, nothing is imported",
        arguments: [
            "<html><script>alert(document.cookie)</script></html>",
            #"<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>"#,
        ])
    func forgedReceipt(_ markup: String) async throws {
        try await TestBackend.sqlite.withDatabase { database in
            // Given: a dataset whose receipt row says image/png of the file's exact size, the file being markup.
            let fixture = try await ServiceFixture.make(database)
            let coffee = try await fixture.scope.transactions.add(
                TransactionInput(amount: "-4.50", account: "Cash", description: "Coffee"))
            let png = SampleFiles.png()
            _ = try await fixture.scope.receipts.add(
                to: coffee.transaction.id.description, fileName: "scan.png", content: png)
            let good = Self.temporary("good.zip")
            defer { try? FileManager.default.removeItem(at: good) }
            try await fixture.scope.dataset.export(to: good)
            let forgedBytes = Data((markup + String(repeating: " ", count: max(0, png.count - markup.utf8.count))).utf8)
            try #require(forgedBytes.count == png.count)
            var entries: [(String, Data)] = []
            let archive = try Archive(url: good, accessMode: .read)
            for entry in archive {
                var data = Data()
                _ = try archive.extract(entry) { data.append($0) }
                entries.append((entry.path, entry.path.hasPrefix(DatasetService.receiptsFolder) ? forgedBytes : data))
            }
            try #require(entries.contains { $0.0.hasPrefix(DatasetService.receiptsFolder) })
            let forged = try Self.zip(entries)
            defer { try? FileManager.default.removeItem(at: forged) }
            _ = try await fixture.scope.transactions.delete(coffee.transaction.id.description)
            let before = try await fixture.footprint()
            // When, Then
            await expectVaultError(.invalidInput, "not a receipt GhostVault can keep") {
                _ = try await fixture.scope.dataset.previewImport(forged)
            }
            await expectVaultError(.invalidInput, "not a receipt GhostVault can keep") {
                _ = try await fixture.scope.dataset.importDataset(forged)
            }
            #expect(try await fixture.footprint() == before, "nothing was written")
            // The untouched dataset still imports its receipt.
            let report = try await fixture.scope.dataset.importDataset(good)
            #expect(report.counts[.receipts]?.added == 1)
        }
    }

    @Test("a remembered unlinked transfer naming another household's transaction is refused, never stored")
    func choiceNamingAnotherHousehold() async throws {
        try await TestBackend.sqlite.withDatabase { database in
            // Given: our dataset, and another household's transaction.
            let fixture = try await ServiceFixture.make(database)
            let ours = try await fixture.scope.transactions.add(
                TransactionInput(amount: "-20.00", account: "Cash", description: "To savings"))
            let other = try await fixture.vault.households.create(
                .init(name: "Next door", timeZone: "America/New_York", currency: "USD"))
            let neighbours = fixture.vault.household(other.id)
            _ = try await neighbours.accounts.add(.init(name: "Savings", kind: "savings", balance: "0"))
            let theirs = try await neighbours.transactions.add(
                TransactionInput(amount: "20.00", account: "Savings", description: "From checking"))
            let good = Self.temporary("good.zip")
            defer { try? FileManager.default.removeItem(at: good) }
            try await fixture.scope.dataset.export(to: good)
            let rows = try Self.workbook(good, normalized: false)
            var tabs: [(String, [[SheetCell]])] = []
            for tab in DatasetTab.allCases {
                var sheet = rows[tab.rawValue]!.map { $0.map { SheetCell.text($0) } }
                if tab == .choices {
                    let ids = [ours.transaction.id.description, theirs.transaction.id.description].sorted()
                    sheet.append(
                        DatasetChoice(kind: .unlinkedTransfer, subject: ids[0], key: ids[1], value: nil, date: nil)
                            .cells)
                }
                tabs.append((tab.rawValue, sheet))
            }
            let forged = try Self.zip([(DatasetService.workbookPath, try Self.workbook(tabs))])
            defer { try? FileManager.default.removeItem(at: forged) }
            let before = try await fixture.footprint()
            // When, Then
            for preview in [true, false] {
                await expectVaultError(.invalidInput, "neither in the dataset nor in this household") {
                    _ =
                        preview
                        ? try await fixture.scope.dataset.previewImport(forged)
                        : try await fixture.scope.dataset.importDataset(forged)
                }
            }
            #expect(try await fixture.footprint() == before, "nothing was written")
            let remembered = try await database.read(household: fixture.household.id) {
                try await $0.transfers.unlinked()
            }
            #expect(remembered.isEmpty)
            // The dataset as exported imports.
            #expect(try await fixture.scope.dataset.importDataset(good).applied)
        }
    }

    @Test("text with control characters, markup and look-alike escapes survives a workbook exactly")
    func textSurvives() throws {
        let texts = [
            "a < b & c > d \"q\"", "tab\there\nline", "windows\r\nline and a lone\rreturn", "bell\u{07}and\u{1F}",
            "_x0041_ stays", "_x0007\u{01} and _x12", "emoji 🧾 ü",
        ]
        var xml = SpreadsheetML.worksheetStart(columns: 1)
        for (index, text) in texts.enumerated() { xml += SpreadsheetML.row([.text(text)], number: index + 1) }
        xml += SpreadsheetML.worksheetEnd
        var read: [String] = []
        try SheetReader.rows(of: Data(xml.utf8), part: "test", sharedStrings: []) { _, cells in read.append(cells[0]) }
        #expect(read == texts)
    }

    @Test("cells are read by their reference, shared strings and booleans included, as other programs write them")
    func otherPrograms() throws {
        let shared = try SheetReader.sharedStrings(
            Data(
                """
                <sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>first</t></si>\
                <si><r><t>rich </t></r><r><t>text</t></r></si></sst>
                """.utf8))
        let sheet = """
            <worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>\
            <row r="3"><c r="B3" t="s"><v>1</v></c><c r="D3" t="b"><v>1</v></c><c r="E3"><v>-12.339999999999</v></c></row>\
            </sheetData></worksheet>
            """
        var rows: [(Int, [String])] = []
        try SheetReader.rows(of: Data(sheet.utf8), part: "test", sharedStrings: shared) { rows.append(($0, $1)) }
        #expect(rows.count == 1 && rows[0].0 == 3)
        #expect(rows[0].1 == ["", "rich text", "", "TRUE", "-12.339999999999"])
        let row = DatasetRow(tab: .transactions, number: 3, cells: rows[0].1, columns: ["amount": 4, "date": 0])
        #expect(try row.money("amount", .usd) == Money(minorUnits: -1234, currency: .usd))
        let serial = DatasetRow(tab: .transactions, number: 3, cells: ["46350"], columns: ["date": 0])
        #expect(try serial.date("date") == LocalDate(year: 2026, month: 11, day: 24))
    }
}
