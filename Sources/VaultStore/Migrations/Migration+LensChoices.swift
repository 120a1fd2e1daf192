extension Migration {
    /// The 50/30/20 bucket a person chose for one transaction (issue 20: "reclassify a transaction as Need /
    /// Want / Savings"), beside the payee choices of `lens_overrides`. A row goes with its transaction.
    static let lensChoices = Migration(name: "0021-lens-choices") { _ in
        [
            """
            CREATE TABLE lens_transaction_choices (
                household_id TEXT NOT NULL,
                transaction_id TEXT NOT NULL,
                bucket TEXT NOT NULL CHECK (bucket IN ('need', 'want', 'savings')),
                PRIMARY KEY (household_id, transaction_id),
                FOREIGN KEY (household_id, transaction_id) REFERENCES transactions (household_id, id) ON DELETE CASCADE
            )
            """
        ]
    }
}
