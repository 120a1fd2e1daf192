import Foundation
import VaultCore
import VaultStore

extension HouseholdService {
    /// The word a person types to erase a household's data (spec `expense-tracker.md` section 4.4).
    public static let eraseConfirmation = "ERASE"

    /// What an erase removed.
    public struct Erased: Sendable {
        /// Rows removed per table (tables that had none are left out).
        public let rows: [String: Int]
        /// The default categories the household starts again with.
        public let categoriesRestored: Int

        /// Rows removed from one table.
        public func count(_ table: String) -> Int { rows[table] ?? 0 }
    }

    /// How many rows of each kind the household holds: what an erase would remove (`HouseholdSession.erasedTables`).
    public func dataCounts(_ household: Household.ID) async throws -> [String: Int] {
        try await vaultOperation { try await vault.read(household) { try await $0.dataCounts() } }
    }

    /// The role of `user` in their household as stored now (a signed-in session's copy may be a moment old).
    public func role(of user: User) async throws -> MemberRole {
        let stored = try await vaultOperation { try await vault.database.users.find(user.id) }
        guard let stored, stored.householdID == user.householdID else {
            throw VaultError(.notFound, "This person is no longer a member of the household.")
        }
        return stored.role
    }

    /// Erases a household's data: transactions with their receipts and tags, accounts, institutions, bank
    /// connections with their sync records, rules, budgets, recurring decisions, the 50/30/20 settings, cards
    /// with their choices, and categories; then restores the default categories and built-in rules, and sends
    /// every member back to first-run setup. The household, its members and its change log stay; the log
    /// records the erase. One transaction: on any failure nothing changes. No other household is touched.
    ///
    /// `confirmation` must be `eraseConfirmation`; `user` is who asks (nil for the command line, which acts
    /// for whoever runs the server) and must be the household's owner.
    ///
    /// - warning: this loses data for good; only a dataset export made before (`DatasetService`) brings it back.
    public func erase(_ household: Household.ID, confirmation: String, by user: User?) async throws -> Erased {
        try await vaultOperation {
            guard confirmation.trimmingCharacters(in: .whitespacesAndNewlines) == Self.eraseConfirmation else {
                throw VaultError(
                    .confirmationRequired,
                    "Nothing was erased: type \(Self.eraseConfirmation) in capitals to confirm erasing all the data.",
                    problems: [
                        Problem(field: "confirm", message: "Type \(Self.eraseConfirmation) to confirm.")
                    ])
            }
            if let user {
                guard user.householdID == household else {
                    throw VaultError(.notFound, "There is no household \(household) for this person.")
                }
                guard try await role(of: user) == .owner else {
                    throw VaultError(
                        .forbidden, "Only the household's owner can erase its data; ask them, or leave the household.")
                }
            }
            return try await vault.write(household) { session in
                let rows = try await session.eraseData()
                let categories = defaultCategories(for: household)
                try await session.categories.insert(categories)
                try await ClassificationService.ensureBuiltIns(in: session, newID: { vault.newID() })
                try await session.markClassificationCurrent()
                return Erased(rows: rows, categoriesRestored: categories.count)
            }
        }
    }
}
