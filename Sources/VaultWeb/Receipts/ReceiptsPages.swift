import Foundation
import Hummingbird
import VaultCore
import VaultServices

/// The receipts routes behind a transaction's page: attach a file from the page's form, show one receipt, and
/// delete one after the page's confirmation. Each goes back to the transaction with a one-time message.
struct ReceiptsPages {
    let environment: WebEnvironment

    func addRoutes(to router: some RouterMethods<PageContext>) {
        router.post("/transactions/:id/receipts") { request, context in try await attach(request, context) }
        router.get("/receipts/:id") { request, context in
            let scope = environment.household(of: context.user)
            let (receipt, content) = try await scope.receipts.content(try Self.id(context))
            return Response.receipt(receipt, content: content)
        }
        router.post("/receipts/:id/delete") { request, context in try await delete(request, context) }
    }

    /// Attaches the file of the page's multipart form; a refused file goes back with the reason, nothing kept.
    func attach(_ request: Request, _ context: PageContext) async throws -> Response {
        let transaction = try TransactionsPages.id(context)
        let back = "/transactions/\(transaction)#receipts"
        let upload = try await ReceiptUpload.read(request)
        guard constantTimeEquals(upload.fields["csrf"] ?? "", context.signedIn.csrfToken) else {
            throw PageError.forgedForm
        }
        let scope = environment.household(of: context.user)
        do {
            let receipt = try await scope.receipts.add(
                to: transaction, fileName: upload.fileName, content: upload.content)
            let count = try await scope.receipts.count(of: transaction)
            return .seeOther(
                back,
                flash: Flash(
                    .notice, "Attached \(receipt.fileName); this transaction has \(Self.receipts(count))."))
        } catch let error as VaultError where error.code == .invalidInput {
            return .seeOther(back, flash: Flash(.error, error.description))
        }
    }

    func delete(_ request: Request, _ context: PageContext) async throws -> Response {
        _ = try await context.form(request)
        let scope = environment.household(of: context.user)
        let receipt = try await scope.receipts.delete(try Self.id(context))
        return .seeOther(
            "/transactions/\(receipt.transactionID)#receipts",
            flash: Flash(.notice, "Deleted the receipt \(receipt.fileName)."))
    }

    /// "1 receipt", "2 receipts".
    static func receipts(_ count: Int) -> String { count == 1 ? "1 receipt" : "\(count) receipts" }

    static func id(_ context: PageContext) throws -> String {
        guard let id = context.parameters.get("id"), UUID(uuidString: id) != nil else {
            throw VaultError(.notFound, "There is no such receipt.")
        }
        return id
    }
}
