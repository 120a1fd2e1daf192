import Foundation
import VaultCore
import VaultStore

/// Importing a bank file (CSV, OFX, QFX, QIF) into one of the household's accounts: every row goes through
/// the ingest pipeline as a bank file's batch (`BankFileIdentity` states how a row is recognised), so a
/// file imported twice, or overlapping what bank sync brought, adds nothing twice.
public struct BankImportService: Sendable {
    let scope: HouseholdScope

    /// What happens to one row of the file.
    public struct Line: Sendable {
        public let row: BankFileRow
        /// Whether the row is added (or, after an import, was).
        public let isNew: Bool
        /// Why, in words: new and how it is classified, or which stored row it already is.
        public let reason: String
    }

    /// The whole file's outcome, row by row in file order.
    public struct Outcome: Sendable {
        public let account: Account
        public let lines: [Line]
        /// The CSV mapping the file was read with (remembered for the account after an import).
        public let mapping: CSVMapping?
        /// How the file writes money out, in words (a CSV file).
        public let signExplanation: String?
        /// The encoding the file's text was read in.
        public let encoding: BankFileEncoding?
        /// The statement or account of the file the rows are of, when it names one.
        public let statement: String?
        /// What to check before importing (most rows of a card account money in), and what the file holds that
        /// is not imported.
        public let warnings: [String]

        public var added: Int { lines.filter(\.isNew).count }
        public var skipped: Int { lines.count - added }
    }

    /// The mapping step of a CSV file: the columns, the mapping (the account's remembered one when it fits
    /// the file, else a guess), and the first rows as they will be stored, or the first row's problem.
    public struct CSVDraft: Sendable {
        public let header: [String]
        public let width: Int
        public let mapping: CSVMapping
        /// Whether the mapping is the one remembered for the account.
        public let isRemembered: Bool
        public let sample: [BankFileRow]
        /// The first problem reading the file with this mapping, if any.
        public let problem: BankFileError?
        /// How the mapping reads money out, in words.
        public let signExplanation: String
        /// The encoding the file's text was read in.
        public let encoding: BankFileEncoding
    }

    /// How many rows the mapping step shows.
    public static let sampleRows = 5

    /// The mapping step for a CSV file: `mapping` when given, else the remembered or guessed one (for the
    /// file split by `separator`, when given).
    public func draft(
        _ accountID: Account.ID, data: Data, mapping: CSVMapping? = nil, separator: CSVTable.Separator? = nil,
        encoding: BankFileEncoding? = nil
    ) async throws -> CSVDraft {
        try await vaultOperation {
            let (account, remembered) = try await scope.read { session in
                (
                    try await Self.account(accountID, in: session),
                    try await session.bankFileMappings.mapping(for: accountID)
                )
            }
            let table = try CSVTable(data, separator: mapping?.separator ?? separator, encoding: encoding)
            let width = table.records.first?.fields.count ?? 0
            // A remembered mapping is offered only when it reads this file: banks change their exports.
            let fitting = remembered.flatMap { kept in
                kept.separator == table.separator && kept.problems(width: width).isEmpty
                    && (try? kept.rows(of: table, currency: account.currency)) != nil
                    ? kept : nil
            }
            let chosen: CSVMapping
            if let given = mapping ?? fitting {
                chosen = given
            } else {
                chosen = try CSVMapping.guess(table, isCard: account.kind == .creditCard)
            }
            var problem: BankFileError?
            var sample: [BankFileRow] = []
            do throws(BankFileError) {
                sample = Array(try chosen.rows(of: table, currency: account.currency).prefix(Self.sampleRows))
            } catch {
                problem = error
            }
            let header = chosen.hasHeader ? table.records.first?.fields ?? [] : []
            return CSVDraft(
                header: header, width: width, mapping: chosen, isRemembered: mapping == nil && fitting != nil,
                sample: sample, problem: problem, signExplanation: chosen.signExplanation(header: header),
                encoding: table.encoding)
        }
    }

    /// What importing `file` into the account would do, row by row; nothing is written.
    public func preview(_ accountID: Account.ID, file: BankFile) async throws -> Outcome {
        try await vaultOperation {
            try await scope.read { session in
                let (account, contents, batch) = try await prepare(accountID, file: file, in: session)
                let plan = try await Ingest.open(in: session).plan([(batch, [])])
                return Self.outcome(account, contents, batch, plan)
            }
        }
    }

    /// Imports `file` into the account in one write transaction, all rows or none, and remembers a CSV
    /// file's mapping, and the statement or account of a file that names one, for the account: a later file
    /// of several statements is read at the same one without asking.
    public func importFile(_ accountID: Account.ID, file: BankFile) async throws -> Outcome {
        try await vaultOperation {
            try await scope.write { session in
                let (account, contents, batch) = try await prepare(accountID, file: file, in: session)
                let ingest = try await Ingest.open(in: session)
                let plan = try await ingest.plan([(batch, [])])
                try await ingest.apply(plan)
                if let mapping = contents.mapping {
                    try await session.bankFileMappings.setMapping(
                        mapping, for: accountID, newID: scope.vault.newID(CSVMapping.self).description)
                }
                if let statement = contents.statement {
                    try await session.bankFileMappings.setStatement(
                        statement, for: accountID, newID: scope.vault.newID(CSVMapping.self).description)
                }
                return Self.outcome(account, contents, batch, plan)
            }
        }
    }

