import Foundation
import Testing
import VaultCore

/// A dataset row's typed cells, as a spreadsheet program may have rewritten them.
@Suite struct DatasetRowTests {
    static func row(postedAt: String) -> DatasetRow {
        let header = DatasetTab.transactions.columns
        var cells = Array(repeating: "", count: header.count)
        cells[header.firstIndex(of: "postedAt")!] = postedAt
        return DatasetRow(
            tab: .transactions, number: 2, cells: cells, columns: DatasetRow.columns(ofHeader: header))
    }

    @Test("an instant reads with or without its milliseconds; anything else names the row and column")
    func instants() throws {
        let exact = try Self.row(postedAt: "2026-11-24T09:30:00.250Z").instant("postedAt")
        #expect(exact == Date(timeIntervalSince1970: 1_795_512_600.25))
        let seconds = try Self.row(postedAt: "2026-11-24T09:30:00Z").instant("postedAt")
        #expect(seconds == Date(timeIntervalSince1970: 1_795_512_600))
        #expect(try Self.row(postedAt: "").instant("postedAt") == nil)
        #expect(throws: DatasetProblem.self) { try Self.row(postedAt: "24/11/2026 09:30").instant("postedAt") }
    }
}
