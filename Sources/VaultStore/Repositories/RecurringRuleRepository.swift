import Foundation
import SQLKit
import VaultCore

/// A household's recurring rules and the links from their instances.
public struct RecurringRuleRepository: Sendable {
    let session: HouseholdSession

    /// What a transaction is to its rule.
    public enum Role: String, Sendable, Hashable {
        /// The entry the rule was made from.
        case template
        /// Made by the rule; replaced when the rule changes, if still in the future.
        case generated
        /// Changed by a person since; the rule never touches it again.
        case edited
    }

    /// One date a rule has filled, with the transaction made for it.
    public struct Instance: Sendable, Hashable {
        public let ruleID: RecurringRule.ID
        /// The date the rule scheduled, whatever the entry's date is now.
        public let scheduledDate: LocalDate
        /// Nil when a person deleted the entry: the rule leaves that date empty.
        public let transactionID: Transaction.ID?
        /// The entry's date now; nil when it was deleted.
        public let date: LocalDate?
        public let role: Role
    }

    /// Every rule, by description ignoring case, then id.
    public func all() async throws -> [RecurringRule] {
        try await session.sql.raw(
            """
            SELECT \(unsafeRaw: Self.columns) FROM recurring_rules r
            JOIN accounts a ON a.household_id = r.household_id AND a.id = r.account_id
            WHERE r.household_id = \(bind: session.household)
            """
        ).all().map(Self.rule(from:))
            .sorted { ($0.description.lowercased(), $0.id) < ($1.description.lowercased(), $1.id) }
    }

    public func find(_ id: RecurringRule.ID) async throws -> RecurringRule? {
        try await session.sql.raw(
            """
            SELECT \(unsafeRaw: Self.columns) FROM recurring_rules r
            JOIN accounts a ON a.household_id = r.household_id AND a.id = r.account_id
            WHERE r.id = \(bind: id.description) AND r.household_id = \(bind: session.household)
            """
        ).first().map(Self.rule(from:))
    }

    /// A rule's columns with its account's currency, which its amount is in.
    static let columns = "r.*, a.currency AS account_currency, a.currency_exponent AS account_exponent"

    public func insert(_ rule: RecurringRule) async throws {
        try session.requireOwn(rule.householdID, "recurring rule")
        var values = Self.values(of: rule)
        values.add("createdAt", "created_at", .int(session.now.unixSeconds))
        values.add("updatedAt", "updated_at", .int(session.now.unixSeconds))
        try await session.insertRow("recurring_rules", entity: "recurringRule", id: rule.id, values)
    }

    /// Saves the rule's changed fields; returns their names.
    @discardableResult
    public func update(_ rule: RecurringRule) async throws -> [String] {
        guard let old = try await find(rule.id) else {
            throw StoreError(.notFound, "There is no recurring rule \(rule.id) in this household.")
        }
        return try await session.updateRow(
            "recurring_rules", entity: "recurringRule", id: rule.id, from: Self.values(of: old),
            to: Self.values(of: rule))
    }

    /// Deletes a rule; its links go with it, its transactions stay. False when there was none.
    public func delete(_ id: RecurringRule.ID) async throws -> Bool {
        try await session.deleteRow("recurring_rules", entity: "recurringRule", id: id)
    }

    /// Links transactions to a rule in `role`, each under the date it was made for.
    public func link(
        _ transactions: [(id: Transaction.ID, date: LocalDate)], to rule: RecurringRule.ID, as role: Role
    ) async throws {
        for chunk in transactions.chunked(by: 2_000) where !chunk.isEmpty {
            let insert = session.sql.insert(into: "recurring_instances").columns(
                "household_id", "rule_id", "scheduled_date", "transaction_id", "role")
            for item in chunk {
                insert.values(
                    session.household, rule.description, Int64(item.date.compactValue), item.id.description,
                    role.rawValue)
            }
            try await insert.run()
        }
    }

    /// Forgets the dates of these transactions for their rule, so it may fill them again.
    public func unlink(_ transactions: [Transaction.ID]) async throws {
        for chunk in transactions.chunked(by: 400) where !chunk.isEmpty {
            try await session.sql.raw(
                """
                DELETE FROM recurring_instances WHERE household_id = \(bind: session.household)
                  AND transaction_id IN (\(binds: chunk.map(\.description)))
                """
            ).run()
        }
    }

    /// The dates a rule has filled, oldest first, deleted entries included.
    public func instances(of rule: RecurringRule.ID) async throws -> [Instance] {
        try await session.sql.raw(
            """
            SELECT i.rule_id, i.scheduled_date, i.transaction_id, i.role, t.date FROM recurring_instances i
            LEFT JOIN transactions t ON t.id = i.transaction_id
            WHERE i.household_id = \(bind: session.household) AND i.rule_id = \(bind: rule.description)
            ORDER BY i.scheduled_date
            """
        ).all().map(Self.instance(from:))
    }

