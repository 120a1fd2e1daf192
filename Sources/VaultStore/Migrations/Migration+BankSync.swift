extension Migration {
    /// Bank sync: SimpleFIN connections with their encrypted access, institutions and accounts tied to
    /// the bank's identities, daily balance snapshots, the per-day request budget, the memory of bank
    /// transactions a person deleted, and the explanation of each identity decision.
    ///
    /// SQLite cannot add a composite foreign key to an existing table, so the new `connection_id`
    /// columns reference `connections (id)` alone; the sync service only links rows of one household.
    static let bankSync = Migration(name: "0002-bank-sync") { _ in
        [
            """
            CREATE TABLE connections (
                id TEXT PRIMARY KEY,
                household_id TEXT NOT NULL REFERENCES households (id) ON DELETE CASCADE,
                label TEXT NOT NULL CHECK (length(label) BETWEEN 1 AND 200),
                server TEXT NOT NULL,
                access_secret TEXT NOT NULL CHECK (length(access_secret) >= 16),
                status TEXT NOT NULL
                    CHECK (status IN ('active', 'needs-token', 'payment-required', 'rate-limited', 'unreachable')),
                status_message TEXT,
                last_sync_at BIGINT,
                last_success_at BIGINT,
                created_at BIGINT NOT NULL,
                updated_at BIGINT NOT NULL,
                UNIQUE (household_id, id)
            )
            """,
            "ALTER TABLE institutions ADD COLUMN connection_id TEXT REFERENCES connections (id) ON DELETE CASCADE",
            "ALTER TABLE institutions ADD COLUMN bank_connection_id TEXT",
            "ALTER TABLE institutions ADD COLUMN status TEXT CHECK (status IS NULL OR status IN ('success', 'failure'))",
            "ALTER TABLE institutions ADD COLUMN status_message TEXT",
            "ALTER TABLE institutions ADD COLUMN last_success_at BIGINT",
            "ALTER TABLE institutions ADD COLUMN updated_at BIGINT NOT NULL DEFAULT 0",
            "ALTER TABLE institutions ADD COLUMN removed BOOLEAN NOT NULL DEFAULT FALSE",
            "CREATE UNIQUE INDEX institutions_bank_identity ON institutions (connection_id, bank_connection_id)",
            "CREATE UNIQUE INDEX accounts_bank_identity ON accounts (institution_id, bank_account_id)",
            "ALTER TABLE transactions ADD COLUMN identity_note TEXT",
            """
            CREATE TABLE balance_snapshots (
                household_id TEXT NOT NULL,
                account_id TEXT NOT NULL,
                date BIGINT NOT NULL CHECK (date BETWEEN 10101 AND 99991231),
                balance_minor BIGINT NOT NULL,
                PRIMARY KEY (account_id, date),
                FOREIGN KEY (household_id, account_id) REFERENCES accounts (household_id, id) ON DELETE CASCADE
            )
            """,
            "CREATE INDEX balance_snapshots_by_date ON balance_snapshots (household_id, date)",
            """
            CREATE TABLE deleted_bank_transactions (
                household_id TEXT NOT NULL,
                account_id TEXT NOT NULL,
                bank_transaction_id TEXT NOT NULL,
                date BIGINT NOT NULL,
                amount_minor BIGINT NOT NULL,
                description TEXT NOT NULL,
                payee TEXT,
                pending BOOLEAN NOT NULL,
                deleted_at BIGINT NOT NULL,
                PRIMARY KEY (account_id, bank_transaction_id),
                FOREIGN KEY (household_id, account_id) REFERENCES accounts (household_id, id) ON DELETE CASCADE
            )
            """,
            """
            CREATE TABLE sync_requests (
                connection_id TEXT NOT NULL REFERENCES connections (id) ON DELETE CASCADE,
                day BIGINT NOT NULL,
                count BIGINT NOT NULL CHECK (count >= 0),
                PRIMARY KEY (connection_id, day)
            )
            """,
        ]
    }
}
