extension Migration {
    /// Recurring rules (spec `expense-tracker.md` 2.6, issue 18): scheduled entries, and which transactions are
    /// their instances.
    ///
    /// A rule's instances are ordinary transactions; `recurring_instances` links each date the rule has filled to
    /// the transaction made for it, with its role: `template` (the entry the rule was made from), `generated`
    /// (made by the rule, which may replace it when the rule changes) or `edited` (changed by a person since, which
    /// the rule never touches again). The date stays the scheduled one when a person moves the entry, and the row
    /// stays when a person deletes the entry (its transaction becomes NULL), so the rule never fills that date
    /// again. Deleting a rule removes its rows and keeps its transactions.
    static let recurringRules = Migration(name: "0014-recurring-rules") { _ in
        [
            """
            CREATE TABLE recurring_rules (
                id TEXT PRIMARY KEY,
                household_id TEXT NOT NULL REFERENCES households (id) ON DELETE CASCADE,
                account_id TEXT NOT NULL,
                amount_minor BIGINT NOT NULL CHECK (amount_minor <> 0),
                category_id TEXT,
                description TEXT NOT NULL CHECK (length(description) BETWEEN 1 AND 2000),
                payee TEXT,
                tags TEXT NOT NULL,
                notes TEXT,
                cadence TEXT NOT NULL CHECK (cadence IN ('daily', 'weekly', 'monthly', 'yearly')),
                interval_count BIGINT NOT NULL CHECK (interval_count BETWEEN 1 AND 999),
                start_date BIGINT NOT NULL CHECK (start_date BETWEEN 10101 AND 99991231),
                end_date BIGINT CHECK (end_date IS NULL OR end_date >= start_date),
                enabled BOOLEAN NOT NULL,
                generated_through_year BIGINT NOT NULL,
                created_at BIGINT NOT NULL,
                updated_at BIGINT NOT NULL,
                UNIQUE (household_id, id),
                FOREIGN KEY (household_id, account_id) REFERENCES accounts (household_id, id) ON DELETE CASCADE,
                FOREIGN KEY (household_id, category_id) REFERENCES categories (household_id, id)
            )
            """,
            """
            CREATE TABLE recurring_instances (
                household_id TEXT NOT NULL,
                rule_id TEXT NOT NULL,
                scheduled_date BIGINT NOT NULL CHECK (scheduled_date BETWEEN 10101 AND 99991231),
                transaction_id TEXT REFERENCES transactions (id) ON DELETE SET NULL,
                role TEXT NOT NULL CHECK (role IN ('template', 'generated', 'edited')),
                PRIMARY KEY (household_id, rule_id, scheduled_date),
                FOREIGN KEY (household_id, rule_id) REFERENCES recurring_rules (household_id, id) ON DELETE CASCADE
            )
            """,
            "CREATE UNIQUE INDEX recurring_instances_by_transaction ON recurring_instances (household_id, transaction_id)",
        ]
    }
}
