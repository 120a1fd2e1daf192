import Foundation
import VaultCore

/// The bank-file readers on whole files: `BankFileEncoding.decode`, `CSVTable` with `CSVMapping.guess` (for a
/// bank account and for a card) and its rows, every statement of `OFXStatement.file`, and `QIFStatement`.
///
/// What must hold: a file is read or refused with a message (never a trap), every row has a one-line
/// description (empty when the row has no text), a line within the file, and an amount in the account's currency;
/// for CSV, a record never has more lines than the file, and reading twice gives the same rows (the guess is
/// deterministic); a file whose encoding is told decodes again to the same text in that encoding.
enum BankFilesTarget {
    static let currency = Currency.usd

    static func csv(_ data: Data) {
        if let decoded = try? BankFileEncoding.decode(data) {
            let again = try? BankFileEncoding.decode(data, as: decoded.encoding)
            require(again?.text == decoded.text, "a told encoding reads differently when chosen")
        }
        let table: CSVTable
        do {
            table = try CSVTable(data)
        } catch {
            require(!error.message.isEmpty, "an empty message")
            return
        }
        let lines = data.reduce(1) { $0 + ($1 == 10 || $1 == 13 ? 1 : 0) }
        require(table.records.allSatisfy { $0.line >= 1 && $0.line <= lines }, "a record past the file's last line")
        guard let mapping = try? CSVMapping.guess(table) else { return }
        let first = try? mapping.rows(of: table, currency: currency)
        let second = try? mapping.rows(of: table, currency: currency)
        require(first == second, "two reads of one file differ")
        check(first ?? [], lines: lines)
        if let card = try? CSVMapping.guess(table, isCard: true) {
            check((try? card.rows(of: table, currency: currency)) ?? [], lines: lines)
        }
    }

    static func ofx(_ data: Data) {
        do {
            let file = try OFXStatement.file(data, defaultCurrency: currency)
            for statement in file.statements {
                check(statement.rows, lines: Int.max, currency: statement.currency ?? currency)
            }
        } catch {
            require(!error.message.isEmpty, "an empty message")
        }
    }

    static func qif(_ data: Data) {
        do {
            let rows = try QIFStatement(data, currency: currency, dateFormat: .monthDayYear).rows
            check(rows, lines: data.reduce(1) { $0 + ($1 == 10 || $1 == 13 ? 1 : 0) })
        } catch {
            require(!error.message.isEmpty, "an empty message")
        }
    }

    static func check(_ rows: [BankFileRow], lines: Int, currency: Currency = currency) {
        for row in rows {
            require(!row.description.contains(where: \.isNewline), "a line break in a description")
            require(row.line >= 1 && row.line <= lines, "line \(row.line) is outside the file")
            require(row.amount.currency == currency, "an amount in \(row.amount.currency)")
        }
        let ids = BankFileIdentity.bankIDs(for: rows)
        require(Set(ids).count == ids.count, "two rows of one file share an identity")
    }
}
