extension Migration {
    /// A trigram index over each transaction's `search_key` on SQLite (FTS5 with the `trigram` tokenizer,
    /// the transactions table as its external content, kept current by triggers), so a search for a word
    /// seen a hundred times in a million transactions finds its rows without reading every key.
    ///
    /// It keeps no positions (`detail = 'none'`): substring `LIKE` needs only which rows hold every trigram.
    /// The index is keyed by the transactions' rowids; queries keep their `LIKE` on `search_key` as well, so an
    /// answer can never include a row that does not match. PostgreSQL has its own, with `pg_trgm` (migration
    /// 0019, `postgresSearch`).
    static let search = Migration(name: "0009-search") { dialect in
        guard dialect == .sqlite else { return [] }
        return [
            """
            CREATE VIRTUAL TABLE transaction_search USING fts5(
                search_key, content = 'transactions', content_rowid = 'rowid', tokenize = 'trigram', detail = 'none'
            )
            """,
            """
            CREATE TRIGGER transactions_search_insert AFTER INSERT ON transactions BEGIN
                INSERT INTO transaction_search (rowid, search_key) VALUES (new.rowid, new.search_key);
            END
            """,
            """
            CREATE TRIGGER transactions_search_delete AFTER DELETE ON transactions BEGIN
                INSERT INTO transaction_search (transaction_search, rowid, search_key)
                VALUES ('delete', old.rowid, old.search_key);
            END
            """,
            """
            CREATE TRIGGER transactions_search_update AFTER UPDATE OF search_key ON transactions BEGIN
                INSERT INTO transaction_search (transaction_search, rowid, search_key)
                VALUES ('delete', old.rowid, old.search_key);
                INSERT INTO transaction_search (rowid, search_key) VALUES (new.rowid, new.search_key);
            END
            """,
            "INSERT INTO transaction_search (transaction_search) VALUES ('rebuild')",
        ]
    }
}
