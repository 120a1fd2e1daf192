import Foundation
import Hummingbird
import VaultCore
import VaultServices

/// What a row's form gets back when the page's script saved it in place (issue 21): the row as it now is, so
/// the page updates it without a reload and the person stays where they were. Without scripts the same form
/// posts, redirects back to the row's anchor, and this is never sent.
struct RowChangePayload: Encodable {
    let message: String
    let category: String?
    let excluded: Bool
    let notes: String?

    init(_ listed: TransactionService.Listed, message: String) {
        self.message = message
        category = listed.categoryPath
        excluded = listed.transaction.isExcluded
        notes = listed.transaction.notes
    }

    /// True when the form was sent by the page's script, which asks for JSON.
    static func wanted(by request: Request) -> Bool {
        request.headers[.accept]?.contains("application/json") ?? false
    }

    /// The failure as the script shows it beside the row.
    static func failure(_ error: VaultError) throws -> Response {
        try .json(
            APIError.Body(
                error: .init(code: error.code.rawValue, message: error.message, problems: error.problems, count: nil)),
            status: APIError.status(of: error.code))
    }
}
