extension Migration {
    /// Classification: rules (a person's and the built-in patterns), transfer pairs with their kind,
    /// the memory of pairs a person unlinked, and the rule that set a transaction's fields.
    static let classification = Migration(name: "0003-classification") { _ in
        [
            """
            CREATE TABLE rules (
                id TEXT PRIMARY KEY,
                household_id TEXT NOT NULL REFERENCES households (id) ON DELETE CASCADE,
                name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
                category_id TEXT,
                classification TEXT CHECK (classification IS NULL OR classification IN ('income', 'expense', 'transfer', 'ignore')),
                tags TEXT NOT NULL DEFAULT '[]',
                exclude_from_totals BOOLEAN NOT NULL DEFAULT FALSE,
                join_mode TEXT NOT NULL CHECK (join_mode IN ('all', 'any')),
                priority BIGINT NOT NULL DEFAULT 0,
                active BOOLEAN NOT NULL DEFAULT TRUE,
                conditions TEXT NOT NULL,
                origin TEXT NOT NULL CHECK (origin IN ('user', 'income-pattern', 'merchant-pattern')),
                created_at BIGINT NOT NULL,
                updated_at BIGINT NOT NULL,
                UNIQUE (household_id, id),
                FOREIGN KEY (household_id, category_id) REFERENCES categories (household_id, id)
            )
            """,
            """
            CREATE TABLE transfer_pairs (
                household_id TEXT NOT NULL,
                outflow_id TEXT NOT NULL,
                inflow_id TEXT NOT NULL,
                kind TEXT NOT NULL CHECK (kind IN ('auto', 'manual')),
                card_payment BOOLEAN NOT NULL,
                created_at BIGINT NOT NULL,
                PRIMARY KEY (outflow_id),
                UNIQUE (inflow_id),
                CHECK (outflow_id <> inflow_id),
                FOREIGN KEY (household_id, outflow_id) REFERENCES transactions (household_id, id) ON DELETE CASCADE,
                FOREIGN KEY (household_id, inflow_id) REFERENCES transactions (household_id, id) ON DELETE CASCADE
            )
            """,
            "CREATE INDEX transfer_pairs_by_household ON transfer_pairs (household_id)",
            """
            CREATE TABLE unlinked_transfers (
                household_id TEXT NOT NULL REFERENCES households (id) ON DELETE CASCADE,
                first_id TEXT NOT NULL,
                second_id TEXT NOT NULL,
                PRIMARY KEY (first_id, second_id),
                CHECK (first_id < second_id)
            )
            """,
            "ALTER TABLE transactions ADD COLUMN rule_id TEXT REFERENCES rules (id) ON DELETE SET NULL",
        ]
    }
}
