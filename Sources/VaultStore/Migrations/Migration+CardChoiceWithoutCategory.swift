extension Migration {
    /// A card entry's choice row without a bonus category (issue 34: an expense logged with a card but no bonus
    /// category stored `general` as if the person had chosen it, overriding the payee's remembered category and
    /// the suggestion). The row stays for its `logged_with_card` mark and foreign flag; a NULL category means none
    /// was chosen. Rows stored before this keep their `general`: which of them a person chose cannot be told.
    ///
    /// SQLite cannot drop a NOT NULL in place, so the table is made again with the same columns and checks (the
    /// check passes for NULL) and its rows copied; nothing refers to it, and it has no index but its key.
    static let cardChoiceWithoutCategory = Migration(name: "0024-card-choice-without-category") { dialect in
        switch dialect {
        case .postgres:
            return ["ALTER TABLE card_expense_choices ALTER COLUMN bonus_category DROP NOT NULL"]
        case .sqlite:
            let categories =
                "('online', 'contactless', 'foreignCurrency', 'dining', 'travel', 'groceries', 'transport', "
                + "'shopping', 'fuel', 'general')"
            return [
                """
                CREATE TABLE card_expense_choices_new (
                    household_id TEXT NOT NULL,
                    transaction_id TEXT NOT NULL,
                    bonus_category TEXT CHECK (bonus_category IN \(categories)),
                    foreign_currency BOOLEAN,
                    logged_with_card BOOLEAN NOT NULL DEFAULT FALSE,
                    PRIMARY KEY (household_id, transaction_id),
                    FOREIGN KEY (household_id, transaction_id) REFERENCES transactions (household_id, id)
                        ON DELETE CASCADE
                )
                """,
                """
                INSERT INTO card_expense_choices_new
                    (household_id, transaction_id, bonus_category, foreign_currency, logged_with_card)
                SELECT household_id, transaction_id, bonus_category, foreign_currency, logged_with_card
                FROM card_expense_choices
                """,
                "DROP TABLE card_expense_choices",
                "ALTER TABLE card_expense_choices_new RENAME TO card_expense_choices",
            ]
        }
    }
}
