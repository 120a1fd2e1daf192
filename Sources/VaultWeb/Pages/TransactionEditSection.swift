import Foundation
import Hummingbird
import VaultCore
import VaultServices

/// The transaction page's Edit and Delete (issue 16): every field a person may change, in one form. A manual
/// entry takes its type, amount, date, account, description and payee too; a bank-synced row keeps those as
/// the bank sent them and takes only a person's own fields (tags, notes, flags, exclusion). Category and
/// classification stay in the page's Change section, with "Apply to all from this payee".
enum TransactionEditSection {
    static func render(
        _ listed: TransactionService.Listed, accounts: [Account], receiptCount: Int, signedIn: SignedIn
    ) -> HTML {
        let t = listed.transaction
        let id = t.id.description
        let manual = t.source != .bank
        let csrf = Layout.csrfField(signedIn.csrfToken)
        let isIncome = t.amount.minorUnits > 0
        let type = [("expense", "Expense", !isIncome), ("income", "Income", isIncome)].map { value, label, on -> HTML in
            "<label><input type=\"radio\" name=\"type\" value=\"\(value)\"\(on ? " checked" : "")><span>\(label)</span></label>"
        }
        let magnitude = t.amount.decimalString.trimmingCharacters(in: CharacterSet(charactersIn: "-"))
        let accountOptions = accounts.filter { $0.bankAccountID == nil || $0.id == t.accountID }.map {
            account -> HTML in
            let selected: HTML = account.id == t.accountID ? " selected" : ""
            return "<option value=\"\(account.id.description)\"\(selected)>\(account.displayName)</option>"
        }
        let bankFields: HTML =
            manual
            ? """
            <fieldset class="segmented"><legend class="visually-hidden">Type</legend>\(type)</fieldset>
            <label for="edit-amount">Amount (\(t.amount.currency.displayCode))</label>
            <input type="text" id="edit-amount" name="amount" inputmode="decimal" autocomplete="off" value="\(magnitude)">
            <label for="edit-date">Date</label><input type="date" id="edit-date" name="date" value="\(t.date.description)">
            <label for="edit-account">Account</label><select id="edit-account" name="account">\(accountOptions)</select>
            <label for="edit-description">Description</label>
            <input type="text" id="edit-description" name="description" value="\(t.description)">
            <label for="edit-payee">Payee</label><input type="text" id="edit-payee" name="payee" value="\(t.payee)">
            """
            : """
            <p class="muted small">From your bank: its amount, date, account and description stay as the bank sent them.</p>
            """
        func flagChoice(_ name: String, _ values: [String], _ chosen: String?) -> HTML {
            let options = [("", "Not set")] + values.map { ($0, $0.capitalized) }
            let chips = options.map { value, label -> HTML in
                let checked: HTML = (chosen ?? "") == value ? " checked" : ""
                return
                    "<label class=\"chip\"><input type=\"radio\" name=\"\(name)\" value=\"\(value)\"\(checked)><span>\(label)</span></label>"
            }
            return "<fieldset class=\"chips\"><legend>\(name.capitalized)</legend>\(chips)</fieldset>"
        }
        let receiptsNote =
            receiptCount == 0 ? "" : " and its \(receiptCount == 1 ? "receipt" : "\(receiptCount) receipts")"
        let bankNote = manual ? "" : " The next sync will not bring it back."
        return """
            <section class="card" id="edit"><h2>Edit</h2>
            <form method="post" action="/transactions/\(id)/edit" class="stack">\(csrf)
            \(bankFields)
            <label for="edit-tags">Tags</label>
            <input type="text" id="edit-tags" name="tags" autocomplete="off" placeholder="Separate tags with commas" value="\(t.tags.joined(separator: ", "))">
            <label for="edit-notes">Note</label><textarea id="edit-notes" name="notes" rows="3">\(t.notes)</textarea>
            \(flagChoice("payment", PaymentFlag.allCases.map(\.rawValue), t.paymentFlag?.rawValue))
            \(flagChoice("reimbursement", ReimbursementFlag.allCases.map(\.rawValue), t.reimbursementFlag?.rawValue))
            <label class="small"><input type="checkbox" name="excluded" value="on"\(t.isExcluded ? " checked" : "")> Excluded from totals</label>
            <p><button type="submit">Save changes</button></p>
            </form>
            <details class="row-menu" id="delete"><summary>Delete…</summary>
            <p>This deletes <strong>\(t.description)</strong>\(receiptsNote). It cannot be undone.\(bankNote)</p>
            <form method="post" action="/transactions/\(id)/delete">\(csrf)<button type="submit" class="danger">Delete</button></form>
            </details>
            </section>
            """
    }

    /// The form's changes. A manual entry's amount is typed without a sign and the type gives it, as on Add;
    /// a type that contradicts the transaction's category is refused, as on Add. Exclusion is sent only when the
    /// box changed, so saving a tag does not lock the rules' say over it.
    static func changes(
        _ form: Form, original: TransactionService.Listed, tree: CategoryTree
    ) -> (TransactionChanges, [Problem]) {
        let t = original.transaction
        var changes = TransactionChanges(
            tags: form["tags"] ?? "", notes: form.raw("notes"), payment: form["payment"] ?? "",
            reimbursement: form["reimbursement"] ?? "")
        if form.isOn("excluded") != t.isExcluded { changes.isExcluded = form.isOn("excluded") }
        var problems: [Problem] = []
        if t.source != .bank {
            let income = form["type"] == "income"
            switch AddTransactionPages.signedAmount(form["amount"] ?? "", income: income) {
            case .success(let amount): changes.amount = amount
            case .failure(let problem): problems.append(problem)
            }
            if let category = t.categoryID.flatMap({ id in tree.categories.first { $0.id == id } }),
                category.kind != .transfer, category.kind != (income ? .income : .expense)
            {
                problems.append(
                    Problem(
                        field: "type",
                        message: "\(category.name) is an \(category.kind) category; choose another category under "
                            + "Change first, then switch the type."))
            }
            changes.date = form.raw("date")
            changes.account = form["account"]
            changes.description = form.raw("description")
            changes.payee = form["payee"] ?? ""
        }
        return (changes, problems)
    }
}

extension TransactionsPages {
    func edit(_ request: Request, _ context: PageContext) async throws -> Response {
        let form = try await context.form(request)
        let id = try Self.id(context)
        let scope = environment.household(of: context.signedIn.user)
        let original = try await scope.transactions.find(id)
        let (changes, problems) = TransactionEditSection.changes(
            form, original: original, tree: try await scope.categories.tree())
        let back = "/transactions/\(id)#edit"
        guard problems.isEmpty else {
            return .seeOther(back, flash: Flash(.error, problems.map(\.message).joined(separator: " ")))
        }
        do {
            let (listed, changed) = try await scope.transactions.edit(id, changes)
            let what = changed.isEmpty ? "Nothing changed" : "Saved"
            return .seeOther(back, flash: Flash(.notice, "\(what): \(listed.transaction.description)."))
        } catch let error as VaultError where error.code == .invalidInput {
            return .seeOther(back, flash: Flash(.error, error.problems.map(\.message).joined(separator: " ")))
        }
    }

    func delete(_ request: Request, _ context: PageContext) async throws -> Response {
        let form = try await context.form(request)
        let id = try Self.id(context)
        let deleted = try await environment.household(of: context.signedIn.user).transactions.delete(id).listed
        return .seeOther(
            form["back"].flatMap(AuthPages.localPath) ?? "/transactions",
            flash: Flash(.notice, "Deleted: \(deleted.transaction.description) (\(deleted.transaction.date))."))
    }
}
