extension Migration {
    /// The CSV column mapping a person last imported each account's bank files with (issue 19), so the
    /// next file from the same bank needs no mapping step. The mapping is JSON (`CSVMapping`'s encoding):
    /// it is read and written whole, never queried by its parts.
    static let bankFileMappings = Migration(name: "0018-bank-file-mappings") { _ in
        [
            """
            CREATE TABLE bank_file_mappings (
                id TEXT PRIMARY KEY,
                household_id TEXT NOT NULL REFERENCES households (id) ON DELETE CASCADE,
                account_id TEXT NOT NULL UNIQUE REFERENCES accounts (id) ON DELETE CASCADE,
                mapping TEXT NOT NULL CHECK (length(mapping) BETWEEN 2 AND 4000),
                created_at BIGINT NOT NULL,
                updated_at BIGINT NOT NULL
            )
            """
        ]
    }
}
