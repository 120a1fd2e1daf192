import Foundation
import Testing
import VaultCore
import VaultTestSupport

@testable import VaultStore

/// Tenancy: a session for one household can neither read nor change another household's rows.
@Suite struct HouseholdSessionTests {
    /// Two households, each with an account, a category and a transaction.
    struct TwoHouseholds {
        let mine: Household
        let theirs: Household
        let theirAccount: Account
        let theirCategory: VaultCore.Category
        let theirTransaction: Transaction
        let myAccount: Account
    }

    func makeTwoHouseholds(_ database: VaultDatabase) async throws -> TwoHouseholds {
        let mine = Fixture.household(name: "Mine")
        let theirs = Fixture.household(name: "Theirs")
        let myAccount = Fixture.account(in: mine.id, name: "My checking")
        let theirAccount = Fixture.account(in: theirs.id, name: "Their checking", balance: 99_00)
        let theirCategory = Fixture.category(in: theirs.id, name: "Secret")
        let theirTransaction = Fixture.transaction(
            in: theirAccount, date: "2026-11-01", cents: -4_200, category: theirCategory.id)
        try await database.households.create(mine, actor: .system) { try await $0.accounts.insert(myAccount) }
        try await database.households.create(theirs, actor: .system) { session async throws in
            try await session.accounts.insert(theirAccount)
            try await session.categories.insert(theirCategory)
            try await session.transactions.insert(theirTransaction)
        }
        return TwoHouseholds(
            mine: mine, theirs: theirs, theirAccount: theirAccount, theirCategory: theirCategory,
            theirTransaction: theirTransaction, myAccount: myAccount)
    }

