import Foundation
import Hummingbird
import VaultCore
import VaultServices

/// Add (spec `expense-tracker.md` 2.1 to 2.4): a manual expense or income in the order the spec recommends
/// (type and amount, category, tags, note, flags), with the date and account kept from one entry to the
/// next. The page works without JavaScript; with it, the category list follows the type, tags are
/// normalised as they are committed and the flags' summary follows the chips.
struct AddTransactionPages {
    let environment: WebEnvironment

    /// The bonus category picker's first choice, "Not chosen": no category is stored for the card entry.
    static let notChosen = "none"

    func addRoutes(to router: some RouterMethods<PageContext>) {
        router.get("/transactions/new") { request, context in try await form(request, context) }
        router.post("/transactions/new") { request, context in try await save(request, context) }
    }

    /// The empty form; `?date=` and `?account=` carry the previous entry's choices (Save keeps them).
    func form(_ request: Request, _ context: PageContext) async throws -> Response {
        let query = request.queryForm
        var entry = Entry()
        entry.date = query["date"].flatMap { LocalDate(iso: $0)?.description }
        entry.account = query["account"]
        entry.card = query["card"]
        entry.recurring = query["recurring"] == "1"
        return try await page(entry, problems: [], context: context, status: .ok)
    }

    /// The most a Save may send: its fields and receipts adding up to one receipt's limit. Photos the page
    /// prepared are a few hundred kilobytes; a larger set is attached from the transaction's page afterwards.
    static let maximumBodySize = ReceiptUpload.maximumBodySize

    func save(_ request: Request, _ context: PageContext) async throws -> Response {
        let (form, receipts) = try await Self.read(request, context)
        let entry = Entry(form)
        let scope = environment.household(of: context.signedIn.user)
        let tree = try await scope.categories.tree()
        var problems = entry.problems(tree: tree)
        if problems.isEmpty {
            do {
                let saved = try await scope.transactions.add(entry.input, receipts: receipts)
                let what = "\(saved.transaction.amount.formatted()) · \(saved.transaction.description)"
                var next = "/transactions/new?date=\(saved.transaction.date)"
                next += "&account=\(saved.account.id)"
                if let card = entry.card { next += "&card=\(PageURL.encode(card))" }
                let repeats =
                    entry.recurring
                    ? " It repeats \(entry.recurrenceSummary.lowercased()); this year's entries are added "
                        + "(Settings › Recurring Rules)." : ""
                return .seeOther(
                    next, flash: Flash(.notice, "Saved: \(what) on \(saved.transaction.date).\(repeats)"))
            } catch let error as VaultError where error.code == .invalidInput {
                problems = error.problems
            } catch let error as VaultError where error.code == .tooLarge {
                problems = [Problem(field: "receipts", message: error.message)]
            }
        }
        if !receipts.isEmpty {
            problems.append(
                Problem(
                    field: "receipts",
                    message: "Nothing was saved, so choose the receipts again (a page cannot keep files it was sent)."))
        }
        return try await page(entry, problems: problems, context: context, status: .unprocessableContent)
    }

