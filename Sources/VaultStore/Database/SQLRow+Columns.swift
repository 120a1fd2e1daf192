import Foundation
import SQLKit
import SQLiteNIO
import VaultCore

/// Typed reads of the store's column conventions (see `Migration.foundation`), with a clear error
/// when a stored value is not what the schema promises.
extension SQLRow {
    // Each read takes an SQLite value as it came when the row has the column and the value is of the expected kind
    // (`SQLiteRowValues`), and asks the driver's decoder otherwise, so both give the same answer and the same error.

    func text(_ column: String) throws -> String {
        if let sqlite = self as? SQLiteRowValues, case .text(let text) = sqlite.row.column(column) { return text }
        return try decode(column: column, as: String.self)
    }

    func optionalText(_ column: String) throws -> String? {
        if let sqlite = self as? SQLiteRowValues {
            switch sqlite.row.column(column) {
            case .text(let text): return text
            case .null: return nil
            default: break
            }
        }
        return try decodeNil(column: column) ? nil : decode(column: column, as: String.self)
    }

    func int(_ column: String) throws -> Int64 {
        if let sqlite = self as? SQLiteRowValues, case .integer(let number) = sqlite.row.column(column) {
            return Int64(number)
        }
        return try decode(column: column, as: Int64.self)
    }

    func optionalInt(_ column: String) throws -> Int64? {
        if let sqlite = self as? SQLiteRowValues {
            switch sqlite.row.column(column) {
            case .integer(let number): return Int64(number)
            case .null: return nil
            default: break
            }
        }
        return try decodeNil(column: column) ? nil : decode(column: column, as: Int64.self)
    }

    /// PostgreSQL returns booleans; SQLite stores them as 0 and 1.
    func bool(_ column: String) throws -> Bool {
        if let sqlite = self as? SQLiteRowValues, case .integer(let number) = sqlite.row.column(column) {
            return number != 0
        }
        if let value = try? decode(column: column, as: Bool.self) { return value }
        return try decode(column: column, as: Int64.self) != 0
    }

    func id<Owner>(_ column: String, as _: Owner.Type = Owner.self) throws -> Identifier<Owner> {
        let raw = try text(column)
        guard let id = Identifier<Owner>(raw) else { throw corrupt(column, raw) }
        return id
    }

    func optionalID<Owner>(_ column: String, as _: Owner.Type = Owner.self) throws -> Identifier<Owner>? {
        guard let raw = try optionalText(column) else { return nil }
        guard let id = Identifier<Owner>(raw) else { throw corrupt(column, raw) }
        return id
    }

    func localDate(_ column: String) throws -> LocalDate {
        let raw = try int(column)
        guard let date = LocalDate(compactValue: Int(raw)) else { throw corrupt(column, String(raw)) }
        return date
    }

    func optionalLocalDate(_ column: String) throws -> LocalDate? {
        try decodeNil(column: column) ? nil : localDate(column)
    }

    func optionalInstant(_ column: String) throws -> Date? {
        try optionalInt(column).map { Date(timeIntervalSince1970: TimeInterval($0)) }
    }

    func value<Value: RawRepresentable>(_ column: String, as _: Value.Type = Value.self) throws -> Value
    where Value.RawValue == String {
        let raw = try text(column)
        guard let value = Value(rawValue: raw) else { throw corrupt(column, raw) }
        return value
    }

    func optionalValue<Value: RawRepresentable>(_ column: String, as _: Value.Type = Value.self) throws -> Value?
    where Value.RawValue == String {
        guard let raw = try optionalText(column) else { return nil }
        guard let value = Value(rawValue: raw) else { throw corrupt(column, raw) }
        return value
    }

    func currency(_ codeColumn: String, exponent exponentColumn: String) throws -> Currency {
        let exponent = Int(try int(exponentColumn))
        guard (0...Currency.maximumExponent).contains(exponent) else { throw corrupt(exponentColumn, String(exponent)) }
        return Currency(code: try text(codeColumn), exponent: exponent)
    }

    private func corrupt(_ column: String, _ value: String) -> StoreError {
        StoreError(
            .corrupt,
            "The stored value '\(value)' in column \(column) is not valid; "
                + "the database may have been edited by hand. Restore it from a backup or correct the row.")
    }
}

extension Date {
    /// Unix seconds, the store's form for instants.
    var unixSeconds: Int64 { Int64(timeIntervalSince1970.rounded(.down)) }
}
