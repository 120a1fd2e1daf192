extension Migration {
    /// The first schema: households, institutions, accounts, categories, transactions with their tags,
    /// and the change log.
    ///
    /// Conventions: ids are lower-case UUID text; money is `BIGINT` minor units in the account's
    /// currency; calendar dates are `BIGINT` `YYYYMMDD`; instants (`*_at`) are `BIGINT` Unix seconds;
    /// booleans are `BOOLEAN`. The same text runs on SQLite and PostgreSQL. Every table below
    /// `households` carries `household_id`, and references between them include it, so the schema
    /// itself refuses a row that points into another household.
    static let foundation = Migration(name: "0001-foundation") { _ in
        let provenance =
            "('rule', 'manual', 'transfer-match', 'card-payment', 'income-pattern', 'merchant-pattern', 'default')"
        return [
            """
            CREATE TABLE households (
                id TEXT PRIMARY KEY,
                name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
                time_zone TEXT NOT NULL CHECK (length(time_zone) >= 1),
                base_currency TEXT NOT NULL CHECK (length(base_currency) >= 1),
                base_currency_exponent BIGINT NOT NULL CHECK (base_currency_exponent BETWEEN 0 AND 4),
                first_weekday BIGINT NOT NULL DEFAULT 1 CHECK (first_weekday BETWEEN 1 AND 7),
                change_seq BIGINT NOT NULL DEFAULT 0 CHECK (change_seq >= 0),
                created_at BIGINT NOT NULL
            )
            """,
            """
            CREATE TABLE institutions (
                id TEXT PRIMARY KEY,
                household_id TEXT NOT NULL REFERENCES households (id) ON DELETE CASCADE,
                name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
                domain TEXT,
                created_at BIGINT NOT NULL,
                UNIQUE (household_id, id)
            )
            """,
            """
            CREATE TABLE accounts (
                id TEXT PRIMARY KEY,
                household_id TEXT NOT NULL REFERENCES households (id) ON DELETE CASCADE,
                institution_id TEXT,
                name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
                nickname TEXT CHECK (nickname IS NULL OR length(nickname) BETWEEN 1 AND 200),
                kind TEXT NOT NULL CHECK (kind IN ('checking', 'savings', 'credit-card', 'investment', 'brokerage',
                    'loan', 'mortgage', 'cash', 'property', 'vehicle', 'other')),
                net_worth_category TEXT NOT NULL
                    CHECK (net_worth_category IN ('bank-accounts', 'investments', 'liabilities', 'other-assets')),
                currency TEXT NOT NULL CHECK (length(currency) >= 1),
                currency_exponent BIGINT NOT NULL CHECK (currency_exponent BETWEEN 0 AND 4),
                balance_minor BIGINT NOT NULL DEFAULT 0,
                balance_date BIGINT CHECK (balance_date IS NULL OR balance_date BETWEEN 10101 AND 99991231),
                hidden BOOLEAN NOT NULL DEFAULT FALSE,
                tracking_only BOOLEAN NOT NULL DEFAULT FALSE,
                active BOOLEAN NOT NULL DEFAULT TRUE,
                sort_order BIGINT NOT NULL DEFAULT 0,
                bank_account_id TEXT,
                created_at BIGINT NOT NULL,
                updated_at BIGINT NOT NULL,
                UNIQUE (household_id, id),
                FOREIGN KEY (household_id, institution_id) REFERENCES institutions (household_id, id)
            )
            """,
            "CREATE INDEX accounts_by_institution ON accounts (household_id, institution_id)",
            """
            CREATE TABLE categories (
                id TEXT PRIMARY KEY,
                household_id TEXT NOT NULL REFERENCES households (id) ON DELETE CASCADE,
                parent_id TEXT CHECK (parent_id IS NULL OR parent_id <> id),
                name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
                key TEXT NOT NULL CHECK (length(key) >= 1),
                kind TEXT NOT NULL CHECK (kind IN ('expense', 'income', 'transfer')),
                emoji TEXT,
                color TEXT CHECK (color IS NULL OR length(color) = 7),
                active BOOLEAN NOT NULL DEFAULT TRUE,
                created_at BIGINT NOT NULL,
                updated_at BIGINT NOT NULL,
                UNIQUE (household_id, id),
                UNIQUE (household_id, key),
                FOREIGN KEY (household_id, parent_id) REFERENCES categories (household_id, id)
            )
            """,
            "CREATE INDEX categories_by_parent ON categories (household_id, parent_id)",
            """
            CREATE TABLE transactions (
                id TEXT PRIMARY KEY,
                household_id TEXT NOT NULL,
                account_id TEXT NOT NULL,
                date BIGINT NOT NULL CHECK (date BETWEEN 10101 AND 99991231),
                posted_at BIGINT,
                transacted_at BIGINT,
                amount_minor BIGINT NOT NULL,
                description TEXT NOT NULL,
                payee TEXT,
                memo TEXT,
                pending BOOLEAN NOT NULL DEFAULT FALSE,
                notes TEXT,
                payment_flag TEXT CHECK (payment_flag IN ('paid', 'unpaid')),
                reimbursement_flag TEXT CHECK (reimbursement_flag IN ('reimbursed', 'unreimbursed')),
                excluded BOOLEAN NOT NULL DEFAULT FALSE,
                excluded_source TEXT NOT NULL CHECK (excluded_source IN \(provenance)),
                category_id TEXT,
                category_source TEXT NOT NULL CHECK (category_source IN \(provenance)),
                classification TEXT NOT NULL CHECK (classification IN ('income', 'expense', 'transfer', 'ignore')),
                classification_source TEXT NOT NULL CHECK (classification_source IN \(provenance)),
                source TEXT NOT NULL CHECK (source IN ('bank', 'import', 'manual', 'recurring')),
                bank_transaction_id TEXT,
                search_key TEXT NOT NULL,
                created_at BIGINT NOT NULL,
                updated_at BIGINT NOT NULL,
                UNIQUE (household_id, id),
                FOREIGN KEY (household_id, account_id) REFERENCES accounts (household_id, id) ON DELETE CASCADE,
                FOREIGN KEY (household_id, category_id) REFERENCES categories (household_id, id)
            )
            """,
            // Bank ids are unique only within their account; NULLs (manual rows) never collide.
            "CREATE UNIQUE INDEX transactions_bank_identity ON transactions (account_id, bank_transaction_id)",
            "CREATE INDEX transactions_by_date ON transactions (household_id, date, id)",
            "CREATE INDEX transactions_by_account ON transactions (account_id, date)",
            "CREATE INDEX transactions_by_category ON transactions (household_id, category_id)",
            """
            CREATE TABLE transaction_tags (
                household_id TEXT NOT NULL,
                transaction_id TEXT NOT NULL,
                tag TEXT NOT NULL CHECK (length(tag) BETWEEN 1 AND 100 AND tag = lower(tag) AND tag = trim(tag)),
                position BIGINT NOT NULL,
                PRIMARY KEY (transaction_id, tag),
                FOREIGN KEY (household_id, transaction_id) REFERENCES transactions (household_id, id) ON DELETE CASCADE
            )
            """,
            "CREATE INDEX transaction_tags_by_tag ON transaction_tags (household_id, tag)",
            """
            CREATE TABLE changes (
                household_id TEXT NOT NULL REFERENCES households (id) ON DELETE CASCADE,
                seq BIGINT NOT NULL CHECK (seq >= 1),
                entity TEXT NOT NULL,
                entity_id TEXT NOT NULL,
                operation TEXT NOT NULL CHECK (operation IN ('insert', 'update', 'delete')),
                fields TEXT NOT NULL,
                actor TEXT NOT NULL,
                at BIGINT NOT NULL,
                PRIMARY KEY (household_id, seq)
            )
            """,
        ]
    }
}
