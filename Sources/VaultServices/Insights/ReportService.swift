import Foundation
import VaultCore
import VaultStore

/// The answers people open the app for: net worth, the month's income and spending, budgets,
/// recurring bills, the 50/30/20 lens and the analysis tab. Each reads sums from the store and hands
/// them to a calculator in VaultCore; nothing here does arithmetic on money itself.
public struct ReportService: Sendable {
    let scope: HouseholdScope

    /// Net worth now, with this month's change (from the last day of last month).
    public func netWorth() async throws -> (netWorth: NetWorth, change: NetWorthChange?) {
        try await scope.read { session in
            let household = try await session.household()
            let today = household.today(at: scope.vault.now)
            let accounts = try await session.accounts.asOf(today)
            let worth = try NetWorth(
                accounts: accounts, institutions: try await session.institutions.all(),
                currency: household.baseCurrency)
            let since = CalendarMonth(containing: today).previous.last
            guard let range = DateRange(start: since, end: today) else { return (worth, nil) }
            let history = try await Self.history(
                range, today: today, currency: household.baseCurrency,
                accounts: accounts, session: session)
            let change = try history.points.first.map {
                try NetWorthChange(since: since, before: $0.netWorth, now: worth.totals.netWorth)
            }
            return (worth, change)
        }
    }

    /// Net worth day by day over a timeframe ending today, or a custom range.
    public func netWorthHistory(_ range: HistoryRange) async throws -> NetWorthHistory {
        try await scope.read { session in
            let household = try await session.household()
            let today = household.today(at: scope.vault.now)
            return try await Self.history(
                range.dates(today: today), today: today, currency: household.baseCurrency,
                accounts: try await session.accounts.asOf(today), session: session)
        }
    }

    /// One account's balance day by day over a timeframe ending today (the account page's sparkline), from its
    /// balance snapshots and posted transactions, whether or not it counts in net worth.
    public func accountBalances(
        _ id: Account.ID, _ range: HistoryRange
    ) async throws -> [(date: LocalDate, balance: Money)] {
        try await scope.read { session in
            let today = try await session.household().today(at: scope.vault.now)
            guard var account = try await session.accounts.asOf(today).first(where: { $0.id == id }) else {
                throw VaultError(.notFound, "There is no account \(id) in this household.")
            }
            // Counted here whatever its settings, so a hidden or tracking-only account still has its line.
            account.isHidden = false
            account.isTrackingOnly = false
            account.isActive = true
            let history = try await Self.history(
                range.dates(today: today), today: today, currency: account.currency, accounts: [account],
                session: session)
            return history.points.map { point in
                (
                    point.date,
                    account.isLiability
                        ? Money(minorUnits: -point.liabilities.minorUnits, currency: account.currency) : point.assets
                )
            }
        }
    }

    static func history(
        _ range: DateRange, today: LocalDate, currency: Currency, accounts: [Account], session: HouseholdSession
    ) async throws -> NetWorthHistory {
        let end = max(range.end, today)
        var anchors = try await session.tallies.snapshots(from: range.start, through: end)
        for account in accounts {
            // The current balance is the latest truth; it replaces a snapshot of the same day.
            let current = NetWorthHistory.Anchor(
                date: account.balanceDate ?? today, minorUnits: account.balance.minorUnits)
            anchors[account.id] = (anchors[account.id] ?? []).filter { $0.date != current.date } + [current]
        }
        let earliest = anchors.values.joined().map(\.date).min() ?? range.start
        let latest = anchors.values.joined().map(\.date).max() ?? end
        let net = try await session.tallies.dailyNet(from: min(range.start, earliest), through: max(end, latest))
        return try NetWorthHistory(
            range: range, currency: currency, accounts: accounts, anchors: anchors, dailyNet: net)
    }

