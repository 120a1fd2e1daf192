import Foundation
import Hummingbird
import VaultCore
import VaultServices

/// Settings › Your data: export the dataset, import one with a preview then Apply, import a bank file into an
/// account (the mapping wizard), and what a self-hoster backs up.
struct DatasetPages {
    let environment: WebEnvironment

    func addRoutes(to router: some RouterMethods<PageContext>) {
        router.get("/settings/your-data") { _, context in try await page(context) }
        router.get("/settings/your-data/export") { _, context in try await export(context) }
        router.post("/settings/your-data/import") { request, context in try await upload(request, context) }
        router.post("/settings/your-data/import/apply") { request, context in try await apply(request, context) }
        router.post("/settings/your-data/import/cancel") { request, context in try await cancel(request, context) }
    }

    func page(
        _ context: PageContext, problems: [String] = [], status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let signedIn = context.signedIn
        let counts = try await environment.vault(for: signedIn.user).households.dataCounts(signedIn.user.householdID)
        let csrf = Layout.csrfField(signedIn.csrfToken)
        return .html(
            Layout.page(
                title: "Your data", signedIn: signedIn, current: "/settings",
                body: """
                    <p><a href="/settings">← Settings</a></p>
                    <h1>Your data</h1>
                    \(Layout.problems(problems))
                    <section class="card" aria-labelledby="export-title"><h2 id="export-title">Export dataset</h2>
                    <p class="small">One .zip with a spreadsheet workbook (Data/GhostVault.xlsx: transactions, receipts, categories, recurring rules, settings, accounts, budgets, rules, cards and balances) and a Receipts folder. It opens in Excel, LibreOffice and Google Sheets, and imports back here or into another GhostVault.</p>
                    <p class="muted small">\(counts["transactions"] ?? 0) transactions, \(counts["receipts"] ?? 0) receipts, \(counts["accounts"] ?? 0) accounts.</p>
                    <p><a class="button" href="/settings/your-data/export" download>Export dataset</a></p></section>
                    <section class="card" aria-labelledby="import-title"><h2 id="import-title">Import dataset</h2>
                    <p class="small">A dataset .zip exported from GhostVault (up to \(DatasetUpload.maximumSizeText)). You see what it would add and change before anything is written. Into an empty household it restores everything; otherwise it merges by id, and nothing is deleted.</p>
                    <form class="stack" method="post" action="/settings/your-data/import" enctype="multipart/form-data">\(csrf)
                    <label for="dataset-file">Dataset file (.zip)</label>
                    <input id="dataset-file" type="file" name="file" accept=".zip,application/zip" required>
                    <p><button type="submit">Preview import</button></p></form></section>
                    <section class="card" aria-labelledby="bank-title"><h2 id="bank-title">Import a bank file</h2>
                    <p class="small">A CSV, OFX, QFX or QIF file from your bank, into one of your accounts. Rows already here (from an earlier import or from bank sync) are not added twice.</p>
                    <p><a class="button secondary" href="/settings/your-data/bank-file">Import a bank file…</a></p></section>
                    <section class="card" aria-labelledby="backup-title"><h2 id="backup-title">Backups of the whole server</h2>
                    <p class="small">Whoever runs this server backs up every household with <code>ghostvault backup FILE</code> (SQLite) or <code>pg_dump</code> (PostgreSQL), and keeps a copy of the key file <code>secret.key</code> beside it: bank connections are sealed with it.</p></section>
                    """),
            status: status)
    }

    func export(_ context: PageContext) async throws -> Response {
        let scope = environment.household(of: context.signedIn.user)
        let household = try await scope.details()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("ghostvault-export-\(UUID()).zip")
        do {
            try await scope.dataset.export(to: file)
        } catch {
            try? FileManager.default.removeItem(at: file)
            throw error
        }
        let today = household.today(at: environment.vault(for: context.signedIn.user).now)
        return try .download(file, name: "ghostvault-dataset-\(today).zip", type: "application/zip")
    }

