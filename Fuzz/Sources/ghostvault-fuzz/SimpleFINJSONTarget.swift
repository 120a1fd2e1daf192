import Foundation
import SimpleFINWire

/// `AccountSet(json:)` on `/accounts` bodies of either shape.
///
/// What must hold: every amount it accepts is plain decimal text (what VaultServices turns into `Money`), and
/// every text it passes on to be shown is cleaned: no control or format characters, at most 500 characters
/// and an ellipsis.
enum SimpleFINJSONTarget {
    static func run(_ data: Data) {
        guard let set = try? AccountSet(json: data) else { return }
        for message in set.messages { requireClean(message.text, "message") }
        for connection in set.connections {
            requireClean(connection.name, "connection name")
            if let name = connection.institutionName { requireClean(name, "institution name") }
        }
        for account in set.accounts {
            requireClean(account.name, "account name")
            require(
                set.connections.contains { $0.id == account.connectionID }, "account \(account.id) has no connection")
            requireDecimal(account.balance, "balance")
            if let available = account.availableBalance { requireDecimal(available, "available balance") }
            for transaction in account.transactions {
                requireDecimal(transaction.amount, "amount")
                requireClean(transaction.description, "description")
                if let payee = transaction.payee { requireClean(payee, "payee") }
                if let memo = transaction.memo { requireClean(memo, "memo") }
            }
            for holding in account.holdings {
                if let description = holding.description { requireClean(description, "holding description") }
            }
        }
    }

    /// Cleaned text: no control or format characters, 500 characters and an ellipsis at most.
    static func requireClean(_ text: String, _ what: String) {
        let categories: Set<Unicode.GeneralCategory> = [.control, .format]
        require(
            !text.unicodeScalars.contains { categories.contains($0.properties.generalCategory) },
            "\(what) \(text.debugDescription) keeps a control character")
        require(text.count <= 501, "\(what) is \(text.count) characters long")
    }

    /// Decimal text: an optional sign, digits, and an optional point with digits, at least one digit in all.
    static func requireDecimal(_ text: String, _ what: String) {
        var body = Substring(text)
        if body.first == "-" || body.first == "+" { body = body.dropFirst() }
        let parts = body.split(separator: ".", omittingEmptySubsequences: false)
        let digits = parts.joined()
        require(
            (1...2).contains(parts.count) && !digits.isEmpty
                && digits.unicodeScalars.allSatisfy { ("0"..."9").contains($0) },
            "\(what) \(text.debugDescription) is not decimal text")
    }
}
