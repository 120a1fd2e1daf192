import Foundation

/// Cells for the dataset's columns, written the same way everywhere: ISO dates as text, amounts as exact
/// decimal numbers, flags as booleans, lists as comma-separated text, structures as JSON text.
public enum DatasetCell {
    public static func text(_ value: String?) -> SheetCell { value.map(SheetCell.text) ?? .empty }
    public static func date(_ value: LocalDate?) -> SheetCell { value.map { .text($0.description) } ?? .empty }
    public static func money(_ value: Money?) -> SheetCell { value.map { .number($0.decimalString) } ?? .empty }
    public static func int(_ value: Int?) -> SheetCell { value.map { .number(String($0)) } ?? .empty }
    public static func id(_ value: (some CustomStringConvertible)?) -> SheetCell {
        value.map { .text($0.description) } ?? .empty
    }
    /// An instant as ISO 8601 UTC text with milliseconds.
    public static func instant(_ value: Date?) -> SheetCell {
        value.map { .text(DatasetRow.instantFormat.format($0)) } ?? .empty
    }
    public static func list(_ values: [String]) -> SheetCell {
        values.isEmpty ? .empty : .text(values.joined(separator: ", "))
    }
    public static func json(_ value: some Encodable) -> SheetCell {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return .text(String(decoding: (try? encoder.encode(value)) ?? Data("null".utf8), as: UTF8.self))
    }
    /// A rate in hundredths as miles per dollar: 140 is 1.4.
    public static func rate(_ value: MilesRate?) -> SheetCell { value.map { .number($0.description) } ?? .empty }
}

/// One row of a dataset tab, read by column name, with errors that name the tab, the row and the column.
public struct DatasetRow: Sendable {
    public let tab: DatasetTab
    /// The row's number in the sheet (the header is row 1).
    public let number: Int
    let cells: [String]
    let columns: [String: Int]

    public init(tab: DatasetTab, number: Int, cells: [String], columns: [String: Int]) {
        self.tab = tab
        self.number = number
        self.cells = cells
        self.columns = columns
    }

    /// The column positions of a header row.
    public static func columns(ofHeader header: [String]) -> [String: Int] {
        var columns: [String: Int] = [:]
        for (index, name) in header.enumerated() {
            let trimmed = name.trimmingCharacters(in: .whitespaces)
            if !trimmed.isEmpty, columns[trimmed] == nil { columns[trimmed] = index }
        }
        return columns
    }

    /// Whether every cell is empty (such rows are skipped).
    public var isBlank: Bool { cells.allSatisfy { $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty } }

    public func fail(_ column: String, _ message: String) -> DatasetProblem {
        DatasetProblem.cell(tab, row: number, column: column, message)
    }

    /// The cell as written (text keeps its spaces).
    public func raw(_ column: String) -> String {
        guard let index = columns[column], index < cells.count else { return "" }
        return cells[index]
    }

    /// The text, nil when the cell is empty.
    public func text(_ column: String) -> String? {
        let value = raw(column)
        return value.isEmpty ? nil : value
    }

