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
}
