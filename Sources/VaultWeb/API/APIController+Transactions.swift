import Foundation
import Hummingbird
import VaultCore
import VaultServices

/// Creating, changing and deleting transactions through the API, with every field the Add and transaction
/// pages take (issue 16). Money is a decimal string, signed (`-12.50` is money out); tags a list or a
/// comma-separated string; an empty string clears a category, payee, note or flag.
extension APIController {
    func addTransactionRoutes(to api: some RouterMethods<APIContext>) {
        api.post("/transactions") { request, context in
            let body = try await request.decode(as: TransactionBody.self, context: context)
            try body.checkAmount()
            // Paid with a miles card, the expense goes into the card's account: no account is needed.
            let account = body.account ?? (body.card != nil ? "" : nil)
            guard let amount = body.amount, let account else {
                throw VaultError(
                    InvalidInput(
                        [
                            body.amount == nil
                                ? Problem(field: "amount", message: "An amount is needed, like \"-12.50\".") : nil,
                            body.account == nil
                                ? Problem(field: "account", message: "An account or a card is needed (its id or name).")
                                : nil,
                        ].compactMap { $0 }))
            }
            var input = TransactionInput(
                amount: amount, account: account, date: body.date, category: body.category,
                description: body.description, payee: body.payee, tags: body.tags?.text, notes: body.notes,
                payment: body.payment, reimbursement: body.reimbursement, isExcluded: body.excluded ?? false,
                card: body.card, bonusCategory: body.bonusCategory, isForeignCurrency: body.foreign)
            input.recurrence = body.recurrence?.recurrence
            let scope = environment.household(of: context.user)
            let listed = try await scope.transactions.add(input)
            guard input.recurrence != nil else { return try Response.json(TransactionView(listed), status: .created) }
            // The entry is the rule's template: the answer names the rule it made, with its instance count.
            let rule = try await scope.recurringRules.rule(of: listed.transaction.id)
            return try Response.json(RecurringEntryPayload(listed, rule: rule), status: .created)
        }
        api.patch("/transactions/:id") { request, context in
            let body = try await request.decode(as: TransactionBody.self, context: context)
            try body.checkAmount()
            let cardFields: [(String, Bool)] = [
                ("card", body.card != nil), ("bonusCategory", body.bonusCategory != nil),
                ("foreign", body.foreign != nil),
            ]
            if body.recurrence != nil {
                throw VaultError(
                    InvalidInput(
                        field: "recurrence",
                        "A recurrence is set when adding; change a rule with PATCH /api/v1/recurring-rules/{id}."))
            }
            if cardFields.contains(where: \.1) {
                throw VaultError(
                    InvalidInput(
                        cardFields.filter(\.1).map {
                            Problem(
                                field: $0.0,
                                message: "\($0.0) is set when adding; change a card transaction's bonus category "
                                    + "with PUT /api/v1/transactions/{id}/bonus-category.")
                        }))
            }
            let changes = TransactionChanges(
                amount: body.amount, account: body.account, date: body.date, category: body.category,
                description: body.description, payee: body.payee, tags: body.tags?.text, notes: body.notes,
                payment: body.payment, reimbursement: body.reimbursement, isExcluded: body.excluded)
            let (listed, _) = try await environment.household(of: context.user).transactions.edit(
                try Self.id(context), changes)
            return try Response.json(TransactionView(listed))
        }
        api.delete("/transactions/:id") { request, context in
            let scope = environment.household(of: context.user)
            let id = try Self.id(context)
            let (_, receipts) = try await scope.transactions.delete(id)
            return try Response.json(DeletedTransactionView(deleted: id, receiptsDeleted: receipts))
        }
    }
}

/// What a delete removed: the transaction and how many receipts went with it.
struct DeletedTransactionView: Encodable, Sendable {
    let deleted: String
    let receiptsDeleted: Int
}

/// A transaction as the API takes it: every field optional, so one type serves create (amount and account
/// needed) and change (only what is sent changes).
struct TransactionBody: Decodable, Sendable {
    /// A plain decimal string, as the OpenAPI document says (`checkAmount`).
    let amount: String?
    let account: String?
    let date: String?
    let category: String?
    let description: String?
    let payee: String?
    let tags: Tags?
    let notes: String?
    let payment: String?
    let reimbursement: String?
    let excluded: Bool?
    /// The miles card it was paid with (id, name or last four); only when adding. Its account is used.
    let card: String?
    /// The card's bonus category it counts toward; only when adding with a card.
    let bonusCategory: String?
    /// Whether it was charged in a foreign currency; only when adding with a card.
    let foreign: Bool?
    /// Repeat the entry on a schedule (spec 2.6); only when adding. The entry becomes the rule's template.
    let recurrence: RecurrenceBody?

    /// Tags as a JSON list or one comma-separated string.
    enum Tags: Decodable, Sendable {
        case list([String])
        case text(String)

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let list = try? container.decode([String].self) {
                self = .list(list)
            } else {
                self = .text(try container.decode(String.self))
            }
        }

        var text: String {
            switch self {
            case .list(let list): list.joined(separator: ",")
            case .text(let text): text
            }
        }
    }
}

extension TransactionBody {
    /// Refuses an amount with thousands separators: the API takes plain decimal strings (`-1000.00`), and a
    /// program that sends `1,000.00` may as well mean one (a decimal comma with grouping) as a thousand, so it
    /// is told rather than guessed at. A person's form takes grouped amounts; a program's JSON does not.
    func checkAmount() throws {
        guard let amount, amount.contains(",") else { return }
        throw VaultError(
            InvalidInput(
                field: "amount",
                "The amount '\(amount.prefix(40))' has a comma; the API takes plain decimal strings with a point and "
                    + "no thousands separators, like \"-1000.00\"."))
    }
}
