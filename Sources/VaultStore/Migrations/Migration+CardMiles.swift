extension Migration {
    /// Miles cards (spec `card-miles.md`, issue 17): the cards a household tracks, the bonus category a person
    /// chose for one transaction, and the one remembered for a payee on a card.
    ///
    /// `logged_with_card` marks an entry made with the card picker: the manual expenses that go with a card linked
    /// to an account it did not make (a bonus category chosen later for another entry does not make it one).
    ///
    /// Every card counts the transactions of one account (`account_id`): a bank-synced or manual credit-card
    /// account it is linked to, or the manual account made for it when the person logs expenses by hand. So a
    /// card expense is an ordinary transaction and shows in every report. A card goes with its account;
    /// `owns_account` marks the account made for the card, which goes with the card.
    ///
    /// Amounts are minor units of the card's currency, rates hundredths of a mile per dollar; caps are a JSON
    /// array (`MilesCardRepository.StoredCap`), read and checked whole by the repository. Banks, networks and
    /// categories are spelled out here, not taken from the enums, so this released migration never changes.
    static let cardMiles = Migration(name: "0013-miles-cards") { _ in
        let banks = "('dbs', 'uob', 'ocbc', 'citibank', 'hsbc', 'standardChartered', 'amex', 'maybank', 'other')"
        let networks = "('visa', 'mastercard', 'amex', 'other')"
        let categories =
            "('online', 'contactless', 'foreignCurrency', 'dining', 'travel', 'groceries', 'transport', 'shopping', "
            + "'fuel', 'general')"
        return [
            """
            CREATE TABLE miles_cards (
                id TEXT PRIMARY KEY,
                household_id TEXT NOT NULL REFERENCES households (id) ON DELETE CASCADE,
                account_id TEXT NOT NULL,
                owns_account BOOLEAN NOT NULL,
                template_id TEXT,
                bank TEXT NOT NULL CHECK (bank IN \(banks)),
                network TEXT NOT NULL CHECK (network IN \(networks)),
                name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 400),
                last_four TEXT CHECK (last_four IS NULL OR length(last_four) = 4),
                currency TEXT NOT NULL CHECK (length(currency) >= 1),
                currency_exponent BIGINT NOT NULL CHECK (currency_exponent BETWEEN 0 AND 4),
                minimum_spend BIGINT CHECK (minimum_spend IS NULL OR minimum_spend > 0),
                maximum_spend BIGINT CHECK (maximum_spend IS NULL OR maximum_spend > 0),
                statement_day BIGINT CHECK (statement_day IS NULL OR statement_day BETWEEN 1 AND 31),
                local_rate BIGINT CHECK (local_rate IS NULL OR local_rate >= 0),
                foreign_rate BIGINT CHECK (foreign_rate IS NULL OR foreign_rate >= 0),
                base_rate BIGINT CHECK (base_rate IS NULL OR base_rate >= 0),
                notes TEXT,
                caps TEXT NOT NULL,
                sort_order BIGINT NOT NULL,
                created_at BIGINT NOT NULL,
                updated_at BIGINT NOT NULL,
                UNIQUE (household_id, id),
                UNIQUE (household_id, account_id),
                FOREIGN KEY (household_id, account_id) REFERENCES accounts (household_id, id) ON DELETE CASCADE
            )
            """,
            """
            CREATE TABLE card_expense_choices (
                household_id TEXT NOT NULL,
                transaction_id TEXT NOT NULL,
                bonus_category TEXT NOT NULL CHECK (bonus_category IN \(categories)),
                foreign_currency BOOLEAN,
                logged_with_card BOOLEAN NOT NULL DEFAULT FALSE,
                PRIMARY KEY (household_id, transaction_id),
                FOREIGN KEY (household_id, transaction_id) REFERENCES transactions (household_id, id) ON DELETE CASCADE
            )
            """,
            """
            CREATE TABLE card_payee_choices (
                household_id TEXT NOT NULL,
                card_id TEXT NOT NULL,
                payee_key TEXT NOT NULL CHECK (length(payee_key) BETWEEN 1 AND 2000),
                bonus_category TEXT NOT NULL CHECK (bonus_category IN \(categories)),
                PRIMARY KEY (household_id, card_id, payee_key),
                FOREIGN KEY (household_id, card_id) REFERENCES miles_cards (household_id, id) ON DELETE CASCADE
            )
            """,
        ]
    }
}
