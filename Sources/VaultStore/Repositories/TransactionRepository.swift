import Foundation
import SQLKit
import VaultCore

/// A household's transactions, with their tags.
public struct TransactionRepository: Sendable {
    let session: HouseholdSession

    /// The transaction with this id in this household, if any.
    public func find(_ id: Transaction.ID) async throws -> Transaction? {
        let rows = try await session.sql.raw(
            Self.selectWithCurrency + """
                 WHERE t.household_id = \(bind: session.household) AND t.id = \(bind: id.description)
                """
        ).all()
        return try await transactions(from: rows).first
    }

    /// Inserts one transaction and logs it.
    public func insert(_ transaction: Transaction) async throws {
        try await insert([transaction])
    }

    /// Inserts many transactions in multi-row statements, each logged: the bulk path for sync and import.
    public func insert(_ transactions: [Transaction]) async throws {
        guard !transactions.isEmpty else { return }
        for transaction in transactions { try session.requireOwn(transaction.householdID, "transaction") }
        // In date order: the date-led indexes then grow at their ends instead of splitting pages all over (a
        // 100k-row import in account order spent a sixth more time in SQLite).
        let ordered = transactions.sorted(byKey: { ($0.date, $0.id) })
        try await session.insertRows(
            "transactions", entity: "transaction", ordered, id: \.id.description, values: Self.values(of:),
            extra: [("created_at", .int(session.now.unixSeconds)), ("updated_at", .int(session.now.unixSeconds))])
        try await insertTags(of: transactions)
    }

    /// Saves the transaction's changed fields (tags included); returns their names.
    @discardableResult
    public func update(_ transaction: Transaction) async throws -> [String] {
        _ = try session.log()
        guard let old = try await find(transaction.id) else {
            throw StoreError(.notFound, "There is no transaction \(transaction.id) in this household.")
        }
        return try await update([(old, transaction)])[0]
    }

    /// Saves planned changes to rows the caller read in this session (`before` as stored), without reading them
    /// again; returns the changed field names of each, in order.
    @discardableResult
    public func update(_ changes: [(before: Transaction, after: Transaction)]) async throws -> [[String]] {
        _ = try session.log()
        let retagged = changes.filter { $0.before.tags != $0.after.tags }.map(\.after)
        for chunk in retagged.chunked(by: 500) {
            try await session.sql.raw(
                """
                DELETE FROM transaction_tags\(unsafeRaw: tagsByTransaction) WHERE household_id = \(bind: session.household)
                  AND transaction_id IN (\(binds: chunk.map(\.id.description)))
                """
            ).run()
        }
        try await insertTags(of: retagged)
        for (_, after) in changes { try session.requireOwn(after.householdID, "transaction") }
        return try await session.updateRows(
            "transactions", entity: "transaction",
            changes.map { before, after in
                HouseholdSession.RowChange(
                    id: after.id.description, old: Self.values(of: before), new: Self.values(of: after),
                    alsoChanged: before.tags != after.tags ? ["tags"] : [])
            })
    }

    /// Deletes the transaction; false when there was no such transaction.
    public func delete(_ id: Transaction.ID) async throws -> Bool {
        try await session.deleteRow("transactions", entity: "transaction", id: id)
    }

    /// One page of the transactions that pass `filter`, in its order, with the total count.
    public func list(_ filter: TransactionFilter, page: PageRequest) async throws -> Page<Transaction> {
        let candidates = try await searchCandidates(filter)
        let conditions = Self.conditions(filter, household: session.household, candidates: candidates)
        let direction = filter.sort == .newestFirst ? "DESC" : "ASC"
        let rows = try await session.sql.raw(
            Self.select(searchRowIDs: candidates?.rowIDs) + " WHERE " + conditions + """
                 ORDER BY t.date \(unsafeRaw: direction), t.id \(unsafeRaw: direction)
                 LIMIT \(bind: Int64(page.size)) OFFSET \(bind: Int64(page.offset))
                """
        ).all()
        // Counting every match costs a pass over all of them (190 ms over a million rows): the list is counted
        // only to the next multiple of `countStep` past the page, enough to say "2,000+" and offer the next page.
        let limit = (page.offset + page.size) / Self.countStep * Self.countStep + Self.countStep
        let counted = try await count(filter, upTo: limit + 1, candidates: candidates)
        return Page(
            items: try await transactions(from: rows), request: page, totalCount: min(counted, limit),
            countIsExact: counted <= limit)
    }

