import Foundation
import SQLKit
import VaultCore

/// Sums of a household's transactions for reports, computed by the database from the covering
/// `transactions_totals` index rather than by reading rows.
public struct TallyRepository: Sendable {
    let session: HouseholdSession

    /// How tallies are grouped in time.
    public enum Grouping: Sendable {
        /// One tally per account, classification and category over the whole filter.
        case none
        /// One per day as well.
        case day
        /// One per month as well, dated the 1st.
        case month
    }

    /// Income and expense tallies of the transactions that pass `filter`, leaving out pending and
    /// excluded ones (spec `ghostvault.md` section 8: only income and expenses count).
    public func tallies(_ filter: TransactionFilter, grouping: Grouping) async throws -> [Tally] {
        var filter = filter
        filter.includeTransfers = true
        filter.includeExcluded = false
        filter.includePending = false
        filter.classifications = (filter.classifications ?? [.income, .expense]).intersection([.income, .expense])
        // Months are summed here from days: grouped by the day, as the covering index orders its rows (household,
        // date, account, classification, category), the database sorts a year at 1M in 127 ms instead of 180 ms by
        // a month expression, and the few thousand days cost little to add up.
        let period: SQLQueryString = grouping == .none ? "NULL" : "t.date"
        // The period first, in the index's order: a year grouped by day sorts three times faster than with the
        // period last.
        let groupByPeriod: SQLQueryString = grouping == .none ? "" : "\(period), "
        let candidates = try await TransactionRepository(session: session).searchCandidates(filter)
        let rows = try await session.sql.raw(
            """
            SELECT t.account_id, t.classification, t.category_id, \(period) AS period,
                   CAST(SUM(t.amount_minor) AS BIGINT) AS total, COUNT(*) AS n
            FROM transactions t WHERE\u{20}
            """
                + TransactionRepository.conditions(
                    filter, household: session.household, candidates: candidates,
                    groupedInIndexOrder: session.sql.dialect.name == "sqlite")
                    + """
                     AND t.pending = \(bind: false)
                    GROUP BY \(groupByPeriod)t.account_id, t.classification, t.category_id
                    """
        ).all()
        let tallies = try rows.map { row in
            Tally(
                accountID: try row.id("account_id"), classification: try row.value("classification"),
                categoryID: try row.optionalID("category_id"),
                date: grouping == .none ? nil : try row.localDate("period"),
                minorUnits: try row.int("total"), count: Int(try row.int("n")))
        }
        guard grouping == .month else { return tallies }
        var positions: [Tally: Int] = [:]
        var months: [Tally] = []
        for var tally in tallies {
            tally.date = tally.date.map { CalendarMonth(containing: $0).first }
            var key = tally
            (key.minorUnits, key.count) = (0, 0)
            if let position = positions[key] {
                // Checked as the database's sum was: a month past 64-bit minor units is an error, not a crash.
                let (sum, overflow) = months[position].minorUnits.addingReportingOverflow(tally.minorUnits)
                guard !overflow else { throw MoneyError.overflow }
                months[position].minorUnits = sum
                months[position].count += tally.count
            } else {
                positions[key] = months.count
                months.append(tally)
            }
        }
        return months
    }

    /// Each account's posted transactions summed per day over a range: what moves balances.
    public func dailyNet(from: LocalDate, through: LocalDate) async throws -> [Account.ID: [LocalDate: Int64]] {
        let rows = try await session.sql.raw(
            """
            SELECT t.account_id, t.date, CAST(SUM(t.amount_minor) AS BIGINT) AS total
            FROM transactions t
            WHERE t.household_id = \(bind: session.household)
              AND t.date BETWEEN \(bind: Int64(from.compactValue)) AND \(bind: Int64(through.compactValue))
              AND t.pending = \(bind: false)
            GROUP BY t.account_id, t.date
            """
        ).all()
        var net: [Account.ID: [LocalDate: Int64]] = [:]
        for row in rows {
            net[try row.id("account_id"), default: [:]][try row.localDate("date")] = try row.int("total")
        }
        return net
    }

