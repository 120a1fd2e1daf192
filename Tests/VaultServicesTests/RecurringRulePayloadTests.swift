import Foundation
import Testing
import VaultCore
import VaultServices
import VaultStore
import VaultTestSupport

/// The JSON shared by the API and the CLI for recurring rules and the analysis list (issue 18), and the service's
/// `rule(of:)` that the answer to adding an entry with a recurrence is built from. The fixture's today is 2026-11-21.
@Suite struct RecurringRulePayloadTests {
    func encoded(_ value: some Encodable) throws -> [String: Any] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let object = try JSONSerialization.jsonObject(with: try encoder.encode(value))
        return try #require(object as? [String: Any])
    }

    @Test("rule(of:) finds the rule of its template and of an instance, and nil for an ordinary entry")
    func ruleOfTransaction() async throws {
        try await TestBackend.sqlite.withDatabase { database async throws in
            let f = try await ServiceFixture.make(database)
            var input = TransactionInput(amount: "-2500", account: "Cash", date: "2026-01-31", description: "Rent")
            input.recurrence = .init(cadence: "monthly")
            let template = try await f.scope.transactions.add(input)
            let plain = try await f.scope.transactions.add(
                TransactionInput(amount: "-4", account: "Cash", description: "Coffee"))
            let rule = try #require(try await f.scope.recurringRules.rule(of: template.transaction.id))
            #expect(rule.rule.description == "Rent" && rule.instanceCount == 12)
            let instance = try #require(
                try await f.scope.transactions.list(
                    TransactionQuery(recurringRule: rule.rule.id.description, sort: "asc", page: 2, pageSize: 1)
                ).items.first)
            #expect(try await f.scope.recurringRules.rule(of: instance.transaction.id)?.rule.id == rule.rule.id)
            #expect(try await f.scope.recurringRules.rule(of: plain.transaction.id) == nil)

            // The entry's answer: the transaction's own fields at the top level, then the rule; and back again.
            let entry = try encoded(RecurringEntryPayload(template, rule: rule))
            #expect(entry["amount"] as? String == "-2500.00" && entry["date"] as? String == "2026-01-31")
            let ruleJSON = try #require(entry["recurringRule"] as? [String: Any])
            // A rent is filed under Housing by its built-in pattern (issue 21).
            #expect(ruleJSON["summary"] as? String == "🏠 Rent • $2,500.00 • monthly")
            #expect(ruleJSON["instanceCount"] as? Int == 12)
            let decoded = try JSONDecoder().decode(
                RecurringEntryPayload.self, from: try JSONEncoder().encode(RecurringEntryPayload(template, rule: rule)))
            #expect(decoded.transaction == TransactionView(template))
            #expect(decoded.recurringRule == RecurringRulePayload(rule))
            #expect(try encoded(RecurringEntryPayload(plain, rule: nil))["recurringRule"] == nil)

            // An analysis row: the transaction's fields and its receipt count.
            let row = try encoded(AnalysisTransactionPayload(plain, receiptCount: 2))
            #expect(row["description"] as? String == "Coffee" && row["receiptCount"] as? Int == 2)
            let back = try JSONDecoder().decode(
                AnalysisTransactionPayload.self,
                from: try JSONEncoder().encode(AnalysisTransactionPayload(plain, receiptCount: 2)))
            #expect(back.transaction == TransactionView(plain) && back.receiptCount == 2)
        }
    }

    @Test("an edit's changed fields are named as a person sends them")
    func changedNames() {
        #expect(
            ["amount", "isEnabled", "categoryID", "tags"].map(RecurringRuleEditPayload.fieldName) == [
                "amount", "enabled", "category", "tags",
            ])
    }
}
