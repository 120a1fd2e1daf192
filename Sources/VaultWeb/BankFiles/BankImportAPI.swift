import Foundation
import Hummingbird
import VaultCore
import VaultServices

/// `POST /api/v1/accounts/{id}/import`: a bank file into an account, or with `preview=true` what it would do.
///
/// The body is the file itself (any content type), or the field `file` of a `multipart/form-data` form; at
/// most `BankFileFormat.maximumBytes` plus the multipart overhead is read, a larger body is answered 413.
/// `format` is `csv`, `ofx`, `qfx` or `qif` (by default from the file's name, else its first bytes); a CSV
/// file's mapping is the remembered one or a guess, changed by the fields of `CSVMappingFields` in the query.
struct BankImportAPI: Sendable {
    let environment: WebEnvironment

    /// The largest body read: a bank file at its limit and what surrounds it in a multipart form.
    static let maximumBodySize = BankFileFormat.maximumBytes + ReceiptUpload.multipartOverhead

    static var tooLarge: VaultError {
        VaultError(
            .tooLarge,
            "The file is larger than the \(BankFileFormat.maximumBytes / 1024 / 1024) MB a bank file may be; "
                + "export a shorter period and import it in parts.")
    }

    func addRoutes(to api: some RouterMethods<APIContext>) {
        api.post("/accounts/:id/import") { request, context in
            guard let account = Account.ID(try APIController.id(context)) else {
                throw APIError(status: .notFound, code: "not_found", message: "No such id; ids are UUIDs.")
            }
            let scope = environment.household(of: context.user)
            let upload = try await ReceiptUpload.read(request, upTo: Self.maximumBodySize, tooLarge: Self.tooLarge)
            let query = Dictionary(
                request.uri.queryParameters.map { (String($0.key), String($0.value)) }, uniquingKeysWith: { a, _ in a })
            let file = try await Self.bankFile(
                upload.content, fileName: upload.fileName, fields: query, account: account, scope: scope)
            let preview = ["true", "1", "yes"].contains(query["preview"]?.lowercased() ?? "")
            let outcome =
                preview
                ? try await scope.bankImport.preview(account, file: file)
                : try await scope.bankImport.importFile(account, file: file)
            return try Response.json(BankImportPayload(outcome, preview: preview))
        }
    }

    /// The uploaded file with its format and, for CSV, the mapping the fields ask for (nil when they ask for
    /// none: the service then uses the remembered one or a guess). Shared with the wizard's pages.
    static func bankFile(
        _ data: Data, fileName: String?, fields: [String: String], account: Account.ID, scope: HouseholdScope
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
        guard format == .csv, CSVMappingFields.present(in: fields) else {
            return BankFile(data: data, format: format, dateFormat: dateFormat)
        }
        let separator = try CSVMappingFields.separator(in: fields)
        let base =
            (try? await scope.bankImport.draft(account, data: data, separator: separator).mapping)
            ?? fallbackMapping(data, separator: separator)
        return BankFile(data: data, format: format, mapping: try CSVMappingFields.apply(fields, to: base))
    }

    /// What a mapping starts from when nothing can be guessed: the person says it all, from the first three
    /// columns of the file split as given or guessed.
    static func fallbackMapping(_ data: Data, separator: CSVTable.Separator?) -> CSVMapping {
        CSVMapping(
            separator: separator ?? (try? CSVTable(data))?.separator ?? .comma, hasHeader: true, date: 0,
            dateFormat: .yearMonthDay, amount: .signed(1), decimalMark: .point, description: 2)
    }
}
