import Foundation
import SQLKit
import VaultCore

/// A household's rules, a person's and the built-in patterns.
public struct RuleRepository: Sendable {
    let session: HouseholdSession

    /// Every rule, by name ignoring case, then id (the order the Rules page lists them in).
    public func all() async throws -> [Rule] {
        try await session.sql.raw("SELECT * FROM rules WHERE household_id = \(bind: session.household)").all()
            .map(Self.rule(from:))
            .sorted { ($0.name.lowercased(), $0.id) < ($1.name.lowercased(), $1.id) }
    }

    public func find(_ id: Rule.ID) async throws -> Rule? {
        try await session.sql.raw(
            "SELECT * FROM rules WHERE id = \(bind: id.description) AND household_id = \(bind: session.household)"
        ).first().map(Self.rule(from:))
    }

    public func insert(_ rules: [Rule]) async throws {
        for rule in rules { try session.requireOwn(rule.householdID, "rule") }
        try await session.insertRows(
            "rules", entity: "rule", rows: rules.map { ($0.id.description, Self.values(of: $0)) },
            extra: [("created_at", .int(session.now.unixSeconds)), ("updated_at", .int(session.now.unixSeconds))])
    }

    /// Saves the rule's changed fields; returns their names.
    @discardableResult
    public func update(_ rule: Rule) async throws -> [String] {
        guard let old = try await find(rule.id) else {
            throw StoreError(.notFound, "There is no rule \(rule.id) in this household.")
        }
        return try await session.updateRow(
            "rules", entity: "rule", id: rule.id, from: Self.values(of: old), to: Self.values(of: rule))
    }

    public func delete(_ id: Rule.ID) async throws -> Bool {
        try await session.deleteRow("rules", entity: "rule", id: id)
    }

    static func values(of rule: Rule) -> RowValues {
        var values = RowValues()
        values.add("id", "id", .text(rule.id.description))
        values.add("name", "name", .text(rule.name))
        values.add("categoryID", "category_id", .text(rule.categoryID?.description))
        values.add("classification", "classification", .text(rule.classification?.rawValue))
        values.add("tagsToAdd", "tags", .text(json(rule.tagsToAdd)))
        values.add("excludeFromTotals", "exclude_from_totals", .bool(rule.excludeFromTotals))
        values.add("join", "join_mode", .text(rule.join.rawValue))
        values.add("priority", "priority", .int(Int64(rule.priority)))
        values.add("isActive", "active", .bool(rule.isActive))
        values.add("inactiveReason", "inactive_reason", .text(rule.inactiveReason))
        values.add("conditions", "conditions", .text(json(rule.conditions)))
        values.add("origin", "origin", .text(rule.origin.rawValue))
        return values
    }

    static func rule(from row: any SQLRow) throws -> Rule {
        let conditionsText = try row.text("conditions")
        let tagsText = try row.text("tags")
        guard let conditions = try? JSONDecoder().decode([RuleCondition].self, from: Data(conditionsText.utf8)),
            let tags = try? JSONDecoder().decode([String].self, from: Data(tagsText.utf8))
        else {
            throw StoreError(.corrupt, "A stored rule's filters could not be read; edit or delete the rule.")
        }
        return Rule(
            id: try row.id("id"), householdID: try row.id("household_id"), name: try row.text("name"),
            categoryID: try row.optionalID("category_id"), classification: try row.optionalValue("classification"),
            tagsToAdd: tags, excludeFromTotals: try row.bool("exclude_from_totals"), join: try row.value("join_mode"),
            priority: Int(try row.int("priority")), isActive: try row.bool("active"),
            inactiveReason: try row.optionalText("inactive_reason"), conditions: conditions,
            origin: try row.value("origin"))
    }

    private static func json(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: (try? encoder.encode(value)) ?? Data("[]".utf8), as: UTF8.self)
    }
}

/// A household's transfer pairs and the pairs a person unlinked.
public struct TransferRepository: Sendable {
    let session: HouseholdSession

    /// A stored pair.
    public typealias StoredPair = TransferMatcher.StoredPair

    public func all() async throws -> [StoredPair] {
        try await session.sql.raw(
            "SELECT * FROM transfer_pairs WHERE household_id = \(bind: session.household) ORDER BY created_at, outflow_id"
        ).all().map { row in
            StoredPair(
                pair: TransferMatcher.Pair(
                    outflow: try row.id("outflow_id"), inflow: try row.id("inflow_id"),
                    isCardPayment: try row.bool("card_payment")),
                isManual: try row.text("kind") == "manual")
        }
    }

    /// The pairs with a side among `ids`.
    public func involving(_ ids: [Transaction.ID]) async throws -> [StoredPair] {
        var found: Set<StoredPair> = []
        for chunk in ids.chunked(by: 400) where !chunk.isEmpty {
            let binds = chunk.map(\.description)
            let rows = try await session.sql.raw(
                """
                SELECT * FROM transfer_pairs WHERE household_id = \(bind: session.household)
                  AND (outflow_id IN (\(binds: binds)) OR inflow_id IN (\(binds: binds)))
                """
            ).all()
            found.formUnion(try rows.map(Self.stored(from:)))
        }
        return found.sorted { $0.pair.outflow < $1.pair.outflow }
    }

    /// Removes these pairs (by their outflow side) and logs each.
    public func delete(_ pairs: [TransferMatcher.Pair]) async throws {
        let log = try session.log()
        for chunk in pairs.chunked(by: 500) where !chunk.isEmpty {
            try await session.sql.raw(
                """
                DELETE FROM transfer_pairs WHERE household_id = \(bind: session.household)
                  AND outflow_id IN (\(binds: chunk.map(\.outflow.description)))
                """
            ).run()
        }
        try await log.record(
            pairs.map {
                ChangeLog.Entry(entity: "transfer", entityID: $0.outflow.description, operation: .delete, fields: [])
            })
    }

