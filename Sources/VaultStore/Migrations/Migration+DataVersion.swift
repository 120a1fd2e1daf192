extension Migration {
    /// A counter per household that every write transaction of the household moves, whether or not it
    /// logs a change (sync request counts and balance snapshots are not in the change log), so an answer
    /// computed from the household's data can be kept until the counter moves.
    static let dataVersion = Migration(name: "0008-data-version") { _ in
        ["ALTER TABLE households ADD COLUMN data_version BIGINT NOT NULL DEFAULT 0"]
    }
}