    func upload(_ request: Request, _ context: PageContext) async throws -> Response {
        let signedIn = context.signedIn
        let (token, file) = try DatasetStaging.make(for: signedIn.user.householdID)
        let upload: DatasetUpload
        do {
            upload = try await DatasetUpload.receive(request, into: file)
        } catch let error as VaultError {
            try? FileManager.default.removeItem(at: file)
            return try await page(
                context, problems: [error.description], status: error.code == .tooLarge ? .contentTooLarge : .badRequest
            )
        }
        guard constantTimeEquals(upload.fields["csrf"] ?? "", signedIn.csrfToken) else {
            try? FileManager.default.removeItem(at: file)
            throw PageError.forgedForm
        }
        let report: DatasetService.ImportReport
        do {
            report = try await environment.household(of: signedIn.user).dataset.previewImport(file)
        } catch let error as VaultError {
            try? FileManager.default.removeItem(at: file)
            return try await page(context, problems: [error.description], status: .unprocessableContent)
        }
        let csrf = Layout.csrfField(signedIn.csrfToken)
        return .html(
            Layout.page(
                title: "Import dataset", signedIn: signedIn, current: "/settings",
                body: """
                    <p><a href="/settings/your-data">← Your data</a></p>
                    <h1>Import this dataset?</h1>
                    <section class="card" aria-labelledby="preview-title"><h2 id="preview-title">What it would do</h2>
                    \(Self.summary(report))
                    <form method="post" action="/settings/your-data/import/apply" class="row">\(csrf)
                    <input type="hidden" name="token" value="\(token)"><button type="submit">Apply import</button></form>
                    <form method="post" action="/settings/your-data/import/cancel" class="row">\(csrf)
                    <input type="hidden" name="token" value="\(token)"><button class="secondary" type="submit">Cancel</button></form>
                    </section>
                    """))
    }

    /// The report as a table, with the first changes listed.
    static func summary(_ report: DatasetService.ImportReport) -> HTML {
        let rows = DatasetTab.allCases.compactMap { tab -> HTML? in
            guard let count = report.counts[tab], count.added + count.changed + count.unchanged > 0 else { return nil }
            return
                "<tr><th scope=\"row\">\(tab.rawValue)</th><td class=\"num\">\(count.added)</td><td class=\"num\">\(count.changed)</td><td class=\"num\">\(count.unchanged)</td></tr>"
        }
        let changes = report.changes.map { "<li>\($0)</li>" as HTML }
        let empty: HTML =
            report.intoEmptyHousehold
            ? "<p class=\"small\">This household is empty: the import restores the dataset whole, its settings (time zone, currency, week start) included.</p>"
            : ""
        return """
            \(empty)
            <div class="table-scroll"><table><thead><tr><th scope="col">Tab</th><th scope="col" class="num">Added</th><th scope="col" class="num">Changed</th><th scope="col" class="num">Already here</th></tr></thead>
            <tbody>\(rows)</tbody></table></div>
            \(changes.isEmpty ? .empty : "<h3>Changes to what is here</h3><ul class=\"small\">\(changes)</ul>" as HTML)
            """
    }

    func apply(_ request: Request, _ context: PageContext) async throws -> Response {
        let form = try await context.form(request)
        let signedIn = context.signedIn
        guard let file = form["token"].flatMap({ DatasetStaging.file(for: signedIn.user.householdID, token: $0) }),
            FileManager.default.fileExists(atPath: file.path)
        else {
            return try await page(
                context, problems: ["That import has expired or was already applied; choose the file again."],
                status: .gone)
        }
        defer { try? FileManager.default.removeItem(at: file) }
        do {
            let report = try await environment.household(of: signedIn.user).dataset.importDataset(file)
            return .seeOther(
                "/settings/your-data",
                flash: Flash(.notice, "Imported: \(report.added) rows added, \(report.changed) changed."))
        } catch let error as VaultError {
            return try await page(context, problems: [error.description], status: .unprocessableContent)
        }
    }

    func cancel(_ request: Request, _ context: PageContext) async throws -> Response {
        let form = try await context.form(request)
        if let file = form["token"].flatMap({ DatasetStaging.file(for: context.signedIn.user.householdID, token: $0) })
        {
            try? FileManager.default.removeItem(at: file)
        }
        return .seeOther("/settings/your-data", flash: Flash(.notice, "Nothing was imported."))
    }
}