    /// The form as a browser sends it: URL-encoded, or `multipart/form-data` with its receipts (the files of
    /// the fields named `receipt`; an empty file input sends an empty part, which is no receipt). A multipart
    /// form is checked like any other: its CSRF token, and text a person typed.
    static func read(
        _ request: Request, _ context: PageContext
    ) async throws -> (Form, [ReceiptService.Attachment]) {
        guard let boundary = MultipartForm.boundary(request.headers[.contentType] ?? "") else {
            return (try await context.form(request), [])
        }
        let body: ByteBuffer
        do {
            body = try await request.body.collect(upTo: maximumBodySize)
        } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
            throw PageError(
                status: .contentTooLarge, title: "The receipts are too large",
                message: "An entry's receipts may add up to \(ReceiptFile.maximumSizeText). Go back, attach fewer "
                    + "or smaller photos (the page scales photos down when scripts are on), and save again; more "
                    + "can be attached from the transaction's page.")
        }
        var pairs: [(String, String)] = []
        var receipts: [ReceiptService.Attachment] = []
        for part in try MultipartForm.parts(body, boundary: boundary) {
            if part.fileName != nil {
                if part.name == "receipt", !part.content.isEmpty {
                    receipts.append(ReceiptService.Attachment(fileName: part.fileName, content: part.content))
                }
            } else if let name = part.name {
                guard let text = String(validating: part.content, as: UTF8.self) else { throw Form.unreadable }
                pairs.append((name, text))
            }
        }
        let form = try Form.typed(pairs)
        guard constantTimeEquals(form.raw("csrf"), context.signedIn.csrfToken) else { throw PageError.forgedForm }
        return (form, receipts)
    }

    private func page(
        _ entry: Entry, problems: [Problem], context: PageContext, status: HTTPResponse.Status
    ) async throws -> Response {
        let scope = environment.household(of: context.signedIn.user)
        let household = try await scope.details()
        let accounts = try await scope.accounts.list(counting: false).map(\.account)
        let defaults = try await scope.transactions.captureDefaults()
        let cards = try await scope.cards.list()
        var entry = entry
        entry.date = entry.date ?? household.today(at: environment.clock()).description
        entry.account = entry.account ?? defaults.lastAccountID?.description ?? accounts.first?.id.description
        return .html(
            AddTransactionPage.render(
                entry, accounts: accounts, cards: cards, tree: try await scope.categories.tree(),
                topTags: defaults.topTags, problems: problems, signedIn: context.signedIn),
            status: status)
    }

    /// The amount as the service reads it, from its size as typed and the type: money out is negative. A
    /// typed sign is refused, since the type says which way the money went.
    static func signedAmount(_ typed: String, income: Bool) -> Result<String, Problem> {
        let magnitude = typed.trimmingCharacters(in: .whitespaces)
        guard !magnitude.hasPrefix("-"), !magnitude.hasPrefix("+") else {
            return .failure(
                Problem(
                    field: "amount",
                    message: "Type the amount without a sign, like 12.50; Expense or Income says which way it went."))
        }
        return .success(income ? magnitude : "-" + magnitude)
    }

    /// What the form holds, as typed.
    struct Entry {
        var type = CategoryKind.expense
        var amount = ""
        var account: String?
        var category: String?
        var date: String?
        var tags: [String] = []
        var note = ""
        /// The flags as sent: the service checks them, so a forged value is refused rather than dropped.
        var paymentText: String?
        var reimbursementText: String?
        /// The miles card paid with (its id), and the bonus category it counts toward (issue 17).
        var card: String?
        var bonusCategory: String?
        /// The recurrence sheet (spec 2.6.2): off unless ticked.
        var recurring = false
        var cadence = Cadence.monthly.rawValue
        var interval = ""
        var start = ""
        var end = ""
        var payment: PaymentFlag? { paymentText.flatMap(PaymentFlag.init(rawValue:)) }
        var reimbursement: ReimbursementFlag? { reimbursementText.flatMap(ReimbursementFlag.init(rawValue:)) }

        init() {}

        init(_ form: Form) {
            type = form["type"] == "income" ? .income : .expense
            amount = form["amount"] ?? ""
            account = form["account"]
            category = form["category"]
            date = form["date"]
            // Typed tags (comma separated) and ticked suggestion chips, normalised as the store keeps them.
            let typed = (form["tags"] ?? "").split(separator: ",").map(String.init)
            tags = Tag.unique((typed + form.all("tag")).map(Tag.normalize).filter { !$0.isEmpty })
            note = form.raw("note")
            paymentText = form["payment"]
            reimbursementText = form["reimbursement"]
            card = form["card"]
            bonusCategory = form["bonusCategory"]
            recurring = form.isOn("recurring")
            cadence = form["cadence"] ?? Cadence.monthly.rawValue
            interval = form["interval"] ?? ""
            start = form["start"] ?? ""
            end = form["end"] ?? ""
        }

        /// `Monthly • Starts 2026-01-01`, `Every 2 weeks • Starts with the entry • Until 2027-06-30`, `None`.
        var recurrenceSummary: String {
            guard recurring else { return "None" }
            let every = Int(interval) ?? 1
            let unit = Cadence(rawValue: cadence)?.unit ?? cadence
            let how = every <= 1 ? cadence.capitalized : "Every \(every) \(unit)s"
            let from = start.isEmpty ? "Starts with the entry" : "Starts \(start)"
            return [how, from, end.isEmpty ? nil : "Until \(end)"].compactMap { $0 }.joined(separator: " • ")
        }

        /// What only this page knows: the amount is typed without a sign (the type gives it), and the
        /// category must be one of the type's.
        func problems(tree: CategoryTree) -> [Problem] {
            var problems: [Problem] = []
            if case .failure(let problem) = AddTransactionPages.signedAmount(amount, income: type == .income) {
                problems.append(problem)
            }
            if let category, let chosen = tree.categories.first(where: { $0.id.description == category }),
                chosen.kind != type
            {
                problems.append(
                    Problem(
                        field: "category",
                        message: "\(chosen.name) is an \(chosen.kind) category; choose an \(type) category or "
                            + "switch the type to \(chosen.kind.displayName)."))
            }
            return problems
        }

        /// The entry for the service: money out is negative.
        var input: TransactionInput {
            let signed = (try? AddTransactionPages.signedAmount(amount, income: type == .income).get()) ?? amount
            // A card's expense goes into the card's account, as the page says beside the card (the account picker
            // steps aside); "Not chosen" stores no bonus category, so the payee's or the suggestion decides.
            var input = TransactionInput(
                amount: signed, account: card == nil ? account ?? "" : "", date: date,
                category: category, tags: tags.joined(separator: ","), notes: note.isEmpty ? nil : note,
                payment: paymentText, reimbursement: reimbursementText, card: card,
                bonusCategory: card == nil || bonusCategory == AddTransactionPages.notChosen ? nil : bonusCategory)
            if recurring {
                input.recurrence = .init(cadence: cadence, interval: interval, start: start, end: end)
            }
            return input
        }

        /// The flags' one-line summary: `None`, `Paid`, `Unpaid • Reimbursed`.
        var flagSummary: String {
            let set = [payment?.rawValue, reimbursement?.rawValue].compactMap { $0?.capitalized }
            return set.isEmpty ? "None" : set.joined(separator: " • ")
        }
    }
}

