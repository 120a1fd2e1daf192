import Foundation
import VaultCore

/// A row of the Analysis list: the transaction as the transactions API gives it, plus its receipt count (the
/// paperclip, spec 3.1).
public struct AnalysisTransactionPayload: Codable, Sendable {
    public let transaction: TransactionView
    public let receiptCount: Int

    public init(_ listed: TransactionService.Listed, receiptCount: Int) {
        transaction = TransactionView(listed)
        self.receiptCount = receiptCount
    }

    enum CodingKeys: String, CodingKey { case receiptCount }

    /// The transaction's fields at the top level, as `GET /api/v1/transactions` lists them, and `receiptCount`.
    public func encode(to encoder: any Encoder) throws {
        try transaction.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(receiptCount, forKey: .receiptCount)
    }

    public init(from decoder: any Decoder) throws {
        transaction = try TransactionView(from: decoder)
        receiptCount = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .receiptCount)
    }
}
