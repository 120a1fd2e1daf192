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
