import Foundation
import VaultCore

/// A dataset workbook's XML parts as a spreadsheet program might write them (or an attacker craft them): the
/// input is read as a worksheet, as shared strings and as `xl/workbook.xml`, and each row through the Transactions
/// tab's typed cells.
///
/// What must hold: reading never crashes and never takes a cell past Excel's 16,384 columns; a cell is either a
/// value or a `DatasetProblem` naming its row and column; an amount read is exact (its decimal text reads back to
/// it); and text survives `SpreadsheetML.escape` then `unescape` exactly.
enum WorkbookTarget {
    static func run(_ data: Data) {
        let text = String(decoding: data, as: UTF8.self)
        require(SpreadsheetML.unescape(SpreadsheetML.escape(text)) == text, "escaping changed \(text.debugDescription)")
        let shared = (try? SheetReader.sharedStrings(data)) ?? []
        _ = try? SheetReader.sheets(workbook: data)
        _ = try? SheetReader.relationships(data)
        let columns = DatasetRow.columns(ofHeader: DatasetTab.transactions.columns)
        try? SheetReader.rows(of: data, part: "fuzz", sharedStrings: shared) { number, cells in
            require(cells.count <= 16_384, "row \(number) has \(cells.count) cells")
            let row = DatasetRow(tab: .transactions, number: number, cells: cells, columns: columns)
            do {
                let amount = try row.money("amount", .usd)
                require(
                    (try? Money(parsing: amount.decimalString, currency: .usd)) == amount,
                    "\(amount.decimalString) does not read back")
            } catch {
                require(error.description.contains("column amount"), "the problem does not name the column: \(error)")
            }
            _ = try? row.date("date")
            _ = try? row.bool("pending")
            _ = try? row.instant("postedAt")
            _ = try? DatasetTransaction(row, household: Identifier(UUID()), currency: { _ in .usd })
        }
    }
}
