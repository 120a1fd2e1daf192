import Foundation
import VaultCore
import ZIPFoundation

/// Everything a dataset file holds, read and checked, before anything is written.
public struct DatasetContent: Sendable {
    public var settings: [DatasetSetting: String] = [:]
    public var accounts: [DatasetAccount] = []
    public var categories: [DatasetCategory] = []
    public var transactions: [DatasetTransaction] = []
    public var receipts: [(DatasetReceipt, Data)] = []
    public var recurringRules: [DatasetRecurringRule] = []
    public var budgets: [DatasetBudget] = []
    public var rules: [DatasetRule] = []
    public var cards: [DatasetCard] = []
    public var balances: [DatasetBalance] = []
    public var choices: [DatasetChoice] = []
}

/// Reads a dataset `.zip` with bounds a hostile file cannot get past: the number of entries, the bytes each
/// entry and all of them expand to (counted as they expand, not as the zip claims), no entry outside the
/// dataset's folders, and a workbook that is an `.xlsx` with every tab and column.
public enum DatasetReader {
    /// The most entries a dataset zip may have.
    public static let maximumEntries = 100_000
    /// The most bytes all entries together may expand to: 4 GiB.
    public static let maximumExpandedBytes: Int64 = 4 << 30
    /// The most rows all tabs together may have: two million, twice a ten-year household of a million transactions.
    public static let maximumRows = 2_000_000
    /// The most bytes one receipt may have (as an upload: 10 MB).
    public static let maximumReceiptBytes: Int64 = 10 << 20
    /// The most an entry may expand relative to its compressed size once it is over 1 MB (a zip bomb expands
    /// thousands of times; text compresses about ten times).
    public static let maximumRatio: UInt64 = 200

    public static func read(
        _ file: URL, household: Household.ID, knownCurrencies: [Account.ID: Currency]
    ) throws -> DatasetContent {
        let archive: Archive
        do {
            archive = try Archive(url: file, accessMode: .read)
        } catch {
            throw DatasetProblem(
                .notADataset,
                ["This file is not a GhostVault dataset: it is not a .zip file. Export one from Settings › Your data."])
        }
        var budget = maximumExpandedBytes
        var workbookEntry: Entry?
        var receiptEntries: [String: Entry] = [:]
        var count = 0
        for entry in archive {
            count += 1
            guard count <= maximumEntries else {
                throw DatasetProblem(
                    .notADataset,
                    ["This zip has more than \(maximumEntries) entries; a dataset has far fewer. Nothing was imported."]
                )
            }
            let path = entry.path
            guard isSafe(path) else {
                throw DatasetProblem(
                    .notADataset,
                    [
                        "The zip holds an entry whose path leaves the dataset's folder (\(path.prefix(80))); it is refused and nothing was imported."
                    ])
            }
            guard entry.type == .file else {
                if entry.type == .symlink {
                    throw DatasetProblem(
                        .notADataset,
                        ["The zip holds a link (\(path.prefix(80))); a dataset has only files. Nothing was imported."])
                }
                continue
            }
            if path.hasPrefix(DatasetService.receiptsFolder) {
                receiptEntries[String(path.dropFirst(DatasetService.receiptsFolder.count))] = entry
            } else if path.lowercased().hasSuffix(".xlsx"), path == DatasetService.workbookPath || workbookEntry == nil
            {
                workbookEntry = entry
            }
        }
        guard let workbookEntry else {
            throw DatasetProblem(.needsRepair, ["the workbook \(DatasetService.workbookPath)"])
        }
        let workbookData = try extract(workbookEntry, from: archive, limit: &budget)
        let workbook: Archive
        do {
            workbook = try Archive(data: workbookData, accessMode: .read)
        } catch {
            throw DatasetProblem(
                .notADataset,
                ["\(workbookEntry.path) is not an .xlsx workbook (it is not a zip package). Nothing was imported."])
        }
        var content = try readWorkbook(
            workbook, name: workbookEntry.path, budget: &budget, household: household, knownCurrencies: knownCurrencies)
        var receipts: [(DatasetReceipt, Data)] = []
        for (receipt, _) in content.receipts {
            guard let entry = receiptEntries[receipt.file] else {
                throw DatasetProblem(.needsRepair, ["the receipt file \(DatasetService.receiptsFolder)\(receipt.file)"])
            }
            var limit = min(budget, maximumReceiptBytes)
            let before = limit
            let data = try extract(entry, from: archive, limit: &limit)
            budget -= before - limit
            guard data.count == receipt.receipt.byteSize else {
                throw DatasetProblem(
                    .badCell,
                    ["Receipts: \(receipt.file) has \(data.count) bytes, but its row says \(receipt.receipt.byteSize)"])
            }
            receipts.append((try Self.checked(receipt, data), data))
        }
        content.receipts = receipts
        return content
    }