    /// Every account's balance snapshots in a range.
    public func snapshots(from: LocalDate, through: LocalDate) async throws -> [Account.ID: [NetWorthHistory.Anchor]] {
        let rows = try await session.sql.raw(
            """
            SELECT account_id, date, balance_minor FROM balance_snapshots
            WHERE household_id = \(bind: session.household)
              AND date BETWEEN \(bind: Int64(from.compactValue)) AND \(bind: Int64(through.compactValue))
            """
        ).all()
        var anchors: [Account.ID: [NetWorthHistory.Anchor]] = [:]
        for row in rows {
            anchors[try row.id("account_id"), default: []].append(
                .init(date: try row.localDate("date"), minorUnits: try row.int("balance_minor")))
        }
        return anchors
    }

    /// A range's expenses and transfers grouped by account, classification, category, payee, a person's
    /// bucket choice and the direction of the money, for the 50/30/20 lens: every row of a group lands alike.
    ///
    /// `excluding` leaves those transactions out (the ones a person chose to keep out of an LLM export).
    public func lensGroups(
        from: LocalDate, through: LocalDate, excluding: [Transaction.ID] = []
    ) async throws -> [LensReport.Group] {
        let leftOut: SQLQueryString =
            excluding.isEmpty ? "" : " AND t.id NOT IN (\(binds: excluding.map(\.description)))"
        let rows = try await session.sql.raw(
            """
            SELECT t.account_id, t.classification, t.category_id, t.payee, t.description, c.bucket,
                   CASE WHEN p.inflow_id IS NULL THEN 0 ELSE 1 END AS paired,
                   CAST(SUM(t.amount_minor) AS BIGINT) AS total, COUNT(*) AS n
            """ + lensSource(from: from, through: through) + leftOut
                + """
                 GROUP BY t.account_id, t.classification, t.category_id, t.payee, t.description, c.bucket,
                          CASE WHEN p.inflow_id IS NULL THEN 0 ELSE 1 END,
                          CASE WHEN t.amount_minor > 0 THEN 1 ELSE 0 END
                """
        ).all()
        return try rows.map { try Self.lensGroup($0, total: "total", count: Int(try $0.int("n"))) }
    }

    /// A range's transactions one by one as the lens reads them (each a group of one), for the list behind a
    /// segment; with `only`, just that transaction.
    ///
    /// With `window`, a window of them in a segment's order: what each adds to its bucket, largest first (an
    /// expense adds its amount negated, a transfer its amount), then newest, then by id.
    public func lensTransactions(
        from: LocalDate, through: LocalDate, only: Transaction.ID? = nil, window: (offset: Int, limit: Int)? = nil
    ) async throws -> [LensTransaction] {
        let one: SQLQueryString = only.map { " AND t.id = \(bind: $0.description)" } ?? ""
        let ordered: SQLQueryString =
            window.map {
                """
                 ORDER BY CASE WHEN t.classification = 'expense' THEN -t.amount_minor ELSE t.amount_minor END DESC,
                          t.date DESC, t.id DESC
                 LIMIT \(bind: Int64($0.limit)) OFFSET \(bind: Int64($0.offset))
                """
            } ?? ""
        let rows = try await session.sql.raw(
            """
            SELECT t.id, t.date, t.account_id, t.classification, t.category_id, t.payee, t.description, c.bucket,
                   CASE WHEN p.inflow_id IS NULL THEN 0 ELSE 1 END AS paired, t.amount_minor
            """ + lensSource(from: from, through: through) + one + ordered
        ).all()
        return try rows.map { row in
            LensTransaction(
                id: try row.id("id"), date: try row.localDate("date"),
                group: try Self.lensGroup(row, total: "amount_minor", count: 1))
        }
    }

    /// The lens's rows: posted, counted expenses and transfers in a range, with their pairing and choice.
    func lensSource(from: LocalDate, through: LocalDate) -> SQLQueryString {
        """
         FROM transactions t
        LEFT JOIN transfer_pairs p ON p.inflow_id = t.id AND p.household_id = t.household_id
        LEFT JOIN lens_transaction_choices c ON c.transaction_id = t.id AND c.household_id = t.household_id
        WHERE t.household_id = \(bind: session.household)
          AND t.date BETWEEN \(bind: Int64(from.compactValue)) AND \(bind: Int64(through.compactValue))
          AND t.pending = \(bind: false) AND t.excluded = \(bind: false)
          AND t.classification IN ('expense', 'transfer')
        """
    }

    static func lensGroup(_ row: any SQLRow, total: String, count: Int) throws -> LensReport.Group {
        LensReport.Group(
            accountID: try row.id("account_id"), classification: try row.value("classification"),
            categoryID: try row.optionalID("category_id"),
            name: try row.optionalText("payee").flatMap { $0.isEmpty ? nil : $0 } ?? row.text("description"),
            description: try row.text("description"), isPairedInflow: try row.int("paired") == 1,
            choice: try row.optionalValue("bucket", as: LensBucket.self), minorUnits: try row.int(total), count: count)
    }

