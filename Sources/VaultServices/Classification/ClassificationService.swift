import Foundation
import VaultCore
import VaultStore

/// Runs the ingest pipeline over a household's whole history (`ghostvault classify`, rule apply and
/// preview) in chunks, and writes what changed in one database transaction (DESIGN section 3).
public struct ClassificationService: Sendable {
    let scope: HouseholdScope
    /// How many transactions one step of a pass over all history plans at once.
    let chunkSize: Int

    /// A service over `scope`'s history, planned `chunkSize` transactions at a time.
    public init(scope: HouseholdScope, chunkSize: Int = ClassificationService.defaultChunkSize) {
        self.scope = scope
        self.chunkSize = chunkSize
    }

    /// One transaction whose derived fields changed.
    public struct Change: Sendable {
        public let transaction: Transaction
        public let before: Transaction
        public let fields: [String]
    }

    /// What a run did.
    public struct Result: Sendable {
        public var examined = 0
        public var changes: [Change] = []
        public var pairsAdded = 0
        public var pairsRemoved = 0
        /// Rules that could not run (an invalid filter), by name.
        public var skippedRules: [String] = []
    }

    /// Re-classifies every transaction; running it twice changes nothing the second time.
    @discardableResult
    public func run() async throws -> Result {
        try await scope.write { session in
            try await Self.run(in: session, chunkSize: chunkSize, newID: { scope.vault.newID() })
        }
    }

    /// Transactions per chunk of a pass over all history: enough that a chunk's queries cost little beside its
    /// rows, few enough that a million-row household never sits in memory at once.
    public static let defaultChunkSize = 20_000

    /// Runs the pipeline over all history in `session`, chunk by chunk, writing each chunk's plan before the
    /// next is read; the result is the same as incremental runs.
    static func run(in session: HouseholdSession, chunkSize: Int, newID: () -> Rule.ID) async throws -> Result {
        try await ensureBuiltIns(in: session, newID: newID)
        let ingest = try await Ingest.open(in: session)
        let result = try await pass(ingest, chunkSize: chunkSize) { plan in try await ingest.apply(plan) }
        try await session.markClassificationCurrent()
        return result
    }

    /// What a run would change, decided from what is stored without writing anything: a preview plans in a
    /// read session (a snapshot), so it never holds the database's writer while rules match. `adding` rules are
    /// run as if they were stored.
    ///
    /// When the stored classification is current for the stored rules (`HouseholdSession.classificationIsCurrent`),
    /// a run changes only rows a draft matches: the rows it can reach are read (`RuleReach`), through the trigram
    /// and account indexes, and those it matches are planned (`examined` counts them). Otherwise, or when a draft can
    /// match rows no index finds, all history is planned.
    static func plan(
        in session: HouseholdSession, adding drafts: [Rule] = [], reachChunkSize: Int = reachChunkSize
    ) async throws -> Result {
        let ingest = try await Ingest.open(in: session, adding: drafts)
        let accounts = ingest.accounts.values.sorted { $0.id < $1.id }
        let reaches = drafts.map { RuleReach($0, accounts: accounts) }
        guard try await session.classificationIsCurrent(), reaches.allSatisfy({ $0 != nil }) else {
            return try await pass(ingest, chunkSize: defaultChunkSize) { _ in }
        }
        var reached: [TransactionRepository.RowKey] = []
        for case let reach? in reaches { reached += try await session.transactions.reachable(reach) }
        if reaches.count > 1 {
            var seen: Set<TransactionRepository.RowKey> = []
            reached = reached.filter { seen.insert($0).inserted }
        }
        // The household's pairs in one read: asking for the pairs of tens of thousands of rows 400 at a time cost more.
        let pairs = try await session.transfers.all()
        // A reach is wider than what a draft matches (its amounts, its whole words); a row no draft matches files as
        // it is filed now, and is not planned.
        let matchers = drafts.compactMap { try? RuleMatcher($0) }
        // No pair changes while the classification is current, so chunks are planned independently: one worker per
        // core, each reading its next chunk while another plans (a chunk's reading and planning cost about the same).
        let chunks = reached.chunked(by: reachChunkSize)
        let workers = min(max(1, ProcessInfo.processInfo.activeProcessorCount), 4, chunks.count)
        guard workers > 0 else { return Result(skippedRules: ingest.skippedRules) }
        return try await withThrowingTaskGroup(of: Result.self) { group in
            for worker in 0..<workers {
                let share = stride(from: worker, to: chunks.count, by: workers).map { Array(chunks[$0]) }
                group.addTask {
                    var ingest = ingest
                    ingest.pairIndex = PairIndex(pairs)
                    var rest = share[...]
                    return try await gather(ingest, write: { _ in }, pairsAreCurrent: true) {
                        guard let keys = rest.popFirst() else { return nil }
                        let matched = try await session.transactions.rows(keys).filter { row in
                            ingest.accounts[row.accountID].map { account in
                                matchers.contains { $0.matches(row, account: account) }
                            } ?? false
                        }
                        return (matched, nil)
                    }
                }
            }
            var result = Result(skippedRules: ingest.skippedRules)
            for try await part in group {
                result.examined += part.examined
                result.changes += part.changes
                result.pairsAdded += part.pairsAdded
                result.pairsRemoved += part.pairsRemoved
            }
            result.changes = result.changes.sorted(byKey: { ($0.transaction.date, $0.transaction.id) })
            return result
        }
    }

