import Foundation

/// A person who signs in to the web app or the API. Each user belongs to one household.
public struct User: Hashable, Sendable, Identifiable {
    public typealias ID = Identifier<User>

    public let id: ID
    /// Stored trimmed and lower-case, so sign-in ignores case.
    public let email: String
    public let householdID: Household.ID
    /// What the person may do in the household (only an owner may erase its data).
    public let role: MemberRole
    /// The theme the person chose; `.system` follows the device.
    public var theme: Theme
    /// The dashboard cards in the order the person arranged them; nil until they change it.
    public var dashboardLayout: [String]?
    /// When the person finished (or skipped) the first-run flow; nil while it is still ahead of them.
    public var onboardedAt: Date?

    public init(
        id: ID, email: String, householdID: Household.ID, role: MemberRole = .member, theme: Theme = .system,
        dashboardLayout: [String]? = nil, onboardedAt: Date? = nil
    ) {
        self.id = id
        self.email = email
        self.householdID = householdID
        self.role = role
        self.theme = theme
        self.dashboardLayout = dashboardLayout
        self.onboardedAt = onboardedAt
    }

    /// Light, dark, or whatever the device prefers.
    public enum Theme: String, CaseIterable, Hashable, Sendable, Codable {
        case system, light, dark
    }

    /// The canonical form of an email address for storage and lookup: trimmed, lower-case.
    public static func normalizedEmail(_ email: String) -> String {
        email.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }
}
