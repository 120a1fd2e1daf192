import Foundation

/// What the ingest planner decided: the actions to write, each with the reason a person can read
/// (DESIGN section 3, "The ingest pipeline").
///
/// The service applies them in one database transaction in the order `unpair`, `drop`, `insert`,
/// `update`, `pair` (a pair needs both of its rows stored; a dropped row's pair goes first).
public struct IngestPlan: Hashable, Sendable {
    /// One decision.
    public enum Action: Hashable, Sendable {
        /// A row not stored before.
        case insert(Transaction, reason: String)
        /// A stored row whose `fields` change from `before` to `after`.
        case update(before: Transaction, after: Transaction, fields: [String], reason: String)
        /// A stored row that goes (a pending authorisation the bank stopped listing: it was cancelled).
        case drop(Transaction, reason: String)
        /// An incoming bank row that is not stored (a person deleted it before).
        case skip(bankID: String, account: Account.ID, reason: String)
        /// A transfer pair formed automatically.
        case pair(TransferMatcher.Pair, reason: String)
        /// An automatic transfer pair that no longer holds.
        case unpair(TransferMatcher.Pair, reason: String)

        /// Why it was decided.
        public var reason: String {
            switch self {
            case .insert(_, let reason), .update(_, _, _, let reason), .drop(_, let reason), .skip(_, _, let reason),
                .pair(_, let reason), .unpair(_, let reason):
                reason
            }
        }
    }

    public var actions: [Action] = []

    public init(actions: [Action] = []) { self.actions = actions }

    /// The rows to insert, in the order decided.
    public var inserts: [Transaction] {
        actions.compactMap { if case .insert(let row, _) = $0 { row } else { nil } }
    }

    /// The stored rows that change, before and after, with the changed field names.
    public var updates: [(before: Transaction, after: Transaction, fields: [String])] {
        actions.compactMap {
            if case .update(let before, let after, let fields, _) = $0 { (before, after, fields) } else { nil }
        }
    }

    /// The stored rows to delete.
    public var drops: [Transaction] {
        actions.compactMap { if case .drop(let row, _) = $0 { row } else { nil } }
    }

    /// The incoming bank ids left out because a person deleted them.
    public var skipped: [String] {
        actions.compactMap { if case .skip(let bankID, _, _) = $0 { bankID } else { nil } }
    }

    /// Automatic pairs to form.
    public var pairs: [TransferMatcher.Pair] {
        actions.compactMap { if case .pair(let pair, _) = $0 { pair } else { nil } }
    }

    /// Automatic pairs to break.
    public var unpairs: [TransferMatcher.Pair] {
        actions.compactMap { if case .unpair(let pair, _) = $0 { pair } else { nil } }
    }

    /// Every row as it stands after the plan: inserted and updated ones.
    public var written: [Transaction] { inserts + updates.map(\.after) }
}
