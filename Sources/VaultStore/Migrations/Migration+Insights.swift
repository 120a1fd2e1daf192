extension Migration {
    /// Insights: budget targets, a person's decisions about recurring series, the 50/30/20 lens's targets
    /// and overrides, and a covering index so month reports never touch the table rows.
    static let insights = Migration(name: "0004-insights") { _ in
        [
            """
            CREATE TABLE budgets (
                id TEXT PRIMARY KEY,
                household_id TEXT NOT NULL,
                category_id TEXT NOT NULL,
                target_minor BIGINT CHECK (target_minor IS NULL OR target_minor >= 0),
                notes TEXT CHECK (notes IS NULL OR length(notes) <= 1000),
                created_at BIGINT NOT NULL,
                updated_at BIGINT NOT NULL,
                UNIQUE (household_id, category_id),
                CHECK (target_minor IS NOT NULL OR notes IS NOT NULL),
                FOREIGN KEY (household_id, category_id) REFERENCES categories (household_id, id) ON DELETE CASCADE
            )
            """,
            """
            CREATE TABLE recurring_decisions (
                id TEXT PRIMARY KEY,
                household_id TEXT NOT NULL REFERENCES households (id) ON DELETE CASCADE,
                series_key TEXT NOT NULL CHECK (length(series_key) BETWEEN 1 AND 300),
                status TEXT NOT NULL CHECK (status IN ('confirmed', 'dismissed', 'deleted')),
                decided_on BIGINT NOT NULL CHECK (decided_on BETWEEN 10101 AND 99991231),
                created_at BIGINT NOT NULL,
                updated_at BIGINT NOT NULL,
                UNIQUE (household_id, series_key)
            )
            """,
            """
            CREATE TABLE lens_targets (
                id TEXT PRIMARY KEY,
                household_id TEXT NOT NULL UNIQUE REFERENCES households (id) ON DELETE CASCADE,
                needs BIGINT NOT NULL CHECK (needs BETWEEN 0 AND 100),
                wants BIGINT NOT NULL CHECK (wants BETWEEN 0 AND 100),
                savings BIGINT NOT NULL CHECK (savings BETWEEN 0 AND 100),
                created_at BIGINT NOT NULL,
                updated_at BIGINT NOT NULL,
                CHECK (needs + wants + savings = 100)
            )
            """,
            """
            CREATE TABLE lens_overrides (
                id TEXT PRIMARY KEY,
                household_id TEXT NOT NULL REFERENCES households (id) ON DELETE CASCADE,
                payee_key TEXT NOT NULL CHECK (length(payee_key) BETWEEN 1 AND 300),
                bucket TEXT NOT NULL CHECK (bucket IN ('need', 'want', 'savings')),
                created_at BIGINT NOT NULL,
                updated_at BIGINT NOT NULL,
                UNIQUE (household_id, payee_key)
            )
            """,
            // Month reports sum amounts by day, account, classification and category; with every column they
            // read in the index, a month of a million-row household is a short index range scan.
            """
            CREATE INDEX transactions_totals ON transactions
                (household_id, date, account_id, classification, category_id, excluded, pending, amount_minor)
            """,
        ]
    }
}
