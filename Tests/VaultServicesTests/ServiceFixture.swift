import Foundation
import VaultCore
import VaultServices
import VaultStore
import VaultTestSupport

/// A vault with one household ("Home", New York, USD) and a Cash account holding $100.00, at the fixture clock.
struct ServiceFixture {
    let vault: Vault
    let household: Household
    let scope: HouseholdScope

    static func make(_ database: VaultDatabase) async throws -> ServiceFixture {
        try await make(database, vault: Fixture.vault(database))
    }

    /// The same household on a vault whose clock a test moves.
    static func make(_ database: VaultDatabase, clock: TestClock) async throws -> ServiceFixture {
        try await make(database, vault: Vault(database: database, actor: .commandLine, clock: { clock.now }))
    }

    private static func make(_ database: VaultDatabase, vault: Vault) async throws -> ServiceFixture {
        let household = try await vault.households.create(
            .init(name: "Home", timeZone: "America/New_York", currency: "USD"))
        let scope = vault.household(household.id)
        _ = try await scope.accounts.add(.init(name: "Cash", kind: "cash", balance: "100.00"))
        return ServiceFixture(vault: vault, household: household, scope: scope)
    }

    /// How many transactions and change-log entries the household has: both must stay put when input is refused.
    func footprint() async throws -> (transactions: Int, changes: Int) {
        let transactions = try await scope.transactions.list(
            TransactionQuery(includeTransfers: true, timing: "all", pageSize: 1)
        ).totalCount
        let changes = try await vault.database.read(household: household.id) {
            try await $0.changes(limit: 100_000).count
        }
        return (transactions, changes)
    }

    func balance(of account: String) async throws -> String {
        try await scope.accounts.find(account).balance.decimalString
    }
}