    /// The link of one transaction, if it is an instance of a rule.
    public func instance(transaction: Transaction.ID) async throws -> Instance? {
        try await session.sql.raw(
            """
            SELECT i.rule_id, i.scheduled_date, i.transaction_id, i.role, t.date FROM recurring_instances i
            LEFT JOIN transactions t ON t.id = i.transaction_id
            WHERE i.household_id = \(bind: session.household) AND i.transaction_id = \(bind: transaction.description)
            """
        ).first().map(Self.instance(from:))
    }

    /// Marks a generated instance as edited by a person, so the rule leaves it alone; others are unchanged.
    public func markEdited(_ transaction: Transaction.ID) async throws {
        try await session.sql.raw(
            """
            UPDATE recurring_instances SET role = 'edited'
            WHERE household_id = \(bind: session.household) AND transaction_id = \(bind: transaction.description)
              AND role = 'generated'
            """
        ).run()
    }

    /// How many entries each rule has (deleted ones not counted).
    public func instanceCounts() async throws -> [RecurringRule.ID: Int] {
        var counts: [RecurringRule.ID: Int] = [:]
        for row in try await session.sql.raw(
            """
            SELECT rule_id, COUNT(transaction_id) AS n FROM recurring_instances
            WHERE household_id = \(bind: session.household)
            GROUP BY rule_id
            """
        ).all() {
            counts[try row.id("rule_id")] = Int(try row.int("n"))
        }
        return counts
    }

    /// How many rules the household has.
    public func count() async throws -> Int {
        let row = try await session.sql.raw(
            "SELECT COUNT(*) AS n FROM recurring_rules WHERE household_id = \(bind: session.household)"
        ).first()
        return Int(try row?.int("n") ?? 0)
    }

    static func instance(from row: any SQLRow) throws -> Instance {
        Instance(
            ruleID: try row.id("rule_id"), scheduledDate: try row.localDate("scheduled_date"),
            transactionID: try row.optionalID("transaction_id"), date: try row.optionalLocalDate("date"),
            role: try row.value("role"))
    }

    static func values(of rule: RecurringRule) -> RowValues {
        var values = RowValues()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        values.add("id", "id", .text(rule.id.description))
        values.add("accountID", "account_id", .text(rule.accountID.description))
        values.add("amount", "amount_minor", .int(rule.amount.minorUnits))
        values.add("categoryID", "category_id", .text(rule.categoryID?.description))
        values.add("description", "description", .text(rule.description))
        values.add("payee", "payee", .text(rule.payee))
        values.add(
            "tags", "tags", .text(String(decoding: (try? encoder.encode(rule.tags)) ?? Data("[]".utf8), as: UTF8.self)))
        values.add("notes", "notes", .text(rule.notes))
        values.add("cadence", "cadence", .text(rule.cadence.rawValue))
        values.add("interval", "interval_count", .int(Int64(rule.interval)))
        values.add("start", "start_date", .int(Int64(rule.start.compactValue)))
        values.add("end", "end_date", .int(rule.end.map { Int64($0.compactValue) }))
        values.add("isEnabled", "enabled", .bool(rule.isEnabled))
        values.add("generatedThroughYear", "generated_through_year", .int(Int64(rule.generatedThroughYear)))
        return values
    }

    /// A rule read back; its amount is in its account's currency, read with it.
    static func rule(from row: any SQLRow) throws -> RecurringRule {
        guard let tags = try? JSONDecoder().decode([String].self, from: Data(try row.text("tags").utf8)) else {
            throw StoreError(.corrupt, "A stored recurring rule's tags could not be read; edit or delete the rule.")
        }
        return RecurringRule(
            id: try row.id("id"), householdID: try row.id("household_id"), accountID: try row.id("account_id"),
            amount: Money(
                minorUnits: try row.int("amount_minor"),
                currency: try row.currency("account_currency", exponent: "account_exponent")),
            categoryID: try row.optionalID("category_id"),
            description: try row.text("description"), payee: try row.optionalText("payee"), tags: tags,
            notes: try row.optionalText("notes"), cadence: try row.value("cadence"),
            interval: Int(try row.int("interval_count")), start: try row.localDate("start_date"),
            end: try row.optionalLocalDate("end_date"), isEnabled: try row.bool("enabled"),
            generatedThroughYear: Int(try row.int("generated_through_year")))
    }
}
