import SQLKit
import VaultCore

/// A household's accounts.
public struct AccountRepository: Sendable {
    let session: HouseholdSession

    /// Every account, in display order: sort order, then name ignoring case, then id.
    public func all() async throws -> [Account] {
        try await session.sql.raw("SELECT * FROM accounts WHERE household_id = \(bind: session.household)")
            .all().map(Self.account(from:))
            .sorted {
                ($0.sortOrder, $0.displayName.lowercased(), $0.id) < ($1.sortOrder, $1.displayName.lowercased(), $1.id)
            }
    }

    /// Every account as it stands at the end of `today`, in display order: a manual account's balance leaves out its
    /// scheduled entries (dated after today), which its stored balance already holds (`docs/figures.md`, "Balance").
    /// What every page, report and answer shows; writes start from `all()`, the stored balances.
    public func asOf(_ today: LocalDate) async throws -> [Account] {
        let accounts = try await all()
        guard accounts.contains(where: \.isManual) else { return accounts }
        let scheduled = try await scheduledSums(after: today)
        let settled = try await settledSince(today: today, among: accounts.filter(\.isManual))
        guard !scheduled.isEmpty || !settled.isEmpty else { return accounts }
        return try accounts.map { account in
            guard account.isManual else { return account }
            var shown = account
            if let sum = scheduled[account.id.description] {
                shown.balance = try account.balance.subtracting(Money(minorUnits: sum, currency: account.currency))
            }
            // Entries dated after the balance's date, up to today, were scheduled when written and are in the stored
            // balance already: the balance shown is today's, so the history rolls back from today, not forward.
            if settled.contains(account.id.description) { shown.balanceDate = today }
            return shown
        }
    }

    /// The manual accounts holding entries (made by hand or by a rule) dated after their balance's date and up to
    /// `today`. Only the days between the earliest such date and today are read (through the date index), so a long
    /// history costs nothing here.
    func settledSince(today: LocalDate, among manual: [Account]) async throws -> Set<String> {
        let since = manual.compactMap(\.balanceDate).filter { $0 < today }
        guard let earliest = since.min() else { return [] }
        let rows = try await session.sql.raw(
            """
            SELECT DISTINCT t.account_id FROM transactions t
            JOIN accounts a ON a.id = t.account_id AND a.household_id = t.household_id
            WHERE t.household_id = \(bind: session.household)
              AND t.date > \(bind: Int64(earliest.compactValue)) AND t.date <= \(bind: Int64(today.compactValue))
              AND t.source IN ('manual', 'recurring') AND a.bank_account_id IS NULL AND a.balance_date IS NOT NULL
              AND t.date > a.balance_date
            """
        ).all()
        return Set(try rows.map { try $0.text("account_id") })
    }

    /// Each account's sum of the entries dated after `today`, by account id; accounts without any are absent.
    public func scheduledSums(after today: LocalDate) async throws -> [String: Int64] {
        let rows = try await session.sql.raw(
            """
            SELECT account_id, CAST(SUM(amount_minor) AS BIGINT) AS total FROM transactions
            WHERE household_id = \(bind: session.household) AND date > \(bind: Int64(today.compactValue))
            GROUP BY account_id
            """
        ).all()
        var sums: [String: Int64] = [:]
        for row in rows { sums[try row.text("account_id")] = try row.int("total") }
        return sums
    }

    /// The account with this id in this household, if any.
    public func find(_ id: Account.ID) async throws -> Account? {
        try await session.sql.raw(
            """
            SELECT * FROM accounts WHERE id = \(bind: id.description) AND household_id = \(bind: session.household)
            """
        ).first().map(Self.account(from:))
    }

    public func insert(_ account: Account) async throws {
        try await insert([account])
    }

    /// Inserts accounts in one statement.
    public func insert(_ accounts: [Account]) async throws {
        var rows: [(id: String, values: RowValues)] = []
        for account in accounts {
            try session.requireOwn(account.householdID, "account")
            var values = Self.values(of: account)
            values.add("createdAt", "created_at", .int(session.now.unixSeconds))
            values.add("updatedAt", "updated_at", .int(session.now.unixSeconds))
            rows.append((account.id.description, values))
        }
        try await session.insertRows("accounts", entity: "account", rows: rows, extra: [])
    }