    /// How far past the page a list is counted.
    public static let countStep = 1_000

    /// How many transactions pass `filter`, counting no further than `limit`.
    func count(_ filter: TransactionFilter, upTo limit: Int, candidates: Candidates?) async throws -> Int {
        let row = try await session.sql.raw(
            "SELECT COUNT(*) AS n FROM (SELECT 1 FROM transactions t\(unsafeRaw: Self.byRowID(candidates?.rowIDs)) WHERE "
                + Self.conditions(filter, household: session.household, candidates: candidates)
                + " LIMIT \(bind: Int64(limit))) counted"
        ).first()
        return Int(try row?.int("n") ?? 0)
    }

    /// At most this many matches are taken from the trigram index; a search matching more is answered by
    /// scanning in date order, which finds a page of a common word quickly.
    static let searchCandidateLimit = 2_000

    /// On SQLite, the rowids of the transactions a filter can only match, found through an index when that is
    /// cheaper than reading the period: nil to scan instead. Two indexes answer:
    /// - a search's text, from the trigram index (migration 0009): the transactions (of every household: the
    ///   query's other conditions keep to this one) whose search key contains it; not for a search under three
    ///   characters (no trigram to look up) or a word so common that a date-ordered scan meets a page of it sooner;
    /// - tags, from `transaction_tags_by_tag`: this household's transactions carrying one of them. Checking the tag
    ///   row by row cost a lookup of each row of the period (a year at 1M with a tag nobody used, 104 ms).
    ///
    /// With both, the rows found by both. PostgreSQL plans the `LIKE` onto its own trigram index (migration 0019)
    /// and the tags through its own join.
    func searchCandidates(_ filter: TransactionFilter) async throws -> Candidates? {
        guard session.sql.dialect.name == "sqlite" else { return nil }
        var found: Set<Int64>?
        var tagsFound = false
        if let folded = filter.foldedSearch, folded.count >= 3 {
            found = try await candidates(
                "SELECT rowid AS candidate FROM transaction_search WHERE search_key LIKE \(bind: "%" + folded + "%")")
        }
        if !filter.tags.isEmpty {
            let tagged = try await candidates(
                """
                SELECT t.rowid AS candidate FROM transaction_tags g
                JOIN transactions t ON t.household_id = g.household_id AND t.id = g.transaction_id
                WHERE g.household_id = \(bind: session.household)
                  AND g.tag IN (\(binds: filter.tags.map(Tag.normalize).sorted()))
                """)
            if let tagged {
                found = found.map { $0.intersection(tagged) } ?? tagged
                tagsFound = true
            }
        }
        return found.map { Candidates(rowIDs: $0.sorted(), holdTags: tagsFound) }
    }

    /// Rows found through an index (`searchCandidates`).
    struct Candidates {
        /// The rowids the query is narrowed to.
        let rowIDs: [Int64]
        /// Whether they are exactly the rows with the filter's tags, so the tags need no check row by row (which
        /// would read each row of the period from the table: its id is in no index with the period).
        let holdTags: Bool
    }

    /// The rowids `query` selects as `candidate`, or nil when there are more than `searchCandidateLimit`.
    private func candidates(_ query: SQLQueryString) async throws -> Set<Int64>? {
        let rows = try await session.sql.raw(query + " LIMIT \(bind: Int64(Self.searchCandidateLimit + 1))").all()
        guard rows.count <= Self.searchCandidateLimit else { return nil }
        return Set(try rows.map { try $0.int("candidate") })
    }

    /// What bank sync has imported: how many transactions, the oldest and newest dates.
    public func coverage() async throws -> (count: Int, oldest: LocalDate?, newest: LocalDate?) {
        let row = try await session.sql.raw(
            """
            SELECT COUNT(*) AS n, MIN(date) AS oldest, MAX(date) AS newest FROM transactions
            WHERE household_id = \(bind: session.household) AND source = 'bank'
            """
        ).first()
        guard let row else { return (0, nil, nil) }
        return (Int(try row.int("n")), try row.optionalLocalDate("oldest"), try row.optionalLocalDate("newest"))
    }