    /// A month's income, spending, savings rate, categories, days and the months before it.
    ///
    /// - Parameters:
    ///   - month: `YYYY-MM`; nil for the current month.
    ///   - seriesMonths: how many months the Income vs Spending series holds, ending with this one (1 to 120).
    ///   - tags: only transactions carrying any of these tags count (every figure, the months before included);
    ///     empty for all.
    ///   - payment, reimbursement: only transactions with this flag (`paid`, `unpaid`, `none` for not set; the
    ///     same words for reimbursement); nil for all.
    public func month(
        _ month: String? = nil, seriesMonths: Int = 12, tags: [String] = [], payment: String? = nil,
        reimbursement: String? = nil
    ) async throws -> MonthReport {
        try await scope.read { session in
            let household = try await session.household()
            let today = household.today(at: scope.vault.now)
            var problems: [Problem] = []
            let chosen = Self.month(month, today: today).value(collecting: &problems)
            if !(1...120).contains(seriesMonths) {
                problems.append(Problem(field: "months", message: "The chart holds 1 to 120 months."))
            }
            var base = TransactionFilter(tags: TransactionFields.tagFilter(tags))
            TransactionFields.setFlags(payment: payment, reimbursement: reimbursement, on: &base, problems: &problems)
            guard problems.isEmpty, let chosen else { throw InvalidInput(problems) }
            let tallies = session.tallies
            // Reports are history: scheduled entries (dated after today) count from their day on.
            func between(_ first: LocalDate, _ last: LocalDate) -> TransactionFilter {
                var filter = base
                filter.from = first
                filter.through = last
                return TransactionTiming.history.narrowing(filter, today: today)
            }
            let seriesStart = CalendarMonth(containing: chosen.first.adding(months: -(seriesMonths - 1)))
            return try MonthReport(
                month: chosen, through: today, currency: household.baseCurrency,
                accounts: try await session.accounts.all(), tree: try await session.categories.tree(),
                days: try await tallies.tallies(between(chosen.first, chosen.last), grouping: .day),
                previous: try await tallies.tallies(
                    between(chosen.previous.first, chosen.previous.last), grouping: .none),
                months: seriesMonths > 1
                    ? try await tallies.tallies(between(seriesStart.first, chosen.previous.last), grouping: .month)
                    : [],
                seriesMonths: seriesMonths)
        }
    }

    /// A month's budget: targets against spending, totals, left to spend, and the uncategorised spending.
    public func budget(
        _ month: String? = nil
    ) async throws -> (
        report: BudgetReport, uncategorized: [TransactionService.Listed]
    ) {
        try await scope.read { session in
            let household = try await session.household()
            let today = household.today(at: scope.vault.now)
            let chosen = try Self.month(month, today: today).mapError { InvalidInput([$0]) }.get()
            let report = try BudgetReport(
                month: chosen, currency: household.baseCurrency, accounts: try await session.accounts.all(),
                tree: try await session.categories.tree(),
                tallies: try await session.tallies.tallies(
                    TransactionTiming.history.narrowing(
                        TransactionFilter(from: chosen.first, through: chosen.last), today: today),
                    grouping: .none),
                targets: try await session.budgets.all(currency: household.baseCurrency))
            var filter = TransactionTiming.history.narrowing(
                TransactionFilter(from: chosen.first, through: chosen.last, uncategorizedOnly: true), today: today)
            filter.classifications = [.expense]
            Self.onlyCounted(&filter, accounts: try await session.accounts.all(), currency: household.baseCurrency)
            filter.includeExcluded = false
            filter.includePending = false
            let page = try await session.transactions.list(
                filter, page: PageRequest(number: 1, size: PageRequest.maximumSize)!)
            return (report, try await TransactionService.listed(page.items, session: session))
        }
    }

    /// The recurring series live today, the bills due in the next `horizonDays`, and the monthly total.
    ///
    /// Detection reads up to four years of charges, so its answer is kept until the household changes or
    /// the day turns; `refresh` recomputes it regardless.
    public func recurring(horizonDays: Int = 30, refresh: Bool = false) async throws -> RecurringReport {
        guard (1...366).contains(horizonDays) else {
            throw VaultError.wrap(InvalidInput(field: "days", "Upcoming bills look 1 to 366 days ahead."))
        }
        let found = try await scope.read { session in
            let household = try await session.household()
            let today = household.today(at: scope.vault.now)
            let sequence = try await session.changeSequence()
            let decisions = try await session.recurring.decisions()
            let rules = try await session.recurringRules.all()
            if !refresh, let cached = try await session.recurring.cachedSeries(), cached.sequence == sequence,
                cached.computedOn == today
            {
                return (
                    household: household, today: today, sequence: sequence, series: cached.series, decisions: decisions,
                    rules: rules, fresh: false
                )
            }
            return (
                household: household, today: today, sequence: sequence,
                series: try await Self.detect(today: today, session: session), decisions: decisions, rules: rules,
                fresh: true
            )
        }
        if found.fresh {
            try await scope.keepDerived {
                try await $0.recurring.cache(found.series, sequence: found.sequence, on: found.today)
            }
        }
        return try RecurringReport(
            detected: found.series, decisions: found.decisions, today: found.today,
            currency: found.household.baseCurrency,
            horizonDays: horizonDays, rules: found.rules)
    }

