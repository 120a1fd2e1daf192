import Foundation
import VaultCore
import VaultStore
import ZIPFoundation

/// The household's whole dataset as one `.zip`: `Data/GhostVault.xlsx` (the workbook of `DatasetTab`) and
/// `Receipts/` with each receipt's file (spec `expense-tracker.md` 1.2-1.4; `docs/dataset.md`).
public struct DatasetService: Sendable {
    let scope: HouseholdScope

    public init(scope: HouseholdScope) { self.scope = scope }

    /// The version of the workbook's layout this GhostVault writes and reads.
    public static let schemaVersion = 1
    /// Where the workbook is inside the zip.
    public static let workbookPath = "Data/GhostVault.xlsx"
    public static let receiptsFolder = "Receipts/"

    /// What an export wrote.
    public struct Exported: Sendable, Hashable {
        /// Data rows per tab.
        public var rows: [DatasetTab: Int] = [:]
        public var receiptFiles = 0
        public var bytes: Int64 = 0
    }

    /// Writes the dataset to `destination`, which must not exist yet (a file is never overwritten). The
    /// tables are read as of one moment, transactions a few thousand at a time, each tab streamed to a
    /// temporary file: memory stays flat however long the history. On failure nothing is left at `destination`.
    /// The file is readable by its owner only (0600, like the database), and so is every file on the way.
    @discardableResult
    public func export(to destination: URL) async throws -> Exported {
        let manager = FileManager.default
        guard !manager.fileExists(atPath: destination.path) else {
            throw VaultError(
                .conflict, "\(destination.path) already exists; choose a new file name (an export never overwrites).")
        }
        let work = manager.temporaryDirectory.appendingPathComponent("ghostvault-export-\(UUID())")
        try manager.createDirectory(at: work, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        defer { try? manager.removeItem(at: work) }
        // The zip is written beside the destination (one rename puts it there), inside a folder only the owner
        // can enter: the archive library creates its file with the process's umask, often readable by everyone.
        let folder = destination.deletingLastPathComponent()
            .appendingPathComponent(".\(destination.lastPathComponent).\(UUID()).partial")
        do {
            let owner: [FileAttributeKey: Any] = [.posixPermissions: 0o700]
            try manager.createDirectory(at: folder, withIntermediateDirectories: false, attributes: owner)
        } catch {
            throw VaultError(
                .invalidInput, "\(destination.path) cannot be written; check the folder exists and is writable.")
        }
        defer { try? manager.removeItem(at: folder) }
        let partial = folder.appendingPathComponent(destination.lastPathComponent)

        let vault = scope.vault
        let exported = try await vaultOperation {
            try await vault.database.readSnapshot(household: scope.householdID, at: vault.now) { session in
                try await DatasetWriter(session: session, work: work, now: vault.now).write(to: partial)
            }
        }
        try manager.setAttributes([.posixPermissions: 0o600], ofItemAtPath: partial.path)
        guard !manager.fileExists(atPath: destination.path) else {
            throw VaultError(
                .conflict, "\(destination.path) already exists; choose a new file name (an export never overwrites).")
        }
        try manager.moveItem(at: partial, to: destination)
        var result = exported
        result.bytes = Int64((try? manager.attributesOfItem(atPath: destination.path)[.size] as? Int) ?? 0)
        return result
    }
}

/// Writes one household's tables into a workbook and the zip around it.
private struct DatasetWriter {
    let session: HouseholdSession
    let work: URL
    let now: Date