    /// How many transactions pass `filter`.
    public func count(_ filter: TransactionFilter) async throws -> Int {
        let candidates = try await searchCandidates(filter)
        let row = try await session.sql.raw(
            "SELECT COUNT(*) AS n FROM transactions t\(unsafeRaw: Self.byRowID(candidates?.rowIDs)) WHERE "
                + Self.conditions(filter, household: session.household, candidates: candidates)
        ).first()
        return Int(try row?.int("n") ?? 0)
    }

    /// Every transaction of the household, oldest first (for classification over all history).
    public func all() async throws -> [Transaction] {
        let rows = try await session.sql.raw(
            Self.selectWithCurrency + " WHERE t.household_id = \(bind: session.household) ORDER BY t.date, t.id"
        ).all()
        return try await transactions(from: rows)
    }

    /// The transactions with these ids (those that exist), in no particular order.
    public func find(_ ids: [Transaction.ID]) async throws -> [Transaction] {
        var found: [Transaction] = []
        for chunk in ids.chunked(by: 5_000) where !chunk.isEmpty {
            let rows = try await session.sql.raw(
                Self.selectWithCurrency + """
                     WHERE t.household_id = \(bind: session.household) AND t.id IN (\(binds: chunk.map(\.description)))
                    """
            ).all()
            found += try await transactions(from: rows)
        }
        return found
    }

    /// Transactions dated within a range whose amount (minor units, any currency) is one of `amounts`: the
    /// transfer window of rows of the opposite amounts. Without `amounts`, every transaction in the range.
    /// Rows of `excluding` are left out (a transfer's two sides are in different accounts).
    public func window(
        amounts: Set<Int64>?, from: LocalDate, through: LocalDate, excluding account: Account.ID? = nil
    ) async throws -> [Transaction] {
        var range: SQLQueryString = """
             WHERE t.household_id = \(bind: session.household)
               AND t.date BETWEEN \(bind: Int64(from.compactValue)) AND \(bind: Int64(through.compactValue))
            """
        if let account { range += " AND t.account_id <> \(bind: account.description)" }
        guard let amounts else {
            return try await transactions(from: try await session.sql.raw(Self.selectWithCurrency + range).all())
        }
        var found: [Transaction] = []
        for chunk in amounts.sorted().chunked(by: 500) where !chunk.isEmpty {
            let rows = try await session.sql.raw(
                Self.selectWithCurrency + range + " AND t.amount_minor IN (\(binds: Array(chunk)))"
            ).all()
            found += try await transactions(from: rows)
        }
        return found
    }

    /// The range's transactions summed for the LLM export (`TransactionDigest`), with the `largest` biggest
    /// by magnitude; pending and excluded rows included, as the export's leak check must see them.
    public func digest(from: LocalDate, through: LocalDate, largest: Int) async throws -> TransactionDigest {
        let range: SQLQueryString = """
             WHERE t.household_id = \(bind: session.household)
               AND t.date BETWEEN \(bind: Int64(from.compactValue)) AND \(bind: Int64(through.compactValue))
            """
        let groups = try await session.sql.raw(
            "SELECT t.payee, t.description, t.category_id, t.classification, COUNT(*) AS n FROM transactions t"
                + range + " GROUP BY t.payee, t.description, t.category_id, t.classification"
        ).all().map { row in
            TransactionDigest.Group(
                payee: try row.optionalText("payee"), description: try row.text("description"),
                categoryID: try row.optionalID("category_id"), classification: try row.value("classification"),
                count: Int(try row.int("n")))
        }
        let magnitudes = try await session.sql.raw(
            "SELECT DISTINCT ABS(t.amount_minor) AS magnitude FROM transactions t" + range
        ).all().map { try $0.int("magnitude") }
        let top = try await transactions(
            from: try await session.sql.raw(
                Self.selectWithCurrency + range
                    + " ORDER BY ABS(t.amount_minor) DESC, t.id LIMIT \(bind: Int64(max(largest, 0)))"
            ).all())
        return TransactionDigest(groups: groups, magnitudes: Set(magnitudes), largest: top)
    }

