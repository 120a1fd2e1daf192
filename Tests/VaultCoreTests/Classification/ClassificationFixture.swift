import Foundation
import VaultCore

/// Accounts, transactions and rules for the classification tests.
struct ClassificationFixture {
    let household = Household.ID(UUID())
    let checking: Account
    let savings: Account
    let card: Account
    let mortgage: Account
    let loan: Account

    init() {
        checking = Account(
            id: Account.ID(UUID()), householdID: household, name: "Checking", kind: .checking, currency: .usd)
        savings = Account(
            id: Account.ID(UUID()), householdID: household, name: "Savings", kind: .savings, currency: .usd)
        card = Account(id: Account.ID(UUID()), householdID: household, name: "Visa", kind: .creditCard, currency: .usd)
        mortgage = Account(
            id: Account.ID(UUID()), householdID: household, name: "Mortgage", kind: .mortgage, currency: .usd)
        loan = Account(id: Account.ID(UUID()), householdID: household, name: "Car loan", kind: .loan, currency: .usd)
    }

    var accounts: [Account.ID: Account] {
        Dictionary(uniqueKeysWithValues: [checking, savings, card, mortgage, loan].map { ($0.id, $0) })
    }

    func transaction(
        _ account: Account, _ date: String, _ cents: Int64, _ description: String = "Purchase", payee: String? = nil,
        pending: Bool = false
    ) -> Transaction {
        Transaction(
            id: Transaction.ID(UUID()), householdID: household, accountID: account.id, date: LocalDate(iso: date)!,
            amount: Money(minorUnits: cents, currency: .usd), description: description, payee: payee,
            isPending: pending,
            source: .bank)
    }

    func rule(
        _ name: String, _ conditions: [RuleCondition], join: Rule.Join = .all, priority: Int = 0,
        category: Category.ID? = Category.ID(UUID()), classification: Classification? = nil, origin: Rule.Origin = .user
    ) -> Rule {
        Rule(
            id: Rule.ID(UUID()), householdID: household, name: name, categoryID: category,
            classification: classification,
            join: join, priority: priority, conditions: conditions, origin: origin)
    }
}
