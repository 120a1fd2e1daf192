import Foundation
import VaultCore

/// A dataset workbook's XML parts as a spreadsheet program might write them (or an attacker craft them): the
/// input is read as a worksheet, as shared strings and as `xl/workbook.xml`, and each row through the Transactions
/// tab's typed cells.
///
/// What must hold: reading never crashes and never takes a cell past Excel's 16,384 columns; a cell is either a
/// value or a `DatasetProblem` naming its row and column; an amount read is exact (its decimal text reads back to
/// it); and text written as a cell reads back exactly.
enum WorkbookTarget {
    static func run(_ data: Data) {
        // Text written as a cell reads back exactly (the entities undone by the XML parser, the `_xHHHH_` escapes
        // by `unescape`).
        let text = String(decoding: data, as: UTF8.self)
        let sheet =
            SpreadsheetML.worksheetStart(columns: 1) + SpreadsheetML.row([.text(text)], number: 1)
            + SpreadsheetML.worksheetEnd
        var read: [String] = []
        do {
            try SheetReader.rows(of: Data(sheet.utf8), part: "fuzz", sharedStrings: []) { _, cells in read = cells }
        } catch {
            require(false, "a written cell does not parse: \(error) for \(text.debugDescription)")
        }
        require((read.first ?? "") == text, "the cell \(text.debugDescription) read back as \(read.debugDescription)")
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
                require(
                    String(describing: error).contains("column amount"),
                    "the problem does not name the column: \(error)")
            }
            _ = try? row.date("date")
            _ = try? row.bool("pending")
            _ = try? row.instant("postedAt")
            _ = try? DatasetTransaction(row, household: Identifier(UUID()), currency: { _ in .usd })
        }
    }
}