    /// The household's transactions ordered by date and id, starting after (`date`, `id`): one chunk of
    /// a pass over all history.
    public func chunk(after position: (LocalDate, Transaction.ID)?, limit: Int) async throws -> [Transaction] {
        let after: SQLQueryString =
            if let (date, id) = position {
                // A row value, which both databases take as a range of the date index; SQLite read the spelled-out
                // `date > ? OR (date = ? AND id > ?)` from the household's first row for every chunk (quadratic:
                // 110 ms for a chunk of 2024 in a household of 1M, against 19 ms).
                " AND (t.date, t.id) > (\(bind: Int64(date.compactValue)), \(bind: id.description))"
            } else {
                ""
            }
        let rows = try await session.sql.raw(
            Self.selectWithCurrency + " WHERE t.household_id = \(bind: session.household)" + after
                + " ORDER BY t.date, t.id LIMIT \(bind: Int64(limit))"
        ).all()
        return try await transactions(from: rows)
    }

    /// Where a stored transaction can be read again: SQLite's rowid (one b-tree descent, where an id costs two), or
    /// its id.
    public enum RowKey: Hashable, Sendable {
        case rowID(Int64)
        case id(Transaction.ID)
    }

    /// The keys of the transactions a rule can match (`RuleReach`), each once, in no particular order: each part
    /// through the trigram index of search keys (SQLite's `transaction_search`, PostgreSQL's `pg_trgm` index) or the
    /// account index. Keys, not rows: a broad rule may reach most of a household, and its rows are read a chunk at a
    /// time (`rows(_:)`), which keeps to this household. On SQLite, in a database of one household, a part of words
    /// alone is answered by the trigram table: checking each row's household there as well read every row twice (185 ms
    /// against 110 ms for 51k rows at 1M). With other households, their rows are left out here, so a preview's work
    /// does not grow with theirs.
    public func reachable(_ reach: RuleReach) async throws -> [RowKey] {
        let sqlite = session.sql.dialect.name == "sqlite"
        var alone = false
        if sqlite {
            let households = try await session.sql.raw(
                "SELECT COUNT(*) AS n FROM (SELECT 1 FROM households LIMIT 2) held"
            ).first()?.int("n")
            alone = (households ?? 0) <= 1
        }
        var found: [RowKey] = []
        for part in reach.parts {
            if part.accounts?.isEmpty == true { continue }
            // Folded fragments hold only letters and digits: nothing in them is a LIKE wildcard.
            let patterns = part.fragments.map { "%" + $0 + "%" }
            if alone, part.accounts == nil, !patterns.isEmpty {
                let lookups = patterns.map { pattern -> SQLQueryString in
                    "SELECT rowid AS position FROM transaction_search WHERE search_key LIKE \(bind: pattern)"
                }
                let rows = try await session.sql.raw(lookups.joined(separator: " INTERSECT ")).all()
                found += try rows.map { .rowID(try $0.int("position")) }
                continue
            }
            var conditions: [SQLQueryString] = ["t.household_id = \(bind: session.household)"]
            if let accounts = part.accounts {
                conditions.append("t.account_id IN (\(binds: accounts.map(\.description).sorted()))")
            }
            if sqlite, !patterns.isEmpty {
                let lookups = patterns.map { pattern -> SQLQueryString in
                    "SELECT rowid FROM transaction_search WHERE search_key LIKE \(bind: pattern)"
                }
                conditions.append("t.rowid IN (" + lookups.joined(separator: " INTERSECT ") + ")")
            } else {
                for pattern in patterns { conditions.append("t.search_key LIKE \(bind: pattern)") }
            }
            // On SQLite, rows found by the trigram index are fetched by rowid (`byRowID`), and an account's through
            // its own index.
            let hint = !sqlite ? "" : patterns.isEmpty ? " INDEXED BY transactions_by_account" : Self.byRowID([])
            let column = sqlite ? "t.rowid AS position" : "t.id"
            let rows = try await session.sql.raw(
                "SELECT \(unsafeRaw: column) FROM transactions t\(unsafeRaw: hint) WHERE "
                    + conditions.joined(separator: " AND ")
            ).all()
            found += try rows.map { row in sqlite ? .rowID(try row.int("position")) : .id(try row.id("id")) }
        }
        guard reach.parts.count > 1 else { return found }
        var seen: Set<RowKey> = []
        return found.filter { seen.insert($0).inserted }
    }

