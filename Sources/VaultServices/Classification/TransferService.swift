import Foundation
import VaultCore
import VaultStore

/// Listing, marking and unlinking transfer pairs.
public struct TransferService: Sendable {
    let scope: HouseholdScope

    public init(scope: HouseholdScope) { self.scope = scope }

    /// A pair with both transactions, for display.
    public struct Listed: Sendable {
        public let outflow: TransactionService.Listed
        public let inflow: TransactionService.Listed
        public let isManual: Bool
        public let isCardPayment: Bool
    }

    /// Every pair, newest first.
    public func list() async throws -> [Listed] {
        try await scope.read { session in
            let stored = try await session.transfers.all()
            var byID: [Transaction.ID: Transaction] = [:]
            for transaction in try await session.transactions.all() { byID[transaction.id] = transaction }
            let listed = try await TransactionService.listed(
                stored.flatMap { [$0.pair.outflow, $0.pair.inflow] }.compactMap { byID[$0] }, session: session)
            let listedByID = Dictionary(uniqueKeysWithValues: listed.map { ($0.transaction.id, $0) })
            return stored.compactMap { entry -> Listed? in
                guard let outflow = listedByID[entry.pair.outflow], let inflow = listedByID[entry.pair.inflow] else {
                    return nil
                }
                return Listed(
                    outflow: outflow, inflow: inflow, isManual: entry.isManual, isCardPayment: entry.pair.isCardPayment)
            }
            .sorted {
                ($0.outflow.transaction.date, $0.outflow.transaction.id) > (
                    $1.outflow.transaction.date, $1.outflow.transaction.id
                )
            }
        }
    }

    /// One page of the pairs whose transactions pass the query's filters (dates, accounts, category, search;
    /// its page, page size and sort are the pairs' own).
    public func page(_ query: TransactionQuery) async throws -> Page<Listed> {
        try await scope.read { session in
            let (filter, request) = try await TransactionService.filter(for: query, session: session)
            let stored = try await session.transfers.page(filter, page: request)
            var transactions: [Transaction] = []
            for entry in stored.items {
                for id in [entry.pair.outflow, entry.pair.inflow] {
                    if let found = try await session.transactions.find(id) { transactions.append(found) }
                }
            }
            let listed = Dictionary(
                try await TransactionService.listed(transactions, session: session).map { ($0.transaction.id, $0) },
                uniquingKeysWith: { first, _ in first })
            let items = stored.items.compactMap { entry -> Listed? in
                guard let outflow = listed[entry.pair.outflow], let inflow = listed[entry.pair.inflow] else {
                    return nil
                }
                return Listed(
                    outflow: outflow, inflow: inflow, isManual: entry.isManual, isCardPayment: entry.pair.isCardPayment)
            }
            return Page(items: items, request: request, totalCount: stored.totalCount)
        }
    }

    /// The transactions a transaction could be paired with by hand: equal and opposite amount, another
    /// account, posted, not already paired; nearest date first.
    public func candidates(for id: String) async throws -> [TransactionService.Listed] {
        try await scope.read { session in
            let transaction = try await TransactionService.find(id, session: session)
            let paired = Set(try await session.transfers.all().flatMap(\.pair.key))
            let matches = try await session.transactions.all().filter {
                $0.accountID != transaction.accountID && !$0.isPending && !paired.contains($0.id)
                    && $0.amount.currency == transaction.amount.currency
                    && $0.amount.minorUnits == -transaction.amount.minorUnits
            }
            .sorted {
                (abs($0.date.days(until: transaction.date)), $0.id) < (
                    abs($1.date.days(until: transaction.date)), $1.id
                )
            }
            return try await TransactionService.listed(Array(matches.prefix(20)), session: session)
        }
    }

    /// Breaks up the pair holding a transaction; the pair is never formed again automatically.
    public func unlink(_ id: String) async throws {
        try await scope.write { session in
            let transaction = try await TransactionService.find(id, session: session)
            guard let pair = try await session.transfers.delete(containing: transaction.id) else {
                throw VaultError(.notFound, "That transaction is not part of a transfer pair.")
            }
            try await session.transfers.rememberUnlinked(pair)
            try await Self.revisit(pair.key, in: session)
        }
    }

    /// Runs the pipeline again over the transactions whose pairing a person changed.
    static func revisit(_ ids: Set<Transaction.ID>, in session: HouseholdSession) async throws {
        guard !ids.isEmpty else { return }
        let ingest = try await Ingest.open(in: session)
        let rows = try await session.transactions.find(ids.sorted())
        try await ingest.apply(try await ingest.plan(revisit: rows.map { ($0, $0) }))
    }

    /// Pairs two transactions by hand: equal and opposite amounts in different accounts.
    public func mark(_ first: String, with second: String) async throws {
        try await scope.write { session in
            let a = try await TransactionService.find(first, session: session)
            let b = try await TransactionService.find(second, session: session)
            var problems: [Problem] = []
            if a.accountID == b.accountID {
                problems.append(Problem(field: "partner", message: "Both transactions are in the same account."))
            }
            if a.amount.currency != b.amount.currency || a.amount.minorUnits != -b.amount.minorUnits {
                problems.append(
                    Problem(field: "partner", message: "A transfer's two sides have equal and opposite amounts."))
            }
            guard problems.isEmpty else { throw InvalidInput(problems) }
            // The former partners lose their pairs and are planned again with these two.
            var revisited: Set<Transaction.ID> = [a.id, b.id]
            for id in [a.id, b.id] {
                if let old = try await session.transfers.delete(containing: id) { revisited.formUnion(old.key) }
            }
            let accounts = Dictionary(uniqueKeysWithValues: try await session.accounts.all().map { ($0.id, $0) })
            let (outflow, inflow) = a.amount.isNegative ? (a, b) : (b, a)
            let kinds = [outflow.accountID, inflow.accountID].map { accounts[$0]?.kind }
            try await session.transfers.insert(
                [
                    .init(
                        outflow: outflow.id, inflow: inflow.id,
                        isCardPayment: kinds.contains(.creditCard) && kinds.contains { $0 != .creditCard })
                ],
                manual: true)
            try await Self.revisit(revisited, in: session)
        }
    }
}
