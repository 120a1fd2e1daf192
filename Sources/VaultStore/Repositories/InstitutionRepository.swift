import SQLKit
import VaultCore

/// The banks and issuers a household's accounts are held at.
public struct InstitutionRepository: Sendable {
    let session: HouseholdSession

    /// Every institution, by name ignoring case, then id.
    public func all() async throws -> [Institution] {
        try await session.sql.raw("SELECT * FROM institutions WHERE household_id = \(bind: session.household)")
            .all().map(Self.institution(from:))
            .sorted { ($0.name.lowercased(), $0.id) < ($1.name.lowercased(), $1.id) }
    }

    public func find(_ id: Institution.ID) async throws -> Institution? {
        try await session.sql.raw(
            """
            SELECT * FROM institutions WHERE id = \(bind: id.description) AND household_id = \(bind: session.household)
            """
        ).first().map(Self.institution(from:))
    }

    /// The institution with this name, ignoring case, if there is one.
    public func find(named name: String) async throws -> Institution? {
        try await all().first { $0.name.lowercased() == name.lowercased() }
    }

    public func insert(_ institution: Institution) async throws {
        try session.requireOwn(institution.householdID, "institution")
        var values = RowValues()
        values.add("id", "id", .text(institution.id.description))
        values.add("name", "name", .text(institution.name))
        values.add("domain", "domain", .text(institution.domain))
        values.add("createdAt", "created_at", .int(session.now.unixSeconds))
        try await session.insertRow("institutions", entity: "institution", id: institution.id, values)
    }

    static func institution(from row: any SQLRow) throws -> Institution {
        Institution(
            id: try row.id("id"), householdID: try row.id("household_id"), name: try row.text("name"),
            domain: try row.optionalText("domain"))
    }
}
