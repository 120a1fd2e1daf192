import Foundation
import SQLKit
import VaultCore

/// What a dataset export reads and an import writes beyond the other repositories: every recurring instance,
/// card choice and balance snapshot of the household at once.
public struct DatasetRepository: Sendable {
    let session: HouseholdSession

    /// Every recurring instance, deleted entries included, by rule then date.
    public func instances() async throws -> [RecurringRuleRepository.Instance] {
        try await session.sql.raw(
            """
            SELECT i.rule_id, i.scheduled_date, i.transaction_id, i.role, t.date FROM recurring_instances i
            LEFT JOIN transactions t ON t.id = i.transaction_id
            WHERE i.household_id = \(bind: session.household) ORDER BY i.rule_id, i.scheduled_date
            """
        ).all().map(RecurringRuleRepository.instance(from:))
    }

    /// Every receipt's description (not its bytes), oldest first.
    public func receipts() async throws -> [Receipt] {
        try await session.sql.raw(
            """
            SELECT \(unsafeRaw: ReceiptRepository.described) FROM receipts
            WHERE household_id = \(bind: session.household) ORDER BY created_at, id
            """
        ).all().map(ReceiptRepository.receipt(from:))
    }

    /// The bonus category chosen for each transaction that has a choice row (its category nil when the entry was
    /// logged with a card without one).
    public func expenseChoices() async throws -> [Transaction.ID: DatasetTransaction.Bonus] {
        var choices: [Transaction.ID: DatasetTransaction.Bonus] = [:]
        for row in try await session.sql.raw(
            """
            SELECT transaction_id, bonus_category, foreign_currency, logged_with_card FROM card_expense_choices
            WHERE household_id = \(bind: session.household)
            """
        ).all() {
            choices[try row.id("transaction_id")] = DatasetTransaction.Bonus(
                category: try row.optionalValue("bonus_category"),
                isForeign: try row.decodeNil(column: "foreign_currency") ? nil : try row.bool("foreign_currency"),
                loggedWithCard: try row.bool("logged_with_card"))
        }
        return choices
    }

    /// Records chosen bonus categories as they are (an import), replacing any for the same transactions; each is
    /// logged as a change to its transaction, as choosing one is (kept card cycles catch up from the log).
    public func setExpenseChoices(_ choices: [(Transaction.ID, DatasetTransaction.Bonus)]) async throws {
        let log = try session.log()
        for chunk in choices.chunked(by: 400) where !chunk.isEmpty {
            try await session.sql.raw(
                """
                DELETE FROM card_expense_choices WHERE household_id = \(bind: session.household)
                  AND transaction_id IN (\(binds: chunk.map(\.0.description)))
                """
            ).run()
            let insert = session.sql.insert(into: "card_expense_choices")
                .columns("household_id", "transaction_id", "bonus_category", "foreign_currency", "logged_with_card")
            for (id, bonus) in chunk {
                insert.values(
                    SQLBind(session.household), SQLBind(id.description),
                    bonus.category.map { SQLBind($0.rawValue) as any SQLExpression } ?? SQLLiteral.null,
                    bonus.isForeign.map { SQLBind($0) as any SQLExpression } ?? SQLLiteral.null,
                    SQLBind(bonus.loggedWithCard))
            }
            try await insert.run()
        }
        try await log.record(
            choices.map {
                ChangeLog.Entry(
                    entity: "transaction", entityID: $0.0.description, operation: .update, fields: ["bonusCategory"])
            })
    }

    /// Every payee choice remembered on every card: card, payee key, category.
    public func payeeChoices() async throws -> [(MilesCard.ID, String, BonusCategory)] {
        try await session.sql.raw(
            """
            SELECT card_id, payee_key, bonus_category FROM card_payee_choices
            WHERE household_id = \(bind: session.household) ORDER BY card_id, payee_key
            """
        ).all().map { (try $0.id("card_id"), try $0.text("payee_key"), try $0.value("bonus_category")) }
    }