    /// The transactions at `keys` (those that are this household's), in no particular order.
    public func rows(_ keys: [RowKey]) async throws -> [Transaction] {
        var rowIDs: [Int64] = []
        var ids: [Transaction.ID] = []
        for key in keys {
            switch key {
            case .rowID(let rowID): rowIDs.append(rowID)
            case .id(let id): ids.append(id)
            }
        }
        var found = try await find(ids)
        for chunk in rowIDs.chunked(by: 5_000) {
            let rows = try await session.sql.raw(
                Self.select(searchRowIDs: []) + """
                     WHERE t.household_id = \(bind: session.household) AND t.rowid IN (\(binds: Array(chunk)))
                    """
            ).all()
            found += try await transactions(from: rows)
        }
        return found
    }

    /// Where to look for the stored rows incoming ones may be: an account's transactions from bank sync (and,
    /// with `orImported`, from bank files) dated within a range.
    public struct BankSpan: Sendable {
        public let account: Account.ID
        public let from: LocalDate
        public let through: LocalDate
        public let orImported: Bool

        public init(account: Account.ID, from: LocalDate, through: LocalDate, orImported: Bool = false) {
            self.account = account
            self.from = from
            self.through = through
            self.orImported = orImported
        }
    }

    /// The transactions of every span, for recognising incoming ones: one statement for a sync's accounts.
    public func bankTransactions(in spans: [BankSpan]) async throws -> [Transaction] {
        var found: [Transaction] = []
        for chunk in spans.chunked(by: 100) where !chunk.isEmpty {
            // One SELECT per span, joined by UNION ALL, each through the account's date index: joined by OR, the
            // terms made SQLite read the household's every row (250 ms at 1M for a daily sync).
            let each = chunk.map { span -> SQLQueryString in
                select(account: "transactions_by_account")
                    + """
                     WHERE t.household_id = \(bind: session.household) AND t.account_id = \(bind: span.account.description)
                       AND t.source IN (\(binds: span.orImported ? ["bank", "import"] : ["bank"]))
                       AND t.date BETWEEN \(bind: Int64(span.from.compactValue)) AND \(bind: Int64(span.through.compactValue))
                    """
            }
            let rows = try await session.sql.raw(each.joined(separator: " UNION ALL ")).all()
            found += try await transactions(from: rows)
        }
        // Spans of one account may overlap: each row once.
        var seen: Set<Transaction.ID> = []
        return found.filter { seen.insert($0.id).inserted }
    }

    /// The transactions holding any of each account's bank ids (bank ids are unique within an account), and
    /// every pending row of the accounts in `pendingIn` (the bank's not yet posted, and a person's expectations:
    /// entries made by hand on a synced account, which the bank's row merges into); in a few statements however
    /// many accounts.
    public func bankTransactions(
        bankIDs: [Account.ID: [String]], pendingIn: Set<Account.ID> = []
    ) async throws -> [Transaction] {
        var found: [Transaction] = []
        let pairs = bankIDs.sorted { $0.key < $1.key }.flatMap { account, ids in ids.map { (account, $0) } }
        // At most 400 ids a statement, so never more SELECTs in one than SQLite's limit of 500.
        for chunk in pairs.chunked(by: 400) where !chunk.isEmpty {
            // One SELECT per account, joined by UNION ALL, each through the account's bank-id index.
            let each = Set(chunk.map(\.0)).sorted().map { account -> SQLQueryString in
                let ids = chunk.filter { $0.0 == account }.map(\.1)
                return select(account: "transactions_bank_identity")
                    + """
                     WHERE t.household_id = \(bind: session.household) AND t.account_id = \(bind: account.description)
                       AND t.bank_transaction_id IN (\(binds: ids))
                    """
            }
            let rows = try await session.sql.raw(each.joined(separator: " UNION ALL ")).all()
            found += try await transactions(from: rows)
        }
        if !pendingIn.isEmpty {
            // `pending = TRUE` as written in the partial index `transactions_pending` (migration 0011), so both
            // databases use it.
            let rows = try await session.sql.raw(
                Self.selectWithCurrency
                    + """
                     WHERE t.household_id = \(bind: session.household)
                       AND t.account_id IN (\(binds: pendingIn.sorted().map(\.description)))
                       AND t.pending = TRUE
                    """
            ).all()
            let known = Set(found.map(\.id))
            found += try await transactions(from: rows).filter { !known.contains($0.id) }
        }
        return found
    }

