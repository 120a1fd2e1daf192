import SQLKit
import VaultCore

extension HouseholdSession {
    /// Whether the stored classification is what a full pass with the household's rules would give now: no rule,
    /// category or account change that classification reads has been written since the last full pass
    /// (migration 0023). False when that is not known.
    public func classificationIsCurrent() async throws -> Bool {
        guard
            let row = try await sql.raw(
                "SELECT inputs_seq, classified_seq FROM households WHERE id = \(bind: householdID.description)"
            ).first()
        else { throw StoreError(.notFound, "The household \(householdID) does not exist.") }
        guard let classified = try row.optionalInt("classified_seq") else { return false }
        return classified >= (try row.int("inputs_seq"))
    }

    /// Records that the stored classification is whole as of this session's changes: a full pass over all
    /// history just ran in it, or the household has no transactions. The session's held log is written first, so
    /// the mark covers every change the session made.
    public func markClassificationCurrent() async throws {
        let log = try log()
        try await log.flush()
        try await sql.raw(
            "UPDATE households SET classified_seq = change_seq WHERE id = \(bind: householdID.description)"
        )
        .run()
    }

    /// Records that the stored classification may not be what the rules give (rows and pairs written as a dataset
    /// recorded them): previews plan all history until the next full pass.
    public func markClassificationUnknown() async throws {
        _ = try log()
        try await sql.raw("UPDATE households SET classified_seq = NULL WHERE id = \(bind: householdID.description)")
            .run()
    }
}