    /// Plans all history in date-ordered chunks, handing each chunk's plan to `write`.
    static func pass(
        _ ingest: Ingest, chunkSize: Int, write: (IngestPlan) async throws -> Void
    ) async throws -> Result {
        var ingest = ingest
        ingest.pairIndex = PairIndex(try await ingest.session.transfers.all())
        let transactions = ingest.session.transactions
        var position: (LocalDate, Transaction.ID)?
        // The rows a chunk's plan writes are taken into the next chunk, read while it was planned, as written.
        var written: [Transaction.ID: Transaction] = [:]
        return try await readingAhead { ahead in
            try await gather(
                ingest,
                write: { plan in
                    try await write(plan)
                    written = Dictionary(plan.updates.map { ($0.after.id, $0.after) }, uniquingKeysWith: { $1 })
                }
            ) {
                var rows =
                    if let read = try await ahead.take() { read } else {
                        try await transactions.chunk(after: position, limit: chunkSize)
                    }
                if !written.isEmpty { rows = rows.map { written[$0.id] ?? $0 } }
                guard let chunk = cut(rows, after: &position, chunkSize: chunkSize) else { return nil }
                ahead.start { [position] in try await transactions.chunk(after: position, limit: chunkSize) }
                return chunk
            }
        }
    }

    /// Reached rows per chunk of a preview: small enough that the workers share a broad rule's rows evenly.
    static let reachChunkSize = 5_000

    /// Runs `body` with one read that may be under way while the chunk before it is planned (on the other core: a
    /// chunk's reading and decoding cost about what its planning does), ending that read before returning or throwing,
    /// so it never outlives the session's transaction.
    static func readingAhead(_ body: (inout ReadAhead) async throws -> Result) async throws -> Result {
        var ahead = ReadAhead()
        do {
            return try await body(&ahead)
        } catch {
            _ = try? await ahead.take()
            throw error
        }
    }

    /// The next chunk's rows, being read.
    struct ReadAhead {
        typealias Read = @Sendable () async throws -> [Transaction]
        private var task: Task<[Transaction], any Error>?

        mutating func start(_ read: @escaping Read) { task = Task(operation: read) }

        /// The rows read, once they are; nil when no read was started.
        mutating func take() async throws -> [Transaction]? {
            defer { task = nil }
            return try await task?.value
        }
    }

    /// `rows`, the next chunk of a pass read after `position`, ended with a whole day (moving `position` to its last
    /// row), with the days all of whose rows it holds; nil when there are none.
    static func cut(
        _ rows: [Transaction], after position: inout (LocalDate, Transaction.ID)?, chunkSize: Int
    ) -> (rows: [Transaction], covered: ClosedRange<LocalDate>?)? {
        var rows = rows
        guard let first = rows.first, var last = rows.last else { return nil }
        // A chunk ends with a whole day, so the transfer window only reads the days around it; only a
        // single day of more than `chunkSize` rows is cut within the day.
        let startsADay = position.map { $0.0 < first.date } ?? true
        if rows.count == chunkSize, first.date < last.date {
            let cut = last.date
            rows.removeAll { $0.date == cut }
            last = rows[rows.count - 1]
        }
        let wholeDays = startsADay && (rows.count < chunkSize || first.date < last.date)
        position = (last.date, last.id)
        return (rows, wholeDays ? first.date...last.date : nil)
    }

    /// Plans each chunk `next` gives as stored rows to revisit (with the days all of whose rows it holds; see
    /// `Ingest.plan` for `pairsAreCurrent`), hands each plan to `write`, and gathers the changes per transaction
    /// (a row at the edge of two chunks may be planned twice, to the same end).
    static func gather(
        _ ingest: Ingest, write: (IngestPlan) async throws -> Void, pairsAreCurrent: Bool = false,
        next: () async throws -> (rows: [Transaction], covered: ClosedRange<LocalDate>?)?
    ) async throws -> Result {
        var ingest = ingest
        var result = Result()
        result.skippedRules = ingest.skippedRules
        // Each row's change once, where it was first planned (a change is two rows: the index is what moves).
        var changes: [Change] = []
        var position: [Transaction.ID: Int] = [:]
        var added: Set<TransferMatcher.Pair> = []
        var removed: Set<TransferMatcher.Pair> = []
        while let (rows, covered) = try await next() {
            result.examined += rows.count
            let plan = try await ingest.plan(
                revisit: rows.map { ($0, $0) }, covered: covered, pairsAreCurrent: pairsAreCurrent)
            try await write(plan)
            ingest.pairIndex?.apply(plan)
            for (before, after, fields) in plan.updates {
                if let index = position[after.id] {
                    let earlier = changes[index]
                    changes[index] = Change(transaction: after, before: earlier.before, fields: earlier.fields + fields)
                } else {
                    position[after.id] = changes.count
                    changes.append(Change(transaction: after, before: before, fields: fields))
                }
            }
            added.formUnion(plan.pairs)
            removed.formUnion(plan.unpairs)
        }
        result.changes = changes.filter { $0.transaction != $0.before }
            .sorted(byKey: { ($0.transaction.date, $0.transaction.id) })
        result.pairsAdded = added.subtracting(removed).count
        result.pairsRemoved = removed.subtracting(added).count
        return result
    }

    /// Gives a household the built-in income and merchant rules once, filed under its default categories.
    static func ensureBuiltIns(in session: HouseholdSession, newID: () -> Rule.ID) async throws {
        guard try await !session.rules.all().contains(where: { $0.origin != .user }) else { return }
        let categories = try await session.categories.all()
        let byKey = Dictionary(categories.map { ($0.key, $0.id) }, uniquingKeysWith: { first, _ in first })
        try await session.rules.insert(
            BuiltInPatterns.rules(for: session.householdID, categoryIDs: byKey, newID: newID))
    }
}
