import Foundation
import Hummingbird
import NIOCore
import VaultCore
import VaultServices

/// Settings › Your data › Import a bank file: a wizard at `/settings/your-data/bank-file` that works without
/// JavaScript, phone first.
///
/// 1. Choose the file and the account (a multipart form).
/// 2. For CSV, the columns: each field as guessed (or remembered for the account), with the first rows as they
///    will be stored; "Update preview" shows the rows again after a change.
/// 3. The preview: how many rows are added and skipped, and each row's reason.
/// 4. Import: all rows in one transaction, then back to step 1 with what happened.
///
/// The wizard keeps no state on the server: after step 1 the file travels in the form as a hidden base64 field,
/// so any server instance can answer the next step and nothing is left behind when a person stops half-way.
/// Its body limit is that of a bank file in base64 (`maximumBodySize`).
struct BankFilePages {
    let environment: WebEnvironment

    static let path = "/settings/your-data/bank-file"
    /// A bank file at its limit in base64 (4 bytes for 3), and the form's other fields.
    static let maximumBodySize = BankFileFormat.maximumBytes / 3 * 4 + 4 + ReceiptUpload.multipartOverhead
    /// How many rows of the preview the page lists (the counts cover every row).
    static let listedRows = 50

    func addRoutes(to router: some RouterMethods<PageContext>) {
        router.get(RouterPath(Self.path)) { _, context in try await start(context) }
        router.post(RouterPath(Self.path)) { request, context in try await step(request, context) }
    }

    /// What a submitted step carries.
    struct Submission {
        var fields: [String: String]
        var data: Data
        var fileName: String
        var account: Account.ID?
    }

    // MARK: - Step 1: file and account

    func start(_ context: PageContext, problems: [String] = [], chosen: Account.ID? = nil) async throws -> Response {
        let signedIn = context.signedIn
        let accounts = try await environment.household(of: signedIn.user).accounts.list(counting: false)
        let options = accounts.map { listed -> HTML in
            let account = listed.account
            return
                "<option value=\"\(account.id.description)\"\(account.id == chosen ? " selected" : "")>\(account.displayName) (\(account.currency.code))</option>"
        }
        let limit = "\(BankFileFormat.maximumBytes / 1024 / 1024) MB"
        let body: HTML =
            accounts.isEmpty
            ? "<p>Add an account first: a bank file is imported into one. <a href=\"/accounts\">Accounts</a></p>"
            : """
            <form class="stack" method="post" action="\(Self.path)" enctype="multipart/form-data">\(Layout.csrfField(signedIn.csrfToken))
            <input type="hidden" name="action" value="upload">
            <label for="bank-file">Bank file (CSV, OFX, QFX or QIF, up to \(limit))</label>
            <input id="bank-file" name="file" type="file" accept=".csv,.txt,.ofx,.qfx,.qif,text/csv" required>
            <label for="bank-account">Into the account</label>
            <select id="bank-account" name="account" required>\(options)</select>
            <div class="row"><button type="submit">Next</button> <a class="button secondary" href="/settings">Cancel</a></div>
            </form>
            """
        return .html(
            Layout.page(
                title: "Import a bank file", signedIn: signedIn, current: "/settings",
                body: """
                    <h1>Import a bank file</h1>
                    \(Layout.problems(problems))
                    <section class="card" aria-labelledby="bank-file-title"><h2 id="bank-file-title">File and account</h2>
                    <p class="small">Rows already in the account (imported before, or brought by bank sync) are skipped, so importing a file twice adds nothing. You see what will be added before anything is.</p>
                    \(body)
                    </section>
                    """),
            status: problems.isEmpty ? .ok : .unprocessableContent)
    }

    // MARK: - Steps 2 to 4

