import SimpleFIN
import VaultCore
import VaultStore

/// A failed use case, with a stable code for API clients and a message that says what to do.
public struct VaultError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Stable codes; the API and the CLI's exit status are derived from them.
    public enum Code: String, Hashable, Sendable {
        /// The input was refused whole; `problems` lists every reason.
        case invalidInput = "invalid_input"
        /// The thing referred to does not exist (in this household).
        case notFound = "not_found"
        /// The request contradicts what is stored (a duplicate, or a row still in use).
        case conflict
        /// The action needs a confirmation it did not get.
        case confirmationRequired = "confirmation_required"
        /// The database or another dependency could not be used.
        case unavailable
        /// The database server does not answer now (down, restarting, cut off); retrying later works.
        case databaseUnreachable = "database_unreachable"
        /// The sign-in or token was not accepted.
        case unauthorized
        /// What was sent is larger than GhostVault keeps (a receipt over its size limit); the message says the limit.
        case tooLarge = "too_large"
        /// The person is signed in but their role in the household does not allow this (only the owner erases it).
        case forbidden
    }

    public let code: Code
    public let message: String
    public let problems: [Problem]

    public init(_ code: Code, _ message: String, problems: [Problem] = []) {
        self.code = code
        self.message = message
        self.problems = problems
    }

    /// Refused input, every problem listed.
    public init(_ invalid: InvalidInput) {
        self.init(
            .invalidInput,
            invalid.problems.count == 1
                ? invalid.problems[0].message : "The input has \(invalid.problems.count) problems.",
            problems: invalid.problems)
    }

    /// Whether the person can fix it by changing what they asked for (the CLI exits with 2 then).
    public var isUserCorrectable: Bool { code != .unavailable && code != .databaseUnreachable }

    public var description: String {
        guard problems.count > 1 else { return message }
        return message + "\n" + problems.map { "  - \($0.field): \($0.message)" }.joined(separator: "\n")
    }

    /// Whether `error` says the database stopped answering (from the store, or translated here): work that
    /// fails so is retried later, and its failure is logged once per outage by the store.
    public static func isOutage(_ error: any Error) -> Bool {
        (wrap(error) as? VaultError)?.code == .databaseUnreachable
    }

    /// Translates errors from lower layers into a `VaultError`; others pass through unchanged.
    static func wrap(_ error: any Error) -> any Error {
        switch error {
        case let error as VaultError: return error
        case let error as InvalidInput: return VaultError(error)
        case let error as BankFileError:
            // A file too large is refused as such; any other problem is in the file, for the person to fix.
            // A choice the person makes (the encoding, the statement, the date order) names its field.
            switch error.code {
            case .tooLarge: return VaultError(.tooLarge, error.message)
            case .unknownEncoding: return VaultError(InvalidInput(field: "encoding", error.message))
            case .ambiguous:
                let dates = !error.choices.isEmpty && error.choices.allSatisfy { BankDateFormat(rawValue: $0) != nil }
                return VaultError(InvalidInput(field: dates ? "dateFormat" : "statement", error.message))
            default: return VaultError(InvalidInput(field: "file", error.message))
            }
        case let error as MoneyError:
            // An amount that would overflow a balance or total is input to fix, not a server failure.
            return VaultError(InvalidInput(field: "amount", "\(error)"))
        case let error as StoreError:
            switch error.code {
            case .notFound: return VaultError(.notFound, error.message)
            case .duplicate, .reference, .invalidValue: return VaultError(.conflict, error.message)
            case .configuration: return VaultError(.invalidInput, error.message)
            case .unavailable, .readOnly, .migration, .corrupt: return VaultError(.unavailable, error.message)
            case .unreachable: return VaultError(.databaseUnreachable, error.message)
            }
        case let error as SimpleFINError:
            switch error.code {
            // A token that is not one, or was used already: the person pastes a new one.
            // A bridge on this server's own network: the person needs a token from a public bridge (or the
            // operator allows private bridges).
            case .invalidSetupToken, .invalidAccessURL, .claimRefused, .privateAddress:
                return VaultError(InvalidInput(field: "setup-token", error.message))
            case .accessRevoked, .paymentRequired: return VaultError(.conflict, error.message)
            case .rateLimited, .unexpectedStatus, .notJSON, .malformedResponse, .timeout, .transport:
                return VaultError(.unavailable, error.message)
            }
        default: return error
        }
    }
}

/// Runs a use case, turning lower-layer errors into `VaultError`s.
func vaultOperation<T>(_ body: () async throws -> T) async throws -> T {
    do { return try await body() } catch { throw VaultError.wrap(error) }
}
