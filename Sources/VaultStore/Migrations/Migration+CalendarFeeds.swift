extension Migration {
    /// Each person's secret calendar link for upcoming bills (issue 20): one per user, kept as the SHA-256 of
    /// its token only, like a session's, so a copy of the database cannot be used to read anyone's bills.
    /// Making a new link replaces the row; turning it off deletes it.
    static let calendarFeeds = Migration(name: "0020-calendar-feeds") { _ in
        [
            """
            CREATE TABLE calendar_feeds (
                user_id TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
                token_hash TEXT NOT NULL UNIQUE CHECK (length(token_hash) = 64),
                created_at BIGINT NOT NULL
            )
            """
        ]
    }
}
