extension Migration {
    /// Receipts (spec `expense-tracker.md` 2.5): photos and PDFs attached to transactions, kept in the database
    /// itself (DESIGN section 4), so one SQLite file or one PostgreSQL database is the whole household for
    /// backups and for several servers.
    ///
    /// The bytes are a `BLOB` on SQLite and `bytea` on PostgreSQL, the only column here that differs. A receipt
    /// references its transaction with the household in the key, so the schema refuses one that points into
    /// another household, and goes with its transaction (`ON DELETE CASCADE`; the service deletes them itself
    /// first so the change log records each).
    static let receipts = Migration(name: "0011-receipts") { dialect in
        let bytes = dialect == .postgres ? "BYTEA" : "BLOB"
        // Spelled out, not taken from `ReceiptType`, so this released migration never changes with the code.
        let types = "('image/jpeg', 'image/png', 'image/webp', 'application/pdf')"
        return [
            """
            CREATE TABLE receipts (
                id TEXT PRIMARY KEY,
                household_id TEXT NOT NULL REFERENCES households (id) ON DELETE CASCADE,
                transaction_id TEXT NOT NULL,
                file_name TEXT NOT NULL CHECK (length(file_name) BETWEEN 1 AND 255),
                content_type TEXT NOT NULL CHECK (content_type IN \(types)),
                byte_size BIGINT NOT NULL CHECK (byte_size >= 1),
                content \(bytes) NOT NULL CHECK (length(content) = byte_size),
                created_at BIGINT NOT NULL,
                UNIQUE (household_id, id),
                FOREIGN KEY (household_id, transaction_id) REFERENCES transactions (household_id, id) ON DELETE CASCADE
            )
            """,
            "CREATE INDEX receipts_by_transaction ON receipts (household_id, transaction_id, created_at, id)",
        ]
    }
}