    /// The receipt as an upload would keep it: its bytes pass the same check (size, and a type read from the
    /// bytes: JPEG, PNG, WebP or PDF, never HTML or SVG whatever the row says) and must be the type its row
    /// names; its name is cleaned the same way.
    static func checked(_ item: DatasetReceipt, _ data: Data) throws -> DatasetReceipt {
        let type: ReceiptType
        do {
            type = try ReceiptFile.check(data)
        } catch {
            throw DatasetProblem(.badCell, ["Receipts: \(item.file): \(error.description)"])
        }
        guard type == item.receipt.type else {
            throw DatasetProblem(
                .badCell,
                [
                    "Receipts: \(item.file) holds a \(type.name) file, but its row says \(item.receipt.type.rawValue)"
                ])
        }
        let receipt = item.receipt
        return DatasetReceipt(
            receipt: Receipt(
                id: receipt.id, householdID: receipt.householdID, transactionID: receipt.transactionID,
                fileName: ReceiptFile.name(receipt.fileName, type: type), type: type, byteSize: receipt.byteSize,
                createdAt: receipt.createdAt),
            file: item.file)
    }

    /// Whether a zip entry's path stays inside the dataset: relative, no `..`, no backslashes or NULs.
    static func isSafe(_ path: String) -> Bool {
        guard !path.isEmpty, !path.hasPrefix("/"), !path.contains("\\"), !path.contains("\0"), path.count <= 1_000
        else { return false }
        return !path.split(separator: "/", omittingEmptySubsequences: false).contains { $0 == ".." || $0 == "." }
    }

    /// An entry's bytes, stopping as soon as they pass `limit` (which is lowered by what was read) or expand
    /// beyond `maximumRatio` times their compressed size.
    static func extract(_ entry: Entry, from archive: Archive, limit: inout Int64) throws -> Data {
        var data = Data()
        try extract(entry, from: archive, limit: &limit) { data.append($0) }
        return data
    }

    /// An entry's bytes into a new file (a worksheet, streamed rather than held), bounded as `extract` is.
    static func extract(_ entry: Entry, from archive: Archive, limit: inout Int64, to file: URL) throws {
        guard FileManager.default.createFile(atPath: file.path, contents: nil, attributes: [.posixPermissions: 0o600])
        else {
            throw DatasetProblem(.notADataset, ["The server cannot unpack the dataset; check its temporary folder."])
        }
        let handle = try FileHandle(forWritingTo: file)
        defer { try? handle.close() }
        try extract(entry, from: archive, limit: &limit) { try handle.write(contentsOf: $0) }
    }

    private static func extract(
        _ entry: Entry, from archive: Archive, limit: inout Int64, consume: (Data) throws -> Void
    ) throws {
        var count = 0
        let ceiling = limit
        let scaled = entry.compressedSize.multipliedReportingOverflow(by: maximumRatio)
        let ratioCeiling = scaled.overflow ? UInt64.max : max(scaled.partialValue, 1 << 20)
        do {
            _ = try archive.extract(entry, skipCRC32: false) { chunk in
                count += chunk.count
                if Int64(count) > ceiling || UInt64(count) > ratioCeiling { throw Bound.tooLarge }
                try consume(chunk)
            }
        } catch Bound.tooLarge {
            throw DatasetProblem(
                .notADataset,
                [
                    "\(entry.path.prefix(80)) expands beyond the stated limit (\(ceiling >> 20) MB here, \(maximumRatio) times its packed size): it looks like a zip bomb and was refused. Nothing was imported."
                ])
        } catch let problem as DatasetProblem {
            throw problem
        } catch {
            throw DatasetProblem(
                .notADataset, ["\(entry.path.prefix(80)) in the zip cannot be read (\(error)). Nothing was imported."])
        }
        limit -= Int64(count)
    }

    private enum Bound: Error { case tooLarge }