    /// The SQL form of a filter, every condition bound, always scoped to the household. `candidates`, from
    /// `searchCandidates`, narrows it to the rows an index found (a search's, a tag's).
    ///
    /// `groupedInIndexOrder`, on SQLite, for totals grouped as `transactions_totals` orders its rows (date, account,
    /// classification, category): the account and classification are then compared as text expressions rather
    /// than columns. SQLite drops a column it sees compared with one value from the GROUP BY, and what is left no
    /// longer follows the index, so it sorts the period in a temporary B-tree: a year of expenses at 1M took
    /// 160 ms in `sqlite3` that way, 55 ms this way (an account's, 60 ms and 44 ms). A category keeps its column:
    /// its own index reads a category's rows faster than the sort costs. (PostgreSQL plans the GROUP BY apart, and
    /// the expressions would keep it from an account's index.)
    static func conditions(
        _ filter: TransactionFilter, household: String, candidates: Candidates? = nil, groupedInIndexOrder: Bool = false
    ) -> SQLQueryString {
        let searchRowIDs = candidates?.rowIDs
        let (account, classification): (SQLQueryString, SQLQueryString) =
            groupedInIndexOrder
            ? ("(t.account_id || '')", "(t.classification || '')") : ("t.account_id", "t.classification")
        var parts: [SQLQueryString] = ["t.household_id = \(bind: household)"]
        if let from = filter.from { parts.append("t.date >= \(bind: Int64(from.compactValue))") }
        if let through = filter.through { parts.append("t.date <= \(bind: Int64(through.compactValue))") }
        if let searchRowIDs {
            parts.append(searchRowIDs.isEmpty ? "1 = 0" : "t.rowid IN (\(binds: searchRowIDs.sorted()))")
        }
        // The folded query holds only letters and digits, so it has no LIKE wildcards to escape.
        if let folded = filter.foldedSearch { parts.append("t.search_key LIKE \(bind: "%" + folded + "%")") }
        if !filter.accountIDs.isEmpty {
            parts.append("\(account) IN (\(binds: filter.accountIDs.map(\.description).sorted()))")
        }
        if let categories = filter.categoryIDs {
            parts.append(
                categories.isEmpty
                    ? "1 = 0"
                    : "t.category_id IN (\(binds: categories.map(\.description).sorted()))")
        }
        if filter.uncategorizedOnly { parts.append("t.category_id IS NULL") }
        if !filter.includeTransfers { parts.append("t.classification <> 'transfer'") }
        if !filter.tags.isEmpty, candidates?.holdTags != true {
            // The tagged rows as one set read through `transaction_tags_by_tag`, not a probe per row of the
            // period: a year filtered by a tag at 1M, 155 ms to 40 ms in `sqlite3`.
            parts.append(
                """
                t.id IN (SELECT g.transaction_id FROM transaction_tags g WHERE g.household_id = \(bind: household)
                         AND g.tag IN (\(binds: filter.tags.map(Tag.normalize).sorted())))
                """)
        }
        if let rule = filter.recurringRuleID {
            parts.append(
                """
                EXISTS (SELECT 1 FROM recurring_instances ri WHERE ri.household_id = t.household_id
                        AND ri.transaction_id = t.id AND ri.rule_id = \(bind: rule.description))
                """)
        }
        if let classifications = filter.classifications {
            parts.append(
                classifications.isEmpty
                    ? "1 = 0" : "\(classification) IN (\(binds: classifications.map(\.rawValue).sorted()))")
        }
        if let flag = filter.paymentFlag { parts.append(flagCondition("t.payment_flag", flag)) }
        if let flag = filter.reimbursementFlag { parts.append(flagCondition("t.reimbursement_flag", flag)) }
        if !filter.includeExcluded { parts.append("t.excluded = \(bind: false)") }
        if !filter.includePending { parts.append("t.pending = \(bind: false)") }
        return parts.joined(separator: " AND ")
    }

