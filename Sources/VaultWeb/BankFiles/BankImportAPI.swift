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
            let file = try await scope.bankImport.bankFile(
                upload.content, fileName: upload.fileName, fields: query, account: account)
            let preview = ["true", "1", "yes"].contains(query["preview"]?.lowercased() ?? "")
            let outcome =
                preview
                ? try await scope.bankImport.preview(account, file: file)
                : try await scope.bankImport.importFile(account, file: file)
            return try Response.json(BankImportPayload(outcome, preview: preview))
        }
    }
}
