extension Migration {
    /// The recurring detector's last answer per household, reused while nothing has changed (reading
    /// years of charges on every request is too slow for a million-transaction household).
    static let recurringCache = Migration(name: "0005-recurring-cache") { _ in
        [
            """
            CREATE TABLE recurring_cache (
                household_id TEXT PRIMARY KEY REFERENCES households (id) ON DELETE CASCADE,
                change_seq BIGINT NOT NULL,
                computed_on BIGINT NOT NULL CHECK (computed_on BETWEEN 10101 AND 99991231),
                series TEXT NOT NULL
            )
            """
        ]
    }
}
