extension Migration {
    /// An index of pending rows by account: every bank sync reads its accounts' pending rows (identity
    /// candidates), which otherwise scans each account's whole history (issue 15).
    static let pendingRows = Migration(name: "0012-pending-rows") { _ in
        ["CREATE INDEX transactions_pending ON transactions (account_id) WHERE pending = TRUE"]
    }
}
