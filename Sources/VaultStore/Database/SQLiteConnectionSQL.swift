import Foundation
import Logging
import NIOCore
import SQLKit
import SQLiteKit
import SQLiteNIO
import VaultCore

/// A pooled SQLite connection's SQL: SQLKit's statements, with values bound and read without SQLKit's `Codable`
/// round trip.
///
/// SQLiteKit turns every bound value into `SQLiteData` through `SQLiteDataEncoder` (a cast to an existential
/// protocol, and a nested encoder for an optional) and every value read back through `SQLiteDataDecoder`. For a
/// bulk write that is most of the work outside SQLite itself: ingesting 100k generated transactions spent an
/// eighth of its time serialising SQLKit's multi-row inserts and encoding their 2.7M binds (`perf record`,
/// 2026-11-25). Here the values this store binds (text, integers, booleans) go straight to `SQLiteData`, rows come
/// back as `SQLiteRowValues` whose columns the store's typed reads (`SQLRow+Columns.swift`) take directly, and
/// `insert(into:columns:rows:)` binds a chunk's values without building an SQLKit expression per value. Anything
/// else falls back to SQLiteKit's own conversion, so what is stored and read is the same either way.
struct SQLiteConnectionSQL: ForwardingSQLDatabase {
    let connection: SQLiteConnection
    let base: any SQLDatabase

    init(_ connection: SQLiteConnection) {
        self.connection = connection
        self.base = connection.sql(queryLogLevel: .trace)
    }

    func execute(
        sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void
    )
        -> EventLoopFuture<Void>
    {
        base.execute(sql: query, onRow)
    }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) async throws {
        let (text, binds) = serialize(query)
        try await run(text, try binds.map(Self.data), onRow)
    }

    /// Runs one statement with its values already converted.
    func run(
        _ text: String, _ binds: [SQLiteData], _ onRow: @escaping @Sendable (any SQLRow) -> Void = { _ in }
    ) async throws {
        if let level = queryLogLevel { logger.log(level: level, "Executing query", metadata: ["sql": .string(text)]) }
        try await connection.query(text, binds) { onRow(SQLiteRowValues(row: $0)) }
    }

    /// The value SQLiteKit's encoder would give, taken directly for the types this store binds.
    static func data(_ value: any Encodable & Sendable) throws -> SQLiteData {
        switch value {
        case let text as String: .text(text)
        case let number as Int64: .integer(Int(number))
        case let number as Int: .integer(number)
        case let flag as Bool: .integer(flag ? 1 : 0)
        default: try SQLiteDataEncoder().encode(value)
        }
    }

    static func data(_ value: SQLValue) -> SQLiteData {
        switch value {
        case .text(let text?): .text(text)
        case .int(let number?): .integer(Int(number))
        case .bool(let flag): .integer(flag ? 1 : 0)
        case .text(nil), .int(nil): .null
        }
    }

    /// Inserts rows in multi-row `VALUES` statements under SQLite's limit of bound parameters, each chunk's
    /// values bound as they are.
    func insert(into table: String, columns: [String], rows: [[SQLValue]]) async throws {
        guard !columns.isEmpty else { return }
        let names = columns.map(quoted).joined(separator: ", ")
        let tuple = "(" + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
        for chunk in rows.chunked(by: max(1, 30_000 / columns.count)) {
            var binds: [SQLiteData] = []
            binds.reserveCapacity(chunk.count * columns.count)
            for row in chunk { for value in row { binds.append(Self.data(value)) } }
            let text =
                "INSERT INTO \(quoted(table)) (\(names)) VALUES "
                + Array(repeating: tuple, count: chunk.count).joined(separator: ", ")
            try await run(text, binds)
        }
    }

    /// A name as SQLKit writes it for SQLite.
    func quoted(_ identifier: String) -> String { serialize(SQLIdentifier(identifier)).sql }
}

/// A row read through `SQLiteConnectionSQL`: its values as SQLite gave them, for typed reads without a decoder.
struct SQLiteRowValues: SQLRow {
    let row: SQLiteRow

    var allColumns: [String] { row.columns.map(\.name) }

    func contains(column: String) -> Bool { row.column(column) != nil }

    func decodeNil(column: String) throws -> Bool { (row.column(column) ?? .null) == .null }

    func decode<D: Decodable>(column: String, as _: D.Type) throws -> D {
        guard let data = row.column(column) else { throw MissingColumn(column: column) }
        return try SQLiteDataDecoder().decode(D.self, from: data)
    }

    /// A column the query did not select: a defect in the query, never in what a person sent (so not a
    /// `DecodingError`, which the API answers as a bad request), as SQLiteKit's own rows report it.
    struct MissingColumn: Error, CustomStringConvertible {
        let column: String
        var description: String { "The query's rows have no column \(column)." }
    }
}
