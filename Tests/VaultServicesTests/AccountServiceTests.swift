import Foundation
import Testing
import VaultCore
import VaultServices
import VaultStore
import VaultTestSupport

@Suite struct AccountServiceTests {
    @Test("a liability keeps its sign and group; every bad field is reported together", arguments: TestBackend.enabled)
    func add(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let f = try await ServiceFixture.make(database)
            let card = try await f.scope.accounts.add(
                .init(name: "Sapphire", kind: "Credit Card", balance: "-500.25", institution: "Chase"))
            #expect(card.isLiability && card.netWorthCategory == .liabilities)
            #expect(card.balance.decimalString == "-500.25")
            let yen = try await f.scope.accounts.add(
                .init(name: "Tokyo", kind: "savings", currency: "jpy", balance: "1500"))
            #expect(yen.balance == Money(minorUnits: 1_500, currency: .jpy))
            do {
                _ = try await f.scope.accounts.add(
                    .init(
                        name: "cash", kind: "piggy", currency: "DOLLARS", balance: "1.234",
                        netWorthCategory: "stuff"))
                Issue.record("a bad account was accepted")
            } catch let error as VaultError {
                #expect(
                    Set(error.problems.map(\.field)) == ["name", "kind", "currency", "balance", "net-worth-category"])
            }
            #expect(try await f.scope.accounts.list().count == 3)
        }
    }

    @Test("hiding, nicknames and the rule that bank balances are the bank's", arguments: TestBackend.enabled)
    func edit(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let f = try await ServiceFixture.make(database)
            let (cash, changed) = try await f.scope.accounts.edit("Cash", .init(nickname: "Wallet", isHidden: true))
            #expect(Set(changed) == ["nickname", "isHidden"])
            #expect(cash.displayName == "Wallet")
            #expect(try await f.scope.accounts.list().isEmpty)
            #expect(try await f.scope.accounts.list(includeHidden: true).count == 1)
            _ = try await f.scope.accounts.edit("wallet", .init(nickname: ""))
            #expect(try await f.scope.accounts.find("Cash").nickname == nil)
            let bank = Fixture.account(in: f.household.id, name: "Bank", bankID: "B-1")
            try await database.write(household: f.household.id, actor: .system) { try await $0.accounts.insert(bank) }
            await expectVaultError(.invalidInput) { try await f.scope.accounts.edit("Bank", .init(balance: "5")) }
            await expectVaultError(.conflict) { try await f.scope.accounts.delete("Bank", confirmed: true) }
        }
    }

    @Test(
        "deleting an account with transactions needs a confirmation that names the count",
        arguments: TestBackend.enabled)
    func delete(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let f = try await ServiceFixture.make(database)
            _ = try await f.scope.transactions.add(TransactionInput(amount: "-1", account: "Cash"))
            do {
                _ = try await f.scope.accounts.delete("Cash", confirmed: false)
                Issue.record("deleted without confirmation")
            } catch let error as VaultError {
                #expect(error.code == .confirmationRequired)
                #expect(error.message.contains("1 transaction"))
            }
            #expect(try await f.scope.accounts.delete("Cash", confirmed: true) == 1)
            #expect(try await f.scope.accounts.list(includeHidden: true).isEmpty)
        }
    }

    @Test("names and nicknames never collide, and sort orders stay in range", arguments: TestBackend.enabled)
    func collisions(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let f = try await ServiceFixture.make(database)
            _ = try await f.scope.accounts.add(.init(name: "Checking", kind: "checking", nickname: "Main"))
            await expectVaultError(.invalidInput) {
                _ = try await f.scope.accounts.add(.init(name: "main", kind: "cash"))
            }
            await expectVaultError(.invalidInput) {
                _ = try await f.scope.accounts.add(.init(name: "Wallet", kind: "cash", nickname: "CASH"))
            }
            await expectVaultError(.invalidInput) {
                _ = try await f.scope.accounts.edit("Cash", .init(nickname: "Checking"))
            }
            await expectVaultError(.invalidInput) {
                _ = try await f.scope.accounts.edit("Cash", .init(sortOrder: Int.max))
            }
            #expect(try await f.scope.accounts.edit("Cash", .init(sortOrder: 7)).account.sortOrder == 7)
        }
    }
}
