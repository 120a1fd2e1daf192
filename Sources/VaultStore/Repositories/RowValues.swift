import SQLKit
import VaultCore

/// A value bound into a statement; kept as a small closed set so old and new rows can be compared.
enum SQLValue: Hashable, Sendable {
    case text(String?)
    case int(Int64?)
    case bool(Bool)

    /// The value in a statement: a bind of the unwrapped value, or `NULL`. Drivers convert a plain `String` or
    /// `Int64` directly but an `Optional` through a nested encoder, which a bulk insert pays per column per row.
    var expression: any SQLExpression {
        switch self {
        case .text(let value?): SQLBind(value)
        case .int(let value?): SQLBind(value)
        case .bool(let value): SQLBind(value)
        case .text(nil), .int(nil): SQLLiteral.null
        }
    }

    /// The values of one column as one PostgreSQL array parameter of `template`'s type (a value of another type
    /// is taken as NULL; a column's values are all of one type).
    static func array(_ values: [SQLValue], like template: SQLValue) -> SQLQueryString {
        switch template {
        case .text:
            let texts: [String?] = values.map { if case .text(let text) = $0 { text } else { nil } }
            return "\(bind: texts)::TEXT[]"
        case .int:
            let numbers: [Int64?] = values.map { if case .int(let number) = $0 { number } else { nil } }
            return "\(bind: numbers)::BIGINT[]"
        case .bool:
            let flags: [Bool] = values.map { if case .bool(let flag) = $0 { flag } else { false } }
            return "\(bind: flags)::BOOLEAN[]"
        }
    }

    /// The column type a value is cast to where its type cannot be inferred (a `VALUES` list).
    var sqlType: String {
        switch self {
        case .text: "TEXT"
        case .int: "BIGINT"
        case .bool: "BOOLEAN"
        }
    }
}

/// The columns of one row, each with the domain field name the change log records.
struct RowValues: Sendable {
    struct Column: Sendable {
        let field: String
        let column: String
        let value: SQLValue
    }

    var columns: [Column] = []

    mutating func add(_ field: String, _ column: String, _ value: SQLValue) {
        columns.append(Column(field: field, column: column, value: value))
    }

    /// The same columns with the values a stored row holds, for comparing before an update.
    init(reading row: any SQLRow, like template: RowValues) throws {
        for column in template.columns {
            switch column.value {
            case .text: add(column.field, column.column, .text(try row.optionalText(column.column)))
            case .int: add(column.field, column.column, .int(try row.optionalInt(column.column)))
            case .bool: add(column.field, column.column, .bool(try row.bool(column.column)))
            }
        }
    }

    init() {}

    /// The fields whose values differ from `old`'s.
    func changedColumns(from old: RowValues) -> [Column] {
        let previous = Dictionary(old.columns.map { ($0.column, $0.value) }, uniquingKeysWith: { $1 })
        return columns.filter { previous[$0.column] != $0.value }
    }
}

extension HouseholdSession {
    /// Inserts one row of this household and logs it.
    func insertRow(_ table: String, entity: String, id: some CustomStringConvertible, _ values: RowValues) async throws
    {
        try await insertRows(table, entity: entity, rows: [(id.description, values)], extra: [])
    }

    /// Inserts rows of this household in multi-row statements and logs each one.
    ///
    /// `extra` columns (such as `created_at`) are stored but not named in the change log.
    func insertRows(
        _ table: String, entity: String, rows: [(id: String, values: RowValues)], extra: [(String, SQLValue)]
    ) async throws {
        try await insertRows(table, entity: entity, rows, id: \.id, values: \.values, extra: extra)
    }

