import Foundation
import Hummingbird
import VaultCore
import VaultServices

/// The ghost-safe LLM export's page (spec `ghostvault.md` section 14, User Flow): one form, read with GET so it
/// works without JavaScript, in six steps (period, preview of every transformation, what to leave out, format,
/// narrative, then the leak check's result with the text to copy); the download is a POST with the CSRF token.
struct LLMExportPages {
    let environment: WebEnvironment

    func addRoutes(to router: some RouterMethods<PageContext>) {
        router.get("/settings/llm-export") { request, context in try await page(request.queryForm, context) }
        router.post("/settings/llm-export/download") { request, context in
            try await download(try await context.form(request), context)
        }
    }

    /// How many matching transactions step 3 lists.
    static let searchLimit = 50

    func page(_ form: Form, _ context: PageContext, status: HTTPResponse.Status = .ok) async throws -> Response {
        let signedIn = context.signedIn
        let scope = environment.household(of: signedIn.user)
        let household = try await scope.details()
        let today = household.today(at: environment.vault(for: signedIn.user).now)
        let month = CalendarMonth(containing: today)
        let from = form["from"] ?? month.previous.previous.first.description
        let through = form["through"] ?? today.description
        let excluded = form.all("exclude").filter { !$0.isEmpty }
        var problems: [String] = []
        var result: LLMExportService.Result?
        do {
            let request = try LLMExportRequest.parse(
                from: from, through: through, rounding: form["rounding"] ?? "nearest-10", format: form["format"],
                dates: form["dates"], narrative: form["narrative"] != "off", exclude: excluded)
            result = try await scope.llmExport.export(request)
        } catch let invalid as InvalidInput {
            problems = invalid.problems.map(\.message)
        } catch let error as VaultError where error.code == .invalidInput {
            problems = error.problems.isEmpty ? [error.message] : error.problems.map(\.message)
        }
        let searched = try await search(form, from: from, through: through, scope: scope, problems: &problems)
        let chosen = result?.request
        func option(_ value: String, _ label: String, _ selected: Bool) -> HTML {
            "<option value=\"\(value)\"\(selected ? " selected" : "")>\(label)</option>"
        }
        let roundings = ExportRounding.allCases.map {
            option($0.rawValue, $0.displayName, (chosen?.options.rounding ?? .nearest10) == $0)
        }
        let formats = ExportFormat.allCases.map { format -> HTML in
            let checked = (chosen?.format ?? .markdown) == format
            return """
                <label><input type="radio" name="format" value="\(format.rawValue)"\(checked ? " checked" : "")> \(format == .markdown ? "Markdown" : "JSON")</label>
                """
        }
        let dateStyles = ExportDateStyle.allCases.map {
            option($0.rawValue, $0.displayName, (chosen?.options.dateStyle ?? .monthDay) == $0)
        }
        let narrativeOn = chosen?.options.includesNarrative ?? true
        let excludedIDs = Set(chosen?.excluded.map(\.description) ?? excluded)
        let leftOut = searched.filter { excludedIDs.contains($0.transaction.id.description) }
        let rows = searched.map { listed -> HTML in
            let id = listed.transaction.id.description
            let payee = listed.transaction.payee.flatMap { $0.isEmpty ? nil : $0 } ?? listed.transaction.description
            return """
                <li><label class="row"><input type="checkbox" name="exclude" value="\(id)"\(excludedIDs.contains(id) ? " checked" : "")> \
                <span>\(listed.transaction.date.description) · \(payee) · \(listed.categoryPath ?? "Uncategorized") · \(listed.account.displayName) · <strong>\(listed.transaction.amount.formatted())</strong></span></label></li>
                """
        }
        // Ids ticked earlier but not among this search's matches stay left out.
        let kept = excludedIDs.subtracting(searched.map(\.transaction.id.description)).sorted().map { id -> HTML in
            "<input type=\"hidden\" name=\"exclude\" value=\"\(id)\">"
        }
        let body: HTML = """
            <h1>Export for LLM</h1>
            <p class="small">A summary of your finances to paste into an AI assistant, with nothing that identifies you: accounts become aliases, payees appear only as categories, days are counted from the start of the period, and amounts can be rounded. Nothing leaves this server; the summary is written by templates, not by a model.</p>
            \(Layout.problems(problems))
            <form class="stack llm-export" method="get" action="/settings/llm-export">
            <section class="card" aria-labelledby="step-period"><h2 id="step-period">1. Period</h2>
            <div class="row"><label>From <input type="date" name="from" value="\(from)" required></label>
            <label>Through <input type="date" name="through" value="\(through)" required></label></div></section>
            <section class="card" aria-labelledby="step-preview"><h2 id="step-preview">2. What changes</h2>
            <label>Precision <select name="rounding">\(roundings)</select></label>
            <label>Dates <select name="dates">\(dateStyles)</select></label>
            \(result.map { Self.preview($0.preview) } ?? "")
            </section>
            <section class="card" aria-labelledby="step-exclude"><h2 id="step-exclude">3. Leave out</h2>
            <p class="small muted">Search the period's transactions by text or amount, category or account, and tick those to leave out of every figure. \(result.map { "\($0.preview.excludedCount)" } ?? "0") left out.</p>
            <div class="row"><label>Text or amount <input type="search" name="q" value="\(form["q"] ?? "")"></label>
            <label>Category <input name="category" value="\(form["category"] ?? "")"></label>
            <label>Account <input name="account" value="\(form["account"] ?? "")"></label></div>
            \(kept)
            <ul class="plain-list" id="exclude-list">\(rows)</ul>
            \(searched.isEmpty && leftOut.isEmpty ? "<p class=\"small muted\">Search to list transactions.</p>" as HTML : "")
            </section>
            <section class="card" aria-labelledby="step-format"><h2 id="step-format">4. Format</h2>
            <div class="row">\(formats)</div></section>
            <section class="card" aria-labelledby="step-narrative"><h2 id="step-narrative">5. Narrative</h2>
            <label>Narrative paragraph <select name="narrative">\(option("on", "Include", narrativeOn))\(option("off", "Leave out", !narrativeOn))</select></label>
            <p class="small muted">Written from the numbers by fixed sentences: trends month over month, top categories, ratios, debt paydown.</p></section>
            <p><button type="submit" id="llm-preview">Update preview</button></p>
            </form>
            \(result.map { Self.outcome($0, signedIn: signedIn) } ?? "")
            """
        return .html(
            Layout.page(title: "Export for LLM", signedIn: signedIn, current: "/settings", body: body),
            status: problems.isEmpty ? status : .unprocessableContent)
    }

