import Foundation
import SQLKit
import VaultCore

extension Migration {
    /// Money into a credit card that names a payment is a card payment even with no other side in the household
    /// (issue 34: a card's bank file line `AUTOMATIC PAYMENT - THANK YOU +250.00` counted as a refund and lowered
    /// spending). The classifier decides it now; this re-files the rows stored before as refunds: credits on a card
    /// classified expense by default whose description or payee names a payment (`CardPaymentWords`, the classifier's
    /// own test), with a category no person or rule chose, become transfers (`card-payment`), each logged.
    ///
    /// It also sets every household's classification stamp back to unknown, as a release that changes how rows are
    /// classified does (migration 0023), so rule previews plan all history until the next full pass.
    static let unpairedCardPayments = Migration(
        name: "0025-unpaired-card-payments",
        statements: { _ in ["UPDATE households SET classified_seq = NULL"] },
        data: { db in
            let rows = try await db.raw(
                """
                SELECT t.id, t.household_id, t.description, t.payee, t.category_source
                FROM transactions t JOIN accounts a ON a.id = t.account_id
                WHERE a.kind = \(bind: AccountKind.creditCard.rawValue) AND t.amount_minor > 0
                  AND t.classification = \(bind: Classification.expense.rawValue)
                  AND t.classification_source = \(bind: Provenance.default.rawValue)
                ORDER BY t.household_id, t.id
                """
            ).all()
            let now = Date()
            var changed: [Household.ID: [(id: String, fields: [String])]] = [:]
            for row in rows {
                let description = try row.decode(column: "description", as: String.self)
                let payee = try row.decode(column: "payee", as: String?.self)
                guard CardPaymentWords.namesPayment(description: description, payee: payee) else { continue }
                let id = try row.decode(column: "id", as: String.self)
                // A category a pattern guessed goes with the refund reading; one a person or a rule chose stays.
                let guessed =
                    try row.decode(column: "category_source", as: String.self)
                    == Provenance.merchantPattern.rawValue
                try await db.raw(
                    """
                    UPDATE transactions SET classification = \(bind: Classification.transfer.rawValue),
                        classification_source = \(bind: Provenance.cardPayment.rawValue)
                    WHERE id = \(bind: id)
                    """
                ).run()
                var fields = ["classification", "classificationSource"]
                if guessed {
                    try await db.raw(
                        """
                        UPDATE transactions SET category_id = NULL, category_source = \(bind: Provenance.default.rawValue),
                            rule_id = NULL
                        WHERE id = \(bind: id)
                        """
                    ).run()
                    fields += ["categoryID", "categorySource", "ruleID"]
                }
                changed[try row.id("household_id"), default: []].append((id, fields))
            }
            for (household, updates) in changed.sorted(by: { $0.key < $1.key }) {
                try await db.raw(
                    "UPDATE households SET data_version = data_version + 1 WHERE id = \(bind: household.description)"
                ).run()
                let log = ChangeLog(sql: db, householdID: household, actor: .system, now: now, movesInputs: false)
                for update in updates { try await log.record("transaction", update.id, .update, fields: update.fields) }
            }
        })
}