/// The Add page's markup.
enum AddTransactionPage {
    static func render(
        _ entry: AddTransactionPages.Entry, accounts: [Account], cards: [MilesCard], tree: CategoryTree,
        topTags: [TagStat],
        problems: [Problem], signedIn: SignedIn
    ) -> HTML {
        func invalid(_ field: String) -> HTML {
            problems.contains { $0.field == field }
                ? " aria-invalid=\"true\" aria-describedby=\"\(field)-problem\"" : ""
        }
        func message(_ field: String) -> HTML {
            let messages = problems.filter { $0.field == field }.map(\.message)
            guard !messages.isEmpty else { return .empty }
            return "<p class=\"field-problem\" id=\"\(field)-problem\">\(messages.joined(separator: " "))</p>"
        }
        let typeChoice = [CategoryKind.expense, .income].map { kind -> HTML in
            let checked: HTML = entry.type == kind ? " checked" : ""
            return """
                <label><input type="radio" name="type" value="\(kind.rawValue)"\(checked)><span>\(kind.displayName)</span></label>
                """
        }
        let accountOptions = accounts.map { account -> HTML in
            let selected: HTML = entry.account == account.id.description ? " selected" : ""
            return
                "<option value=\"\(account.id.description)\"\(selected)>\(account.displayName) (\(account.currency.displayCode))</option>"
        }
        let categoryGroups = [CategoryKind.expense, .income].map { kind -> HTML in
            let options = tree.flattened().filter { $0.0.kind == kind && $0.0.isActive }.map {
                category, depth -> HTML in
                let selected: HTML = entry.category == category.id.description ? " selected" : ""
                let indent = String(repeating: "\u{00A0}\u{00A0}", count: depth)
                let label = [category.emoji, category.name].compactMap { $0 }.joined(separator: " ")
                return "<option value=\"\(category.id.description)\"\(selected)>\(indent)\(label)</option>"
            }
            return "<optgroup label=\"\(kind.displayName)\" data-kind=\"\(kind.rawValue)\">\(options)</optgroup>"
        }
        let chips = topTags.map { stat -> HTML in
            let checked: HTML = entry.tags.contains(stat.tag) ? " checked" : ""
            return """
                <label class="chip"><input type="checkbox" name="tag" value="\(stat.tag)"\(checked)><span>\(stat.tag) <span class="muted">\(stat.count)</span></span></label>
                """
        }
        func flagChoice<Flag: RawRepresentable<String> & Equatable>(
            _ name: String, _ flags: [Flag], _ chosen: Flag?
        ) -> HTML {
            let unset: HTML = chosen == nil ? " checked" : ""
            let items = flags.map { flag -> HTML in
                let checked: HTML = chosen == flag ? " checked" : ""
                return """
                    <label class="chip"><input type="radio" name="\(name)" value="\(flag.rawValue)"\(checked)><span>\(flag.rawValue.capitalized)</span></label>
                    """
            }
            return """
                <label class="chip"><input type="radio" name="\(name)" value=""\(unset)><span>Not set</span></label>\(items)
                """
        }
        let body: HTML = """
            <h1>Add</h1>
            \(Layout.problems(problems.filter { !["type", "amount", "card", "bonusCategory", "account", "category", "date", "tags", "notes", "payment", "reimbursement", "receipts", "cadence", "interval", "start", "end"].contains($0.field) }.map(\.message)))
            <form method="post" action="/transactions/new" class="stack capture" id="capture" enctype="multipart/form-data" novalidate>
              \(Layout.csrfField(signedIn.csrfToken))
              <div class="capture-head">
                <fieldset class="segmented" id="capture-type"><legend class="visually-hidden">Type</legend>\(typeChoice)</fieldset>
                <input type="date" id="date" name="date" value="\(entry.date)" aria-label="Date"\(invalid("date")) required>
              </div>
              \(message("date"))
              \(recurrenceSheet(entry, invalid: invalid, message: message))
              <label for="amount">Amount</label>
              <input type="text" id="amount" name="amount" inputmode="decimal" autocomplete="off" placeholder="0.00" value="\(entry.amount)" autofocus required\(invalid("amount"))>
              \(message("amount"))
              \(cardPicker(entry, cards: cards, invalid: invalid, message: message))
              <div id="account-field"><label for="account">Account</label>
              <select id="account" name="account"\(invalid("account"))>\(accountOptions)</select>
              \(message("account"))</div>
              <div class="spread"><label for="category">Category</label><a class="small" href="/categories">Manage categories</a></div>
              <select id="category" name="category"\(invalid("category"))><option value="">Uncategorized</option>\(categoryGroups)</select>
              \(message("category"))
              <label for="tags">Tags</label>
              <input type="text" id="tags" name="tags" autocomplete="off" enterkeyhint="done" placeholder="Separate tags with commas" value="\(entry.tags.joined(separator: ", "))"\(invalid("tags"))>
              \(message("tags"))
              \(chips.isEmpty ? .empty : "<div class=\"chips\" id=\"tag-chips\" aria-label=\"Most used tags\">\(chips)</div>" as HTML)
              <label for="note">Note</label>
              <textarea id="note" name="note" rows="3"\(invalid("notes"))>\(entry.note)</textarea>
              \(message("notes"))
              <fieldset class="capture-receipts" id="capture-receipts"><legend>Receipts <span class="muted" id="receipt-count"></span></legend>
              <ul class="receipts" id="receipt-picks" data-limit="\(ReceiptFile.maximumSize)" hidden></ul>
              <label for="receipt-camera">Take photo</label>
              <input type="file" id="receipt-camera" name="receipt" accept="\(ReceiptsSection.accept)" capture="environment">
              <label for="receipt-library">Choose from library</label>
              <input type="file" id="receipt-library" name="receipt" accept="\(ReceiptsSection.accept)">
              <p class="muted small">\(ReceiptType.acceptedNames), up to \(ReceiptFile.maximumSizeText) in all.</p>
              </fieldset>
              \(message("receipts"))
              <details class="flags" id="flags"\(problems.contains { $0.field == "payment" || $0.field == "reimbursement" } ? " open" : "")>
                <summary><span>Flags (optional)</span><span class="flag-summary muted" id="flag-summary">\(entry.flagSummary)</span></summary>
                <fieldset class="chips"><legend>Payment</legend>\(flagChoice("payment", PaymentFlag.allCases, entry.payment))</fieldset>
                <fieldset class="chips"><legend>Reimbursement</legend>\(flagChoice("reimbursement", ReimbursementFlag.allCases, entry.reimbursement))</fieldset>
              </details>
              \(message("payment"))\(message("reimbursement"))
              <div class="save-bar"><button type="submit">Save</button></div>
            </form>
            """
        return Layout.page(title: "Add", signedIn: signedIn, current: "/transactions/new", body: body)
    }

