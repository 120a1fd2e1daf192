import Foundation

extension Transaction {
    /// The names of the fields (as the change log records them) in which `self` differs from `old`.
    public func changedFields(from old: Transaction) -> [String] {
        var fields: [String] = []
        // Compared field by field, not through key paths: a plan compares every row it changes, tens of thousands for
        // a broad rule, and a key path's projection costs more than the comparison.
        func check(_ name: String, _ differs: Bool) { if differs { fields.append(name) } }
        check("accountID", accountID != old.accountID)
        check("date", date != old.date)
        check("postedAt", postedAt != old.postedAt)
        check("transactedAt", transactedAt != old.transactedAt)
        check("amount", amount != old.amount)
        check("description", description != old.description)
        check("payee", payee != old.payee)
        check("memo", memo != old.memo)
        check("isPending", isPending != old.isPending)
        check("notes", notes != old.notes)
        check("paymentFlag", paymentFlag != old.paymentFlag)
        check("reimbursementFlag", reimbursementFlag != old.reimbursementFlag)
        check("isExcluded", isExcluded != old.isExcluded)
        check("excludedSource", excludedSource != old.excludedSource)
        check("categoryID", categoryID != old.categoryID)
        check("categorySource", categorySource != old.categorySource)
        check("classification", classification != old.classification)
        check("classificationSource", classificationSource != old.classificationSource)
        check("source", source != old.source)
        check("bankTransactionID", bankTransactionID != old.bankTransactionID)
        check("identityNote", identityNote != old.identityNote)
        check("ruleID", ruleID != old.ruleID)
        check("tags", tags != old.tags)
        return fields
    }
}