    static func readWorkbook(
        _ workbook: Archive, name: String, budget: inout Int64, household: Household.ID,
        knownCurrencies: [Account.ID: Currency]
    ) throws -> DatasetContent {
        func part(_ path: String) throws -> Data? {
            guard let entry = workbook[path] else { return nil }
            return try extract(entry, from: workbook, limit: &budget)
        }
        guard let workbookXML = try part("xl/workbook.xml"), let relsXML = try part("xl/_rels/workbook.xml.rels") else {
            throw DatasetProblem(
                .notADataset, ["\(name) is not an .xlsx workbook (it has no xl/workbook.xml). Nothing was imported."])
        }
        let shared = try part("xl/sharedStrings.xml").map(SheetReader.sharedStrings) ?? []
        let relationships = try SheetReader.relationships(relsXML)
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("ghostvault-import-\(UUID())")
        try FileManager.default.createDirectory(
            at: work, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(at: work) }
        var sheetData: [String: URL] = [:]
        for (sheetName, relationship) in try SheetReader.sheets(workbook: workbookXML) {
            guard DatasetTab(rawValue: sheetName) != nil, let target = relationships[relationship] else { continue }
            guard let entry = workbook[target] else { continue }
            let file = work.appendingPathComponent("sheet\(sheetData.count + 1).xml")
            try extract(entry, from: workbook, limit: &budget, to: file)
            sheetData[sheetName] = file
        }
        // Headers of every tab first, so a workbook missing several things says all of them at once.
        var headers: [String: [String]] = [:]
        for (name, data) in sheetData {
            var header: [String] = []
            do {
                try SheetReader.rows(ofFile: data, part: name, sharedStrings: shared) { _, cells in
                    header = cells
                    throw HeaderRead.done
                }
            } catch HeaderRead.done {}
            headers[name] = header
        }
        if let missing = DatasetProblem.missing(in: headers) { throw missing }

        var content = DatasetContent()
        var rows = 0
        func each(_ tab: DatasetTab, _ body: (DatasetRow) throws -> Void) throws {
            guard let data = sheetData[tab.rawValue] else { return }
            var columns: [String: Int] = [:]
            try SheetReader.rows(ofFile: data, part: tab.rawValue, sharedStrings: shared) { number, cells in
                rows += 1
                guard rows <= maximumRows else {
                    throw DatasetProblem(
                        .notADataset,
                        [
                            "The workbook has more than \(maximumRows) rows; split the history into several datasets. Nothing was imported."
                        ])
                }
                if columns.isEmpty {
                    columns = DatasetRow.columns(ofHeader: cells)
                    return
                }
                let row = DatasetRow(tab: tab, number: number, cells: cells, columns: columns)
                if !row.isBlank { try body(row) }
            }
        }
        try each(.settings) { row in
            guard let key = DatasetSetting(rawValue: row.raw("key").trimmingCharacters(in: .whitespaces)) else {
                return
            }
            content.settings[key] = row.text("value")?.trimmingCharacters(in: .whitespaces)
        }
        if let version = content.settings[.schemaVersion], let number = Int(version),
            number > DatasetService.schemaVersion
        {
            throw DatasetProblem(
                .notADataset,
                ["This dataset was written by a newer GhostVault (schema \(number)); update GhostVault to import it."])
        }
        try each(.accounts) { content.accounts.append(try DatasetAccount($0, household: household)) }
        var currencies = knownCurrencies
        for account in content.accounts { currencies[account.account.id] = account.account.currency }
        let currency = { (id: Account.ID) in currencies[id] }
        let base = Currency(
            code: content.settings[.currency] ?? "USD",
            exponent: content.settings[.currencyDecimals].flatMap(Int.init).map {
                min(max($0, 0), Currency.maximumExponent)
            } ?? 2)
        try each(.categories) { content.categories.append(try DatasetCategory($0, household: household)) }
        try each(.transactions) {
            content.transactions.append(try DatasetTransaction($0, household: household, currency: currency))
        }
        try each(.receipts) { content.receipts.append((try DatasetReceipt($0, household: household), Data())) }
        try each(.recurringRules) {
            content.recurringRules.append(try DatasetRecurringRule($0, household: household, currency: currency))
        }
        try each(.budgets) { content.budgets.append(try DatasetBudget($0, currency: base)) }
        try each(.rules) { content.rules.append(try DatasetRule($0, household: household)) }
        try each(.cards) { content.cards.append(try DatasetCard($0, household: household)) }
        try each(.balances) { content.balances.append(try DatasetBalance($0, currency: currency)) }
        try each(.choices) { content.choices.append(try DatasetChoice($0)) }
        return content
    }

    private enum HeaderRead: Error { case done }
}