    /// The recurrence sheet (spec 2.6.1-2.6.2): a row under the date, `Recurrence: None` until set, opening to
    /// Recurring, the cadence, the interval, the start (the entry's date when empty) and an optional end.
    static func recurrenceSheet(
        _ entry: AddTransactionPages.Entry, invalid: (String) -> HTML, message: (String) -> HTML
    ) -> HTML {
        let cadences = Cadence.allCases.map { cadence -> HTML in
            let selected: HTML = entry.cadence == cadence.rawValue ? " selected" : ""
            return "<option value=\"\(cadence.rawValue)\"\(selected)>\(cadence.rawValue.capitalized)</option>"
        }
        return """
            <details class="flags recurrence" id="recurrence"\(entry.recurring ? " open" : "")>
              <summary><span>Recurrence</span><span class="muted" id="recurrence-summary">\(entry.recurrenceSummary)</span></summary>
              <label class="small"><input type="checkbox" name="recurring" value="on" id="recurring"\(entry.recurring ? " checked" : "")> Recurring</label>
              <div class="row">
              <div><label for="cadence">Repeats</label><select id="cadence" name="cadence"\(invalid("cadence"))>\(cadences)</select></div>
              <div><label for="interval">Every</label><input type="number" id="interval" name="interval" min="1" max="\(RecurringRule.maximumInterval)" inputmode="numeric" placeholder="1" value="\(entry.interval)"\(invalid("interval"))></div>
              </div>
              \(message("cadence"))\(message("interval"))
              <div class="row">
              <div><label for="start">Starts</label><input type="date" id="start" name="start" value="\(entry.start)"\(invalid("start"))></div>
              <div><label for="end">Ends (optional)</label><input type="date" id="end" name="end" value="\(entry.end)"\(invalid("end"))></div>
              </div>
              \(message("start"))\(message("end"))
              <p class="muted small">Saving makes a recurring rule with this entry as its first; the rest of this year's entries are added at once, and later years from Settings › Recurring Rules.</p>
            </details>
            """
    }