    func step(_ request: Request, _ context: PageContext) async throws -> Response {
        let submission = try await read(request, context)
        guard let account = submission.account else {
            return try await start(context, problems: ["Choose the account to import into."])
        }
        guard !submission.data.isEmpty else {
            return try await start(context, problems: ["Choose the bank file to import."], chosen: account)
        }
        let scope = environment.household(of: context.user)
        let fields = submission.fields
        do {
            var file = try await scope.bankImport.bankFile(
                submission.data, fileName: submission.fileName, fields: fields, account: account)
            let action = fields["action"] ?? "upload"
            if file.format == .csv && (action == "upload" || action == "map") {
                return try await mapping(
                    context, submission, account: account, mapping: file.mapping, encoding: file.encoding)
            }
            if file.format == .csv, file.mapping == nil {
                file.mapping = try await scope.bankImport.draft(
                    account, data: submission.data, encoding: file.encoding
                ).mapping
            }
            if action == "import" {
                let outcome = try await scope.bankImport.importFile(account, file: file)
                return .seeOther(
                    Self.path,
                    flash: Flash(
                        .notice,
                        "Imported \(outcome.added) of \(outcome.lines.count) rows into \(outcome.account.displayName); "
                            + "\(outcome.skipped) were already there."))
            }
            return try await review(context, submission, file: file, account: account)
        } catch let error as VaultError
            where error.code == .invalidInput
            && error.problems.contains(where: { ["encoding", "statement", "dateFormat"].contains($0.field) })
        {
            return try await choose(context, submission, account: account, error: error)
        } catch let error as VaultError where error.code != .notFound && error.code != .unavailable {
            return try await start(context, problems: [error.description], chosen: account)
        }
    }

