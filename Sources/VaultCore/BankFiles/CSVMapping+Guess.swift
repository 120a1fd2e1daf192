import Foundation

extension CSVMapping {
    /// Header words that name each kind of column, lower-case, in the languages bank exports commonly use.
    /// A header matches when it equals one or contains it as a word.
    static let headerWords: [Kind: [String]] = [
        .date: [
            "date", "booking date", "transaction date", "posting date", "posted", "value date", "datum",
            "buchungstag", "fecha", "data", "valuta",
        ],
        .amount: ["amount", "betrag", "importe", "montant", "bedrag", "importo", "value", "sum"],
        .debit: ["debit", "withdrawal", "withdrawals", "paid out", "money out", "outflow", "soll", "out"],
        .credit: ["credit", "deposit", "deposits", "paid in", "money in", "inflow", "haben", "in"],
        .description: [
            "description", "details", "narrative", "memo", "reference", "transaction", "verwendungszweck",
            "text", "concepto", "libelle", "omschrijving",
        ],
        .payee: ["payee", "merchant", "name", "counterparty", "beneficiary", "empfanger", "beguenstigter"],
        .category: ["category", "kategorie", "categoria", "categorie"],
        .memo: ["notes", "note", "memo", "remarks", "comment", "comments", "notiz", "bemerkung", "notas"],
    ]

    enum Kind: CaseIterable { case date, amount, debit, credit, description, payee, category, memo }

    /// How many records after the header the guess looks at.
    static let sampleSize = 50

