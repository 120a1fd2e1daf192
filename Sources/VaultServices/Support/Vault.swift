import Foundation
import VaultCore
import VaultStore

/// The entry point to GhostVault's use cases over one open database, for the CLI and the web app.
///
/// It carries what every use case needs besides its input: the database, who is acting (for the
/// change log), and the clock, so tests can run at any date.
public struct Vault: Sendable {
    public let database: VaultDatabase
    public let actor: ChangeActor
    private let clock: @Sendable () -> Date

    public init(database: VaultDatabase, actor: ChangeActor, clock: @escaping @Sendable () -> Date = { Date() }) {
        self.database = database
        self.actor = actor
        self.clock = clock
    }

    /// Opens (and migrates) the database at `location`, runs `body` with a vault over it, and closes it.
    public static func using<T>(
        _ location: String, actor: ChangeActor = .commandLine, _ body: (Vault) async throws -> T
    ) async throws -> T {
        try await vaultOperation {
            try await VaultDatabase.using(try DatabaseLocation(parsing: location)) { database in
                try await body(Vault(database: database, actor: actor))
            }
        }
    }

    /// The current instant.
    public var now: Date { clock() }

    /// A new time-ordered id.
    func newID<Owner>(_: Owner.Type = Owner.self) -> Identifier<Owner> {
        var generator = SystemRandomNumberGenerator()
        return Identifier.generate(at: now, using: &generator)
    }

    public var households: HouseholdService { HouseholdService(vault: self) }

    /// The use cases of one household.
    public func household(_ id: Household.ID) -> HouseholdScope { HouseholdScope(vault: self, householdID: id) }

    /// Writes in one transaction of one household, with this vault's actor and clock.
    func write<T: Sendable>(_ household: Household.ID, _ body: (HouseholdSession) async throws -> T) async throws -> T {
        try await database.write(household: household, actor: actor, at: now, body)
    }

    func read<T: Sendable>(_ household: Household.ID, _ body: (HouseholdSession) async throws -> T) async throws -> T {
        try await database.read(household: household, body)
    }
}

/// The use cases for one household: its accounts, categories and transactions.
public struct HouseholdScope: Sendable {
    public let vault: Vault
    public let householdID: Household.ID

    public var accounts: AccountService { AccountService(scope: self) }
    public var categories: CategoryService { CategoryService(scope: self) }
    public var transactions: TransactionService { TransactionService(scope: self) }
    public var reports: ReportService { ReportService(scope: self) }
    public var budgets: BudgetService { BudgetService(scope: self) }
    public var recurring: RecurringService { RecurringService(scope: self) }
    public var lens: LensService { LensService(scope: self) }

    /// The household itself.
    public func details() async throws -> Household {
        try await vaultOperation { try await vault.read(householdID) { try await $0.household() } }
    }

    func write<T: Sendable>(_ body: (HouseholdSession) async throws -> T) async throws -> T {
        try await vaultOperation { try await vault.write(householdID, body) }
    }

    func read<T: Sendable>(_ body: (HouseholdSession) async throws -> T) async throws -> T {
        try await vaultOperation { try await vault.read(householdID, body) }
    }
}
