import Foundation
import VaultCore
import VaultStore

/// A person's decisions about recurring series (spec `ghostvault.md` section 10, User Actions).
public struct RecurringService: Sendable {
    let scope: HouseholdScope

    public enum Action: String, CaseIterable, Sendable {
        /// "This is recurring": shown as confirmed.
        case confirm
        /// "This isn't recurring": hidden and remembered.
        case dismiss
        /// Stop tracking: hidden until a new charge comes after today.
        case delete
        /// Undo any of the above.
        case restore
    }

    /// Applies an action to the series with this key (or, when unambiguous, this name).
    @discardableResult
    public func apply(_ action: Action, to reference: String) async throws -> RecurringSeries {
        try await vaultOperation { try await applyUnwrapped(action, to: reference) }
    }

    /// Puts the spending of the series with this key (or unambiguous name) in a 50/30/20 bucket: the Recurring
    /// list then shows it under NEEDS, WANTS or SAVINGS, and the lens counts its payee's spending there too
    /// (the choice is the payee's, as "Always classify [payee] as ..." makes it). Income has no bucket.
    @discardableResult
    public func reclassify(_ reference: String, as bucket: LensBucket) async throws -> RecurringSeries {
        try await vaultOperation {
            let series = try await find(reference)
            guard !series.isIncome else {
                throw InvalidInput(
                    field: "bucket",
                    "\(series.name) is income, not spending, so it has no Need, Want or Savings bucket.")
            }
            try await scope.write { session in
                try await session.lens.setOverride(
                    payeeKey: series.payeeKey, bucket: bucket, newID: scope.vault.newID(LensBucket.self).description)
            }
            return series
        }
    }

    /// The live, possible or dismissed series with this key, or else this name or payee, if exactly one.
    private func find(_ reference: String) async throws -> RecurringSeries {
        let report = try await scope.reports.recurring(horizonDays: 366)
        let all = report.series + report.possible + report.dismissed
        let wanted = reference.trimmingCharacters(in: .whitespaces)
        var matches = all.filter { $0.key == wanted }
        if matches.isEmpty { matches = all.filter { $0.name.caseInsensitiveCompare(wanted) == .orderedSame } }
        if matches.isEmpty { matches = all.filter { $0.payeeKey == PayeeKey.normalize(wanted) } }
        guard let series = matches.first else {
            throw VaultError(
                .notFound,
                "There is no recurring series '\(reference)' in this household; the recurring report lists them with their keys."
            )
        }
        guard matches.count == 1 else {
            throw InvalidInput(
                field: "series",
                "'\(reference)' names \(matches.count) series; use one of their keys: "
                    + matches.map(\.key).joined(separator: ", "))
        }
        return series
    }

    private func applyUnwrapped(_ action: Action, to reference: String) async throws -> RecurringSeries {
        let series = try await find(reference)
        try await scope.write { session in
            let today = try await session.household().today(at: scope.vault.now)
            switch action {
            case .confirm:
                try await session.recurring.decide(
                    series.key, .confirmed, on: today, newID: scope.vault.newID(RecurringSeries.self).description)
            case .dismiss:
                try await session.recurring.decide(
                    series.key, .dismissed, on: today, newID: scope.vault.newID(RecurringSeries.self).description)
            case .delete:
                try await session.recurring.decide(
                    series.key, .deleted, on: today, newID: scope.vault.newID(RecurringSeries.self).description)
            case .restore:
                _ = try await session.recurring.forget(series.key)
            }
        }
        return series
    }
}