    /// The mapping `table` most likely has, or an error saying what could not be found: the date column
    /// and format, the amount (one column, or debit and credit), the description, payee and category, by
    /// header words first and by content where the header says nothing.
    ///
    /// The amount: debit and credit columns when the header names both (`Debit Amount`, `Credit Amount`); else
    /// one amount column, read with a type column when its amounts are all positive and a column beside it says
    /// debit or credit on every row (Mint's `Transaction Type`). For a credit card account (`isCard`), a single
    /// column whose amounts are mostly positive is read as purchases written positive (`moneyOut = .positive`).
    /// The description is never a column with no text when one with text fits.
    public static func guess(_ table: CSVTable, isCard: Bool = false) throws(BankFileError) -> CSVMapping {
        guard let first = table.records.first else { throw BankFileError(.empty, "The file has no rows.") }
        let width = first.fields.count
        let hasHeader =
            BankDateFormat.candidates(for: [first.fields.first ?? ""]).isEmpty
            && first.fields.allSatisfy { BankDateFormat.candidates(for: [$0]).isEmpty }
        let header =
            hasHeader
            ? first.fields.map {
                $0.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).lowercased()
                    .trimmingCharacters(in: .whitespaces)
            } : []
        let sample = table.records.dropFirst(hasHeader ? 1 : 0).prefix(sampleSize)
        func values(_ column: Int) -> [String] {
            sample.map { column < $0.fields.count ? $0.fields[column].trimmingCharacters(in: .whitespaces) : "" }
        }
        func named(_ kind: Kind, excluding used: Set<Int>) -> Int? {
            let words = headerWords[kind] ?? []
            // An exact name first, in the order of the words (a "Description" before a "Details" column), then a
            // name holding the word.
            for word in words {
                if let exact = header.indices.first(where: { !used.contains($0) && header[$0] == word }) {
                    return exact
                }
            }
            return header.indices.first { index in
                !used.contains(index)
                    && words.contains { word in
                        header[index].split(whereSeparator: { !$0.isLetter }).joined(separator: " ")
                            .contains(word) && word.count > 2
                    }
            }
        }
        /// Whether the column's filled cells are amounts: all of them, or (for a column the header names)
        /// at least half, so one broken cell is reported on its line rather than hiding the column.
        func isAmounts(_ column: Int, named: Bool = false) -> Bool {
            let filled = values(column).filter { !$0.isEmpty }
            let mark = DecimalMark.guess(filled)
            let amounts = filled.filter { value in
                value.contains(where: \.isASCIIDigit) && (try? mark.amount(value, currency: .usd)) != nil
            }
            return !amounts.isEmpty && (named ? amounts.count * 2 >= filled.count : amounts.count == filled.count)
        }
        var used: Set<Int> = []
        // The date: a named column whose values are dates, else the first column of dates.
        let dateColumn =
            named(.date, excluding: used).flatMap { BankDateFormat.candidates(for: values($0)).isEmpty ? nil : $0 }
            ?? (0..<width).first { !BankDateFormat.candidates(for: values($0)).isEmpty }
        guard let date = dateColumn, let format = BankDateFormat.candidates(for: values(date)).first else {
            throw BankFileError(
                .badMapping, "No column of the file holds dates; choose the date column and its format.")
        }
        used.insert(date)
        var amount: Amount
        var moneyOut = MoneyOut.negative
        if let debit = named(.debit, excluding: used), let credit = named(.credit, excluding: used.union([debit])),
            isAmounts(debit, named: true) || isAmounts(credit, named: true)
        {
            amount = .debitCredit(debit: debit, credit: credit)
        } else if let signed = named(.amount, excluding: used),
            isAmounts(signed, named: true) || headerWords[.amount, default: []].contains(header[signed])
        {
            amount = .signed(signed)
        } else if let debit = named(.debit, excluding: used),
            let credit = named(.credit, excluding: used.union([debit]))
        {
            amount = .debitCredit(debit: debit, credit: credit)
        } else if let signed = (0..<width).first(where: { !used.contains($0) && isAmounts($0) }) {
            amount = .signed(signed)
        } else {
            throw BankFileError(
                .badMapping, "No column of the file holds amounts; choose the amount column, or debit and credit.")
        }
        if case .signed(let column) = amount {
            let mark = DecimalMark.guess(values(column))
            let amounts = values(column).compactMap { try? mark.amount($0, currency: .usd) }.filter { !$0.isZero }
            let positive = amounts.filter { !$0.isNegative }.count
            if positive == amounts.count, !amounts.isEmpty,
                let type = (0..<width).first(where: { index in
                    guard !used.contains(index), index != column else { return false }
                    let filled = values(index).filter { !$0.isEmpty }
                    return filled.count == values(index).count && filled.allSatisfy { direction(of: $0) != nil }
                })
            {
                amount = .typed(amount: column, type: type)
            } else if isCard, positive * 2 > amounts.count {
                moneyOut = .positive
            }
        }
        let amountColumns: [Int]
        switch amount {
        case .signed(let column): amountColumns = [column]
        case .debitCredit(let debit, let credit): amountColumns = [debit, credit]
        case .typed(let column, let type): amountColumns = [column, type]
        }
        used.formUnion(amountColumns)
        func hasText(_ column: Int) -> Bool { values(column).contains { !$0.isEmpty } }
        // A named column with text first; an empty one only when no other column has text.
        func namedFilled(_ kind: Kind) -> Int? {
            var excluded = used
            var empty: Int?
            while let column = named(kind, excluding: excluded) {
                if hasText(column) { return column }
                empty = empty ?? column
                excluded.insert(column)
            }
            return empty
        }
        let payee = namedFilled(.payee)
        if let payee { used.insert(payee) }
        let category = named(.category, excluding: used)
        if let category { used.insert(category) }
        // The description: named, else the unused column with the longest text.
        func textLength(_ column: Int) -> Int { values(column).reduce(0) { $0 + $1.count } }
        let unnamed = (0..<width).filter { !used.contains($0) && !isAmounts($0) }
        let longest = unnamed.filter(hasText).max { textLength($0) < textLength($1) }
        let namedDescription = namedFilled(.description)
        let description: Int? =
            namedDescription.flatMap { hasText($0) ? $0 : nil } ?? longest ?? namedDescription
            ?? payee ?? unnamed.first
        guard let description else {
            throw BankFileError(.badMapping, "No column of the file holds descriptions; choose the description column.")
        }
        used.insert(description)
        let memo = namedFilled(.memo)
        let mark = DecimalMark.guess(amountColumns.flatMap(values))
        return CSVMapping(
            separator: table.separator, hasHeader: hasHeader, date: date, dateFormat: format, amount: amount,
            decimalMark: mark, description: description, payee: payee == description ? nil : payee,
            category: category, memo: memo.flatMap { hasText($0) ? $0 : nil }, moneyOut: moneyOut)
    }
}