    /// The account (in this household, or not found), the file's rows, and their batch.
    func prepare(
        _ accountID: Account.ID, file: BankFile, in session: HouseholdSession
    ) async throws -> (Account, BankFile.Contents, IngestPlanner.Batch) {
        let account = try await Self.account(accountID, in: session)
        var file = file
        file.isCard = account.kind == .creditCard
        let contents: BankFile.Contents
        // A CSV file without a mapping is read with the one remembered for the account, when it reads the
        // file; else with a guess.
        if file.format == .csv, file.mapping == nil,
            let kept = try await session.bankFileMappings.mapping(for: accountID),
            let read = try? BankFile(
                data: file.data, format: .csv, mapping: kept, dateFormat: file.dateFormat, encoding: file.encoding
            ).read(currency: account.currency)
        {
            contents = read
        } else if file.format != .csv, file.statement == nil,
            let kept = try await session.bankFileMappings.statement(for: accountID),
            let read = try? BankFile(
                data: file.data, format: file.format, dateFormat: file.dateFormat, encoding: file.encoding,
                statement: kept
            ).read(currency: account.currency)
        {
            // The statement imported into this account last time, when the file holds it.
            contents = read
        } else {
            contents = try file.read(currency: account.currency)
        }
        if let stated = contents.statedCurrency, stated != account.currency {
            throw VaultError(
                InvalidInput(
                    field: "file",
                    "The statement is in \(stated.code) but \(account.displayName) is in \(account.currency.code); "
                        + "import it into an account in \(stated.code)."))
        }
        // A row's category text that names one of the household's categories (any case; the oldest of equal
        // names) is set as the person's own choice, so rules leave it: the file records a choice they made.
        // Other text is left out and the pipeline classifies the row.
        let categories = try await session.categories.all()
        var byName: [String: Category.ID] = [:]
        for category in categories.sorted(by: { $0.id < $1.id }) {
            let key = category.name.lowercased()
            if byName[key] == nil { byName[key] = category.id }
        }
        let rows = zip(contents.rows, BankFileIdentity.bankIDs(for: contents.rows)).map { row, bankID in
            let category = row.category.flatMap { byName[$0.lowercased()] }
            return Transaction(
                id: scope.vault.newID(), householdID: scope.householdID, accountID: account.id, date: row.date,
                amount: row.amount, description: row.description, payee: row.payee, memo: row.memo,
                categoryID: category, categorySource: category == nil ? .default : .manual, source: .import,
                bankTransactionID: bankID)
        }
        return (
            account, contents,
            IngestPlanner.Batch(account: account.id, rows: rows, listIsComplete: false, matchesStoredContent: true)
        )
    }

    static func account(_ id: Account.ID, in session: HouseholdSession) async throws -> Account {
        guard let account = try await session.accounts.find(id) else {
            throw VaultError(.notFound, "There is no account \(id) in this household; choose one of its accounts.")
        }
        return account
    }

    static func outcome(
        _ account: Account, _ contents: BankFile.Contents, _ batch: IngestPlanner.Batch, _ plan: IngestPlan
    ) -> Outcome {
        // A new row is inserted under the id its batch row holds; a skipped one, and a stored one the file changed
        // (the same bank id, another amount or text), are known by their bank id in this account.
        var inserted: [Transaction.ID: String] = [:]
        var skipped: [String: String] = [:]
        var updated: [String: String] = [:]
        for action in plan.actions {
            switch action {
            case .insert(let row, let reason): inserted[row.id] = reason
            case .skip(let bankID, _, let reason): skipped[bankID] = reason
            case .update(_, let after, let fields, let reason) where after.accountID == account.id:
                if let bankID = after.bankTransactionID {
                    updated[bankID] =
                        "imported before, updated from the file (\(fields.joined(separator: ", "))): \(reason)"
                }
            default: continue
            }
        }
        let lines = zip(contents.rows, batch.rows).map { row, transaction in
            if let reason = inserted[transaction.id] { return Line(row: row, isNew: true, reason: reason) }
            let bankID = transaction.bankTransactionID ?? ""
            let reason =
                skipped[bankID] ?? updated[bankID]
                ?? "skipped: imported before (\(TransactionIdentity.Decision.known(transaction.id).explanation))"
            return Line(row: row, isNew: false, reason: reason)
        }
        var warnings = contents.notes
        if let warning = BankFileSignCheck.warning(
            contents.rows, kind: account.kind, accountName: account.displayName)
        {
            warnings.insert(warning, at: 0)
        }
        var sign: String?
        if let mapping = contents.mapping {
            sign = mapping.signExplanation(header: contents.header)
        }
        return Outcome(
            account: account, lines: lines, mapping: contents.mapping, signExplanation: sign,
            encoding: contents.encoding, statement: contents.statement, warnings: warnings)
    }
}