    /// Step 2: the CSV columns and the first rows they give.
    func mapping(
        _ context: PageContext, _ submission: Submission, account: Account.ID, mapping: CSVMapping?,
        encoding: BankFileEncoding?
    ) async throws -> Response {
        let signedIn = context.signedIn
        let bankImport = environment.household(of: signedIn.user).bankImport
        let draft: BankImportService.CSVDraft
        var guessProblem: String?
        do {
            draft = try await bankImport.draft(account, data: submission.data, mapping: mapping, encoding: encoding)
        } catch let error as VaultError where error.code == .invalidInput && mapping == nil {
            // Nothing could be guessed (no column of dates, say): the person chooses every column.
            guessProblem = error.message
            draft = try await bankImport.draft(
                account, data: submission.data,
                mapping: BankImportService.fallbackMapping(submission.data, separator: nil, encoding: encoding),
                encoding: encoding)
        }
        let chosen = draft.mapping
        func columns(_ name: String, _ label: String, selected: Int?, optional: Bool = false) -> HTML {
            var options: [HTML] = optional ? ["<option value=\"0\">None</option>"] : []
            for index in 0..<draft.width {
                let title =
                    index < draft.header.count && !draft.header[index].isEmpty
                    ? draft.header[index] : "Column \(index + 1)"
                options.append(
                    "<option value=\"\(index + 1)\"\(index == selected ? " selected" : "")>\(title)</option>")
            }
            return
                "<div><label for=\"map-\(name)\">\(label)</label><select id=\"map-\(name)\" name=\"\(name)\">\(options)</select></div>"
        }
        func choice(_ name: String, _ label: String, _ values: [(String, String)], selected: String) -> HTML {
            let options = values.map { value, title -> HTML in
                "<option value=\"\(value)\"\(value == selected ? " selected" : "")>\(title)</option>"
            }
            return
                "<div><label for=\"map-\(name)\">\(label)</label><select id=\"map-\(name)\" name=\"\(name)\">\(options)</select></div>"
        }
        var amountColumn: Int?
        var debitColumn: Int?
        var creditColumn: Int?
        var typeColumn: Int?
        switch chosen.amount {
        case .signed(let column): amountColumn = column
        case .debitCredit(let debit, let credit):
            debitColumn = debit
            creditColumn = credit
        case .typed(let amount, let type):
            amountColumn = amount
            typeColumn = type
        }
        let sample = draft.sample.map { row -> HTML in
            """
            <tr><td data-label="">\(row.description)</td><td data-label="Date">\(row.date.description)</td><td data-label="Amount" class="num \(row.amount.isNegative ? "out" : "in")">\(row.amount.formatted())</td><td data-label="Payee">\(row.payee ?? "")</td><td data-label="Category">\(row.category ?? "")</td></tr>
            """
        }
        let problem = Layout.problems([guessProblem, draft.problem?.message].compactMap { $0 })
        let remembered: HTML =
            draft.isRemembered
            ? "<p class=\"small\">These are the columns you used for this account last time.</p>"
            : "<p class=\"small\">GhostVault guessed these columns from the file; change any that are wrong.</p>"
        return .html(
            Layout.page(
                title: "Import a bank file", signedIn: signedIn, current: "/settings",
                body: """
                    <h1>Import a bank file</h1>
                    <section class="card" aria-labelledby="columns-title"><h2 id="columns-title">Columns of \(submission.fileName)</h2>
                    \(remembered)
                    <form class="stack" id="bank-mapping" method="post" action="\(Self.path)" enctype="multipart/form-data">\(carried(signedIn, submission, account))
                    \(choice("separator", "Separator", CSVTable.Separator.allCases.map { ($0.name, $0.name.capitalized) }, selected: chosen.separator.name))
                    <div><label><input type="checkbox" name="header" value="true"\(chosen.hasHeader ? " checked" : "")> The first row is a header</label><input type="hidden" name="header" value="false"></div>
                    \(columns("dateColumn", "Date", selected: chosen.date))
                    \(choice("dateFormat", "Date format", BankDateFormat.allCases.map { ($0.rawValue, $0.rawValue) }, selected: chosen.dateFormat.rawValue))
                    <p class="small" id="bank-sign">\(draft.signExplanation)</p>
                    \(choice("encoding", "Text encoding", BankFileEncoding.allCases.map { ($0.rawValue, $0.name) }, selected: draft.encoding.rawValue))
                    \(columns("amountColumn", "Amount (one column)", selected: amountColumn, optional: true))
                    \(choice("moneyOut", "In the amount column, money out is", [("negative", "Negative numbers (most bank accounts)"), ("positive", "Positive numbers (purchases positive, as many card exports)")], selected: chosen.moneyOut.rawValue))
                    \(columns("typeColumn", "Type (a column saying debit or credit beside the amount)", selected: typeColumn, optional: true))
                    <p class="small muted">Or money out and money in in two columns (leave Amount at None):</p>
                    \(columns("debitColumn", "Debit (money out)", selected: debitColumn, optional: true))
                    \(columns("creditColumn", "Credit (money in)", selected: creditColumn, optional: true))
                    \(choice("decimal", "Decimal mark", [("point", "Point: 1,234.56"), ("comma", "Comma: 1.234,56")], selected: chosen.decimalMark.rawValue))
                    \(columns("descriptionColumn", "Description", selected: chosen.description))
                    \(columns("payeeColumn", "Payee", selected: chosen.payee, optional: true))
                    \(columns("categoryColumn", "Category", selected: chosen.category, optional: true))
                    \(columns("memoColumn", "Notes", selected: chosen.memo, optional: true))
                    <div class="row"><button type="submit" name="action" value="review">Next: what will be added</button> <button class="secondary" type="submit" name="action" value="map">Update preview</button></div>
                    </form></section>
                    <section class="card" aria-labelledby="sample-title"><h2 id="sample-title">The first rows as they will be stored</h2>
                    \(problem)
                    \(sample.isEmpty ? "<p class=\"muted\">No rows to show.</p>" : "<div class=\"table-wrap\"><table class=\"responsive\" id=\"bank-sample\"><thead><tr><th>Description</th><th>Date</th><th class=\"num\">Amount</th><th>Payee</th><th>Category</th></tr></thead><tbody>\(sample)</tbody></table></div>" as HTML)
                    </section>
                    """),
            status: draft.problem == nil && guessProblem == nil ? .ok : .unprocessableContent)
    }

