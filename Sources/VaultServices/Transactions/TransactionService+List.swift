import Foundation
import VaultCore
import VaultStore

extension TransactionService {
    /// One page of the transactions a query asks for, newest first unless asked otherwise.
    ///
    /// A category includes its children. Every part of the query is checked together; an unknown
    /// account, a bad date or a page size out of range refuses the query with all its problems.
    public func list(_ query: TransactionQuery) async throws -> Page<Listed> {
        try await scope.read { session in
            let (filter, page) = try await Self.filter(for: query, session: session)
            let result = try await session.transactions.list(filter, page: page)
            return Page(
                items: try await Self.listed(result.items, session: session), request: page,
                totalCount: result.totalCount, countIsExact: result.countIsExact)
        }
    }

    /// How many entries are scheduled (dated after today), for the lists' "Scheduled" link.
    public func scheduledCount() async throws -> Int {
        try await scope.read { session in
            let today = try await session.household().today(at: session.now)
            var filter = TransactionTiming.scheduled.narrowing(TransactionFilter(includeTransfers: true), today: today)
            filter.includeExcluded = true
            return try await session.transactions.list(filter, page: PageRequest(number: 1, size: 1)!).totalCount
        }
    }

    /// What bank sync has imported (the Transactions page's Imported Transaction Coverage).
    public func coverage() async throws -> (count: Int, oldest: LocalDate?, newest: LocalDate?) {
        try await scope.read { try await $0.transactions.coverage() }
    }

    /// A query checked and turned into the store's filter and page, refused whole with every problem.
    static func filter(
        for query: TransactionQuery, session: HouseholdSession
    ) async throws -> (TransactionFilter, PageRequest) {
        let household = try await session.household()
        let today = household.today(at: session.now)
        let accounts = try await session.accounts.all()
        let tree = try await session.categories.tree()
        var problems: [Problem] = []
        var filter = TransactionFilter(
            search: query.search, uncategorizedOnly: query.uncategorizedOnly,
            includeTransfers: query.includeTransfers, tags: TransactionFields.tagFilter(query.tags))
        TransactionFields.setFlags(
            payment: query.payment, reimbursement: query.reimbursement, on: &filter, problems: &problems)
        if let text = query.from {
            filter.from = TransactionFields.date(text, today: today, field: "from").value(collecting: &problems)
        }
        if let text = query.through {
            filter.through = TransactionFields.date(text, today: today, field: "to").value(collecting: &problems)
        }
        if let from = filter.from, let through = filter.through, through < from {
            problems.append(Problem(field: "to", message: "The end date \(through) is before the start date \(from)."))
        }
        for reference in query.accounts {
            if let account = Reference.account(reference, in: accounts, field: "account").value(collecting: &problems) {
                filter.accountIDs.insert(account.id)
            }
        }
        if let reference = query.category {
            if let category = Reference.category(reference, in: tree).value(collecting: &problems) {
                filter.categoryIDs = Set([category.id] + tree.descendants(of: category.id).map(\.id))
            }
        }
        if let text = query.classification {
            if let classification = Classification(rawValue: text.lowercased()) {
                filter.classifications = [classification]
            } else {
                problems.append(
                    Problem(field: "kind", message: "'\(text)' is not a kind; use income, expense, transfer or ignore.")
                )
            }
        }
        filter.recurringRuleID = try await RecurringRuleService.filterID(
            query.recurringRule, session: session, problems: &problems)
        if let text = query.sort {
            if let sort = TransactionFilter.SortOrder(rawValue: text.lowercased()) {
                filter.sort = sort
            } else {
                problems.append(
                    Problem(field: "sort", message: "'\(text)' is not a sort order; use desc (newest first) or asc."))
            }
        }
        var timing = query.recurringRule == nil ? TransactionTiming.history : .all
        if let text = query.timing?.trimmingCharacters(in: .whitespaces), !text.isEmpty {
            if let chosen = TransactionTiming(rawValue: text.lowercased()) {
                timing = chosen
            } else {
                problems.append(
                    Problem(
                        field: "when",
                        message: "'\(text)' is not a choice of dates; use history (today and before), scheduled "
                            + "(after today) or all."))
            }
        }
        filter = timing.narrowing(filter, today: today)
        let page = PageRequest(number: query.page, size: query.pageSize)
        if !(1...PageRequest.maximumNumber).contains(query.page) {
            problems.append(Problem(field: "page", message: "Pages count from 1 to \(PageRequest.maximumNumber)."))
        }
        if !(1...PageRequest.maximumSize).contains(query.pageSize) {
            problems.append(
                Problem(field: "page-size", message: "The page size must be 1 to \(PageRequest.maximumSize)."))
        }
        guard problems.isEmpty, let page else { throw InvalidInput(problems) }
        return (filter, page)
    }
}
