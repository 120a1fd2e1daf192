import Foundation

extension Transaction {
    /// The names of the fields (as the change log records them) in which `self` differs from `old`.
    public func changedFields(from old: Transaction) -> [String] {
        var fields: [String] = []
        func check<Value: Equatable>(_ name: String, _ path: KeyPath<Transaction, Value>) {
            if self[keyPath: path] != old[keyPath: path] { fields.append(name) }
        }
        check("accountID", \.accountID)
        check("date", \.date)
        check("postedAt", \.postedAt)
        check("transactedAt", \.transactedAt)
        check("amount", \.amount)
        check("description", \.description)
        check("payee", \.payee)
        check("memo", \.memo)
        check("isPending", \.isPending)
        check("notes", \.notes)
        check("paymentFlag", \.paymentFlag)
        check("reimbursementFlag", \.reimbursementFlag)
        check("isExcluded", \.isExcluded)
        check("excludedSource", \.excludedSource)
        check("categoryID", \.categoryID)
        check("categorySource", \.categorySource)
        check("classification", \.classification)
        check("classificationSource", \.classificationSource)
        check("source", \.source)
        check("bankTransactionID", \.bankTransactionID)
        check("identityNote", \.identityNote)
        check("ruleID", \.ruleID)
        check("tags", \.tags)
        return fields
    }
}
