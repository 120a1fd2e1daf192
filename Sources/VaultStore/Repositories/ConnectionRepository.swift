import SQLKit
import VaultCore

/// A household's SimpleFIN connections. The access URL is stored only as the sealed text the caller
/// gives (encrypted by the service layer); this repository never sees it in clear.
public struct ConnectionRepository: Sendable {
    let session: HouseholdSession

    /// Every connection, oldest first.
    public func all() async throws -> [BankConnection] {
        try await session.sql.raw(
            "SELECT * FROM connections WHERE household_id = \(bind: session.household) ORDER BY created_at, id"
        ).all().map(Self.connection(from:))
    }

    public func find(_ id: BankConnection.ID) async throws -> BankConnection? {
        try await session.sql.raw(
            """
            SELECT * FROM connections WHERE id = \(bind: id.description) AND household_id = \(bind: session.household)
            """
        ).first().map(Self.connection(from:))
    }

    /// Stores a new connection with its sealed access URL.
    public func insert(_ connection: BankConnection, sealedAccess: String) async throws {
        try session.requireOwn(connection.householdID, "connection")
        var values = Self.values(of: connection)
        values.add("access", "access_secret", .text(sealedAccess))
        try await session.insertRows(
            "connections", entity: "connection", rows: [(connection.id.description, values)],
            extra: [("created_at", .int(session.now.unixSeconds)), ("updated_at", .int(session.now.unixSeconds))])
    }

    /// Saves the connection's changed fields; returns their names.
    @discardableResult
    public func update(_ connection: BankConnection) async throws -> [String] {
        guard let old = try await find(connection.id) else {
            throw StoreError(.notFound, "There is no connection \(connection.id) in this household.")
        }
        return try await session.updateRow(
            "connections", entity: "connection", id: connection.id, from: Self.values(of: old),
            to: Self.values(of: connection))
    }

    /// The sealed access URL of a connection.
    public func sealedAccess(of id: BankConnection.ID) async throws -> String {
        guard
            let row = try await session.sql.raw(
                """
                SELECT access_secret FROM connections WHERE id = \(bind: id.description) AND household_id = \(bind: session.household)
                """
            ).first()
        else { throw StoreError(.notFound, "There is no connection \(id) in this household.") }
        return try row.text("access_secret")
    }

    /// Replaces the sealed access URL (a new setup token for the same connection).
    public func replaceAccess(of id: BankConnection.ID, with sealed: String) async throws {
        let log = try session.log()
        try await session.sql.raw(
            """
            UPDATE connections SET access_secret = \(bind: sealed), updated_at = \(bind: session.now.unixSeconds)
            WHERE id = \(bind: id.description) AND household_id = \(bind: session.household)
            """
        ).run()
        try await log.record("connection", id, .update, fields: ["access"])
    }

    /// Deletes the connection; its institutions go with it by cascade, so callers remove their accounts first.
    public func delete(_ id: BankConnection.ID) async throws -> Bool {
        try await session.deleteRow("connections", entity: "connection", id: id)
    }

    static func values(of connection: BankConnection) -> RowValues {
        var values = RowValues()
        values.add("id", "id", .text(connection.id.description))
        values.add("label", "label", .text(connection.label))
        values.add("server", "server", .text(connection.server))
        values.add("status", "status", .text(connection.status.rawValue))
        values.add("statusMessage", "status_message", .text(connection.statusMessage))
        values.add("lastSyncAt", "last_sync_at", .int(connection.lastSyncAt?.unixSeconds))
        values.add("lastSuccessAt", "last_success_at", .int(connection.lastSuccessAt?.unixSeconds))
        return values
    }

    static func connection(from row: any SQLRow) throws -> BankConnection {
        BankConnection(
            id: try row.id("id"), householdID: try row.id("household_id"), label: try row.text("label"),
            server: try row.text("server"), status: try row.value("status"),
            statusMessage: try row.optionalText("status_message"),
            lastSyncAt: try row.optionalInstant("last_sync_at"),
            lastSuccessAt: try row.optionalInstant("last_success_at"))
    }
}
