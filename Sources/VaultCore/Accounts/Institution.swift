import Foundation

/// A bank, card issuer or broker that holds accounts; manual accounts may have none.
public struct Institution: Hashable, Sendable, Identifiable {
    public typealias ID = Identifier<Institution>

    public let id: ID
    public let householdID: Household.ID
    /// The name people know it by ("Chase").
    public var name: String
    /// The institution's web domain, when the bank reports one.
    public var domain: String?

    public init(id: ID, householdID: Household.ID, name: String, domain: String? = nil) {
        self.id = id
        self.householdID = householdID
        self.name = name
        self.domain = domain
    }
}
