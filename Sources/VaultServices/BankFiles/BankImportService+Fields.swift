import Foundation
import VaultCore

extension BankImportService {
    /// The uploaded file with its format and, for CSV, the mapping the fields ask for (nil when they ask for
    /// none: the service then uses the remembered one or a guess). Shared by the API, the wizard's pages and the CLI.
    public func bankFile(
        _ data: Data, fileName: String?, fields: [String: String], account: Account.ID
    ) async throws -> BankFile {
        let format: BankFileFormat
        if let text = fields["format"], !text.isEmpty {
            guard let chosen = BankFileFormat(rawValue: text.lowercased()) else {
                throw VaultError(InvalidInput(field: "format", "The format is csv, ofx, qfx or qif."))
            }
            format = chosen
        } else {
            format = fileName.flatMap(BankFileFormat.init(fileName:)) ?? BankFileFormat.sniff(data)
        }
        var dateFormat: BankDateFormat?
        if format == .qif, let text = fields["dateFormat"], !text.isEmpty {
            guard let chosen = BankDateFormat(rawValue: text.uppercased()) else {
                throw VaultError(
                    InvalidInput(
                        field: "dateFormat",
                        "The date format is one of \(BankDateFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
                )
            }
            dateFormat = chosen
        }
        var encoding: BankFileEncoding?
        if let text = fields["encoding"], !text.isEmpty {
            guard let chosen = BankFileEncoding(name: text) else {
                let known = BankFileEncoding.allCases.map(\.rawValue).joined(separator: ", ")
                throw VaultError(InvalidInput(field: "encoding", "The encoding is one of \(known)."))
            }
            encoding = chosen
        }
        let statement = fields["statement"].flatMap { $0.isEmpty ? nil : $0 }
        guard format == .csv, CSVMappingFields.present(in: fields) else {
            return BankFile(
                data: data, format: format, dateFormat: dateFormat, encoding: encoding, statement: statement)
        }
        let separator = try CSVMappingFields.separator(in: fields)
        let base =
            (try? await draft(account, data: data, separator: separator, encoding: encoding).mapping)
            ?? Self.fallbackMapping(data, separator: separator, encoding: encoding)
        return BankFile(
            data: data, format: format, mapping: try CSVMappingFields.apply(fields, to: base), encoding: encoding)
    }

    /// What a mapping starts from when nothing can be guessed: the person says it all, from the first three
    /// columns of the file split as given or guessed.
    public static func fallbackMapping(
        _ data: Data, separator: CSVTable.Separator?, encoding: BankFileEncoding? = nil
    ) -> CSVMapping {
        CSVMapping(
            separator: separator ?? (try? CSVTable(data, encoding: encoding))?.separator ?? .comma, hasHeader: true,
            date: 0,
            dateFormat: .yearMonthDay, amount: .signed(1), decimalMark: .point, description: 2)
    }
}