    static func detect(today: LocalDate, session: HouseholdSession) async throws -> [RecurringSeries] {
        // Counts per payee first; then every charge of the candidates, and of the last month for daily series.
        let from = today.adding(days: -RecurringDetector.lookbackDays)
        let candidates = try await session.tallies.chargeCounts(from: from, through: today)
            .filter { RecurringDetector.isCandidate(count: $0.count, first: $0.first, last: $0.last) }
        let names = Array(Set(candidates.map(\.name))).sorted()
        let charges =
            try await session.tallies.charges(from: from, through: today, names: names)
            + session.tallies.charges(from: today.adding(days: -RecurringDetector.dailyLookbackDays), through: today)
        return try RecurringDetector.detect(
            charges, today: today, accounts: try await session.accounts.all(),
            tree: try await session.categories.tree(),
            lensOverrides: try await session.lens.overrides())
    }

    /// A month through the 50/30/20 lens.
    public func lens(_ month: String? = nil) async throws -> LensReport {
        try await scope.read { session in
            let household = try await session.household()
            let today = household.today(at: scope.vault.now)
            let chosen = try Self.month(month, today: today).mapError { InvalidInput([$0]) }.get()
            return try LensReport(
                month: chosen, currency: household.baseCurrency, accounts: try await session.accounts.all(),
                tree: try await session.categories.tree(),
                groups: try await session.tallies.lensGroups(from: chosen.first, through: min(chosen.last, today)),
                targets: try await session.lens.targets() ?? .standard, overrides: try await session.lens.overrides())
        }
    }

    /// The Analysis tab: expense or income over a year, month or week, with the period's transactions.
    public func analysis(
        _ query: AnalysisQuery
    ) async throws -> (
        report: AnalysisReport, transactions: Page<TransactionService.Listed>
    ) {
        try await scope.read { session in
            let household = try await session.household()
            let today = household.today(at: scope.vault.now)
            let tree = try await session.categories.tree()
            var problems: [Problem] = []
            let type = Classification(rawValue: query.type.lowercased())
            if type != .income && type != .expense {
                problems.append(
                    Problem(field: "type", message: "'\(query.type)' is not a type; use expense or income."))
            }
            let timeframe = AnalysisTimeframe(rawValue: query.timeframe.lowercased())
            if timeframe == nil {
                problems.append(
                    Problem(
                        field: "timeframe", message: "'\(query.timeframe)' is not a timeframe; use year, month or week."
                    ))
            }
            var date = today
            if let text = query.date {
                date = TransactionFields.date(text, today: today).value(collecting: &problems) ?? today
            }
            var filter = TransactionFilter(includeTransfers: false, tags: TransactionFields.tagFilter(query.tags))
            if !query.categories.isEmpty {
                var ids: Set<Category.ID> = []
                for reference in query.categories {
                    if let category = Reference.category(reference, in: tree).value(collecting: &problems) {
                        ids.formUnion([category.id] + tree.descendants(of: category.id).map(\.id))
                    }
                }
                filter.categoryIDs = ids
            }
            TransactionFields.setFlags(
                payment: query.payment, reimbursement: query.reimbursement, on: &filter, problems: &problems,
                fields: ("paid", "reimbursed"))
            filter.recurringRuleID = try await RecurringRuleService.filterID(
                query.recurringRule, session: session, problems: &problems)
            let page = PageRequest(number: query.page, size: query.pageSize)
            if page == nil {
                problems.append(
                    Problem(
                        field: "page-size",
                        message: "Pages count from 1 and hold 1 to \(PageRequest.maximumSize) transactions."))
            }
            guard problems.isEmpty, let type, let timeframe, let page else { throw InvalidInput(problems) }
            let period = AnalysisPeriod(timeframe, containing: date, firstWeekday: household.firstWeekday)
            let narrowed = Self.narrowed(period.range, from: query.from, through: query.through, today: today)
            let range: DateRange
            switch narrowed {
            case .success(let days): range = days
            case .failure(let invalid): throw invalid
            }
            filter.from = range.start
            filter.through = range.end
            filter = TransactionTiming.history.narrowing(filter, today: today)
            filter.classifications = [type]
            let report = try AnalysisReport(
                type: type, period: period, currency: household.baseCurrency,
                accounts: try await session.accounts.all(), tree: tree,
                days: try await session.tallies.tallies(filter, grouping: timeframe == .year ? .month : .day))
            filter.includeExcluded = false
            filter.includePending = false
            Self.onlyCounted(&filter, accounts: try await session.accounts.all(), currency: household.baseCurrency)
            let listed = try await session.transactions.list(filter, page: page)
            return (
                report,
                Page(
                    items: try await TransactionService.listed(listed.items, session: session), request: page,
                    totalCount: listed.totalCount, countIsExact: listed.countIsExact)
            )
        }
    }

