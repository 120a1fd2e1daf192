extension Migration {
    /// Sign-in failures and the addresses each account signed in from, in the database so that every server
    /// sharing it, and a restarted one, sees the same counts (issue 22; `LoginLimits`). A row counts the failures
    /// under one key at one millisecond. Not household data: they are kept for the limits' window only.
    static let loginAttempts = Migration(name: "0017-login-attempts") { _ in
        [
            """
            CREATE TABLE login_failures (
                key TEXT NOT NULL CHECK (length(key) BETWEEN 1 AND 700),
                at_ms BIGINT NOT NULL,
                count BIGINT NOT NULL CHECK (count >= 1),
                PRIMARY KEY (key, at_ms)
            )
            """,
            "CREATE INDEX login_failures_by_time ON login_failures (at_ms)",
            """
            CREATE TABLE login_familiar (
                email TEXT NOT NULL CHECK (length(email) BETWEEN 1 AND 320),
                address TEXT NOT NULL CHECK (length(address) BETWEEN 1 AND 300),
                last_ms BIGINT NOT NULL,
                PRIMARY KEY (email, address)
            )
            """,
        ]
    }
}
