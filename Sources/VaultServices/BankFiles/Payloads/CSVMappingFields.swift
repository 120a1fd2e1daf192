import Foundation
import VaultCore
import VaultServices

/// A CSV mapping as the API's query, the wizard's form and the CLI's `--columns` give it: the names of `CSVMappingPayload`, columns
/// 1-based. Each field present changes the base mapping (the remembered or guessed one); every problem is
/// reported at once.
///
/// `separator` (`comma`, `semicolon`, `tab`), `header` (`true`, `false`), `dateColumn`, `dateFormat` (`YYYY-MM-DD`,
/// `DD/MM/YYYY`, `MM/DD/YYYY`, `DD MMM YYYY`, `MMM DD YYYY`), `amountColumn` or `debitColumn` and `creditColumn`,
/// `typeColumn` (with `amountColumn`: the column saying debit or credit), `moneyOut` (`negative`, `positive`: how
/// `amountColumn` alone writes money out), `decimal` (`point`, `comma`), `descriptionColumn`, `payeeColumn`,
/// `categoryColumn`, `memoColumn` (empty or 0 for none).
public enum CSVMappingFields {
    public static let names = [
        "separator", "header", "dateColumn", "dateFormat", "amountColumn", "debitColumn", "creditColumn", "typeColumn",
        "moneyOut", "decimal", "descriptionColumn", "payeeColumn", "categoryColumn", "memoColumn",
    ]

    /// Whether any mapping field is present.
    public static func present(in fields: [String: String]) -> Bool { names.contains { fields[$0] != nil } }

    /// The separator alone, which decides how the file is split before anything else is read.
    public static func separator(in fields: [String: String]) throws -> CSVTable.Separator? {
        guard let text = fields["separator"], !text.isEmpty else { return nil }
        guard let separator = CSVTable.Separator.allCases.first(where: { $0.name == text || $0.rawValue == text })
        else {
            throw VaultError(InvalidInput(field: "separator", "The separator is comma, semicolon or tab."))
        }
        return separator
    }

    /// `base` with the fields' changes.
    public static func apply(_ fields: [String: String], to base: CSVMapping) throws -> CSVMapping {
        var mapping = base
        var problems: [Problem] = []
        func column(_ name: String, label: String, optional: Bool = false) -> Int?? {
            guard let text = fields[name]?.trimmingCharacters(in: .whitespaces) else { return .none }
            if optional && (text.isEmpty || text == "0") { return .some(nil) }
            guard let number = Int(text), number >= 1, number <= 1000 else {
                problems.append(Problem(field: name, message: "\(label) is a column number from 1."))
                return .none
            }
            return .some(number - 1)
        }
        do {
            if let separator = try separator(in: fields) { mapping.separator = separator }
        } catch let error as VaultError {
            problems += error.problems
        }
        if let text = fields["header"] {
            switch text.lowercased() {
            case "true", "on", "yes", "1": mapping.hasHeader = true
            case "false", "off", "no", "0", "": mapping.hasHeader = false
            default: problems.append(Problem(field: "header", message: "Header is true or false."))
            }
        }
        if let date = column("dateColumn", label: "The date column") { mapping.date = date ?? mapping.date }
        if let text = fields["dateFormat"], !text.isEmpty {
            if let format = BankDateFormat(rawValue: text.uppercased()) {
                mapping.dateFormat = format
            } else {
                let known = BankDateFormat.allCases.map(\.rawValue).joined(separator: ", ")
                problems.append(Problem(field: "dateFormat", message: "The date format is one of \(known)."))
            }
        }
        let amount = column("amountColumn", label: "The amount column", optional: true)
        let debit = column("debitColumn", label: "The debit column", optional: true)
        let credit = column("creditColumn", label: "The credit column", optional: true)
        let type = column("typeColumn", label: "The type column", optional: true)
        if case .some(.some(let signed)) = amount, case .some(.some(let typeColumn)) = type {
            mapping.amount = .typed(amount: signed, type: typeColumn)
        } else if case .some(.some(let signed)) = amount {
            mapping.amount = .signed(signed)
        } else if case .some(.some(let out)) = debit, case .some(.some(let into)) = credit {
            mapping.amount = .debitCredit(debit: out, credit: into)
        } else if amount != nil || debit != nil || credit != nil {
            problems.append(
                Problem(
                    field: "amountColumn", message: "Choose the amount column, or both the debit and credit columns."))
        }
        if let text = fields["moneyOut"], !text.isEmpty {
            if let moneyOut = CSVMapping.MoneyOut(rawValue: text.lowercased()) {
                mapping.moneyOut = moneyOut
            } else {
                problems.append(Problem(field: "moneyOut", message: "Money out is negative or positive."))
            }
        }
        if let text = fields["decimal"], !text.isEmpty {
            if let mark = DecimalMark(rawValue: text.lowercased()) {
                mapping.decimalMark = mark
            } else {
                problems.append(Problem(field: "decimal", message: "The decimal mark is point or comma."))
            }
        }
        if let description = column("descriptionColumn", label: "The description column") {
            mapping.description = description ?? mapping.description
        }
        if let payee = column("payeeColumn", label: "The payee column", optional: true) { mapping.payee = payee }
        if let category = column("categoryColumn", label: "The category column", optional: true) {
            mapping.category = category
        }
        if let memo = column("memoColumn", label: "The notes column", optional: true) { mapping.memo = memo }
        guard problems.isEmpty else { throw VaultError(InvalidInput(problems)) }
        return mapping
    }
}