    @Test("another household's rows cannot be read by id or in lists", arguments: TestBackend.enabled)
    func cannotRead(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let world = try await makeTwoHouseholds(database)
            try await database.read(household: world.mine.id) { session async throws in
                #expect(try await session.accounts.find(world.theirAccount.id) == nil)
                #expect(try await session.accounts.all().map(\.id) == [world.myAccount.id])
                #expect(try await session.categories.find(world.theirCategory.id) == nil)
                #expect(try await session.transactions.find(world.theirTransaction.id) == nil)
                let page = try await session.transactions.list(
                    TransactionFilter(), page: PageRequest(number: 1, size: 50)!)
                #expect(page.totalCount == 0)
                let byAccount = TransactionFilter(accountIDs: [world.theirAccount.id])
                #expect(try await session.transactions.count(byAccount) == 0)
            }
        }
    }

    @Test("another household's rows cannot be changed or deleted", arguments: TestBackend.enabled)
    func cannotChange(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let world = try await makeTwoHouseholds(database)
            try await database.write(household: world.mine.id, actor: .commandLine) { session async throws in
                var renamed = world.theirAccount
                renamed.name = "Hijacked"
                await expectStoreError(.notFound) { try await session.accounts.update(renamed) }
                #expect(try await session.accounts.delete(world.theirAccount.id) == false)
                #expect(try await session.transactions.delete(world.theirTransaction.id) == false)
                #expect(try await session.categories.delete(world.theirCategory.id) == false)
                var moved = world.theirTransaction
                moved.notes = "mine now"
                await expectStoreError(.notFound) { try await session.transactions.update(moved) }
            }
            try await database.read(household: world.theirs.id) { session async throws in
                #expect(try await session.accounts.find(world.theirAccount.id)?.name == "Their checking")
                #expect(try await session.transactions.find(world.theirTransaction.id)?.notes == nil)
                #expect(try await session.categories.find(world.theirCategory.id) != nil)
            }
        }
    }

    @Test("rows cannot be written into, or pointed at, another household", arguments: TestBackend.enabled)
    func cannotCrossLink(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let world = try await makeTwoHouseholds(database)
            // A transaction of mine that names their account is refused by the schema's composite key.
            let mine = Transaction(
                id: Fixture.newID(), householdID: world.mine.id, accountID: world.theirAccount.id,
                date: LocalDate(iso: "2026-11-02")!, amount: Money(minorUnits: -100, currency: .usd),
                description: "Sneaky", source: .manual)
            await expectStoreError(.reference) {
                try await database.write(household: world.mine.id, actor: .commandLine) {
                    try await $0.transactions.insert(mine)
                }
            }
            // A row that claims to belong to them cannot be written through my session.
            let forged = Fixture.account(in: world.theirs.id, name: "Forged")
            await expectStoreError(.notFound) {
                try await database.write(household: world.mine.id, actor: .commandLine) {
                    try await $0.accounts.insert(forged)
                }
            }
            // My transaction cannot be filed under their category either.
            let filed = Fixture.transaction(
                in: world.myAccount, date: "2026-11-03", cents: -5, category: world.theirCategory.id)
            await expectStoreError(.reference) {
                try await database.write(household: world.mine.id, actor: .commandLine) {
                    try await $0.transactions.insert(filed)
                }
            }
            try await database.read(household: world.theirs.id) { session async throws in
                #expect(try await session.accounts.all().count == 1)
            }
        }
    }

    @Test("a read session refuses to write", arguments: TestBackend.enabled)
    func readOnly(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let household = Fixture.household()
            try await database.households.create(household, actor: .system)
            await #expect(
                throws: StoreError(.readOnly, "A write was attempted in a read-only session; use VaultDatabase.write.")
            ) {
                try await database.read(household: household.id) {
                    try await $0.accounts.insert(Fixture.account(in: household.id))
                }
            }
        }
    }

    @Test(
        "a session that keeps derived answers stores them without moving the data version, and changes nothing else",
        arguments: TestBackend.enabled)
    func keepDerived(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let household = Fixture.household()
            try await database.households.create(household, actor: .system)
            func version() async throws -> Int64 {
                try await database.read(household: household.id) { try await $0.versioned().dataVersion }
            }
            let before = try await version()
            try await database.keepDerived(household: household.id) { session async throws in
                try await session.recurring.cache([], sequence: 1, on: LocalDate(iso: "2026-11-21")!)
            }
            #expect(try await version() == before)
            let kept = try await database.read(household: household.id) { try await $0.recurring.cachedSeries() }
            #expect(kept?.sequence == 1)
            await #expect(
                throws: StoreError(.readOnly, "A write was attempted in a read-only session; use VaultDatabase.write.")
            ) {
                try await database.keepDerived(household: household.id) {
                    try await $0.accounts.insert(Fixture.account(in: household.id))
                }
            }
            #expect(try await database.read(household: household.id) { try await $0.accounts.all() }.isEmpty)
            // A read session cannot keep derived answers either.
            await #expect(throws: StoreError.self) {
                try await database.read(household: household.id) { session async throws in
                    try await session.recurring.cache([], sequence: 2, on: LocalDate(iso: "2026-11-21")!)
                }
            }
        }
    }

    @Test("writing to a household that does not exist is refused", arguments: TestBackend.enabled)
    func unknownHousehold(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let ghost = Fixture.household()
            await expectStoreError(.notFound) {
                try await database.write(household: ghost.id, actor: .commandLine) { _ in }
            }
        }
    }

    @Test(
        "every write transaction moves the household's data version, unlogged ones too; a failed one does not",
        arguments: TestBackend.enabled)
    func dataVersion(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let world = try await makeTwoHouseholds(database)
            func versions() async throws -> (Int64, Int64) {
                (
                    try await database.read(household: world.mine.id) { try await $0.versioned().dataVersion },
                    try await database.read(household: world.theirs.id) { try await $0.versioned().dataVersion }
                )
            }
            let (mine, theirs) = try await versions()
            // A balance snapshot is not in the change log, but answers computed before it are out of date.
            try await database.write(household: world.mine.id, actor: .commandLine) { session async throws in
                try await session.syncRecords.recordBalance(
                    of: world.myAccount.id, on: LocalDate(iso: "2026-11-01")!, minorUnits: 5_00)
            }
            #expect(try await versions() == (mine + 1, theirs))
            struct Refused: Error {}
            await #expect(throws: Refused.self) {
                try await database.write(household: world.mine.id, actor: .commandLine) { session async throws in
                    try await session.syncRecords.recordBalance(
                        of: world.myAccount.id, on: LocalDate(iso: "2026-11-02")!, minorUnits: 6_00)
                    throw Refused()
                }
            }
            #expect(try await versions() == (mine + 1, theirs))
            let household = try await database.read(household: world.mine.id) { try await $0.versioned().household }
            #expect(household == world.mine)
        }
    }
}