    /// Transactions with their account's currency, looked up by rowid when the trigram index found them.
    static func select(searchRowIDs: [Int64]?, hint: String? = nil) -> SQLQueryString {
        """
        SELECT t.id, t.household_id, t.account_id, t.date, t.posted_at, t.transacted_at, t.amount_minor, t.description,
          t.payee, t.memo, t.pending, t.notes, t.payment_flag, t.reimbursement_flag, t.excluded, t.excluded_source,
          t.category_id, t.category_source, t.classification, t.classification_source, t.source,
          t.bank_transaction_id, t.identity_note, t.rule_id,
          a.currency AS account_currency, a.currency_exponent AS account_currency_exponent
        FROM transactions t\(unsafeRaw: hint ?? byRowID(searchRowIDs)) JOIN accounts a
          ON a.id = t.account_id AND a.household_id = t.household_id
        """
    }

    /// `selectWithCurrency` reading one account's rows through `index`, named to SQLite (`INDEXED BY`): without
    /// statistics its planner took the household's index for them, and read every row of the household (200 ms at
    /// 1M for a daily sync's bank ids). PostgreSQL plans these by itself.
    func select(account index: String) -> SQLQueryString {
        session.sql.dialect.name == "sqlite"
            ? Self.select(searchRowIDs: nil, hint: " INDEXED BY \(index)") : Self.selectWithCurrency
    }

    static let selectWithCurrency = select(searchRowIDs: nil)

    /// ` NOT INDEXED` when the trigram index found the rows, so SQLite fetches them by rowid: it would otherwise
    /// walk the date index to save sorting a page, probing the found rows for each of a million (364 ms
    /// instead of 1 ms at 1M).
    static func byRowID(_ searchRowIDs: [Int64]?) -> String { searchRowIDs == nil ? "" : " NOT INDEXED" }

    private func insertTags(of transactions: [Transaction]) async throws {
        let rows = transactions.flatMap { transaction in
            transaction.tags.enumerated().map { (transaction.id.description, $0.element, Int64($0.offset)) }
        }
        for chunk in rows.chunked(by: 5_000) {
            let insert = session.sql.insert(into: "transaction_tags").columns(
                "household_id", "transaction_id", "tag", "position")
            for row in chunk { insert.values(session.household, row.0, row.1, row.2) }
            try await insert.run()
        }
    }

    /// Tag rows (`transaction_id`, `tag`, in order) that include those of `rows`. When the household holds no more tags
    /// than there are rows, all of them, in one statement that reads no more than the rows: asking for a pass's chunk
    /// of 20,000 rows a thousand ids at a time cost more than decoding the rows themselves (45 ms against 33 ms), and
    /// most households tag few rows. Otherwise, and for up to a thousand rows, by the rows' ids, a thousand at a time.
    func tagRows(of rows: [any SQLRow]) async throws -> [any SQLRow] {
        let order: SQLQueryString = " ORDER BY transaction_id, position"
        // Up to a thousand rows, one statement by id answers: no count first.
        let held =
            rows.count <= 1_000
            ? Int64.max
            : try await session.sql.raw(
                """
                SELECT COUNT(*) AS n FROM (SELECT 1 FROM transaction_tags WHERE household_id = \(bind: session.household)
                  LIMIT \(bind: Int64(rows.count + 1))) held
                """
            ).first()?.int("n") ?? 0
        guard held > rows.count else {
            guard held > 0 else { return [] }
            return try await session.sql.raw(
                "SELECT transaction_id, tag FROM transaction_tags WHERE household_id = \(bind: session.household)"
                    + order
            ).all()
        }
        var found: [any SQLRow] = []
        for chunk in try rows.map({ try $0.text("id") }).chunked(by: 1_000) {
            found += try await session.sql.raw(
                """
                SELECT transaction_id, tag FROM transaction_tags\(unsafeRaw: tagsByTransaction)
                WHERE household_id = \(bind: session.household) AND transaction_id IN (\(binds: Array(chunk)))
                """ + order
            ).all()
        }
        return found
    }

    /// The tags of given transactions through the primary key (`transaction_id`, `tag`), named to SQLite: without
    /// statistics it took `transaction_tags_by_tag` for `household_id = ?` and read every tag of the household for each
    /// thousand ids. PostgreSQL plans these by itself.
    private var tagsByTransaction: String {
        session.sql.dialect.name == "sqlite" ? " INDEXED BY sqlite_autoindex_transaction_tags_1" : ""
    }

