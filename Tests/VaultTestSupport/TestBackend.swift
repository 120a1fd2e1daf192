import Foundation
import VaultCore
import VaultServices
import VaultStore

/// The databases the store and service tests run on: SQLite always, PostgreSQL when
/// `GHOSTVAULT_TEST_POSTGRES_URL` names a server (the README's test command starts one and sets it).
public enum TestBackend: String, CaseIterable, Sendable, CustomStringConvertible {
    case sqlite
    case postgres

    /// The backends to run on: `GHOSTVAULT_TEST_BACKEND` (`sqlite` or `postgres`) picks one; unset, it
    /// is SQLite plus PostgreSQL when a server is given. The README's test command runs the suite once
    /// per backend so its output names each.
    public static var enabled: [TestBackend] {
        if let chosen = ProcessInfo.processInfo.environment["GHOSTVAULT_TEST_BACKEND"].flatMap(
            TestBackend.init(rawValue:))
        {
            return [chosen]
        }
        return postgresURL == nil ? [.sqlite] : [.sqlite, .postgres]
    }

    /// The PostgreSQL server for tests, if one was given.
    public static var postgresURL: String? {
        let url = ProcessInfo.processInfo.environment["GHOSTVAULT_TEST_POSTGRES_URL"]
        return url?.isEmpty == false ? url : nil
    }

    public var description: String { rawValue == "sqlite" ? "SQLite" : "PostgreSQL" }

    /// A fresh, empty database location: a private in-memory SQLite (a new temporary file when `file`,
    /// for tests that reopen it), or a new schema on the test server.
    public func freshLocation(file: Bool = false) throws -> String {
        switch self {
        case .sqlite:
            guard file else { return ":memory:" }
            return FileManager.default.temporaryDirectory
                .appendingPathComponent("ghostvault-test-\(UUID().uuidString).sqlite").path
        case .postgres:
            guard let url = TestBackend.postgresURL else {
                throw StoreError(.configuration, "GHOSTVAULT_TEST_POSTGRES_URL is not set")
            }
            let schema = "t_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
            return url + (url.contains("?") ? "&" : "?") + "schema=" + schema
        }
    }

    /// Opens a fresh, migrated database (a file for SQLite when `file`), runs `body`, and closes it.
    public func withDatabase<T>(file: Bool = false, _ body: (VaultDatabase) async throws -> T) async throws -> T {
        try await TestBackend.withOpened(try freshLocation(file: file), body)
    }

    /// Opens the database at `location`, runs `body`, and closes it, also when `body` throws.
    public static func withOpened<T>(_ location: String, _ body: (VaultDatabase) async throws -> T) async throws -> T {
        try await VaultDatabase.using(try DatabaseLocation(parsing: location), body)
    }
}

/// A fixed clock and deterministic ids, so fixtures read the same in every run.
public enum Fixture {
    /// 2026-11-21 15:00 UTC, the "now" of every fixture.
    public static let now = Date(timeIntervalSince1970: 1_795_273_200)

    /// A household in New York with US dollars.
    public static func household(name: String = "The Tans", currency: Currency = .usd) -> Household {
        Household(id: newID(), name: name, timeZone: TimeZone(identifier: "America/New_York")!, baseCurrency: currency)
    }

    public static func account(
        in household: Household.ID, name: String = "Checking", kind: AccountKind = .checking,
        currency: Currency = .usd, balance: Int64 = 0, bankID: String? = nil
    ) -> Account {
        Account(
            id: newID(), householdID: household, name: name, kind: kind, currency: currency,
            balance: Money(minorUnits: balance, currency: currency), bankAccountID: bankID)
    }

    public static func transaction(
        in account: Account, date: String, cents: Int64, description: String = "Purchase", payee: String? = nil,
        category: Category.ID? = nil, classification: Classification? = nil, tags: [String] = [],
        source: TransactionSource = .manual, bankID: String? = nil
    ) -> Transaction {
        Transaction(
            id: newID(), householdID: account.householdID, accountID: account.id, date: LocalDate(iso: date)!,
            amount: Money(minorUnits: cents, currency: account.currency), description: description, payee: payee,
            tags: tags, categoryID: category, classification: classification, source: source, bankTransactionID: bankID)
    }

    public static func category(
        in household: Household.ID, name: String, kind: CategoryKind = .expense,
        parent: Category? = nil
    ) -> Category {
        Category(
            id: newID(), householdID: household, parentID: parent?.id, name: name,
            key: CategoryKey.make(from: (parent.map { $0.name + " " } ?? "") + name), kind: kind)
    }

    /// A new UUIDv7 at the fixture clock.
    public static func newID<Owner>(_: Owner.Type = Owner.self) -> Identifier<Owner> {
        var generator = SystemRandomNumberGenerator()
        return Identifier.generate(at: now, using: &generator)
    }

    /// A vault over `database` acting as the command line, at the fixture clock.
    public static func vault(_ database: VaultDatabase) -> Vault {
        Vault(database: database, actor: .commandLine, clock: { now })
    }
}
