import Foundation
import SQLKit
import VaultCore

/// The households themselves: the root every other row hangs from.
public struct HouseholdDirectory: Sendable {
    let database: VaultDatabase

    /// Creates a household, logging its creation as the first entry of its change log, then runs
    /// `setUp` (seeding its categories, say) in the same transaction: both land or neither does.
    ///
    /// With `unlessAnyExists`, nothing is created when the database already has a household; the oldest
    /// one is returned instead. The check and the insert share one transaction (on SQLite, one writer).
    @discardableResult
    public func create(
        _ household: Household, actor: ChangeActor, at now: Date = Date(), unlessAnyExists: Bool = false,
        setUp: (HouseholdSession) async throws -> Void = { _ in }
    ) async throws -> (household: Household, created: Bool) {
        try await database.transaction { sql in
            if unlessAnyExists,
                let existing = try await sql.raw("SELECT * FROM households ORDER BY created_at, id LIMIT 1").first()
            {
                return (try Self.household(from: existing), false)
            }
            try await sql.raw(
                """
                INSERT INTO households (id, name, time_zone, base_currency, base_currency_exponent, first_weekday, created_at)
                VALUES (\(bind: household.id.description), \(bind: household.name), \(bind: household.timeZone.identifier),
                        \(bind: household.baseCurrency.code), \(bind: Int64(household.baseCurrency.exponent)),
                        \(bind: Int64(household.firstWeekday.rawValue)), \(bind: now.unixSeconds))
                """
            ).run()
            let log = ChangeLog(
                sql: sql, householdID: household.id, actor: actor, now: now,
                movesInputs: database.stampsClassification)
            try await log.record(
                "household", household.id, .insert, fields: [])
            try await setUp(HouseholdSession(sql: sql, householdID: household.id, changeLog: log, now: now))
            return (household, true)
        }
    }

    /// Every household, oldest first.
    public func all() async throws -> [Household] {
        try await database.withConnection { sql in
            try await sql.raw("SELECT * FROM households ORDER BY created_at, id").all().map(Self.household(from:))
        }
    }

    /// The household with this id, if there is one.
    public func find(_ id: Household.ID) async throws -> Household? {
        try await database.withConnection { sql in try await Self.find(id, in: sql) }
    }

    static func find(_ id: Household.ID, in sql: any SQLDatabase) async throws -> Household? {
        try await sql.raw("SELECT * FROM households WHERE id = \(bind: id.description)").first().map(household(from:))
    }

    static func household(from row: any SQLRow) throws -> Household {
        let zoneName = try row.text("time_zone")
        guard let zone = TimeZone(identifier: zoneName) else {
            throw StoreError(.invalidValue, "The household's time zone '\(zoneName)' is unknown to this system.")
        }
        return Household(
            id: try row.id("id"), name: try row.text("name"), timeZone: zone,
            baseCurrency: try row.currency("base_currency", exponent: "base_currency_exponent"),
            firstWeekday: Weekday(rawValue: Int(try row.int("first_weekday"))) ?? .monday)
    }
}