    /// The miles card paid with ("No card" by default) and, for a card with caps, the bonus category its spend
    /// counts toward (spec `card-miles.md`, Add Expense). Each card option lists its categories for the script,
    /// which shows only those; without scripts every category shows and the service refuses one not on the card.
    static func cardPicker(
        _ entry: AddTransactionPages.Entry, cards: [MilesCard], invalid: (String) -> HTML, message: (String) -> HTML
    ) -> HTML {
        guard !cards.isEmpty else {
            return
                "<p class=\"muted small\" id=\"add-a-card\">Paid with a miles card? <a href=\"/cards\">Add a card</a> to track it.</p>"
        }
        let options = cards.map { card -> HTML in
            let selected: HTML = entry.card == card.id.description ? " selected" : ""
            let choices = card.bonusCategoryChoices.map(\.rawValue)
            let categories = (choices.isEmpty ? [] : [AddTransactionPages.notChosen] + choices).joined(separator: " ")
            return """
                <option value="\(card.id.description)" data-categories="\(categories)"\(selected)>\(card.title)</option>
                """
        }
        let chosen = entry.bonusCategory ?? AddTransactionPages.notChosen
        let notChosen: HTML = chosen == AddTransactionPages.notChosen ? " selected" : ""
        let categories = BonusCategory.allCases.map { category -> HTML in
            let selected: HTML = chosen == category.rawValue ? " selected" : ""
            return "<option value=\"\(category.rawValue)\"\(selected)>\(category.description)</option>"
        }
        let bonusOptions: HTML = """
            <option value="\(AddTransactionPages.notChosen)"\(notChosen)>Not chosen (the payee's or a suggestion)</option>\(categories)
            """
        return """
            <label for="card">Card</label>
            <select id="card" name="card"\(invalid("card"))><option value="">No card</option>\(options)</select>
            <p class="muted small hint">A card's expense goes into the card's account.</p>
            \(message("card"))
            <div id="bonus-field"><label for="bonus-category">Bonus category</label>
            <select id="bonus-category" name="bonusCategory"\(invalid("bonusCategory"))>\(bonusOptions)</select>
            \(message("bonusCategory"))</div>
            """
    }
}
