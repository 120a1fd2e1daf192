import Foundation
import SimpleFIN
import SimpleFINBridge
import Testing
import VaultCore
import VaultServices
import VaultStore
import VaultTestSupport

/// The danger zone's use cases: erasing a household's data, and deleting an account.
@Suite struct HouseholdEraseTests {
    /// Two households over one database, each with every kind of data: a bank connection synced through the local
    /// bridge, generated history with transfer pairs, a tagged manual expense with a receipt, a budget, 50/30/20
    /// targets, a card with a card expense, and a rule of the household's own.
    struct World {
        let vault: Vault
        let ours: HouseholdScope
        let theirs: HouseholdScope
        let owner: User
        let member: User
    }

    func withWorld(_ backend: TestBackend, _ body: @Sendable (World) async throws -> Void) async throws {
        let now = SyncServiceTests.now
        let state = BridgeState(
            scenario: SyncServiceTests.scenario(), clock: { Date(timeIntervalSince1970: TimeInterval(now)) })
        try await backend.withDatabase { database async throws in
            let vault = Vault(
                database: database, actor: .commandLine, clock: { Date(timeIntervalSince1970: TimeInterval(now)) })
            let users = vault.users(passwordCost: 4)
            let owner = try await users.signUp(
                .init(email: "jo@example.com", password: "correct horse", confirmation: "correct horse"))
            let member = try await users.addMember(
                email: "sam@example.com", password: "battery staple", to: owner.householdID)
            let other = try await users.signUp(
                .init(email: "kim@example.com", password: "correct horse", confirmation: "correct horse"))
            try await SimpleFINClient.using(policy: .allowPrivate) { client in
                try await BridgeHarness.withBridge(state: state) { root, _ in
                    var scopes: [HouseholdScope] = []
                    for household in [owner.householdID, other.householdID] {
                        let scope = vault.household(household)
                        try await fill(scope, client: client, token: BridgeHarness.token(root, "DEMO"))
                        scopes.append(scope)
                    }
                    try await body(
                        World(vault: vault, ours: scopes[0], theirs: scopes[1], owner: owner, member: member))
                }
            }
        }
    }

    func fill(_ scope: HouseholdScope, client: SimpleFINClient, token: String) async throws {
        let sync = SyncService(scope: scope, secrets: SecretBox(key: Data(repeating: 7, count: 32)), client: client)
        _ = try await sync.connect(setupToken: token)
        _ = try await HouseholdGenerator(scope: scope).generate(transactions: 300, years: 1, seed: 3)
        let wallet = try await scope.accounts.add(.init(name: "Wallet", kind: "cash", balance: "50.00"))
        // A bank file imported into the wallet, so its CSV mapping is remembered.
        _ = try await scope.bankImport.importFile(
            wallet.id,
            file: BankFile(data: Data("Date,Description,Amount\n2026-11-02,Kiosk,-3.00\n".utf8), format: .csv))
        let lunch = try await scope.transactions.add(
            TransactionInput(amount: "-12.50", account: "Wallet", description: "Lunch", tags: "work, team")
        ).transaction
        _ = try await scope.receipts.add(to: lunch.id.description, fileName: "lunch.png", content: SampleFiles.png())
        _ = try await scope.budgets.set(category: "Groceries", target: "400")
        _ = try await scope.lens.setTargets(needs: 60, wants: 20, savings: 20)
        _ = try await scope.lens.choose(transaction: lunch.id.description, as: .need)
        let card = try await scope.cards.addFromLibrary("uob-preferred-platinum")
        let shop = try await scope.transactions.add(
            TransactionInput(
                amount: "-20", account: "", description: "Online shop", card: card.id.description,
                bonusCategory: "online")
        ).transaction
        _ = try await scope.cards.choose("online", transaction: shop.id.description)
        var rent = TransactionInput(amount: "-900", account: "Wallet", date: "2026-11-01", description: "Rent")
        rent.recurrence = .init(cadence: "monthly")
        _ = try await scope.transactions.add(rent)
        // A bank transaction deleted by hand is remembered, so the next sync does not bring it back.
        let groceries = try await scope.transactions.list(TransactionQuery(search: "SAFEWAY", pageSize: 500)).items
        let synced = try #require(groceries.first { $0.transaction.bankTransactionID != nil })
        _ = try await scope.transactions.delete(synced.transaction.id.description)
        _ = try await RuleService(scope: scope).add(
            .init(name: "Coffee", category: "Dining", conditions: [RuleCondition(.description, .contains, "COFFEE")]))
    }

    func counts(_ scope: HouseholdScope) async throws -> [String: Int] {
        try await scope.vault.households.dataCounts(scope.householdID)
    }

    @Test(
        "erasing one household empties every table of its data, restores the defaults, logs it, and leaves another alone",
        arguments: TestBackend.enabled)
    func erase(backend: TestBackend) async throws {
        try await withWorld(backend) { world in
            // Given
            let before = try await counts(world.ours)
            let theirsBefore = try await counts(world.theirs)
            for table in HouseholdSession.erasedTables
            where !["unlinked_transfers", "recurring_decisions", "recurring_cache", "lens_overrides"].contains(table) {
                #expect((before[table] ?? 0) > 0, "the fixture fills \(table)")
            }
            let fresh = try await HouseholdService.defaultState(world.vault)
            // When
            let erased = try await world.vault.households.erase(
                world.ours.householdID, confirmation: "ERASE", by: world.owner)
            // Then
            #expect(erased.count("transactions") == before["transactions"])
            #expect(erased.count("connections") == 1)
            let after = try await counts(world.ours)
            for table in HouseholdSession.erasedTables {
                #expect(after[table] == fresh[table] ?? 0, "\(table) after the erase")
            }
            #expect(erased.categoriesRestored == fresh["categories"])
            #expect(try await counts(world.theirs) == theirsBefore, "the other household is untouched")
            let tree = try await world.ours.categories.tree()
            #expect(tree.categories.contains { $0.name == "Groceries" })
            let log = try await world.vault.database.read(household: world.ours.householdID) {
                try await $0.changes(limit: 100_000)
            }
            let entry = try #require(log.first { $0.entity == "household-data" })
            #expect(entry.operation == .delete)
            #expect(entry.fields.contains("transactions") && entry.fields.contains("connections"))
            // Everyone goes back to first-run setup; the household and its members stay.
            let members = try await world.vault.users(passwordCost: 4).members(of: world.ours.householdID)
            #expect(Set(members.map(\.email)) == ["jo@example.com", "sam@example.com"])
            #expect(members.allSatisfy { $0.onboardedAt == nil })
            #expect(try await world.ours.details().name == "jo")
        }
    }

