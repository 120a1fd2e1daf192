import Foundation
import VaultCore

/// One transaction in the 50/30/20 lens, as JSON: its bucket, why, and whether a person chose it.
public struct LensEntryView: Codable, Hashable, Sendable {
    public let transactionId: String
    public let date: String
    public let name: String
    public let account: String
    public let category: String?
    /// What it adds to its bucket: spending positive, a refund negative.
    public let amount: String
    public let bucket: String
    public let reason: String
    public let chosen: Bool

    public init(_ entry: LensService.Entry) {
        transactionId = entry.transaction.id.description
        date = entry.transaction.date.description
        name = entry.name
        account = entry.accountName
        category = entry.categoryPath
        amount = entry.amount.decimalString
        bucket = entry.placement.bucket.rawValue
        reason = entry.placement.reason
        chosen = entry.choice != nil
    }
}

/// A segment of the lens, as JSON: the month's lens and a page of the segment's transactions, largest first.
public struct LensSegmentView: Encodable, Sendable {
    public let bucket: String
    public let lens: LensReportView
    public let transactions: PageView<LensEntryView>

    public init(_ segment: LensService.Segment) {
        bucket = segment.bucket.rawValue
        lens = LensReportView(segment.report)
        transactions = PageView(segment.entries) { LensEntryView($0) }
    }
}