    /// Inserts `rows`, each stored as `values` gives it, 5,000 at a time: a large import never holds every row's
    /// values at once.
    func insertRows<Row>(
        _ table: String, entity: String, _ rows: [Row], id: (Row) -> String, values: (Row) -> RowValues,
        extra: [(String, SQLValue)]
    ) async throws {
        guard let first = rows.first else { return }
        let log = try log()
        let template = values(first)
        let columns = ["household_id"] + template.columns.map(\.column) + extra.map(\.0)
        let household = SQLValue.text(householdID.description)
        let extraValues = extra.map(\.1)
        for chunk in rows.chunked(by: 5_000) {
            try await sql.insert(
                into: table, columns: columns,
                rows: chunk.map { row in
                    var stored: [SQLValue] = []
                    stored.reserveCapacity(columns.count)
                    stored.append(household)
                    for column in values(row).columns { stored.append(column.value) }
                    stored.append(contentsOf: extraValues)
                    return stored
                })
            try await log.record(
                chunk.map { ChangeLog.Entry(entity: entity, entityID: id($0), operation: .insert, fields: []) })
        }
    }

    /// Writes the columns that differ between `old` and `new`, logs the change (with `alsoChanged`, fields
    /// the caller stored elsewhere), and returns the changed field names (empty, with nothing written or
    /// logged, when nothing differs).
    @discardableResult
    func updateRow(
        _ table: String, entity: String, id: some CustomStringConvertible, from old: RowValues, to new: RowValues,
        alsoChanged: [String] = []
    ) async throws -> [String] {
        let changed = new.changedColumns(from: old)
        guard !changed.isEmpty || !alsoChanged.isEmpty else { return [] }
        let log = try log()
        let update = sql.update(table)
        for column in changed { update.set(SQLIdentifier(column.column), to: column.value.expression) }
        update.set(SQLIdentifier("updated_at"), to: now.unixSeconds)
        try await update
            .where("id", .equal, id.description)
            .where("household_id", .equal, householdID.description)
            .run()
        let fields = (changed.map(\.field) + alsoChanged).uniqued()
        try await log.record(entity, id, .update, fields: fields)
        return fields
    }

    /// One row's planned change for `updateRows`: its stored values and its new ones.
    struct RowChange: Sendable {
        let id: String
        let old: RowValues
        let new: RowValues
        /// Fields the caller stored elsewhere (tags), named in the change log.
        var alsoChanged: [String] = []
    }

    /// Writes many rows' changed columns, one statement per batch of rows that change the same columns (not
    /// one per row), logs each row's change, and returns each row's changed field names, in order.
    ///
    /// The new values travel as a `VALUES` list joined on the id (`UPDATE ... FROM`, in SQLite since 3.33 and
    /// in PostgreSQL), each cast to its column's type so a column of `NULL`s is not taken for text.
    @discardableResult
    func updateRows(_ table: String, entity: String, _ changes: [RowChange]) async throws -> [[String]] {
        let log = try log()
        var fields: [[String]] = []
        var groups: [[String]: [(RowChange, [RowValues.Column])]] = [:]
        var order: [[String]] = []
        var entries: [ChangeLog.Entry] = []
        for change in changes {
            let changed = change.new.changedColumns(from: change.old)
            let names = (changed.map(\.field) + change.alsoChanged).uniqued()
            fields.append(names)
            guard !names.isEmpty else { continue }
            entries.append(ChangeLog.Entry(entity: entity, entityID: change.id, operation: .update, fields: names))
            let key = changed.map(\.column)
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append((change, changed))
        }
        for columns in order {
            guard let rows = groups[columns] else { continue }
            guard let template = rows.first?.1 else { continue }
            // Both databases cap bound parameters per statement (SQLite 32,766; PostgreSQL 65,535).
            for chunk in rows.chunked(by: max(1, 30_000 / (columns.count + 1))) {
                var query: SQLQueryString = "UPDATE \(ident: table) SET "
                for (index, column) in template.enumerated() {
                    query += "\(ident: column.column) = CAST(v.column\(unsafeRaw: String(index + 2)) AS "
                    query += "\(unsafeRaw: column.value.sqlType)), "
                }
                query += "updated_at = \(bind: now.unixSeconds) FROM (VALUES "
                query += chunk.map { row -> SQLQueryString in
                    var tuple: SQLQueryString = "(\(bind: row.0.id)"
                    for column in row.1 { tuple += ", \(column.value.expression)" }
                    return tuple + ")"
                }.joined(separator: ", ")
                query += ") AS v WHERE \(ident: table).household_id = \(bind: householdID.description)"
                query += " AND \(ident: table).id = v.column1"
                try await sql.raw(query).run()
            }
        }
        try await log.record(entries)
        return fields
    }