    func write(to zipURL: URL) async throws -> DatasetService.Exported {
        var exported = DatasetService.Exported()
        let household = try await session.household()
        let categories = try await session.categories.all()
        let categoryByID = Dictionary(uniqueKeysWithValues: categories.map { ($0.id, $0) })
        let keyOf = { (id: Category.ID?) in id.flatMap { categoryByID[$0]?.key } }
        let accounts = try await session.accounts.all()
        let institutions = Dictionary(
            uniqueKeysWithValues: try await session.institutions.all().map { ($0.id, $0.name) })
        let accountByID = Dictionary(uniqueKeysWithValues: accounts.map { ($0.id, $0) })

        var sheets: [(DatasetTab, URL)] = []
        func sheet(_ tab: DatasetTab, _ body: (SheetFile) async throws -> Void) async throws {
            let url = work.appendingPathComponent("sheet\(sheets.count + 1).xml")
            let file = try SheetFile(url: url, columns: tab.columns)
            try await body(file)
            try file.close()
            exported.rows[tab] = file.rows
            sheets.append((tab, url))
        }

        // Transactions first: the largest, read in chunks by date.
        let pairs = try await session.transfers.all()
        var partners: [Transaction.ID: DatasetTransaction.Transfer] = [:]
        for stored in pairs {
            partners[stored.pair.outflow] = .init(partner: stored.pair.inflow, isManual: stored.isManual)
            partners[stored.pair.inflow] = .init(partner: stored.pair.outflow, isManual: stored.isManual)
        }
        let instances = try await session.dataset.instances()
        var recurringOf: [Transaction.ID: DatasetTransaction.Recurring] = [:]
        var skipped: [RecurringRule.ID: [LocalDate]] = [:]
        for instance in instances {
            if let id = instance.transactionID {
                recurringOf[id] = .init(
                    rule: instance.ruleID, scheduledDate: instance.scheduledDate, role: instance.role.rawValue)
            } else {
                skipped[instance.ruleID, default: []].append(instance.scheduledDate)
            }
        }
        let bonuses = try await session.dataset.expenseChoices()
        try await sheet(.transactions) { file in
            var position: (LocalDate, Transaction.ID)?
            while true {
                let chunk = try await session.transactions.chunk(after: position, limit: 5_000)
                for transaction in chunk {
                    let category = transaction.categoryID.flatMap { categoryByID[$0] }
                    try file.append(
                        DatasetTransaction(
                            transaction: transaction,
                            accountName: accountByID[transaction.accountID]?.displayName ?? "",
                            categoryKey: category?.key, categoryName: category?.name,
                            transfer: partners[transaction.id], recurring: recurringOf[transaction.id],
                            bonus: bonuses[transaction.id]
                        ).cells)
                }
                guard chunk.count == 5_000, let last = chunk.last else { break }
                position = (last.date, last.id)
            }
        }

        let receipts = try await session.dataset.receipts()
        try await sheet(.receipts) { file in
            for receipt in receipts {
                try file.append(DatasetReceipt(receipt: receipt, file: DatasetReceipt.fileName(for: receipt)).cells)
            }
        }
        try await sheet(.categories) { file in
            for category in categories {
                try file.append(DatasetCategory(category: category, parentKey: keyOf(category.parentID)).cells)
            }
        }
        try await sheet(.recurringRules) { file in
            for rule in try await session.recurringRules.all() {
                try file.append(
                    DatasetRecurringRule(
                        rule: rule, categoryKey: keyOf(rule.categoryID), skippedDates: skipped[rule.id] ?? []
                    ).cells)
            }
        }
        let lens = try await session.lens.targets()
        try await sheet(.settings) { file in
            let settings: [(DatasetSetting, String)] = [
                (.datasetId, household.id.description),
                (.schemaVersion, String(DatasetService.schemaVersion)),
                (.householdName, household.name),
                (.timeZone, household.timeZone.identifier),
                (.currency, household.baseCurrency.code),
                (.currencyDecimals, String(household.baseCurrency.exponent)),
                (.weekStart, household.firstWeekday.description),
                (.exportedAt, Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(now)),
                (.lensTargets, lens.map { "\($0.needs)/\($0.wants)/\($0.savings)" } ?? ""),
            ]
            for (key, value) in settings {
                try file.append([.text(key.rawValue), DatasetCell.text(value.isEmpty ? nil : value)])
            }
        }
        try await sheet(.accounts) { file in
            for account in accounts {
                try file.append(
                    DatasetAccount(account: account, institution: account.institutionID.flatMap { institutions[$0] })
                        .cells)
            }
        }
        try await sheet(.budgets) { file in
            for target in try await session.budgets.all(currency: household.baseCurrency) {
                let category = categoryByID[target.categoryID]
                try file.append(
                    DatasetBudget(
                        id: target.id, categoryKey: category?.key ?? "", categoryName: category?.name,
                        target: target.target, notes: target.notes
                    ).cells(currency: household.baseCurrency))
            }
        }
        try await sheet(.rules) { file in
            for rule in try await session.rules.all() {
                try file.append(DatasetRule(rule: rule, categoryKey: keyOf(rule.categoryID)).cells)
            }
        }
        try await sheet(.cards) { file in
            for card in try await session.milesCards.all() { try file.append(DatasetCard(card: card).cells) }
        }
        try await sheet(.balances) { file in
            for (account, date, minor) in try await session.dataset.balances() {
                guard let currency = accountByID[account]?.currency else { continue }
                try file.append(
                    DatasetBalance(
                        accountID: account, date: date, balance: Money(minorUnits: minor, currency: currency)
                    )
                    .cells)
            }
        }
        try await sheet(.choices) { file in
            for (card, key, category) in try await session.dataset.payeeChoices() {
                try file.append(
                    DatasetChoice(
                        kind: .cardPayee, subject: card.description, key: key, value: category.rawValue, date: nil
                    )
                    .cells)
            }
            for (key, bucket) in try await session.lens.overrides().sorted(by: { $0.key < $1.key }) {
                try file.append(
                    DatasetChoice(kind: .lensBucket, subject: nil, key: key, value: bucket.rawValue, date: nil).cells)
            }
            for (id, bucket) in try await session.lens.transactionChoices().sorted(by: { $0.key < $1.key }) {
                try file.append(
                    DatasetChoice(
                        kind: .lensTransaction, subject: nil, key: id.description, value: bucket.rawValue, date: nil
                    ).cells)
            }
            for (key, decision) in try await session.recurring.decisions().sorted(by: { $0.key < $1.key }) {
                try file.append(
                    DatasetChoice(
                        kind: .recurringDecision, subject: nil, key: key, value: decision.status.rawValue,
                        date: decision.decidedOn
                    ).cells)
            }
            // A memory of a pair whose transaction was deleted since is left out: an import refuses a pair
            // naming a transaction it cannot find.
            var unlinked: [[String]] = []
            for pair in try await session.transfers.unlinked() {
                var present = true
                for id in pair where try await session.transactions.find(id) == nil { present = false }
                if present { unlinked.append(pair.map(\.description).sorted()) }
            }
            for pair in unlinked.sorted(by: { $0.lexicographicallyPrecedes($1) }) where pair.count == 2 {
                try file.append(
                    DatasetChoice(kind: .unlinkedTransfer, subject: pair[0], key: pair[1], value: nil, date: nil).cells)
            }
        }

        let workbook = work.appendingPathComponent("GhostVault.xlsx")
        try Self.package(sheets: sheets, into: workbook)
        let archive = try Archive(url: zipURL, accessMode: .create)
        try archive.addEntry(
            with: DatasetService.workbookPath, fileURL: workbook, compressionMethod: .none)
        for receipt in receipts {
            guard let (_, content) = try await session.receipts.content(receipt.id) else { continue }
            try archive.addData(
                DatasetService.receiptsFolder + DatasetReceipt.fileName(for: receipt), content, now: now)
            exported.receiptFiles += 1
        }
        return exported
    }

