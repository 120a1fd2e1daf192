import Foundation
import SQLKit
import VaultCore

/// A household's miles cards, the bonus categories chosen for their transactions, and those remembered per payee.
public struct MilesCardRepository: Sendable {
    let session: HouseholdSession

    /// A transaction of a card's account as the card counts it, with the bonus category a person chose for it.
    public struct Row: Sendable, Hashable {
        public let id: Transaction.ID
        public let date: LocalDate
        public let amount: Money
        public let description: String
        public let payee: String?
        public let categoryID: Category.ID?
        public let classification: Classification
        public let source: TransactionSource
        public let isPending: Bool
        /// The bonus category a person chose for this transaction; nil when none was chosen.
        public let chosenCategory: BonusCategory?
        /// Whether a person said it was (or was not) charged in a foreign currency; nil when not said.
        public let chosenForeign: Bool?
    }

    /// A cap as stored in the `caps` column: exact integers, so nothing is read back through a float.
    struct StoredCap: Codable, Hashable {
        var categories: [String]
        var minimumMinor: Int64?
        var capMinor: Int64
        var rateHundredths: Int64
    }

    /// Every card, in the cards page's order: sort order, then name ignoring case, then id.
    public func all() async throws -> [MilesCard] {
        try await session.sql.raw("SELECT * FROM miles_cards WHERE household_id = \(bind: session.household)")
            .all().map(Self.card(from:))
            .sorted { ($0.sortOrder, $0.name.lowercased(), $0.id) < ($1.sortOrder, $1.name.lowercased(), $1.id) }
    }

    public func find(_ id: MilesCard.ID) async throws -> MilesCard? {
        try await session.sql.raw(
            """
            SELECT * FROM miles_cards WHERE id = \(bind: id.description) AND household_id = \(bind: session.household)
            """
        ).first().map(Self.card(from:))
    }

    /// Keeps a new card; the schema refuses an account of another household or one another card already counts.
    public func insert(_ card: MilesCard) async throws {
        try session.requireOwn(card.householdID, "card")
        var values = try Self.values(of: card)
        values.add("createdAt", "created_at", .int(session.now.unixSeconds))
        values.add("updatedAt", "updated_at", .int(session.now.unixSeconds))
        try await session.insertRow("miles_cards", entity: "card", id: card.id, values)
    }

    /// Saves the card's changed fields; returns their names.
    @discardableResult
    public func update(_ card: MilesCard) async throws -> [String] {
        guard let old = try await find(card.id) else {
            throw StoreError(.notFound, "There is no card \(card.id) in this household.")
        }
        return try await session.updateRow(
            "miles_cards", entity: "card", id: card.id, from: try Self.values(of: old), to: try Self.values(of: card))
    }

    /// Deletes a card (its remembered payees go with it); false when there was none.
    public func delete(_ id: MilesCard.ID) async throws -> Bool {
        try await session.deleteRow("miles_cards", entity: "card", id: id)
    }

    /// The transactions of `account` dated `range`, oldest first, with the bonus categories chosen for them.
    ///
    /// The household is checked on the account; its transactions are its own by the schema's foreign key
    /// (household, account). Leaving the household off the transactions lets the database walk the account's
    /// date index instead of the whole household's days.
    ///
    /// A month of a busy card is thousands of rows, so each is read with as little work as it can be: the
    /// currency is the account's, and a category id is parsed once however many rows carry it.
    public func rows(account: Account, in range: DateRange) async throws -> [Row] {
        var categories: [String: Category.ID] = [:]
        return try await session.sql.raw(
            """
            SELECT t.id, t.date, t.amount_minor, t.description, t.payee, t.category_id, t.classification, t.source,
                   t.pending, c.bonus_category, c.foreign_currency
            FROM accounts a
            JOIN transactions t ON t.account_id = a.id
            LEFT JOIN card_expense_choices c ON c.household_id = a.household_id AND c.transaction_id = t.id
            WHERE a.household_id = \(bind: session.household) AND a.id = \(bind: account.id.description)
              AND t.date BETWEEN \(bind: Int64(range.start.compactValue)) AND \(bind: Int64(range.end.compactValue))
            ORDER BY t.date, t.id
            """
        ).all().map { try Self.row($0, currency: account.currency, categories: &categories) }
    }

