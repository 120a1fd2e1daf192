import Foundation
import VaultCore
import VaultStore

extension UserService {
    /// What deleting an account removed.
    public enum Removal: String, Sendable, Codable {
        /// The person left; the household and its data stay for the other members.
        case leftHousehold = "left-household"
        /// The person was the household's last member: the household went with them, data and all.
        case deletedHousehold = "deleted-household"
    }

    /// The members of a household, oldest first (the first is its owner, `MemberRole`).
    public func members(of household: Household.ID) async throws -> [User] {
        try await vaultOperation { try await vault.database.users.members(of: household) }
    }

    /// The person who signs in with `email`.
    public func account(email: String) async throws -> User {
        try await vaultOperation {
            guard let found = try await vault.database.users.credentials(email: email) else {
                throw VaultError(.notFound, "Nobody signs in with '\(User.normalizedEmail(email))'.")
            }
            return found.user
        }
    }

    /// Deletes a person's account (their sign-in, sessions and tokens). When nobody else is a member, the
    /// household goes too, with all its data; otherwise it stays for the others, and when its last owner leaves,
    /// the oldest remaining member becomes the owner. `confirmation` must be the person's email. One transaction.
    ///
    /// - warning: this cannot be undone; when the household goes, nothing of it can be recovered.
    public func deleteAccount(_ user: User, confirmation: String) async throws -> Removal {
        try await vaultOperation {
            guard User.normalizedEmail(confirmation) == user.email else {
                throw VaultError(
                    .confirmationRequired,
                    "Nothing was deleted: type your email address, \(user.email), to confirm deleting your account.",
                    problems: [Problem(field: "confirm", message: "Type your email address to confirm.")])
            }
            return try await vault.write(user.householdID) { session in
                let members = try await vault.database.users.members(of: user.householdID, in: session)
                guard members.contains(where: { $0.id == user.id }) else {
                    throw VaultError(.notFound, "This account was deleted already.")
                }
                if members.count == 1 {
                    try await vault.database.users.deleteHousehold(in: session)
                    return .deletedHousehold
                }
                try await vault.database.users.delete(user.id, in: session)
                let others = members.filter { $0.id != user.id }
                if !others.contains(where: { $0.role == .owner }), let next = others.first {
                    // A household with members always has an owner: the oldest remaining member.
                    try await vault.database.users.setRole(.owner, of: next.id, in: session)
                }
                return .leftHousehold
            }
        }
    }
}
