import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing
import VaultCore
import VaultServices
import VaultStore
import VaultTestSupport
import VaultWeb

/// Settings › Your data › Import a bank file, as a person in a browser without JavaScript uses it.
@Suite struct BankFilePagesTests {
    static let path = "/settings/your-data/bank-file"
    static let csv = Data(
        "\u{FEFF}Date;Description;Amount\n05/11/2026;CAFE LUNA;-4,50\n06/11/2026;BOOKSHOP;(20,00)\n".utf8)

    func person(_ world: WebWorld) async throws -> (Browser, HouseholdScope, Account) {
        let browser = try await world.signedUp("jo@example.com")
        let user = try #require(try await world.environment.database.users.credentials(email: "jo@example.com")).user
        let scope = Fixture.vault(world.environment.database).household(user.householdID)
        let account = try await scope.accounts.add(.init(name: "Giro", kind: "checking"))
        return (browser, scope, account)
    }

    func post(_ browser: Browser, _ body: ReceiptUploadBody) async throws -> TestResponse {
        try await browser.send(
            Self.path, method: .post, headers: [.contentType: ReceiptUploadBody.contentType], body: body.buffer)
    }

    /// The hidden and chosen fields of the page's form, to submit it again as a browser would.
    func formFields(_ html: String, action: String) -> [(String, String)] {
        var fields: [(String, String)] = []
        for input in Browser.all(#"<input type="hidden" name="[^"]+" value="[^"]*">"#, in: html) {
            let name = Browser.first(#"name="([^"]+)""#, in: input) ?? ""
            let value = Browser.first(#"value="([^"]*)""#, in: input) ?? ""
            if name != "header" { fields.append((name, value)) }
        }
        for select in Browser.all(#"<select id="map-[^"]+" name="[^"]+">.*?</select>"#, in: html) {
            let name = Browser.first(#"name="([^"]+)""#, in: select) ?? ""
            let value = Browser.first(#"<option value="([^"]*)" selected>"#, in: select) ?? "0"
            fields.append((name, value))
        }
        if html.contains("name=\"header\" value=\"true\" checked") { fields.append(("header", "true")) }
        fields.append(("action", action))
        return fields
    }

    @Test("upload, the guessed columns with the first rows, the preview, Import; a second import adds nothing")
    func wizard() async throws {
        try await withWeb { world in
            let (jo, scope, account) = try await person(world)
            let start = try await jo.page(Self.path)
            #expect(start.status == .ok)
            #expect(start.html.contains("enctype=\"multipart/form-data\""))
            #expect(start.html.contains("<option value=\"\(account.id)\">Giro (USD)</option>"))
            let csrf = try await jo.csrfToken(on: Self.path)

            // When a CSV is uploaded
            var upload = ReceiptUploadBody.file("giro.csv", "text/csv", Self.csv, csrf: csrf)
            upload.fields += [("account", account.id.description), ("action", "upload")]
            let mapping = try await post(jo, upload)
            let mappingHTML = String(buffer: mapping.body)
            // Then the guessed columns and the first rows as they will be stored
            #expect(mapping.status == .ok)
            #expect(mappingHTML.contains("Columns of giro.csv"))
            #expect(mappingHTML.contains("<option value=\"DD/MM/YYYY\" selected>"))
            #expect(mappingHTML.contains("<option value=\"comma\" selected>"))
            #expect(mappingHTML.contains("CAFE LUNA"))
            #expect(mappingHTML.contains("-$20.00") || mappingHTML.contains("−$20.00"))

            // When the person goes on to the preview
            let review = try await post(jo, ReceiptUploadBody(fields: formFields(mappingHTML, action: "review")))
            let reviewHTML = String(buffer: review.body)
            #expect(review.status == .ok)
            #expect(reviewHTML.contains("<strong>2</strong> of 2 rows will be added to Giro"))
            #expect(try await scope.transactions.list(TransactionQuery()).totalCount == 0)

            // And imports
            let imported = try await post(jo, ReceiptUploadBody(fields: formFields(reviewHTML, action: "import")))
            #expect(imported.status == .seeOther)
            #expect(try await jo.page(Self.path).html.contains("Imported 2 of 2 rows into Giro; 0 were already there."))
            #expect(try await scope.transactions.list(TransactionQuery()).totalCount == 2)

            // The second time the remembered columns are used, and nothing is added
            var again = ReceiptUploadBody.file("giro.csv", "text/csv", Self.csv, csrf: csrf)
            again.fields += [("account", account.id.description), ("action", "upload")]
            let remembered = String(buffer: try await post(jo, again).body)
            #expect(remembered.contains("the columns you used for this account last time"))
            let second = String(
                buffer: try await post(jo, ReceiptUploadBody(fields: formFields(remembered, action: "review"))).body)
            #expect(second.contains("<strong>0</strong> of 2 rows will be added"))
            #expect(second.contains("Nothing to add"))
        }
    }

    @Test("a broken row is shown on the columns step; a forged form and a missing file are refused")
    func refusals() async throws {
        try await withWeb { world in
            let (jo, scope, account) = try await person(world)
            let csrf = try await jo.csrfToken(on: Self.path)
            var broken = ReceiptUploadBody.file(
                "b.csv", "text/csv", Data("Date,Description,Amount\n2026-11-05,Tea,-1\n2026-11-06,Cake,x\n".utf8),
                csrf: csrf)
            broken.fields += [("account", account.id.description)]
            let shown = try await post(jo, broken)
            #expect(shown.status == .unprocessableContent)
            #expect(
                String(buffer: shown.body).contains("Line 3, column &#39;Amount&#39;")
                    || String(buffer: shown.body).contains("Line 3, column 'Amount'"))
            // A file whose columns cannot be guessed goes to the columns step, saying what to choose
            var unguessable = ReceiptUploadBody.file(
                "u.csv", "text/csv", Data("When,What,Value\nyesterday,Tea,1\n".utf8), csrf: csrf)
            unguessable.fields += [("account", account.id.description)]
            let choose = String(buffer: try await post(jo, unguessable).body)
            #expect(choose.contains("Columns of u.csv"))
            #expect(choose.contains("No column of the file holds dates; choose the date column and its format."))
            var forged = ReceiptUploadBody.file("giro.csv", "text/csv", Self.csv, csrf: "nope")
            forged.fields += [("account", account.id.description)]
            #expect(try await post(jo, forged).status == .forbidden)
            let missing = try await post(
                jo, ReceiptUploadBody(fields: [("csrf", csrf), ("account", account.id.description)]))
            #expect(String(buffer: missing.body).contains("Choose the bank file to import."))
            #expect(try await scope.transactions.list(TransactionQuery()).totalCount == 0)
        }
    }

    @Test("a card file with positive purchases: the preview says so, one click reads it the other way and warns")
    func cardSign() async throws {
        try await withWeb { world in
            let (jo, scope, _) = try await person(world)
            let visa = try await scope.accounts.add(.init(name: "Visa", kind: "credit-card"))
            let csrf = try await jo.csrfToken(on: Self.path)
            let card = Data(
                "Date,Description,Amount\n2026-11-05,GROCER,54.20\n2026-11-06,FUEL,40.00\n2026-11-20,PAYMENT,-94.20\n"
                    .utf8)
            var upload = ReceiptUploadBody.file("visa.csv", "text/csv", card, csrf: csrf)
            upload.fields += [("account", visa.id.description), ("action", "upload")]
            let mapping = String(buffer: try await post(jo, upload).body)
            #expect(
                mapping.contains("Purchases are written as positive numbers in &#39;Amount&#39;")
                    || mapping.contains("Purchases are written as positive numbers in 'Amount'"))
            #expect(mapping.contains("<option value=\"positive\" selected>"))
            let review = String(
                buffer: try await post(jo, ReceiptUploadBody(fields: formFields(mapping, action: "review"))).body)
            #expect(review.contains("id=\"bank-sign\""))
            #expect(review.contains("Read negative amounts as money out"))
            #expect(review.contains("-$54.20") || review.contains("−$54.20"))
            #expect(!review.contains("bank-warnings"))
            // When the person clicks the flip: the flip form's fields, as a browser sends them
            let flipForm = try #require(Browser.first(#"(<form id="bank-flip".*?</form>)"#, in: review))
            var fields: [(String, String)] = []
            for input in Browser.all(#"<input type="hidden" name="[^"]+" value="[^"]*">"#, in: flipForm) {
                fields.append(
                    (
                        Browser.first(#"name="([^"]+)""#, in: input) ?? "",
                        Browser.first(#"value="([^"]*)""#, in: input) ?? ""
                    ))
            }
            fields.append(("action", "review"))
            let flipped = String(buffer: try await post(jo, ReceiptUploadBody(fields: fields)).body)
            #expect(flipped.contains("Read positive amounts as money out"))
            #expect(flipped.contains("bank-warnings"))
            #expect(flipped.contains("Most rows (2 of 3) would be money into Visa"))
        }
    }

    @Test("an OFX file with two statements asks which one, then previews the chosen one")
    func chooseStatement() async throws {
        try await withWeb { world in
            let (jo, _, account) = try await person(world)
            let csrf = try await jo.csrfToken(on: Self.path)
            let statement = { (id: String, fitid: String) in
                "<STMTRS><CURDEF>USD<BANKACCTFROM><ACCTID>\(id)<ACCTTYPE>CHECKING</BANKACCTFROM><BANKTRANLIST>"
                    + "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261105<TRNAMT>-4.50<FITID>\(fitid)<NAME>CAFE \(id)</STMTTRN>"
                    + "</BANKTRANLIST></STMTRS>"
            }
            let data = Data(("<OFX>" + statement("111", "a") + statement("222", "b") + "</OFX>").utf8)
            var upload = ReceiptUploadBody.file("both.ofx", "application/x-ofx", data, csrf: csrf)
            upload.fields += [("account", account.id.description), ("action", "upload")]
            let choose = try await post(jo, upload)
            let html = String(buffer: choose.body)
            #expect(choose.status == .unprocessableContent)
            #expect(
                html.contains(
                    "<select id=\"choose-statement\" name=\"statement\"><option value=\"111\">111</option><option value=\"222\">222</option></select>"
                ))
            var fields: [(String, String)] = []
            for input in Browser.all(#"<input type="hidden" name="[^"]+" value="[^"]*">"#, in: html) {
                fields.append(
                    (
                        Browser.first(#"name="([^"]+)""#, in: input) ?? "",
                        Browser.first(#"value="([^"]*)""#, in: input) ?? ""
                    ))
            }
            fields += [("statement", "222"), ("action", "review")]
            let review = String(buffer: try await post(jo, ReceiptUploadBody(fields: fields)).body)
            #expect(review.contains("CAFE 222"))
            #expect(!review.contains("CAFE 111"))
        }
    }

    @Test("a file whose encoding or date order cannot be told asks for it, then reads as chosen")
    func chooseEncodingAndDates() async throws {
        try await withWeb { world in
            let (jo, _, account) = try await person(world)
            let csrf = try await jo.csrfToken(on: Self.path)
            func hidden(_ html: String) -> [(String, String)] {
                Browser.all(#"<input type="hidden" name="[^"]+" value="[^"]*">"#, in: html).map { input in
                    (
                        Browser.first(#"name="([^"]+)""#, in: input) ?? "",
                        Browser.first(#"value="([^"]*)""#, in: input) ?? ""
                    )
                }
            }
            // Bytes that read as Chinese (GB18030) or Korean (EUC-KR)
            let bytes = Data(
                Array("Date,Description,Amount\n2026-11-05,".utf8) + [0xC4, 0xE3, 0xBA, 0xC3] + Array(",-1\n".utf8))
            var upload = ReceiptUploadBody.file("gb.csv", "text/csv", bytes, csrf: csrf)
            upload.fields += [("account", account.id.description), ("action", "upload")]
            let asked = String(buffer: try await post(jo, upload).body)
            #expect(asked.contains("<select id=\"choose-encoding\" name=\"encoding\">"))
            let columns = String(
                buffer: try await post(
                    jo, ReceiptUploadBody(fields: hidden(asked) + [("encoding", "gb18030"), ("action", "upload")])
                ).body)
            #expect(columns.contains("Columns of gb.csv"))
            #expect(columns.contains("你好"))
            // A QIF file whose dates read both month first and day first
            let qif = Data("!Type:Bank\nD01/02/2026\nT-1\nPA\n^\nD03/04/2026\nT-2\nPB\n^\n".utf8)
            var qifUpload = ReceiptUploadBody.file("q.qif", "application/qif", qif, csrf: csrf)
            qifUpload.fields += [("account", account.id.description), ("action", "upload")]
            let dates = String(buffer: try await post(jo, qifUpload).body)
            #expect(dates.contains("<select id=\"choose-dateFormat\" name=\"dateFormat\">"))
            let review = String(
                buffer: try await post(
                    jo, ReceiptUploadBody(fields: hidden(dates) + [("dateFormat", "DD/MM/YYYY"), ("action", "review")])
                ).body)
            #expect(review.contains("2026-02-01"))
            #expect(review.contains("2026-04-03"))
        }
    }
}
