import Foundation

extension CSVMapping {
    /// A type column's direction.
    public enum Direction: Hashable, Sendable {
        /// Money out of the account.
        case debit
        /// Money into the account.
        case credit
    }

    /// The words a type column writes for each direction, lower-case without accents: English, German (`Soll`,
    /// `Haben`, `S`, `H`), French (`débit`, `crédit`), Spanish (`cargo`, `abono`), Italian (`addebito`,
    /// `accredito`, `dare`, `avere`), Dutch (`af`, `bij`), Portuguese (`débito`, `crédito`).
    static let typeWords: [Direction: Set<String>] = [
        .debit: [
            "debit", "debits", "dr", "d", "db", "dbt", "withdrawal", "out", "money out", "payment out", "soll", "s",
            "lastschrift", "belastung", "cargo", "adeudo", "debito", "addebito", "dare", "af", "uitgaand", "sortie",
        ],
        .credit: [
            "credit", "credits", "cr", "c", "crd", "deposit", "in", "money in", "payment in", "haben", "h",
            "gutschrift", "abono", "credito", "accredito", "avere", "bij", "inkomend", "entree",
        ],
    ]

    /// The direction a type cell names, in any case and with or without accents; nil for another word.
    public static func direction(of word: String) -> Direction? {
        let key = word.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .trimmingCharacters(in: .whitespaces).lowercased()
        guard !key.isEmpty else { return nil }
        if typeWords[.debit, default: []].contains(key) { return .debit }
        if typeWords[.credit, default: []].contains(key) { return .credit }
        return nil
    }

    /// How this mapping reads money out, in words for the preview.
    public func signExplanation(header: [String]) -> String {
        func name(_ column: Int) -> String {
            column < header.count && !header[column].isEmpty ? "'\(header[column])'" : "column \(column + 1)"
        }
        switch amount {
        case .signed(let column):
            switch moneyOut {
            case .negative:
                return "Amounts in \(name(column)) are signed: negative numbers are money out, positive money in."
            case .positive:
                return "Purchases are written as positive numbers in \(name(column)): they will be imported as money "
                    + "out, and negative numbers (payments, refunds) as money in."
            }
        case .debitCredit(let debit, let credit):
            return "Money out is in \(name(debit)) and money in is in \(name(credit)); a blank cell is zero."
        case .typed(let column, let type):
            return "Amounts in \(name(column)) are sizes; \(name(type)) says which are money out (debit, DR, D) "
                + "and which money in (credit, CR, C)."
        }
    }
}
