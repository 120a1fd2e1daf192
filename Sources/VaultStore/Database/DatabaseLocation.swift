import Foundation

/// Where the data lives: an SQLite file (the embedded default), a private in-memory SQLite database
/// (tests), or a PostgreSQL server named by a `postgres://` URL.
public enum DatabaseLocation: Sendable, Hashable, CustomStringConvertible {
    case sqliteFile(path: String)
    case sqliteMemory
    case postgres(PostgresLocation)

    /// Reads `--database`: a `postgres://` or `postgresql://` URL, `:memory:`, or a file path.
    public init(parsing text: String) throws(StoreError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty {
            throw StoreError(.configuration, "The database location is empty; give a file path or a postgres:// URL.")
        } else if trimmed == ":memory:" {
            self = .sqliteMemory
        } else if trimmed.hasPrefix("postgres://") || trimmed.hasPrefix("postgresql://") {
            self = .postgres(try PostgresLocation(url: trimmed))
        } else if trimmed.contains("://") {
            throw StoreError(
                .configuration,
                "'\(trimmed.prefix(while: { $0 != ":" }))://' databases are not supported; "
                    + "give a file path for SQLite or a postgres:// URL.")
        } else {
            self = .sqliteFile(path: (trimmed as NSString).expandingTildeInPath)
        }
    }

    /// The location for logs and messages, with any password left out.
    public var description: String {
        switch self {
        case .sqliteFile(let path): path
        case .sqliteMemory: ":memory:"
        case .postgres(let location): location.description
        }
    }
}

/// A PostgreSQL server and database, parsed from `postgres://user:password@host:port/database?sslmode=...`.
public struct PostgresLocation: Sendable, Hashable, CustomStringConvertible {
    public var host: String
    public var port: Int
    public var username: String
    public var password: String?
    public var database: String?
    /// `disable` (the default on loopback), `prefer` or `require`.
    public var tlsMode: String
    /// A schema to work in instead of `public`; tests give each test its own.
    public var schema: String?
    /// How long a query waits for a connection (and a new connection for the server) before the database
    /// counts as unreachable: `connect_timeout` in seconds, as libpq names it; 5 unless given.
    public var connectTimeout: Duration = .seconds(5)

    public init(url text: String) throws(StoreError) {
        guard let url = URLComponents(string: text), let host = url.host, !host.isEmpty else {
            throw StoreError(
                .configuration,
                "The PostgreSQL URL could not be read; write it as "
                    + "postgres://user:password@host:5432/database.")
        }
        self.host = host
        self.port = url.port ?? 5432
        self.username = url.percentEncodedUser?.removingPercentEncoding ?? "postgres"
        self.password = url.percentEncodedPassword?.removingPercentEncoding
        let path = url.path.hasPrefix("/") ? String(url.path.dropFirst()) : url.path
        self.database = path.isEmpty ? nil : path
        let query = Dictionary((url.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { $1 })
        let isLoopback = ["localhost", "127.0.0.1", "::1"].contains(host)
        self.tlsMode = query["sslmode"] ?? (isLoopback ? "disable" : "require")
        guard ["disable", "prefer", "require"].contains(tlsMode) else {
            throw StoreError(.configuration, "sslmode=\(tlsMode) is not supported; use disable, prefer or require.")
        }
        if let text = query["connect_timeout"] {
            guard let seconds = Int(text), (1...300).contains(seconds) else {
                throw StoreError(
                    .configuration, "connect_timeout=\(text) must be a whole number of seconds from 1 to 300.")
            }
            self.connectTimeout = .seconds(seconds)
        }
        self.schema = query["schema"]
        if let schema, !schema.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }) {
            throw StoreError(.configuration, "schema=\(schema) must be letters, digits and underscores.")
        }
    }

    /// The URL without the password.
    public var description: String {
        "postgres://\(username)@\(host):\(port)/\(database ?? "")" + (schema.map { "?schema=\($0)" } ?? "")
    }
}
