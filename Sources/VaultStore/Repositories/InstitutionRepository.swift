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
        try await insert([institution])
    }

    /// Inserts institutions in one statement.
    public func insert(_ institutions: [Institution]) async throws {
        for institution in institutions { try session.requireOwn(institution.householdID, "institution") }
        try await session.insertRows(
            "institutions", entity: "institution", rows: institutions.map { ($0.id.description, Self.values(of: $0)) },
            extra: [("created_at", .int(session.now.unixSeconds)), ("updated_at", .int(session.now.unixSeconds))])
    }

    /// Saves the institution's changed fields; returns their names.
    @discardableResult
    public func update(_ institution: Institution) async throws -> [String] {
        guard let old = try await find(institution.id) else {
            throw StoreError(.notFound, "There is no institution \(institution.id) in this household.")
        }
        return try await session.updateRow(
            "institutions", entity: "institution", id: institution.id, from: Self.values(of: old),
            to: Self.values(of: institution))
    }

    /// Saves many institutions' fields that differ from `old`, each row as this session read it: a statement per
    /// set of changed columns, not two per institution.
    public func update(_ changes: [(old: Institution, new: Institution)]) async throws {
        for (old, new) in changes where old.id != new.id || old.householdID != session.householdID {
            throw StoreError(.notFound, "There is no institution \(new.id) in this household.")
        }
        try await session.updateRows(
            "institutions", entity: "institution",
            changes.map { .init(id: $0.new.id.description, old: Self.values(of: $0.old), new: Self.values(of: $0.new)) }
        )
    }

    /// Deletes an institution that no account refers to any more; false when there was none.
    public func delete(_ id: Institution.ID) async throws -> Bool {
        try await session.deleteRow("institutions", entity: "institution", id: id)
    }

    /// The institutions that came from one connection.
    public func all(of connection: BankConnection.ID) async throws -> [Institution] {
        try await all().filter { $0.connectionID == connection }
    }

    static func values(of institution: Institution) -> RowValues {
        var values = RowValues()
        values.add("id", "id", .text(institution.id.description))
        values.add("name", "name", .text(institution.name))
        values.add("domain", "domain", .text(institution.domain))
        values.add("connectionID", "connection_id", .text(institution.connectionID?.description))
        values.add("bankConnectionID", "bank_connection_id", .text(institution.bankConnectionID))
        values.add("status", "status", .text(institution.status?.rawValue))
        values.add("statusMessage", "status_message", .text(institution.statusMessage))
        values.add("lastSuccessAt", "last_success_at", .int(institution.lastSuccessAt?.unixSeconds))
        values.add("isRemoved", "removed", .bool(institution.isRemoved))
        return values
    }

    static func institution(from row: any SQLRow) throws -> Institution {
        Institution(
            id: try row.id("id"), householdID: try row.id("household_id"), name: try row.text("name"),
            domain: try row.optionalText("domain"), connectionID: try row.optionalID("connection_id"),
            bankConnectionID: try row.optionalText("bank_connection_id"), status: try row.optionalValue("status"),
            statusMessage: try row.optionalText("status_message"),
            lastSuccessAt: try row.optionalInstant("last_success_at"),
            isRemoved: try row.bool("removed"))
    }
}
