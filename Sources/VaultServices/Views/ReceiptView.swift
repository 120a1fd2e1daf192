import Foundation
import VaultCore

/// A receipt's description as the API and `ghostvault receipts list --json` give it; the bytes are at `url`.
public struct ReceiptView: Codable, Sendable, Equatable {
    public let id: String
    public let transaction: String
    public let fileName: String
    public let contentType: String
    public let byteSize: Int
    public let createdAt: String
    /// Where the API serves the bytes.
    public let url: String

    public init(_ receipt: Receipt) {
        id = receipt.id.description
        transaction = receipt.transactionID.description
        fileName = receipt.fileName
        contentType = receipt.type.mediaType
        byteSize = receipt.byteSize
        createdAt = ISO8601DateFormatter().string(from: receipt.createdAt)
        url = "/api/v1/receipts/\(receipt.id)"
    }
}
