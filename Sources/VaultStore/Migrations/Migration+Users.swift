extension Migration {
    /// People who sign in, their sessions and API tokens, and their own preferences (theme, dashboard).
    ///
    /// A session row keeps only the SHA-256 of its token, so a copy of the database does not let anyone
    /// sign in as its users.
    static let users = Migration(name: "0006-users") { _ in
        [
            """
            CREATE TABLE users (
                id TEXT PRIMARY KEY,
                email TEXT NOT NULL UNIQUE CHECK (email <> '' AND email = lower(email)),
                password_hash TEXT NOT NULL CHECK (password_hash <> ''),
                household_id TEXT NOT NULL REFERENCES households (id) ON DELETE CASCADE,
                theme TEXT NOT NULL DEFAULT 'system' CHECK (theme IN ('system', 'light', 'dark')),
                dashboard_layout TEXT,
                onboarded_at BIGINT,
                created_at BIGINT NOT NULL
            )
            """,
            "CREATE INDEX users_household ON users (household_id)",
            """
            CREATE TABLE user_sessions (
                token_hash TEXT PRIMARY KEY,
                user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                kind TEXT NOT NULL CHECK (kind IN ('browser', 'api')),
                csrf_token TEXT NOT NULL,
                created_at BIGINT NOT NULL,
                expires_at BIGINT NOT NULL CHECK (expires_at > created_at)
            )
            """,
            "CREATE INDEX user_sessions_user ON user_sessions (user_id)",
        ]
    }
}
