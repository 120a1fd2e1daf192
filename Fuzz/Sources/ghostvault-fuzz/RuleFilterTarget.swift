import Foundation
import VaultCore

/// `RuleCondition(parsing:)` on a filter as a person types it, then `RuleMatcher` compiling the filter alone
/// (AND) and beside a fixed one (OR), matched against a few fixed transactions.
///
/// What must hold: an accepted filter prints (field, operator's canonical word, value) as text that reads back
/// as the same filter; a refused one says why; compiling and matching never trap.
/// Patterns (`matches`, `regex`) run on the linear-time engine (`RulePattern`), so scripts/fuzz's per-input
/// time limit now catches an engine that stopped being linear, not a pattern that is slow by design.
enum RuleFilterTarget {
    static func run(_ text: String) {
        let condition: RuleCondition
        do throws(Problem) {
            condition = try RuleCondition(parsing: text)
        } catch {
            require(!error.message.isEmpty, "no message for \(text.debugDescription)")
            return
        }
        let printed = canonicalText(condition)
        let reparsed = try? RuleCondition(parsing: printed)
        require(
            reparsed == condition,
            "\(text.debugDescription) read as \(condition), printed as \(printed.debugDescription), read back as \(String(describing: reparsed))"
        )
        let fixed = RuleCondition(.payee, .contains, "coffee")
        for (join, conditions) in [(Rule.Join.all, [condition]), (.any, [fixed, condition])] {
            let rule = Rule(
                id: Fixture.ruleID, householdID: Fixture.household, name: "Fuzz", classification: .expense,
                join: join, conditions: conditions)
            guard let matcher = try? RuleMatcher(rule) else { continue }
            for (transaction, account) in Fixture.transactions {
                _ = matcher.matches(transaction, account: account)
            }
        }
    }

    /// The filter as text in the canonical words, which `RuleCondition(parsing:)` must read back unchanged.
    static func canonicalText(_ condition: RuleCondition) -> String {
        var words = [condition.field.rawValue, condition.op.rawValue, condition.value]
        if let second = condition.secondValue { words.append(second) }
        return words.joined(separator: " ")
    }

    /// Accounts and transactions with the shapes rules meet: nicknames, no payee, non-ASCII text whose
    /// lower-case form has another length, amounts in currencies of 0, 2 and 4 decimals, the largest amount.
    enum Fixture {
        static let household = Household.ID(UUID(uuidString: "00000000-0000-7000-8000-000000000001")!)
        static let ruleID = Rule.ID(UUID(uuidString: "00000000-0000-7000-8000-000000000002")!)

        static let checking = Account(
            id: Account.ID(UUID(uuidString: "00000000-0000-7000-8000-000000000003")!), householdID: household,
            name: "Checking", nickname: "Everyday İstanbul", kind: .checking, currency: .usd)
        static let yen = Account(
            id: Account.ID(UUID(uuidString: "00000000-0000-7000-8000-000000000004")!), householdID: household,
            name: "Yen Wallet", kind: .cash, currency: .jpy)

        static func transaction(
            _ account: Account, _ amount: Money, _ description: String, payee: String?
        ) -> Transaction {
            Transaction(
                id: Transaction.ID(UUID(uuidString: "00000000-0000-7000-8000-000000000005")!), householdID: household,
                accountID: account.id, date: LocalDate(year: 2026, month: 11, day: 24)!, amount: amount,
                description: description, payee: payee, source: .bank)
        }

        static let transactions: [(Transaction, Account)] = [
            (
                transaction(
                    checking, Money(minorUnits: -1250, currency: .usd), "UBER *EATS 8005928996 CA", payee: "Uber Eats"),
                checking
            ),
            (
                transaction(
                    checking, Money(minorUnits: 250_000, currency: .usd), "PAYROLL DIRECT DEP ACME", payee: nil),
                checking
            ),
            (
                transaction(yen, Money(minorUnits: -1500, currency: .jpy), "Café İSTANBUL ﬃ 🍕 coffee", payee: "ＣＯＦＦＥＥ"),
                yen
            ),
            (
                transaction(
                    checking, Money(minorUnits: .max, currency: Currency(code: "CLF", exponent: 4)), "", payee: ""),
                checking
            ),
        ]
    }
}
