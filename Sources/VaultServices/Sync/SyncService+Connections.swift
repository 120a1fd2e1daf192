import Foundation
import VaultCore
import VaultStore

extension SyncService {
    /// A connection as the Connections page and `ghostvault connections` show it.
    public struct Overview: Sendable {
        public let connection: BankConnection
        public let institutions: [(institution: Institution, accounts: Int)]
        /// Today's request budget (UTC day).
        public let budget: RequestBudget
    }

    /// Every connection with its institutions, their account counts and today's budget.
    public func overview() async throws -> [Overview] {
        let day = RequestBudget.day(of: scope.vault.now)
        return try await scope.read { session in
            let accounts = try await session.accounts.all()
            var result: [Overview] = []
            for connection in try await session.connections.all() {
                let institutions = try await session.institutions.all(of: connection.id).filter { !$0.isRemoved }.map {
                    institution in
                    (institution, accounts.filter { $0.institutionID == institution.id }.count)
                }
                result.append(
                    Overview(
                        connection: connection, institutions: institutions,
                        budget: RequestBudget(
                            used: try await session.syncRecords.requestsUsed(by: connection.id, on: day))))
            }
            return result
        }
    }

    /// Finds a connection by id or label, or the only one when `reference` is nil; with
    /// `orInstitution`, an institution's name or id finds the connection it came from.
    public func connection(_ reference: String?, orInstitution: Bool = false) async throws -> BankConnection {
        if orInstitution, let reference {
            let institution = try await scope.read { session in
                try await session.institutions.all().first {
                    $0.connectionID != nil
                        && ($0.name.lowercased() == reference.lowercased() || $0.id.description == reference)
                }
            }
            if let institution, let id = institution.connectionID,
                let found = try await scope.read({ try await $0.connections.find(id) })
            {
                return found
            }
        }
        return try Reference.named(
            reference, in: try await scope.read { try await $0.connections.all() }, id: \.id.description, name: \.label,
            kind: "connection",
            noneYet: "There is no SimpleFIN connection yet; run `ghostvault connect SETUP-TOKEN` first.")
    }

    /// Removes a connection (with `institution` nil) or one of its institutions, with their accounts and
    /// transactions. Anything with accounts needs `confirmed`; otherwise the error says what would go.
    /// Returns the number of accounts and transactions removed.
    @discardableResult
    public func remove(
        connection reference: String?, institution name: String? = nil, confirmed: Bool
    ) async throws
        -> (accounts: Int, transactions: Int)
    {
        let connection = try await connection(reference)
        return try await scope.write { session in
            var institutions = try await session.institutions.all(of: connection.id)
            if let name {
                institutions = institutions.filter {
                    $0.name.lowercased() == name.lowercased() || $0.id.description == name
                }
                guard !institutions.isEmpty else {
                    throw VaultError(.notFound, "The connection '\(connection.label)' has no institution '\(name)'.")
                }
            }
            let ids = Set(institutions.map(\.id))
            let accounts = try await session.accounts.all().filter { $0.institutionID.map(ids.contains) == true }
            var transactions = 0
            for account in accounts { transactions += try await session.accounts.transactionCount(account.id) }
            if !accounts.isEmpty, !confirmed {
                let what = name.map { "the institution '\($0)'" } ?? "the connection '\(connection.label)'"
                throw VaultError(
                    .confirmationRequired,
                    "Removing \(what) also deletes its \(accounts.count) account(s) and \(transactions) transaction(s). "
                        + "Confirm to go ahead.")
            }
            for account in accounts { _ = try await session.accounts.delete(account.id) }
            if name == nil {
                for institution in institutions { _ = try await session.institutions.delete(institution.id) }
                _ = try await session.connections.delete(connection.id)
            } else {
                // Kept, marked removed, so the next sync does not bring the institution back.
                for var institution in institutions {
                    institution.isRemoved = true
                    try await session.institutions.update(institution)
                }
            }
            return (accounts.count, transactions)
        }
    }
}
