import Foundation
import VaultCore

/// A CSV mapping in the words of the API's query parameters: 1-based column numbers.
public struct CSVMappingPayload: Codable, Sendable, Equatable {
    public let separator: String
    public let header: Bool
    public let dateColumn: Int
    public let dateFormat: String
    public let amountColumn: Int?
    public let debitColumn: Int?
    public let creditColumn: Int?
    /// With `amountColumn`: the column saying debit or credit on each row.
    public let typeColumn: Int?
    /// How `amountColumn` alone writes money out: `negative` (most bank accounts) or `positive` (purchases
    /// positive, as many card exports write them).
    public let moneyOut: String
    public let decimal: String
    public let descriptionColumn: Int
    public let payeeColumn: Int?
    public let categoryColumn: Int?
    public let memoColumn: Int?

    public init(_ mapping: CSVMapping) {
        separator = mapping.separator.name
        header = mapping.hasHeader
        dateColumn = mapping.date + 1
        dateFormat = mapping.dateFormat.rawValue
        switch mapping.amount {
        case .signed(let column):
            amountColumn = column + 1
            debitColumn = nil
            creditColumn = nil
            typeColumn = nil
        case .debitCredit(let debit, let credit):
            amountColumn = nil
            debitColumn = debit + 1
            creditColumn = credit + 1
            typeColumn = nil
        case .typed(let amount, let type):
            amountColumn = amount + 1
            debitColumn = nil
            creditColumn = nil
            typeColumn = type + 1
        }
        moneyOut = mapping.moneyOut.rawValue
        decimal = mapping.decimalMark.rawValue
        descriptionColumn = mapping.description + 1
        payeeColumn = mapping.payee.map { $0 + 1 }
        categoryColumn = mapping.category.map { $0 + 1 }
        memoColumn = mapping.memo.map { $0 + 1 }
    }
}