    /// Step 3: what importing will add and skip.
    func review(
        _ context: PageContext, _ submission: Submission, file: BankFile, account: Account.ID
    ) async throws
        -> Response
    {
        let signedIn = context.signedIn
        let outcome = try await environment.household(of: signedIn.user).bankImport.preview(account, file: file)
        let rows = outcome.lines.prefix(Self.listedRows).map { line -> HTML in
            """
            <tr><td data-label="">\(line.row.description)</td><td data-label="Date">\(line.row.date.description)</td><td data-label="Amount" class="num \(line.row.amount.isNegative ? "out" : "in")">\(line.row.amount.formatted())</td><td data-label="Outcome">\(line.isNew ? "Add" : "Skip: \(line.reason)")</td></tr>
            """
        }
        let more: HTML =
            outcome.lines.count > Self.listedRows
            ? "<p class=\"small muted\">The first \(Self.listedRows) of \(outcome.lines.count) rows.</p>" : .empty
        var mappingFields: HTML = .empty
        if let mapping = file.mapping {
            let payload = CSVMappingPayload(mapping)
            let values: [(String, String)] = [
                ("separator", payload.separator), ("header", payload.header ? "true" : "false"),
                ("dateColumn", String(payload.dateColumn)), ("dateFormat", payload.dateFormat),
                ("amountColumn", String(payload.amountColumn ?? 0)), ("debitColumn", String(payload.debitColumn ?? 0)),
                ("creditColumn", String(payload.creditColumn ?? 0)), ("typeColumn", String(payload.typeColumn ?? 0)),
                ("moneyOut", payload.moneyOut), ("memoColumn", String(payload.memoColumn ?? 0)),
                ("decimal", payload.decimal),
                ("descriptionColumn", String(payload.descriptionColumn)),
                ("payeeColumn", String(payload.payeeColumn ?? 0)),
                ("categoryColumn", String(payload.categoryColumn ?? 0)),
            ]
            mappingFields = HTML(
                trusted: values.map { name, value in
                    "<input type=\"hidden\" name=\"\(name)\" value=\"\(HTML.escape(value))\">"
                }.joined())
        }
        var choices: [String] = []
        if let encoding = file.encoding {
            choices.append("<input type=\"hidden\" name=\"encoding\" value=\"\(HTML.escape(encoding.rawValue))\">")
        }
        if let statement = file.statement {
            choices.append("<input type=\"hidden\" name=\"statement\" value=\"\(HTML.escape(statement))\">")
        }
        if let dateFormat = file.dateFormat, file.format == .qif {
            choices.append("<input type=\"hidden\" name=\"dateFormat\" value=\"\(HTML.escape(dateFormat.rawValue))\">")
        }
        mappingFields = HTML(trusted: mappingFields.description + choices.joined())
        // How the file writes money out, in words, with the one click that reads it the other way.
        var sign: HTML = .empty
        if let explanation = outcome.signExplanation, let mapping = file.mapping, case .signed = mapping.amount {
            let other: CSVMapping.MoneyOut = mapping.moneyOut == .negative ? .positive : .negative
            let label = other == .positive ? "Read positive amounts as money out" : "Read negative amounts as money out"
            sign = """
                <p id="bank-sign">\(explanation) <button class="secondary" type="submit" form="bank-flip" name="action" value="review">\(label)</button></p>
                """
        } else if let explanation = outcome.signExplanation {
            sign = "<p id=\"bank-sign\">\(explanation)</p>"
        }
        let warnings: HTML =
            outcome.warnings.isEmpty
            ? .empty
            : "<div class=\"notice warning\" id=\"bank-warnings\" role=\"alert\">\(outcome.warnings.map { "<p>\($0)</p>" as HTML })</div>"
        let button: HTML =
            outcome.added == 0
            ? "<p><strong>Nothing to add:</strong> every row is already in \(outcome.account.displayName).</p>"
            : "<button type=\"submit\" name=\"action\" value=\"import\">Import \(outcome.added) row\(outcome.added == 1 ? "" : "s")</button>"
        let back: HTML =
            file.format == .csv
            ? "<button class=\"secondary\" type=\"submit\" name=\"action\" value=\"map\">Change columns</button>"
            : .empty
        return .html(
            Layout.page(
                title: "Import a bank file", signedIn: signedIn, current: "/settings",
                body: """
                    <h1>Import a bank file</h1>
                    <section class="card" aria-labelledby="review-title"><h2 id="review-title">What will be added</h2>
                    <p id="bank-summary"><strong>\(outcome.added)</strong> of \(outcome.lines.count) rows will be added to \(outcome.account.displayName); <strong>\(outcome.skipped)</strong> are already there and will be skipped.</p>
                    \(warnings)\(sign)\(outcome.statement.map { "<p class=\"small\" id=\"bank-statement\">The rows of the file's statement or account \($0) (remembered for this account).</p>" as HTML } ?? .empty)
                    <form class="stack" method="post" action="\(Self.path)" enctype="multipart/form-data">\(carried(signedIn, submission, account))\(mappingFields)
                    <input type="hidden" name="format" value="\(file.format.rawValue)">
                    <div class="row">\(button) \(back) <a class="button secondary" href="\(Self.path)">Start again</a></div>
                    </form>
                    <div class="table-wrap"><table class="responsive" id="bank-review"><thead><tr><th>Description</th><th>Date</th><th class="num">Amount</th><th>Outcome</th></tr></thead><tbody>\(rows)</tbody></table></div>
                    \(more)
                    </section>
                    \(flipForm(signedIn, submission, account, file: file))
                    """))
    }

