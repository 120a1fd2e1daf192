import SQLKit

/// One named, forward-only change to the schema. Migrations are append-only: once released, a
/// migration is never edited; a later one changes what it made.
struct Migration: Sendable {
    /// A unique name that sorts in order of release: `0001-foundation`.
    let name: String
    /// The statements to run, in order, inside one transaction, for a dialect.
    let statements: @Sendable (VaultDatabase.Dialect) -> [String]
    /// Changes to the rows that SQL alone cannot decide, run after the statements in the same transaction.
    var data: (@Sendable (any SQLDatabase) async throws -> Void)? = nil
}

extension Migration {
    /// Every migration, oldest first. Append new ones at the end.
    static let all: [Migration] = [
        .foundation,
        .bankSync,
        .classification,
        .insights,
        .recurringCache,
        .users,
        .coverage,
        .dataVersion,
        .search,
        .rulePatterns,
        .receipts,
        .pendingRows,
        .cardMiles,
        .recurringRules,
        .memberRoles,
        .housingPatterns,
        .loginAttempts,
        .bankFileMappings,
        .postgresSearch,
        .calendarFeeds,
        .lensChoices,
        .loansCategory,
        .classificationStamp,
        .cardChoiceWithoutCategory,
        .unpairedCardPayments,
    ]
}