    @Test("an erase that fails part-way leaves everything as it was", arguments: TestBackend.enabled)
    func rollsBack(backend: TestBackend) async throws {
        struct Interrupted: Error {}
        try await withWorld(backend) { world in
            let before = try await counts(world.ours)
            let log = try await world.vault.database.read(household: world.ours.householdID) {
                try await $0.changes(limit: 100_000).count
            }
            await #expect(throws: Interrupted.self) {
                try await world.vault.database.write(household: world.ours.householdID, actor: .commandLine) {
                    session in
                    _ = try await session.eraseData()
                    throw Interrupted()
                }
            }
            #expect(try await counts(world.ours) == before)
            #expect(
                try await world.vault.database.read(household: world.ours.householdID) {
                    try await $0.changes(limit: 100_000).count
                } == log)
            let member = try await world.vault.users(passwordCost: 4).account(email: "sam@example.com")
            #expect(member.onboardedAt != nil, "nobody was sent back to setup")
        }
    }

    @Test(
        "a wrong confirmation, a member and another household's owner cannot erase, and nothing changes",
        arguments: TestBackend.enabled)
    func refused(backend: TestBackend) async throws {
        try await withWorld(backend) { world in
            let before = try await counts(world.ours)
            let households = world.vault.households
            for typed in ["", "erase", "ERASE PLEASE", "yes"] {
                await expectVaultError(.confirmationRequired) {
                    _ = try await households.erase(world.ours.householdID, confirmation: typed, by: world.owner)
                }
            }
            #expect(try await households.role(of: world.owner) == .owner)
            #expect(try await households.role(of: world.member) == .member)
            await expectVaultError(.forbidden) {
                _ = try await households.erase(world.ours.householdID, confirmation: "ERASE", by: world.member)
            }
            let stranger = try await world.vault.users(passwordCost: 4).account(email: "kim@example.com")
            await expectVaultError(.notFound) {
                _ = try await households.erase(world.ours.householdID, confirmation: "ERASE", by: stranger)
            }
            #expect(try await counts(world.ours) == before)
        }
    }

    @Test("a household's first sign-in is its owner, later ones are members", arguments: TestBackend.enabled)
    func roles(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let vault = Fixture.vault(database)
            let users = vault.users(passwordCost: 4)
            let household = try await vault.households.create(
                .init(name: "Made by init", timeZone: "UTC", currency: "USD"))
            let first = try await users.addMember(email: "a@example.com", password: "long enough", to: household.id)
            let second = try await users.addMember(email: "b@example.com", password: "long enough", to: household.id)
            #expect(first.role == .owner)
            #expect(second.role == .member)
            #expect(try await vault.households.role(of: second) == .member)
            let signedUp = try await users.signUp(
                .init(email: "c@example.com", password: "long enough", confirmation: "long enough"))
            #expect(signedUp.role == .owner)
            #expect(try await database.users.find(signedUp.id)?.role == .owner)
        }
    }

    @Test(
        "deleting a member's account leaves the household; the last member's takes the household with it",
        arguments: TestBackend.enabled)
    func deleteAccount(backend: TestBackend) async throws {
        try await withWorld(backend) { world in
            let users = world.vault.users(passwordCost: 4)
            let before = try await counts(world.ours)
            let theirsBefore = try await counts(world.theirs)
            await expectVaultError(.confirmationRequired) {
                _ = try await users.deleteAccount(world.owner, confirmation: "sam@example.com")
            }
            // The owner leaves: the member stays with the data and becomes the owner.
            #expect(try await users.deleteAccount(world.owner, confirmation: " JO@example.com ") == .leftHousehold)
            #expect(try await counts(world.ours) == before)
            #expect(try await users.members(of: world.ours.householdID).map(\.email) == ["sam@example.com"])
            #expect(try await world.vault.households.role(of: world.member) == .owner)
            await expectVaultError(.unauthorized) {
                _ = try await users.authenticate(email: "jo@example.com", password: "correct horse")
            }
            // The last member leaves: the household goes, and the other household stays.
            #expect(try await users.deleteAccount(world.member, confirmation: "sam@example.com") == .deletedHousehold)
            #expect(try await world.vault.database.households.find(world.ours.householdID) == nil)
            #expect(try await world.vault.database.households.all().count == 1)
            #expect(try await counts(world.theirs) == theirsBefore)
        }
    }
}

extension HouseholdService {
    /// What a new household holds: the default categories and the built-in rules, counted per table.
    static func defaultState(_ vault: Vault) async throws -> [String: Int] {
        let household = try await vault.households.create(.init(name: "Fresh", timeZone: "UTC", currency: "USD"))
        let counts = try await vault.households.dataCounts(household.id)
        return counts.filter { $0.value > 0 }
    }
}
