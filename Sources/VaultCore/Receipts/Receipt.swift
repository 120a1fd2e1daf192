import Foundation

/// A photo or scan of a receipt attached to one transaction (spec `expense-tracker.md` 2.5 and 3.4).
///
/// This is the receipt's description; its bytes are read separately, so a list of receipts never carries
/// megabytes it does not show.
public struct Receipt: Identifiable, Hashable, Sendable {
    public typealias ID = Identifier<Receipt>

    public let id: ID
    public let householdID: Household.ID
    public let transactionID: Transaction.ID
    /// The name the file had when it was attached, cleaned for showing and downloading (`ReceiptFile.name`).
    public let fileName: String
    /// The type read from the file's own bytes, never from what the sender claimed.
    public let type: ReceiptType
    /// The size of the stored bytes.
    public let byteSize: Int
    public let createdAt: Date

    public init(
        id: ID, householdID: Household.ID, transactionID: Transaction.ID, fileName: String, type: ReceiptType,
        byteSize: Int, createdAt: Date
    ) {
        self.id = id
        self.householdID = householdID
        self.transactionID = transactionID
        self.fileName = fileName
        self.type = type
        self.byteSize = byteSize
        self.createdAt = createdAt
    }
}