    /// The `.xlsx` package: its fixed parts, then each sheet from its file.
    static func package(sheets: [(DatasetTab, URL)], into url: URL) throws {
        let archive = try Archive(url: url, accessMode: .create)
        let parts: [(String, String)] = [
            ("[Content_Types].xml", SpreadsheetML.contentTypes(sheets: sheets.count)),
            ("_rels/.rels", SpreadsheetML.packageRelationships),
            ("xl/workbook.xml", SpreadsheetML.workbook(sheets: sheets.map(\.0.rawValue))),
            ("xl/_rels/workbook.xml.rels", SpreadsheetML.workbookRelationships(sheets: sheets.count)),
            ("xl/styles.xml", SpreadsheetML.styles),
        ]
        for (path, xml) in parts {
            try archive.addData(path, Data(xml.utf8), now: Date(timeIntervalSince1970: 315_532_800), deflate: true)
        }
        for (index, (_, file)) in sheets.enumerated() {
            try archive.addEntry(
                with: SpreadsheetML.worksheetPath(index + 1), fileURL: file, compressionMethod: .deflate,
                bufferSize: 256 * 1024)
        }
    }
}

/// A worksheet written to a file row by row, through a buffer.
private final class SheetFile {
    let handle: FileHandle
    var buffer = ""
    var rows = 0
    private var next = 1

    init(url: URL, columns: [String]) throws {
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw VaultError(.invalidInput, "A temporary file for the export could not be made; check free disk space.")
        }
        handle = try FileHandle(forWritingTo: url)
        buffer = SpreadsheetML.worksheetStart(columns: columns.count)
        buffer += SpreadsheetML.row(columns.map(SheetCell.text), number: next, header: true)
        next += 1
    }

    func append(_ cells: [SheetCell]) throws {
        buffer += SpreadsheetML.row(cells, number: next)
        next += 1
        rows += 1
        if buffer.utf8.count > 1 << 20 { try flush() }
    }

    func close() throws {
        buffer += SpreadsheetML.worksheetEnd
        try flush()
        try handle.close()
    }

    private func flush() throws {
        try handle.write(contentsOf: Data(buffer.utf8))
        buffer = ""
    }
}

extension Archive {
    /// Adds `data` as a file entry.
    func addData(_ path: String, _ data: Data, now: Date, deflate: Bool = false) throws {
        try addEntry(
            with: path, type: .file, uncompressedSize: Int64(data.count), modificationDate: now,
            compressionMethod: deflate ? .deflate : .none
        ) { position, size in
            data.subdata(in: Int(position)..<Swift.min(data.count, Int(position) + size))
        }
    }
}