    /// The days of `period` between `from` and `through` (either may be nil); refused when a day is not a date
    /// or lies outside the period, or the first is after the last.
    static func narrowed(
        _ period: DateRange, from: String?, through: String?, today: LocalDate
    ) -> Result<DateRange, InvalidInput> {
        var problems: [Problem] = []
        var start = period.start
        var end = period.end
        for (field, text) in [("from", from), ("through", through)] {
            guard let text = TransactionFields.optional(text) else { continue }
            guard let day = TransactionFields.date(text, today: today, field: field).value(collecting: &problems) else {
                continue
            }
            guard period.contains(day) else {
                problems.append(
                    Problem(field: field, message: "\(day) is outside \(period); choose a day inside the period shown.")
                )
                continue
            }
            if field == "from" { start = day } else { end = day }
        }
        guard problems.isEmpty else { return .failure(InvalidInput(problems)) }
        guard let range = DateRange(start: start, end: end) else {
            return .failure(InvalidInput(field: "from", "The first day is after the last; swap them."))
        }
        return .success(range)
    }

    /// Narrows a list to the accounts whose transactions the totals count, so a list adds up to its report.
    static func onlyCounted(_ filter: inout TransactionFilter, accounts: [Account], currency: Currency) {
        let counted = accounts.filter { IncomeAndSpending.counts($0) && $0.currency == currency }.map(\.id)
        if counted.isEmpty {
            filter.classifications = []
        } else {
            filter.accountIDs = Set(counted)
        }
    }

    /// A month as typed (`YYYY-MM`), or the current one.
    static func month(_ text: String?, today: LocalDate) -> Result<CalendarMonth, Problem> {
        guard let text else { return .success(CalendarMonth(containing: today)) }
        guard let month = CalendarMonth(iso: text.trimmingCharacters(in: .whitespaces)) else {
            return .failure(
                Problem(field: "month", message: "'\(text)' is not a month; write it as YYYY-MM, like 2026-11."))
        }
        return .success(month)
    }
}

/// What the Analysis tab asks for (spec `expense-tracker.md` 3.1 and 3.2).
public struct AnalysisQuery: Sendable {
    /// `expense` or `income`.
    public var type: String
    /// `year`, `month` or `week`.
    public var timeframe: String
    /// A day inside the period (`YYYY-MM-DD`, `today`); nil for today.
    public var date: String?
    /// The first and last days to include, narrowing the period (spec 3.2, "constrained to current timeframe");
    /// nil for the period's own.
    public var from: String?
    public var through: String?
    /// Category names or ids (children included); empty for all.
    public var categories: [String]
    public var tags: [String]
    /// `paid` or `unpaid`.
    public var payment: String?
    /// `reimbursed` or `unreimbursed`.
    public var reimbursement: String?
    /// Only the instances of this recurring rule (its id or description).
    public var recurringRule: String?
    public var page: Int
    public var pageSize: Int

    public init(
        type: String = "expense", timeframe: String = "month", date: String? = nil, categories: [String] = [],
        tags: [String] = [], payment: String? = nil, reimbursement: String? = nil, page: Int = 1, pageSize: Int = 50
    ) {
        self.type = type
        self.timeframe = timeframe
        self.date = date
        self.categories = categories
        self.tags = tags
        self.payment = payment
        self.reimbursement = reimbursement
        self.page = page
        self.pageSize = pageSize
    }
}
