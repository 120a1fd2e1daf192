import NIOCore
import NIOPosix
import PostgresNIO
import SQLiteNIO

/// A failure in the store, with a code callers can act on and a message a person can act on.
public struct StoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of failure it is.
    public enum Code: String, Hashable, Sendable {
        /// The location or settings are wrong; the message says which.
        case configuration
        /// The database could not be reached or opened.
        case unavailable
        /// The database server stopped answering while the program runs (it is down, restarting or cut off);
        /// a later try may work without anyone doing anything.
        case unreachable
        /// The row asked for does not exist in this household.
        case notFound
        /// A unique key already holds this value.
        case duplicate
        /// A row refers to one that does not exist, or is still referred to.
        case reference
        /// A value broke a rule of the schema (a CHECK constraint).
        case invalidValue
        /// A write was attempted through a read-only session.
        case readOnly
        /// The schema is newer than this program, or a migration failed.
        case migration
        /// A stored value breaks the schema's promises (the file was edited by hand or damaged).
        case corrupt
    }

    public let code: Code
    public let message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }

    /// Recognises constraint violations of either database and says what they mean; nil for other errors.
    ///
    /// SQLite reports constraints through its extended result codes, PostgreSQL through SQLSTATE
    /// class 23; both are read by code, never by matching message text.
    static func constraint(from error: any Error) -> StoreError? {
        if let error = error as? SQLiteError {
            let text = error.message
            switch error.reason {
            case .constraintUniqueFailed, .constraintPrimaryKeyFailed:
                return StoreError(.duplicate, "That value is already taken (\(text)).")
            case .constraintForeignKeyFailed:
                return StoreError(.reference, "The change refers to a missing row or would orphan one (\(text)).")
            case .constraintCheckFailed, .constraintNotNullFailed:
                return StoreError(.invalidValue, "A value is not allowed (\(text)).")
            default:
                return nil
            }
        }
        if let error = error as? PSQLError, let state = error.serverInfo?[.sqlState] {
            let detail = error.serverInfo?[.message] ?? state
            switch state {
            case "23505": return StoreError(.duplicate, "That value is already taken (\(detail)).")
            case "23503":
                return StoreError(.reference, "The change refers to a missing row or would orphan one (\(detail)).")
            case "23514", "23502": return StoreError(.invalidValue, "A value is not allowed (\(detail)).")
            default: return nil
            }
        }
        return nil
    }

    /// Recognises a PostgreSQL server that stopped answering (a refused or dropped connection, a server
    /// shutting down or not yet accepting connections) and says so; nil for other errors.
    static func outage(from error: any Error) -> StoreError? {
        if let error = error as? StoreError { return error.code == .unreachable ? error : nil }
        let cause: String
        switch error {
        case let error as PSQLError:
            switch error.code {
            case .connectionError, .serverClosedConnection, .uncleanShutdown:
                cause = "\(error.code)" + (error.underlying.map { ": \($0)" } ?? "")
            case .server:
                // Class 08 is a connection exception; 57P01-57P03 a server shutting down or starting up.
                guard let state = error.serverInfo?[.sqlState],
                    state.hasPrefix("08") || ["57P01", "57P02", "57P03"].contains(state)
                else { return nil }
                cause = "SQLSTATE \(state): \(error.serverInfo?[.message] ?? "")"
            default:
                return nil
            }
        case is NIOConnectionError, is ChannelError, is IOError:
            cause = "\(error)"
        case let expired as ConnectionWaitExpired:
            cause =
                "no connection within \(expired.wait): the server does not answer, or every pooled connection "
                + "stayed busy that long"
        default:
            return nil
        }
        return unreachable(cause: cause)
    }

    /// The database does not answer; `cause` (for the log) says how it failed.
    static func unreachable(cause: String) -> StoreError {
        StoreError(.unreachable, "GhostVault cannot reach its database (\(cause)); it will retry.")
    }
}

/// No pooled PostgreSQL connection was given within `connect_timeout` (`VaultDatabase.lease`); an outage.
struct ConnectionWaitExpired: Error {
    let wait: Duration
}
