import Foundation
import SQLKit
import VaultCore

/// A person's decisions about recurring series: confirmed, dismissed or deleted.
public struct RecurringRepository: Sendable {
    let session: HouseholdSession

    /// Every decision by series key.
    public func decisions() async throws -> [String: RecurringReport.Decision] {
        let rows = try await session.sql.raw(
            "SELECT series_key, status, decided_on FROM recurring_decisions WHERE household_id = \(bind: session.household)"
        ).all()
        var decisions: [String: RecurringReport.Decision] = [:]
        for row in rows {
            decisions[try row.text("series_key")] = RecurringReport.Decision(
                status: try row.value("status"), decidedOn: try row.localDate("decided_on"))
        }
        return decisions
    }

    /// Records a decision about a series, replacing any earlier one.
    public func decide(_ key: String, _ status: RecurringSeries.Status, on date: LocalDate, newID: String) async throws
    {
        var values = RowValues()
        values.add("seriesKey", "series_key", .text(key))
        values.add("status", "status", .text(status.rawValue))
        values.add("decidedOn", "decided_on", .int(Int64(date.compactValue)))
        try await session.saveRow(
            "recurring_decisions", entity: "recurring-decision", existing: try await existing(key), values: values,
            newID: newID)
    }

    /// Forgets the decision about a series (a dismissed one comes back); false when there was none.
    public func forget(_ key: String) async throws -> Bool {
        guard let row = try await existing(key) else { return false }
        return try await session.deleteRow("recurring_decisions", entity: "recurring-decision", id: try row.text("id"))
    }

    private func existing(_ key: String) async throws -> (any SQLRow)? {
        try await session.sql.raw(
            """
            SELECT id, series_key, status, decided_on FROM recurring_decisions
            WHERE household_id = \(bind: session.household) AND series_key = \(bind: key)
            """
        ).first()
    }

    /// The detector's cached series, with the change-log position and the day they were computed for.
    public func cachedSeries() async throws -> (sequence: Int64, computedOn: LocalDate, series: [RecurringSeries])? {
        guard
            let row = try await session.sql.raw(
                """
                SELECT change_seq, computed_on, series FROM recurring_cache
                WHERE household_id = \(bind: session.household)
                """
            ).first()
        else { return nil }
        // A cache that no longer decodes (written by another version) is simply recomputed.
        guard let series = try? JSONDecoder().decode([RecurringSeries].self, from: Data(try row.text("series").utf8))
        else { return nil }
        return (try row.int("change_seq"), try row.localDate("computed_on"), series)
    }

    /// Keeps the detector's answer for the household as of a change-log position and a day.
    ///
    /// This is derived data, like an index: it is not a change to the household and is not logged, so
    /// storing it does not move the change log and invalidate itself. Store it through `keepDerived`.
    public func cache(_ series: [RecurringSeries], sequence: Int64, on date: LocalDate) async throws {
        try session.requireDerivedWrite()
        let payload = String(decoding: try JSONEncoder().encode(series), as: UTF8.self)
        try await session.sql.raw(
            """
            INSERT INTO recurring_cache (household_id, change_seq, computed_on, series)
            VALUES (\(bind: session.household), \(bind: sequence), \(bind: Int64(date.compactValue)), \(bind: payload))
            ON CONFLICT (household_id) DO UPDATE
            SET change_seq = excluded.change_seq, computed_on = excluded.computed_on, series = excluded.series
            """
        ).run()
    }
}