    /// Changes `existing` (a stored row of this household) to `values`, or without one inserts `values`
    /// under `newID`; either way the change is logged.
    func saveRow(
        _ table: String, entity: String, existing: (any SQLRow)?, values: RowValues, newID: String
    ) async throws {
        if let existing {
            try await updateRow(
                table, entity: entity, id: try existing.text("id"),
                from: try RowValues(reading: existing, like: values),
                to: values)
            return
        }
        var inserted = RowValues()
        inserted.add("id", "id", .text(newID))
        inserted.columns += values.columns
        try await insertRows(
            table, entity: entity, rows: [(newID, inserted)],
            extra: [("created_at", .int(now.unixSeconds)), ("updated_at", .int(now.unixSeconds))])
    }

    /// Deletes one row of this household and logs it; false when there was no such row.
    func deleteRow(_ table: String, entity: String, id: some CustomStringConvertible) async throws -> Bool {
        let log = try log()
        let existing = try await sql.raw(
            """
            SELECT id FROM \(ident: table) WHERE id = \(bind: id.description) AND household_id = \(bind: householdID.description)
            """
        ).first()
        guard existing != nil else { return false }
        try await sql.delete(from: table)
            .where("id", .equal, id.description)
            .where("household_id", .equal, householdID.description)
            .run()
        try await log.record(entity, id, .delete, fields: [])
        return true
    }

    /// The household id as stored, for queries.
    var household: String { householdID.description }

    /// Refuses a value whose household is not this session's.
    func requireOwn(_ owner: Household.ID, _ what: String) throws {
        guard owner == householdID else {
            throw StoreError(.notFound, "The \(what) belongs to another household.")
        }
    }
}

extension Array where Element: Hashable {
    /// The elements without repeats, first occurrence kept.
    func uniqued() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}

extension SQLDatabase {
    /// Inserts rows, each its values in `columns`' order (a column's values all of one type), in as few
    /// statements as the database allows.
    ///
    /// On PostgreSQL, one array per column (`UNNEST`), not one parameter per value: the statement it parses and
    /// binds is the same small one however many rows go in (a 3,000-row sync spent a third of its insert's time
    /// parsing and binding 30,000 parameters). SQLite takes multi-row `VALUES` lists under its parameter limit,
    /// bound directly on a pooled connection (`SQLiteConnectionSQL`).
    func insert(into table: String, columns: [String], rows: [[SQLValue]]) async throws {
        guard let first = rows.first else { return }
        if let sqlite = self as? SQLiteConnectionSQL {
            return try await sqlite.insert(into: table, columns: columns, rows: rows)
        }
        if dialect.name == "postgresql" {
            let names = columns.map { SQLQueryString("\(ident: $0)") }.joined(separator: ", ")
            for chunk in rows.chunked(by: 10_000) {
                let arrays = first.indices.map { index in
                    SQLValue.array(chunk.map { $0[index] }, like: first[index])
                }.joined(separator: ", ")
                try await raw("INSERT INTO \(ident: table) (" + names + ") SELECT * FROM UNNEST(" + arrays + ")").run()
            }
            return
        }
        // Both databases cap bound parameters per statement (SQLite 32,766; PostgreSQL 65,535).
        for chunk in rows.chunked(by: max(1, 30_000 / max(1, columns.count))) {
            let insert = self.insert(into: table).columns(columns)
            for row in chunk { insert.values(row.map(\.expression)) }
            try await insert.run()
        }
    }
}
