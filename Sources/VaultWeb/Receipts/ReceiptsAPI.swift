import Foundation
import Hummingbird
import VaultCore
import VaultServices

/// The receipts API: upload to a transaction (multipart or a raw body), list a transaction's receipts, read one
/// back, delete one. Upload routes read up to `ReceiptUpload.maximumBodySize`; every other route keeps the
/// app's 256 KiB.
struct ReceiptsAPI: Sendable {
    let environment: WebEnvironment

    func addRoutes(to api: some RouterMethods<APIContext>) {
        api.post("/transactions/:id/receipts") { request, context in
            let scope = environment.household(of: context.user)
            let transaction = try APIController.id(context)
            let upload = try await ReceiptUpload.read(request)
            let receipt = try await scope.receipts.add(
                to: transaction, fileName: upload.fileName, content: upload.content)
            var response = try Response.json(ReceiptView(receipt), status: .created)
            response.headers[.location] = "/api/v1/receipts/\(receipt.id)"
            return response
        }
        api.get("/transactions/:id/receipts") { request, context in
            let scope = environment.household(of: context.user)
            return try Response.json(
                try await scope.receipts.list(of: try APIController.id(context)).map(ReceiptView.init))
        }
        api.get("/receipts/:id") { request, context in
            let scope = environment.household(of: context.user)
            let (receipt, content) = try await scope.receipts.content(try APIController.id(context))
            return Response.receipt(receipt, content: content)
        }
        api.delete("/receipts/:id") { request, context in
            let scope = environment.household(of: context.user)
            _ = try await scope.receipts.delete(try APIController.id(context))
            return Response(status: .noContent)
        }
    }
}