    /// Step 3's matches: the period's transactions by text (or an exact amount), category and account.
    func search(
        _ form: Form, from: String, through: String, scope: HouseholdScope, problems: inout [String]
    ) async throws -> [TransactionService.Listed] {
        let text = form["q"]
        guard text != nil || form["category"] != nil || form["account"] != nil || !form.all("exclude").isEmpty else {
            return []
        }
        let household = try await scope.details()
        let amount = text.flatMap {
            try? Money(parsing: $0.replacingOccurrences(of: "$", with: ""), currency: household.baseCurrency)
        }
        var query = TransactionQuery(
            from: from, through: through, search: amount == nil ? text : nil,
            accounts: form["account"].map { [$0] } ?? [], category: form["category"], includeTransfers: true,
            pageSize: amount == nil ? Self.searchLimit : PageRequest.maximumSize)
        query.sort = "asc"
        do {
            var items = try await scope.transactions.list(query).items
            if let amount {
                items = items.filter { $0.transaction.amount.minorUnits.magnitude == amount.minorUnits.magnitude }
            }
            return Array(items.prefix(Self.searchLimit))
        } catch let error as VaultError where error.code == .invalidInput || error.code == .notFound {
            problems.append(error.message)
            return []
        }
    }

    /// Step 2's tables: aliases, payees to categories, dates and amounts.
    static func preview(_ preview: LLMExportPreview) -> HTML {
        func table(_ caption: String, _ rows: [(String, String)]) -> HTML {
            let body = rows.map { "<tr><td>\($0.0)</td><td>\($0.1)</td></tr>" as HTML }
            return """
                <table class="preview"><caption>\(caption)</caption><thead><tr><th scope="col">Yours</th><th scope="col">In the export</th></tr></thead>
                <tbody>\(body)</tbody></table>
                """
        }
        return """
            \(table("Accounts", preview.accounts.map { ($0.name, $0.alias) }))
            \(table("Payees", preview.payees.map { ("\($0.payee) (\($0.count))", $0.category) }))
            \(table("Dates", preview.dates.map { ($0.original, $0.shown) }))
            \(table("Amounts", preview.amounts.map { ($0.original, $0.shown) }))
            """
    }

    /// Step 6: the leak check's result, and the text to copy or download when it passed.
    static func outcome(_ result: LLMExportService.Result, signedIn: SignedIn) -> HTML {
        let request = result.request
        let hidden: [HTML] =
            [
                ("from", request.range.start.description), ("through", request.range.end.description),
                ("rounding", request.options.rounding.rawValue), ("format", request.format.rawValue),
                ("dates", request.options.dateStyle.rawValue),
                ("narrative", request.options.includesNarrative ? "on" : "off"),
            ].map { "<input type=\"hidden\" name=\"\($0.0)\" value=\"\($0.1)\">" }
            + request.excluded.map { "<input type=\"hidden\" name=\"exclude\" value=\"\($0.description)\">" }
        guard result.check.passed else {
            let leaks = result.check.leaks.map { "<li>\($0.description)</li>" as HTML }
            return """
                <section class="card" aria-labelledby="step-result"><h2 id="step-result">6. Download or copy</h2>
                <p id="leak-check" class="problem" role="alert"><strong>Leak check: blocked.</strong> The export would reveal:</p>
                <ul>\(leaks)</ul>
                <p class="small">Leave out the transactions behind it in step 3, or turn rounding on, then update the preview.</p></section>
                """
        }
        return """
            <section class="card" aria-labelledby="step-result"><h2 id="step-result">6. Download or copy</h2>
            <p id="leak-check" class="notice" role="status"><strong>Leak check: passed.</strong> \(result.check.summary)</p>
            <textarea id="llm-export-text" readonly rows="16" aria-label="The export">\(result.text)</textarea>
            <div class="row"><button type="button" class="secondary" data-copy="llm-export-text" hidden>Copy</button>
            <form method="post" action="/settings/llm-export/download">\(Layout.csrfField(signedIn.csrfToken))\(hidden)
            <button type="submit">Download \(result.fileName)</button></form></div></section>
            """
    }

    /// The file, checked again as it is sent: a blocked export is never downloaded.
    func download(_ form: Form, _ context: PageContext) async throws -> Response {
        let scope = environment.household(of: context.signedIn.user)
        let request = try LLMExportRequest.parse(
            from: form["from"], through: form["through"], rounding: form["rounding"], format: form["format"],
            dates: form["dates"], narrative: form["narrative"] != "off", exclude: form.all("exclude"))
        let result = try await scope.llmExport.export(request)
        guard result.check.passed else { return try await page(form, context, status: .unprocessableContent) }
        let headers: HTTPFields = [
            .contentType: request.format.mediaType,
            .contentDisposition: Response.contentDisposition("attachment", result.fileName),
            .cacheControl: "no-store",
        ]
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: result.text)))
    }
}