    public func required(_ column: String) throws(DatasetProblem) -> String {
        guard let value = text(column), !value.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw fail(column, "this column needs a value")
        }
        return value
    }

    public func id<Owner>(_ column: String) throws(DatasetProblem) -> Identifier<Owner> {
        let text = try required(column)
        guard let id = Identifier<Owner>(text) else { throw fail(column, "“\(text.prefix(60))” is not an id (a UUID)") }
        return id
    }

    public func optionalID<Owner>(_ column: String) throws(DatasetProblem) -> Identifier<Owner>? {
        guard text(column)?.trimmingCharacters(in: .whitespaces).isEmpty == false else { return nil }
        return try id(column)
    }

    /// A date as ISO text (`2026-11-24`), or as a spreadsheet's day number when a program turned it into one.
    public func date(_ column: String) throws(DatasetProblem) -> LocalDate {
        let text = try required(column).trimmingCharacters(in: .whitespaces)
        if let date = LocalDate(iso: text) { return date }
        if let serial = Double(text), serial >= 61, serial < 2_958_466, serial == serial.rounded() {
            // Day 1 is 1900-01-01 in the 1900 date system, which counts a 29 February 1900 that never was.
            return LocalDate(dayNumber: Int(serial) - 25_569)
        }
        throw fail(column, "“\(text.prefix(40))” is not a date; write it as YYYY-MM-DD")
    }

    public func optionalDate(_ column: String) throws(DatasetProblem) -> LocalDate? {
        text(column)?.trimmingCharacters(in: .whitespaces).isEmpty == false ? try date(column) : nil
    }

    /// An amount in `currency`, exactly; a number a spreadsheet stored with binary noise (`12.339999999999`) is
    /// taken when it is within a ten-thousandth of a minor unit of an exact amount.
    public func money(_ column: String, _ currency: Currency) throws(DatasetProblem) -> Money {
        let text = try required(column).trimmingCharacters(in: .whitespaces)
        if let money = try? Money(parsing: text, currency: currency) { return money }
        guard let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")), !value.isNaN else {
            throw fail(column, "“\(text.prefix(40))” is not an amount")
        }
        var exact = value
        var rounded = Decimal()
        NSDecimalRound(&rounded, &exact, currency.exponent, .plain)
        let tolerance = Decimal(sign: .plus, exponent: -(currency.exponent + 4), significand: 1)
        let difference = value - rounded
        guard abs(difference) <= tolerance else {
            throw fail(
                column, "\(text.prefix(40)) has more decimals than \(currency.code) allows (\(currency.exponent))")
        }
        var units = rounded
        var scaled = Decimal()
        NSDecimalMultiplyByPowerOf10(&scaled, &units, Int16(currency.exponent), .plain)
        let minor = NSDecimalNumber(decimal: scaled)
        guard minor.compare(NSDecimalNumber(value: Int64.max)) == .orderedAscending,
            minor.compare(NSDecimalNumber(value: Int64.min)) == .orderedDescending
        else { throw fail(column, "\(text.prefix(40)) is too large an amount") }
        return Money(minorUnits: minor.int64Value, currency: currency)
    }

    public func optionalMoney(_ column: String, _ currency: Currency) throws(DatasetProblem) -> Money? {
        text(column)?.trimmingCharacters(in: .whitespaces).isEmpty == false ? try money(column, currency) : nil
    }

    public func int(_ column: String) throws(DatasetProblem) -> Int {
        let text = try required(column).trimmingCharacters(in: .whitespaces)
        if let value = Int(text) { return value }
        if let value = Double(text), value == value.rounded(), abs(value) < 1e15 { return Int(value) }
        throw fail(column, "“\(text.prefix(40))” is not a whole number")
    }

    public func optionalInt(_ column: String) throws(DatasetProblem) -> Int? {
        text(column)?.trimmingCharacters(in: .whitespaces).isEmpty == false ? try int(column) : nil
    }

    /// TRUE/FALSE (also true/false, yes/no, 1/0); empty is false.
    public func bool(_ column: String) throws(DatasetProblem) -> Bool {
        switch raw(column).trimmingCharacters(in: .whitespaces).lowercased() {
        case "true", "yes", "1": return true
        case "false", "no", "0", "": return false
        case let other: throw fail(column, "“\(other.prefix(20))” is not TRUE or FALSE")
        }
    }

    public func value<Value: RawRepresentable>(_ column: String) throws(DatasetProblem) -> Value
    where Value.RawValue == String {
        let text = try required(column).trimmingCharacters(in: .whitespaces)
        guard let value = Value(rawValue: text) else { throw fail(column, "“\(text.prefix(40))” is not a known value") }
        return value
    }

    public func optionalValue<Value: RawRepresentable>(_ column: String) throws(DatasetProblem) -> Value?
    where Value.RawValue == String {
        text(column)?.trimmingCharacters(in: .whitespaces).isEmpty == false ? try value(column) : nil
    }

    /// An instant written by `DatasetCell.instant`.
    public func instant(_ column: String) throws(DatasetProblem) -> Date? {
        guard let text = text(column)?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        guard let date = (try? Self.instantFormat.parse(text)) ?? (try? Self.secondsFormat.parse(text)) else {
            throw fail(column, "“\(text.prefix(40))” is not an ISO 8601 time such as 2026-11-24T09:30:00.000Z")
        }
        return date
    }

    /// A comma-separated list, each item trimmed, empty items left out.
    public func list(_ column: String) -> [String] {
        raw(column).split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    public func json<Value: Decodable>(_ column: String, as type: Value.Type) throws(DatasetProblem) -> Value {
        let text = text(column) ?? ""
        do {
            return try JSONDecoder().decode(Value.self, from: Data(text.utf8))
        } catch {
            throw fail(column, "the JSON could not be read (\(String(describing: error).prefix(120)))")
        }
    }

    static let instantFormat = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
    static let secondsFormat = Date.ISO8601FormatStyle()
}
