import Foundation

/// One transaction as the 50/30/20 lens reads it: its id and day, and its money as a group of one.
public struct LensTransaction: Hashable, Sendable {
    public let id: Transaction.ID
    public let date: LocalDate
    public let group: LensReport.Group

    public init(id: Transaction.ID, date: LocalDate, group: LensReport.Group) {
        self.id = id
        self.date = date
        self.group = group
    }
}