    /// Saves the account's changed fields; returns their names.
    @discardableResult
    public func update(_ account: Account) async throws -> [String] {
        guard let old = try await find(account.id) else {
            throw StoreError(.notFound, "There is no account \(account.id) in this household.")
        }
        return try await session.updateRow(
            "accounts", entity: "account", id: account.id, from: Self.values(of: old), to: Self.values(of: account))
    }

    /// Saves many accounts' fields that differ from `old`, each row as this session read it: a statement per set
    /// of changed columns, not two per account.
    public func update(_ changes: [(old: Account, new: Account)]) async throws {
        for (old, new) in changes where old.id != new.id || old.householdID != session.householdID {
            throw StoreError(.notFound, "There is no account \(new.id) in this household.")
        }
        try await session.updateRows(
            "accounts", entity: "account",
            changes.map { .init(id: $0.new.id.description, old: Self.values(of: $0.old), new: Self.values(of: $0.new)) }
        )
    }

    /// Deletes the account and, with it, its transactions and the miles card that counts it; false when there
    /// was no such account.
    ///
    /// The schema removes the transactions (and their tags) and the card by cascade; each is logged as deleted
    /// too, so the change feed never keeps a row that is gone.
    public func delete(_ id: Account.ID) async throws -> Bool {
        let log = try session.log()
        let transactionIDs = try await session.sql.raw(
            """
            SELECT id FROM transactions WHERE household_id = \(bind: session.household) AND account_id = \(bind: id.description)
            """
        ).all().map { try $0.text("id") }
        let cardIDs = try await session.sql.raw(
            """
            SELECT id FROM miles_cards WHERE household_id = \(bind: session.household) AND account_id = \(bind: id.description)
            """
        ).all().map { try $0.text("id") }
        guard try await session.deleteRow("accounts", entity: "account", id: id) else { return false }
        try await log.record(
            transactionIDs.map { ChangeLog.Entry(entity: "transaction", entityID: $0, operation: .delete, fields: []) }
                + cardIDs.map { ChangeLog.Entry(entity: "card", entityID: $0, operation: .delete, fields: []) })
        return true
    }

    /// How many transactions the account has.
    public func transactionCount(_ id: Account.ID) async throws -> Int {
        let row = try await session.sql.raw(
            """
            SELECT COUNT(*) AS n FROM transactions WHERE household_id = \(bind: session.household) AND account_id = \(bind: id.description)
            """
        ).first()
        return Int(try row?.int("n") ?? 0)
    }

    static func values(of account: Account) -> RowValues {
        var values = RowValues()
        values.add("id", "id", .text(account.id.description))
        values.add("institutionID", "institution_id", .text(account.institutionID?.description))
        values.add("name", "name", .text(account.name))
        values.add("nickname", "nickname", .text(account.nickname))
        values.add("kind", "kind", .text(account.kind.rawValue))
        values.add("netWorthCategory", "net_worth_category", .text(account.netWorthCategory.rawValue))
        values.add("currency", "currency", .text(account.currency.code))
        values.add("currency", "currency_exponent", .int(Int64(account.currency.exponent)))
        values.add("balance", "balance_minor", .int(account.balance.minorUnits))
        values.add("balanceDate", "balance_date", .int(account.balanceDate.map { Int64($0.compactValue) }))
        values.add("isHidden", "hidden", .bool(account.isHidden))
        values.add("isTrackingOnly", "tracking_only", .bool(account.isTrackingOnly))
        values.add("isActive", "active", .bool(account.isActive))
        values.add("sortOrder", "sort_order", .int(Int64(account.sortOrder)))
        values.add("bankAccountID", "bank_account_id", .text(account.bankAccountID))
        return values
    }

    static func account(from row: any SQLRow) throws -> Account {
        let currency = try row.currency("currency", exponent: "currency_exponent")
        return Account(
            id: try row.id("id"), householdID: try row.id("household_id"),
            institutionID: try row.optionalID("institution_id"),
            name: try row.text("name"), nickname: try row.optionalText("nickname"), kind: try row.value("kind"),
            netWorthCategory: try row.value("net_worth_category"), currency: currency,
            balance: Money(minorUnits: try row.int("balance_minor"), currency: currency),
            balanceDate: try row.optionalLocalDate("balance_date"), isHidden: try row.bool("hidden"),
            isTrackingOnly: try row.bool("tracking_only"), isActive: try row.bool("active"),
            sortOrder: Int(try row.int("sort_order")), bankAccountID: try row.optionalText("bank_account_id"))
    }
}