    /// Every balance snapshot: account, day, balance in minor units; by account then day.
    public func balances() async throws -> [(Account.ID, LocalDate, Int64)] {
        try await session.sql.raw(
            """
            SELECT account_id, date, balance_minor FROM balance_snapshots
            WHERE household_id = \(bind: session.household) ORDER BY account_id, date
            """
        ).all().map { (try $0.id("account_id"), try $0.localDate("date"), try $0.int("balance_minor")) }
    }

    /// Records balance snapshots, replacing those of the same account and day.
    public func setBalances(_ balances: [DatasetBalance]) async throws {
        _ = try session.log()
        for chunk in balances.chunked(by: 500) where !chunk.isEmpty {
            let insert = session.sql.insert(into: "balance_snapshots")
                .columns("household_id", "account_id", "date", "balance_minor")
            for balance in chunk {
                insert.values(
                    SQLBind(session.household), SQLBind(balance.accountID.description),
                    SQLBind(Int64(balance.date.compactValue)), SQLBind(balance.balance.minorUnits))
            }
            try await insert.onConflict(with: ["account_id", "date"]) { $0.set(excludedValueOf: "balance_minor") }.run()
        }
    }

    /// Links recurring instances as they were (an import): rule, date, transaction (nil for a deleted entry), role.
    public func setInstances(
        _ instances: [(rule: RecurringRule.ID, date: LocalDate, transaction: Transaction.ID?, role: String)]
    ) async throws {
        _ = try session.log()
        for chunk in instances.chunked(by: 500) where !chunk.isEmpty {
            let insert = session.sql.insert(into: "recurring_instances")
                .columns("household_id", "rule_id", "scheduled_date", "transaction_id", "role")
            for item in chunk {
                insert.values(
                    SQLBind(session.household), SQLBind(item.rule.description), SQLBind(Int64(item.date.compactValue)),
                    item.transaction.map { SQLBind($0.description) as any SQLExpression } ?? SQLLiteral.null,
                    SQLBind(item.role))
            }
            try await insert.onConflict(with: ["household_id", "rule_id", "scheduled_date"]) {
                $0.set(excludedValueOf: "transaction_id").set(excludedValueOf: "role")
            }.run()
        }
    }
}

extension DatasetRepository {
    /// Which of `ids` another household already uses in `table` (ids are unique across the database): an
    /// import gives such rows new ids. Says nothing of the other household but that the id is taken.
    public func takenElsewhere(_ table: DatasetIDTable, _ ids: [String]) async throws -> Set<String> {
        var taken: Set<String> = []
        for chunk in ids.chunked(by: 400) where !chunk.isEmpty {
            for row in try await session.sql.raw(
                """
                SELECT id FROM \(ident: table.rawValue) WHERE id IN (\(binds: Array(chunk)))
                  AND household_id <> \(bind: session.household)
                """
            ).all() {
                taken.insert(try row.text("id"))
            }
        }
        return taken
    }

    /// Sets the household's name, time zone, base currency and first weekday (an import into an empty household).
    public func updateHousehold(_ household: Household) async throws {
        let log = try session.log()
        try await session.sql.raw(
            """
            UPDATE households SET name = \(bind: household.name), time_zone = \(bind: household.timeZone.identifier),
              base_currency = \(bind: household.baseCurrency.code),
              base_currency_exponent = \(bind: Int64(household.baseCurrency.exponent)),
              first_weekday = \(bind: Int64(household.firstWeekday.rawValue))
            WHERE id = \(bind: session.household)
            """
        ).run()
        try await log.record(
            "household", household.id, .update, fields: ["name", "timeZone", "baseCurrency", "firstWeekday"])
    }
}

/// The tables whose ids an import checks.
public enum DatasetIDTable: String, Sendable {
    case accounts, categories, transactions, receipts, rules, budgets
    case recurringRules = "recurring_rules"
    case cards = "miles_cards"
}

extension HouseholdSession {
    public var dataset: DatasetRepository { DatasetRepository(session: self) }
}