    /// The hidden fields every later step carries: the CSRF token, the file and its name, the account.
    func carried(_ signedIn: SignedIn, _ submission: Submission, _ account: Account.ID) -> HTML {
        """
        \(Layout.csrfField(signedIn.csrfToken))<input type="hidden" name="content" value="\(submission.data.base64EncodedString())">\
        <input type="hidden" name="fileName" value="\(submission.fileName)"><input type="hidden" name="account" value="\(account.description)">
        """
    }

    /// The step's multipart form: the CSRF token checked, the file from its input (step 1) or the carried field.
    func read(_ request: Request, _ context: PageContext) async throws -> Submission {
        let body: ByteBuffer
        do {
            body = try await request.body.collect(upTo: Self.maximumBodySize)
        } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
            throw BankImportAPI.tooLarge
        }
        guard let boundary = MultipartForm.boundary(request.headers[.contentType] ?? "") else {
            throw PageError.forgedForm
        }
        let parts = try MultipartForm.parts(body, boundary: boundary)
        var fields: [String: String] = [:]
        for part in parts where part.fileName == nil {
            // A checked box and its hidden "false" share a name: the first one sent wins.
            if let name = part.name, fields[name] == nil { fields[name] = part.text }
        }
        guard constantTimeEquals(fields["csrf"] ?? "", context.signedIn.csrfToken) else { throw PageError.forgedForm }
        var submission = Submission(
            fields: fields, data: Data(), fileName: fields["fileName"] ?? "bank file",
            account: fields["account"].flatMap(Account.ID.init))
        if let file = parts.first(where: { $0.name == "file" && !($0.fileName ?? "").isEmpty }) {
            submission.data = file.content
            submission.fileName = file.fileName ?? submission.fileName
        } else if let content = fields["content"] {
            submission.data = Data(base64Encoded: content) ?? Data()
        }
        try BankFileFormat.checkSizeForWeb(submission.data.count)
        return submission
    }
}
