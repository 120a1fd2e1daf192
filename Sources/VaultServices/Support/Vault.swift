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
        try await database.read(household: household, at: now, body)
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
    public var receipts: ReceiptService { ReceiptService(scope: self) }
    public var ingest: IngestService { IngestService(scope: self) }
    public var bankImport: BankImportService { BankImportService(scope: self) }
    public var cards: CardService { CardService(scope: self) }
    public var recurringRules: RecurringRuleService { RecurringRuleService(scope: self) }
    public var dataset: DatasetService { DatasetService(scope: self) }
    public var llmExport: LLMExportService { LLMExportService(scope: self) }

    /// The household itself.
    public func details() async throws -> Household {
        try await vaultOperation { try await vault.read(householdID) { try await $0.household() } }
    }

    /// The household with what its derived answers depend on besides their input: an answer computed under
    /// one stamp stays right until the stamp changes.
    public func stamp() async throws -> (household: Household, stamp: HouseholdStamp) {
        let now = vault.now
        let (household, version) = try await read { try await $0.versioned() }
        return (
            household,
            HouseholdStamp(
                dataVersion: version, today: household.today(at: now), requestDay: RequestBudget.day(of: now))
        )
    }

    func write<T: Sendable>(_ body: (HouseholdSession) async throws -> T) async throws -> T {
        try await vaultOperation { try await vault.write(householdID, body) }
    }

    /// Stores a derived answer (a cache) without changing the household (`VaultDatabase.keepDerived`).
    func keepDerived<T: Sendable>(_ body: (HouseholdSession) async throws -> T) async throws -> T {
        try await vaultOperation { try await vault.database.keepDerived(household: householdID, at: vault.now, body) }
    }

    func read<T: Sendable>(_ body: (HouseholdSession) async throws -> T) async throws -> T {
        try await vaultOperation { try await vault.read(householdID, body) }
    }

    /// Reads as of one moment however many statements `body` sends (`VaultDatabase.readSnapshot`).
    func readSnapshot<T: Sendable>(_ body: (HouseholdSession) async throws -> T) async throws -> T {
        try await vaultOperation {
            try await vault.database.readSnapshot(household: householdID, at: vault.now, body)
        }
    }
}

/// What a household's derived answers (reports, the dashboard) depend on besides its data: the version of
/// the data, which every write transaction moves; the household's calendar day; and the UTC day that
/// SimpleFIN's request budget counts in.
public struct HouseholdStamp: Hashable, Sendable {
    public let dataVersion: Int64
    public let today: LocalDate
    public let requestDay: Int64

    public init(dataVersion: Int64, today: LocalDate, requestDay: Int64) {
        self.dataVersion = dataVersion
        self.today = today
        self.requestDay = requestDay
    }
}