    /// One page of the pairs whose transactions pass `filter` (dates on the outflow; accounts, categories and
    /// the search on either side), ordered by the outflow's date, with the total count.
    ///
    /// The query starts from the household's pairs (a few hundred, or thousands) and looks each side up by its
    /// primary key, rather than scanning transactions for the few that are paired.
    public func page(_ filter: TransactionFilter, page: PageRequest) async throws -> Page<StoredPair> {
        func side(_ column: String, _ condition: SQLQueryString) -> SQLQueryString {
            """
            EXISTS (SELECT 1 FROM transactions x WHERE x.id = p.\(unsafeRaw: column)
                    AND x.household_id = p.household_id AND \(condition))
            """
        }
        func either(_ condition: SQLQueryString) -> SQLQueryString {
            "(" + side("outflow_id", condition) + " OR " + side("inflow_id", condition) + ")"
        }
        var parts: [SQLQueryString] = ["p.household_id = \(bind: session.household)"]
        if let from = filter.from { parts.append(side("outflow_id", "x.date >= \(bind: Int64(from.compactValue))")) }
        if let through = filter.through {
            parts.append(side("outflow_id", "x.date <= \(bind: Int64(through.compactValue))"))
        }
        if let folded = filter.foldedSearch { parts.append(either("x.search_key LIKE \(bind: "%" + folded + "%")")) }
        if !filter.accountIDs.isEmpty {
            parts.append(either("x.account_id IN (\(binds: filter.accountIDs.map(\.description).sorted()))"))
        }
        if let categories = filter.categoryIDs {
            parts.append(
                categories.isEmpty
                    ? "1 = 0" : either("x.category_id IN (\(binds: categories.map(\.description).sorted()))"))
        }
        let conditions = parts.joined(separator: " AND ")
        let direction = filter.sort == .newestFirst ? "DESC" : "ASC"
        let rows = try await session.sql.raw(
            "SELECT p.* FROM transfer_pairs p WHERE " + conditions + """
                 ORDER BY (SELECT o.date FROM transactions o WHERE o.id = p.outflow_id) \(unsafeRaw: direction),
                          p.outflow_id \(unsafeRaw: direction)
                 LIMIT \(bind: Int64(page.size)) OFFSET \(bind: Int64(page.offset))
                """
        ).all()
        let count = try await session.sql.raw("SELECT COUNT(*) AS n FROM transfer_pairs p WHERE " + conditions).first()
        return Page(
            items: try rows.map(Self.stored(from:)), request: page, totalCount: Int(try count?.int("n") ?? 0))
    }

    static func stored(from row: any SQLRow) throws -> StoredPair {
        StoredPair(
            pair: TransferMatcher.Pair(
                outflow: try row.id("outflow_id"), inflow: try row.id("inflow_id"),
                isCardPayment: try row.bool("card_payment")),
            isManual: try row.text("kind") == "manual")
    }

    public func insert(_ pairs: [TransferMatcher.Pair], manual: Bool) async throws {
        let log = try session.log()
        for chunk in pairs.chunked(by: 1_000) where !chunk.isEmpty {
            let insert = session.sql.insert(into: "transfer_pairs")
                .columns("household_id", "outflow_id", "inflow_id", "kind", "card_payment", "created_at")
            for pair in chunk {
                insert.values(
                    session.household, pair.outflow.description, pair.inflow.description, manual ? "manual" : "auto",
                    pair.isCardPayment, session.now.unixSeconds)
            }
            try await insert.run()
        }
        try await log.record(
            pairs.map {
                ChangeLog.Entry(
                    entity: "transfer", entityID: $0.outflow.description, operation: .insert, fields: [])
            })
    }

    /// Removes the pair holding `transaction` on either side; returns it.
    public func delete(containing transaction: Transaction.ID) async throws -> TransferMatcher.Pair? {
        let log = try session.log()
        guard let stored = try await all().first(where: { $0.pair.key.contains(transaction) }) else { return nil }
        try await session.sql.raw(
            """
            DELETE FROM transfer_pairs WHERE household_id = \(bind: session.household)
              AND outflow_id = \(bind: stored.pair.outflow.description)
            """
        ).run()
        try await log.record("transfer", stored.pair.outflow, .delete, fields: [])
        return stored.pair
    }

    /// Remembers that a person unlinked a pair, so it is never formed again automatically.
    public func rememberUnlinked(_ pair: TransferMatcher.Pair) async throws {
        _ = try session.log()
        let (first, second) = pair.outflow < pair.inflow ? (pair.outflow, pair.inflow) : (pair.inflow, pair.outflow)
        try await session.sql.raw(
            """
            INSERT INTO unlinked_transfers (household_id, first_id, second_id)
            VALUES (\(bind: session.household), \(bind: first.description), \(bind: second.description))
            ON CONFLICT (first_id, second_id) DO NOTHING
            """
        ).run()
    }

    /// The pairs a person unlinked.
    public func unlinked() async throws -> Set<Set<Transaction.ID>> {
        Set(
            try await session.sql.raw(
                "SELECT first_id, second_id FROM unlinked_transfers WHERE household_id = \(bind: session.household)"
            ).all().map { row in Set([try row.id("first_id"), try row.id("second_id")] as [Transaction.ID]) })
    }
}