    /// The money that could be a recurring series in a range: money out as expenses and transfers (before
    /// pairing is checked), and money in as income (paychecks).
    static let chargeConditions: SQLQueryString = """
        t.pending = \(bind: false) AND t.excluded = \(bind: false)
          AND ((t.amount_minor < 0 AND t.classification IN ('expense', 'transfer'))
               OR (t.amount_minor > 0 AND t.classification = 'income'))
        """

    /// How often each payee (or description) was charged to each account in a range, with the first and
    /// last day: the cheap first pass of recurring detection, done by the database.
    public func chargeCounts(
        from: LocalDate, through: LocalDate
    ) async throws -> [(name: String, accountID: Account.ID, count: Int, first: LocalDate, last: LocalDate)] {
        let rows = try await session.sql.raw(
            """
            SELECT COALESCE(NULLIF(t.payee, ''), t.description) AS name, t.account_id, COUNT(*) AS n,
                   MIN(t.date) AS first_date, MAX(t.date) AS last_date
            FROM transactions t
            WHERE t.household_id = \(bind: session.household)
              AND t.date BETWEEN \(bind: Int64(from.compactValue)) AND \(bind: Int64(through.compactValue)) AND
            """ + " " + Self.chargeConditions
                + """
                 GROUP BY COALESCE(NULLIF(t.payee, ''), t.description), t.account_id
                """
        ).all()
        return try rows.map {
            (
                try $0.text("name"), try $0.id("account_id"), Int(try $0.int("n")), try $0.localDate("first_date"),
                try $0.localDate("last_date")
            )
        }
    }

    /// Money over a range that could be a recurring series: expenses, transfers that pay a loan or fill a
    /// savings account (card payments are not bills; the purchases were), and income. With `names`, only charges whose
    /// payee (or description) is one of them.
    public func charges(
        from: LocalDate, through: LocalDate, names: [String]? = nil
    ) async throws -> [RecurringDetector.Charge] {
        var charges: [RecurringDetector.Charge] = []
        let batches: [[String]?] = names.map { $0.chunked(by: 500).map { Optional(Array($0)) } } ?? [nil]
        for batch in batches {
            if let batch, batch.isEmpty { continue }
            let only: SQLQueryString =
                batch.map { "AND COALESCE(NULLIF(t.payee, ''), t.description) IN (\(binds: $0))" } ?? ""
            let rows = try await session.sql.raw(
                """
                SELECT t.id, t.account_id, t.category_id, t.date, t.amount_minor, a.currency, a.currency_exponent,
                       COALESCE(NULLIF(t.payee, ''), t.description) AS name, t.description, pa.kind AS partner_kind
                FROM transactions t
                JOIN accounts a ON a.id = t.account_id AND a.household_id = t.household_id
                LEFT JOIN transfer_pairs p ON p.outflow_id = t.id AND p.household_id = t.household_id
                LEFT JOIN transactions pt ON pt.id = p.inflow_id AND pt.household_id = t.household_id
                LEFT JOIN accounts pa ON pa.id = pt.account_id AND pa.household_id = t.household_id
                WHERE t.household_id = \(bind: session.household)
                  AND t.date BETWEEN \(bind: Int64(from.compactValue)) AND \(bind: Int64(through.compactValue))
                  AND (t.classification IN ('expense', 'income')
                       OR (t.classification = 'transfer' AND p.card_payment = \(bind: false)
                           AND pa.kind IN ('loan', 'mortgage', 'savings', 'investment', 'brokerage')))
                  AND
                """ + " " + Self.chargeConditions + " " + only
            ).all()
            for row in rows {
                charges.append(
                    RecurringDetector.Charge(
                        transactionID: try row.id("id"), accountID: try row.id("account_id"),
                        categoryID: try row.optionalID("category_id"), date: try row.localDate("date"),
                        amount: Money(
                            minorUnits: try row.int("amount_minor"),
                            currency: try row.currency("currency", exponent: "currency_exponent")),
                        name: try row.text("name"), description: try row.text("description"),
                        partnerKind: try row.optionalValue("partner_kind", as: AccountKind.self)))
            }
        }
        return charges
    }
}
