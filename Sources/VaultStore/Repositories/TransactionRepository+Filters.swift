import SQLKit
import VaultCore

extension TransactionRepository {
    /// The SQL form of one flag's filter: the column equal to the flag's value, or NULL for "not set" (the
    /// column is NULL exactly when the Swift property is nil).
    static func flagCondition<Flag>(_ column: String, _ filter: FlagFilter<Flag>) -> SQLQueryString {
        switch filter {
        case .flagged(let flag): "\(unsafeRaw: column) = \(bind: flag.rawValue)"
        case .notSet: "\(unsafeRaw: column) IS NULL"
        }
    }
}
