extension Migration {
    /// PostgreSQL's counterpart of SQLite's trigram index (migration 0009): a GIN index with `pg_trgm` over each
    /// transaction's `search_key`, so a substring search for a rare word reads the rows holding its trigrams
    /// instead of scanning the household's history (the same `LIKE`, planned onto the index).
    ///
    /// `pg_trgm` ships with PostgreSQL and is a trusted extension (13 and later), so a database owner may add
    /// it; where it cannot be added (a managed server without it, a role without the right) the migration says
    /// so in the server's log and searches keep the plain scan, which gives the same answers, slower. The
    /// extension may live in any schema, so the index names its operator class there.
    static let postgresSearch = Migration(name: "0019-postgres-search") { dialect in
        guard dialect == .postgres else { return [] }
        return [
            """
            DO $gv$
            DECLARE
                home name;
            BEGIN
                BEGIN
                    CREATE EXTENSION IF NOT EXISTS pg_trgm;
                EXCEPTION WHEN OTHERS THEN
                    RAISE WARNING 'pg_trgm could not be added (%); searches scan instead of using an index', SQLERRM;
                    RETURN;
                END;
                SELECT n.nspname INTO home FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
                WHERE e.extname = 'pg_trgm';
                EXECUTE format(
                    'CREATE INDEX IF NOT EXISTS transactions_search_trigram ON transactions '
                    'USING gin (search_key %I.gin_trgm_ops)', home);
            END
            $gv$
            """
        ]
    }
}