    /// Builds transactions from rows of `selectWithCurrency`, with their tags.
    private func transactions(from rows: [any SQLRow]) async throws -> [Transaction] {
        guard !rows.isEmpty else { return [] }
        var tags: [String: [String]] = [:]
        for row in try await tagRows(of: rows) {
            tags[try row.text("transaction_id"), default: []].append(try row.text("tag"))
        }
        // One cast a row, not one a column: the reads below are then specialised for SQLite's rows.
        let household = (text: session.household, id: session.householdID)
        return try rows.map { row in
            if let sqlite = row as? SQLiteRowValues { return try Self.transaction(sqlite, tags: tags, household) }
            return try Self.transaction(row, tags: tags, household)
        }
    }

    /// A row of `selectWithCurrency`; one of `household`'s, as every query here asks, takes its id as it is.
    private static func transaction(
        _ row: some SQLRow, tags: [String: [String]], _ household: (text: String, id: Household.ID)
    ) throws -> Transaction {
        let currency = try row.currency("account_currency", exponent: "account_currency_exponent")
        var transaction = Transaction(
            id: try row.id("id"),
            householdID: try row.text("household_id") == household.text ? household.id : row.id("household_id"),
            accountID: try row.id("account_id"),
            date: try row.localDate("date"), postedAt: try row.optionalInstant("posted_at"),
            transactedAt: try row.optionalInstant("transacted_at"),
            amount: Money(minorUnits: try row.int("amount_minor"), currency: currency),
            description: try row.text("description"), payee: try row.optionalText("payee"),
            memo: try row.optionalText("memo"), isPending: try row.bool("pending"),
            notes: try row.optionalText("notes"),
            tags: tags.isEmpty ? [] : tags[try row.text("id")] ?? [],
            paymentFlag: try row.optionalValue("payment_flag"),
            reimbursementFlag: try row.optionalValue("reimbursement_flag"), isExcluded: try row.bool("excluded"),
            excludedSource: try row.value("excluded_source"), categoryID: try row.optionalID("category_id"),
            categorySource: try row.value("category_source"), classification: try row.value("classification"),
            classificationSource: try row.value("classification_source"), source: try row.value("source"),
            bankTransactionID: try row.optionalText("bank_transaction_id"),
            identityNote: try row.optionalText("identity_note"))
        transaction.ruleID = try row.optionalID("rule_id")
        return transaction
    }

    static func values(of transaction: Transaction) -> RowValues {
        var values = RowValues()
        values.add("id", "id", .text(transaction.id.description))
        values.add("accountID", "account_id", .text(transaction.accountID.description))
        values.add("date", "date", .int(Int64(transaction.date.compactValue)))
        values.add("postedAt", "posted_at", .int(transaction.postedAt?.unixSeconds))
        values.add("transactedAt", "transacted_at", .int(transaction.transactedAt?.unixSeconds))
        values.add("amount", "amount_minor", .int(transaction.amount.minorUnits))
        values.add("description", "description", .text(transaction.description))
        values.add("payee", "payee", .text(transaction.payee))
        values.add("memo", "memo", .text(transaction.memo))
        values.add("isPending", "pending", .bool(transaction.isPending))
        values.add("notes", "notes", .text(transaction.notes))
        values.add("paymentFlag", "payment_flag", .text(transaction.paymentFlag?.rawValue))
        values.add("reimbursementFlag", "reimbursement_flag", .text(transaction.reimbursementFlag?.rawValue))
        values.add("isExcluded", "excluded", .bool(transaction.isExcluded))
        values.add("excludedSource", "excluded_source", .text(transaction.excludedSource.rawValue))
        values.add("categoryID", "category_id", .text(transaction.categoryID?.description))
        values.add("categorySource", "category_source", .text(transaction.categorySource.rawValue))
        values.add("classification", "classification", .text(transaction.classification.rawValue))
        values.add("classificationSource", "classification_source", .text(transaction.classificationSource.rawValue))
        values.add("source", "source", .text(transaction.source.rawValue))
        values.add("bankTransactionID", "bank_transaction_id", .text(transaction.bankTransactionID))
        values.add("description", "search_key", .text(transaction.searchKey))
        values.add("identityNote", "identity_note", .text(transaction.identityNote))
        values.add("ruleID", "rule_id", .text(transaction.ruleID?.description))
        return values
    }
}