    /// The rows with these ids in any of `accounts`, by account (any date): the ones a change touched.
    public func rows(ids: Set<Transaction.ID>, in accounts: [Account]) async throws -> [Account.ID: [Row]] {
        guard !ids.isEmpty, !accounts.isEmpty else { return [:] }
        let byID = Dictionary(accounts.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var categories: [String: Category.ID] = [:]
        var found: [Account.ID: [Row]] = [:]
        for row in try await session.sql.raw(
            """
            SELECT t.account_id, t.id, t.date, t.amount_minor, t.description, t.payee, t.category_id, t.classification,
                   t.source, t.pending, c.bonus_category, c.foreign_currency
            FROM transactions t
            LEFT JOIN card_expense_choices c ON c.household_id = t.household_id AND c.transaction_id = t.id
            WHERE t.household_id = \(bind: session.household)
              AND t.id IN (\(binds: ids.sorted().map(\.description)))
              AND t.account_id IN (\(binds: byID.keys.sorted().map(\.description)))
            """
        ).all() {
            guard let account = byID[try row.id("account_id")] else { continue }
            found[account.id, default: []].append(
                try Self.row(row, currency: account.currency, categories: &categories))
        }
        return found
    }

    private static func row(
        _ row: any SQLRow, currency: Currency, categories: inout [String: Category.ID]
    ) throws -> Row {
        var categoryID: Category.ID?
        if let text = try row.optionalText("category_id") {
            if let known = categories[text] {
                categoryID = known
            } else {
                categoryID = try row.optionalID("category_id")
                categories[text] = categoryID
            }
        }
        return Row(
            id: try row.id("id"), date: try row.localDate("date"),
            amount: Money(minorUnits: try row.int("amount_minor"), currency: currency),
            description: try row.text("description"), payee: try row.optionalText("payee"),
            categoryID: categoryID, classification: try row.value("classification"),
            source: try row.value("source"), isPending: try row.bool("pending"),
            chosenCategory: try row.optionalValue("bonus_category"),
            chosenForeign: try row.decodeNil(column: "foreign_currency") ? nil : try row.bool("foreign_currency"))
    }

    /// Records the bonus category (and, when said, the foreign flag) a person chose for a transaction;
    /// `loggedWithCard` marks an entry made with the card picker, and a later choice keeps that mark. A nil
    /// category records that none was chosen (an entry logged with a card without one), so the payee's remembered
    /// category or the suggestion decides.
    public func choose(
        _ category: BonusCategory?, foreign: Bool?, for transaction: Transaction.ID, loggedWithCard: Bool = false
    ) async throws {
        let log = try session.log()
        let logged =
            try await session.sql.raw(
                """
                SELECT logged_with_card FROM card_expense_choices
                WHERE household_id = \(bind: session.household) AND transaction_id = \(bind: transaction.description)
                """
            ).first().map { try $0.bool("logged_with_card") } ?? false
        try await session.sql.raw(
            """
            DELETE FROM card_expense_choices
            WHERE household_id = \(bind: session.household) AND transaction_id = \(bind: transaction.description)
            """
        ).run()
        try await session.sql.insert(into: "card_expense_choices")
            .columns("household_id", "transaction_id", "bonus_category", "foreign_currency", "logged_with_card")
            .values(
                SQLBind(session.household), SQLBind(transaction.description),
                category.map { SQLBind($0.rawValue) as any SQLExpression } ?? SQLLiteral.null,
                foreign.map { SQLBind($0) as any SQLExpression } ?? SQLLiteral.null, SQLBind(logged || loggedWithCard)
            )
            .run()
        try await log.record("transaction", transaction, .update, fields: ["bonusCategory"])
    }

    /// The bonus categories remembered for payees on `card`, by payee key (`PayeeKey`).
    public func payeeChoices(card: MilesCard.ID) async throws -> [String: BonusCategory] {
        var choices: [String: BonusCategory] = [:]
        for row in try await session.sql.raw(
            """
            SELECT payee_key, bonus_category FROM card_payee_choices
            WHERE household_id = \(bind: session.household) AND card_id = \(bind: card.description)
            """
        ).all() {
            choices[try row.text("payee_key")] = try row.value("bonus_category")
        }
        return choices
    }

    /// Remembers `category` for a payee on `card`, replacing what was remembered before.
    public func remember(_ category: BonusCategory, payeeKey: String, card: MilesCard.ID) async throws {
        let log = try session.log()
        try await session.sql.raw(
            """
            DELETE FROM card_payee_choices WHERE household_id = \(bind: session.household)
              AND card_id = \(bind: card.description) AND payee_key = \(bind: payeeKey)
            """
        ).run()
        try await session.sql.insert(into: "card_payee_choices")
            .columns("household_id", "card_id", "payee_key", "bonus_category")
            .values(
                SQLBind(session.household), SQLBind(card.description), SQLBind(payeeKey), SQLBind(category.rawValue)
            )
            .run()
        try await log.record("card", card, .update, fields: ["payeeChoices"])
    }

    /// The manual transactions of `account`; with `loggedWithCard`, only those logged with the card picker: the
    /// expenses that go with a card linked to an account it did not make.
    public func manualExpenses(account: Account.ID, loggedWithCard: Bool) async throws -> [Transaction.ID] {
        let join = loggedWithCard ? "JOIN" : "LEFT JOIN"
        return try await session.sql.raw(
            """
            SELECT t.id FROM transactions t
            \(unsafeRaw: join) card_expense_choices c ON c.household_id = t.household_id AND c.transaction_id = t.id
                \(unsafeRaw: loggedWithCard ? "AND c.logged_with_card = TRUE" : "")
            WHERE t.household_id = \(bind: session.household) AND t.account_id = \(bind: account.description)
              AND t.source = 'manual'
            ORDER BY t.id
            """
        ).all().map { try $0.id("id") }
    }

    static func values(of card: MilesCard) throws -> RowValues {
        var values = RowValues()
        values.add("id", "id", .text(card.id.description))
        values.add("accountID", "account_id", .text(card.linkedAccountID?.description))
        values.add("ownsAccount", "owns_account", .bool(card.ownsAccount))
        values.add("templateID", "template_id", .text(card.templateID))
        values.add("bank", "bank", .text(card.bank.rawValue))
        values.add("network", "network", .text(card.network.rawValue))
        values.add("name", "name", .text(card.name))
        values.add("lastFourDigits", "last_four", .text(card.lastFourDigits))
        values.add("currency", "currency", .text(card.currency.code))
        values.add("currency", "currency_exponent", .int(Int64(card.currency.exponent)))
        values.add("minimumSpend", "minimum_spend", .int(card.minimumSpend?.minorUnits))
        values.add("maximumSpend", "maximum_spend", .int(card.maximumSpend?.minorUnits))
        let statementDay: Int64? =
            switch card.cycle {
            case .calendarMonth: nil
            case .statementMonth(let day): Int64(day)
            }
        values.add("cycle", "statement_day", .int(statementDay))
        values.add("localRate", "local_rate", .int(card.localRate?.hundredths))
        values.add("foreignRate", "foreign_rate", .int(card.foreignRate?.hundredths))
        values.add("baseRate", "base_rate", .int(card.baseRate?.hundredths))
        values.add("notes", "notes", .text(card.notes))
        let caps = card.categoryCaps.map { cap in
            StoredCap(
                categories: cap.categories.map(\.rawValue), minimumMinor: cap.minimumSpend?.minorUnits,
                capMinor: cap.cap.minorUnits, rateHundredths: cap.bonusRate.hundredths)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        values.add("categoryCaps", "caps", .text(String(decoding: try encoder.encode(caps), as: UTF8.self)))
        values.add("sortOrder", "sort_order", .int(Int64(card.sortOrder)))
        return values
    }

    static func card(from row: any SQLRow) throws -> MilesCard {
        let currency = try row.currency("currency", exponent: "currency_exponent")
        let money = { (column: String) throws -> Money? in
            try row.optionalInt(column).map { Money(minorUnits: $0, currency: currency) }
        }
        let rate = { (column: String) throws -> MilesRate? in try row.optionalInt(column).map(MilesRate.init) }
        guard let stored = try? JSONDecoder().decode([StoredCap].self, from: Data(try row.text("caps").utf8)) else {
            throw StoreError(.corrupt, "A stored card's caps could not be read; edit the card's caps or delete it.")
        }
        var caps: [CategoryCap] = []
        for cap in stored {
            let categories = cap.categories.compactMap(BonusCategory.init(rawValue:))
            guard categories.count == cap.categories.count else {
                throw StoreError(.corrupt, "A stored card has a cap on an unknown category; edit the card's caps.")
            }
            caps.append(
                CategoryCap(
                    categories, minimumSpend: cap.minimumMinor.map { Money(minorUnits: $0, currency: currency) },
                    cap: Money(minorUnits: cap.capMinor, currency: currency),
                    bonusRate: MilesRate(hundredths: cap.rateHundredths)))
        }
        return MilesCard(
            id: try row.id("id"), householdID: try row.id("household_id"), bank: try row.value("bank"),
            network: try row.value("network"), name: try row.text("name"),
            lastFourDigits: try row.optionalText("last_four"), currency: currency,
            minimumSpend: try money("minimum_spend"), maximumSpend: try money("maximum_spend"),
            cycle: try row.optionalInt("statement_day").map { .statementMonth(day: Int($0)) } ?? .calendarMonth,
            localRate: try rate("local_rate"), foreignRate: try rate("foreign_rate"), baseRate: try rate("base_rate"),
            notes: try row.optionalText("notes"), categoryCaps: caps, linkedAccountID: try row.optionalID("account_id"),
            ownsAccount: try row.bool("owns_account"), templateID: try row.optionalText("template_id"),
            sortOrder: Int(try row.int("sort_order")))
    }
}
