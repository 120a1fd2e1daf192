import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import VaultCore
import VaultServices
import VaultStore
import VaultTestSupport
import VaultWeb

@Suite struct AddTransactionPageTests {
    /// A signed-up person with a manual Wallet and a Checking account, and their household's scope.
    func setUp(_ world: WebWorld) async throws -> (Browser, HouseholdScope, wallet: Account, checking: Account) {
        let browser = try await world.signedUp("jo@example.com")
        let scope = try await world.scope(of: "jo@example.com")
        let checking = try await scope.accounts.add(.init(name: "Checking", kind: "checking", balance: "1000"))
        let wallet = try await scope.accounts.add(.init(name: "Wallet", kind: "cash", balance: "100"))
        return (browser, scope, wallet, checking)
    }

    @Test("Add is in the menu and on the Dashboard and Transactions pages, and offers every field in the spec's order")
    func reachable() async throws {
        try await withWeb { world in
            let (browser, _, _, _) = try await setUp(world)
            for path in ["/dashboard", "/transactions", "/budgets"] {
                #expect(try await browser.page(path).html.contains(#"href="/transactions/new""#), "\(path)")
            }
            let (status, html) = try await browser.page("/transactions/new")
            #expect(status == .ok)
            let order = [
                #"name="type" value="expense" checked"#, #"id="amount""#, #"id="account""#, #"id="category""#,
                #"id="tags""#, #"id="note""#, #"id="flags""#, ">Save<",
            ]
            let positions = order.map { html.range(of: $0)?.lowerBound }
            #expect(positions.allSatisfy { $0 != nil }, "\(order)")
            #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted())
            #expect(html.contains(#"inputmode="decimal""#))
            #expect(html.contains(#"<span class="flag-summary muted" id="flag-summary">None</span>"#))
            // Today in the household's time zone is the default date.
            #expect(html.contains(#"name="date" value="2026-11-21""#))
        }
    }

    @Test("Save stores the entry with tags and flags, then keeps only the date and the account")
    func save() async throws {
        try await withWeb { world in
            let (browser, scope, wallet, _) = try await setUp(world)
            let tree = try await scope.categories.tree()
            let dining = try #require(tree.categories.first { $0.key == "dining" })
            let token = try await browser.csrfToken(on: "/transactions/new")
            let body = Browser.encode([
                "csrf": token, "type": "expense", "amount": "12.50", "account": wallet.id.description,
                "category": dining.id.description, "date": "2026-11-03", "tags": " Amazon,  Coffee Shop ,amazon",
                "note": "Line one\nLine two", "payment": "unpaid", "reimbursement": "reimbursed",
            ])
            let saved = try await browser.request("/transactions/new", method: .post, body: body + "&tag=lunch")
            #expect(saved.status == .seeOther)
            let next = try #require(saved.headers[.location])
            #expect(next == "/transactions/new?date=2026-11-03&account=\(wallet.id)")
            let form = try await browser.page(next).html
            #expect(form.contains("Saved: "))
            #expect(form.contains(#"name="date" value="2026-11-03""#))
            #expect(form.contains(#"<option value="\#(wallet.id)" selected>"#))
            #expect(
                form.contains(
                    #"id="amount" name="amount" inputmode="decimal" autocomplete="off" placeholder="0.00" value="""#))
            #expect(
                form.contains(
                    #"name="tags" autocomplete="off" enterkeyhint="done" placeholder="Separate tags with commas" value="""#
                ))

            let stored = try #require(try await scope.transactions.list(TransactionQuery(pageSize: 5)).items.first)
            #expect(stored.transaction.amount.decimalString == "-12.50")
            #expect(stored.transaction.date == LocalDate(iso: "2026-11-03"))
            #expect(stored.transaction.accountID == wallet.id)
            #expect(stored.transaction.categoryID == dining.id)
            #expect(stored.transaction.tags == ["amazon", "coffee shop", "lunch"])
            #expect(stored.transaction.notes == "Line one\nLine two")
            #expect(stored.transaction.paymentFlag == .unpaid)
            #expect(stored.transaction.reimbursementFlag == .reimbursed)
            #expect(stored.transaction.source == .manual)
            // The most used tags become suggestion chips.
            #expect(form.contains(#"name="tag" value="coffee shop""#))
            // With no date and account in the address, the account is the one used last.
            #expect(
                try await browser.page("/transactions/new").html.contains(#"<option value="\#(wallet.id)" selected>"#))
        }
    }

    @Test(
        "a refused entry comes back with what was typed and a message per field, and nothing is written",
        arguments: [
            (["amount": "12.5.0"], "amount"), (["amount": "-12.50"], "amount"), (["date": "2026-02-30"], "date"),
            (["category": "income"], "category"), (["account": "nope"], "account"), (["payment": "maybe"], "payment"),
        ])
    func refused(change: [String: String], field: String) async throws {
        try await withWeb { world in
            let (browser, scope, wallet, _) = try await setUp(world)
            let tree = try await scope.categories.tree()
            let salary = try #require(tree.categories.first { $0.kind == .income })
            var fields = [
                "type": "expense", "amount": "9.99", "account": wallet.id.description, "date": "2026-11-03",
                "note": "Kept <as typed>",
            ]
            for (name, value) in change { fields[name] = value == "income" ? salary.id.description : value }
            let response = try await browser.submit("/transactions/new", from: "/transactions/new", fields)
            #expect(response.status == .unprocessableContent)
            let html = String(buffer: response.body)
            #expect(html.contains(#"id="\#(field)-problem""#) || html.contains(#"class="alert error""#), "\(html)")
            #expect(html.contains("Kept &lt;as typed&gt;</textarea>"))
            #expect(try await scope.transactions.list(TransactionQuery(includeTransfers: true)).totalCount == 0)
        }
    }

    @Test("receipts chosen before Save are stored with the entry in one write; a refused file or token writes nothing")
    func receiptsWithTheEntry() async throws {
        try await withWeb { world in
            let (browser, scope, wallet, _) = try await setUp(world)
            let token = try await browser.csrfToken(on: "/transactions/new")
            func save(_ files: [(String, String, Data)], csrf: String) async throws -> TestResponse {
                let body = ReceiptUploadBody(
                    fields: [
                        ("csrf", csrf), ("type", "expense"), ("amount", "8.00"), ("account", wallet.id.description),
                        ("date", "2026-11-03"), ("note", "two\r\nlines"),
                    ],
                    files: files.map { (field: "receipt", fileName: $0.0, type: $0.1, content: $0.2) }
                        + [(field: "receipt", fileName: "", type: "application/octet-stream", content: Data())])
                return try await browser.send(
                    "/transactions/new", method: .post, headers: [.contentType: ReceiptUploadBody.contentType],
                    body: body.buffer)
            }
            let forged = try await save([("a.png", "image/png", SampleFiles.png())], csrf: "forged")
            #expect(forged.status == .forbidden)
            let renamed = try await save(
                [("a.png", "image/png", SampleFiles.png()), ("b.jpg", "image/jpeg", SampleFiles.text())], csrf: token)
            #expect(renamed.status == .unprocessableContent)
            #expect(String(buffer: renamed.body).contains(#"id="receipts-problem""#))
            #expect(try await scope.transactions.list(TransactionQuery(includeTransfers: true)).totalCount == 0)

            let huge = try await save(
                [("a.png", "image/png", SampleFiles.png() + Data(count: 11 * 1024 * 1024))], csrf: token)
            #expect(huge.status == .contentTooLarge)
            #expect(String(buffer: huge.body).contains("An entry&#39;s receipts may add up to 10 MiB"))
            let many = try await save(
                Array(repeating: ("a.png", "image/png", SampleFiles.png()), count: 21), csrf: token)
            #expect(many.status == .unprocessableContent)
            #expect(try await scope.transactions.list(TransactionQuery(includeTransfers: true)).totalCount == 0)

            let saved = try await save(
                [("a.png", "image/png", SampleFiles.png()), ("b.jpg", "image/jpeg", SampleFiles.jpeg())], csrf: token)
            #expect(saved.status == .seeOther)
            let entry = try #require(try await scope.transactions.list(TransactionQuery()).items.first)
            #expect(entry.transaction.notes == "two\nlines")
            let receipts = try await scope.receipts.list(of: entry.transaction.id.description)
            #expect(Set(receipts.map(\.type)) == [.png, .jpeg] && receipts.count == 2)
        }
    }

    @Test("an income is stored positive")
    func income() async throws {
        try await withWeb { world in
            let (browser, scope, wallet, _) = try await setUp(world)
            let saved = try await browser.submit(
                "/transactions/new", from: "/transactions/new",
                ["type": "income", "amount": "40", "account": wallet.id.description, "date": "2026-11-02"])
            #expect(saved.status == .seeOther)
            let stored = try #require(try await scope.transactions.list(TransactionQuery()).items.first)
            #expect(stored.transaction.amount.decimalString == "40.00")
        }
    }
}

@Suite struct TransactionEditPageTests {
    @Test("a manual entry's every field is edited on its page; notes, flags and exclusion show there")
    func editManual() async throws {
        try await withWeb { world in
            let (browser, scope, wallet, checking) = try await AddTransactionPageTests().setUp(world)
            let added = try await scope.transactions.add(
                TransactionInput(amount: "-20", account: "Wallet", date: "2026-11-02", description: "Lunch"))
            let id = added.transaction.id.description
            let page = try await browser.page("/transactions/\(id)").html
            #expect(
                page.contains(#"id="edit-amount" name="amount" inputmode="decimal" autocomplete="off" value="20.00""#))
            let saved = try await browser.submit(
                "/transactions/\(id)/edit", from: "/transactions/\(id)",
                [
                    "type": "income", "amount": "25.50", "date": "2026-11-04", "account": checking.id.description,
                    "description": "Refund", "payee": "Deli", "tags": "Work, Team Lunch", "notes": "Paid back\nby Sam",
                    "payment": "paid", "reimbursement": "reimbursed", "excluded": "on",
                ])
            #expect(saved.status == .seeOther)
            let edited = try await scope.transactions.find(id).transaction
            #expect(edited.amount.decimalString == "25.50")
            #expect(edited.date == LocalDate(iso: "2026-11-04"))
            #expect(edited.accountID == checking.id)
            #expect(edited.description == "Refund" && edited.payee == "Deli")
            #expect(edited.tags == ["work", "team lunch"])
            #expect(edited.notes == "Paid back\nby Sam")
            #expect(edited.paymentFlag == .paid && edited.reimbursementFlag == .reimbursed)
            #expect(edited.isExcluded)
            let shown = try await browser.page("/transactions/\(id)").html
            #expect(shown.contains("Paid back\nby Sam</td>"))
            #expect(shown.contains("Paid • Reimbursed"))
            #expect(shown.contains("Excluded from totals</td>"))
            // The wallet gave its 20.00 back when the entry moved to checking.
            #expect(try await scope.accounts.find("Wallet").balance.decimalString == "100.00")
            _ = wallet
            // Saving without touching the box leaves exclusion to the rules; a type against the category is refused.
            let dining = try await scope.transactions.add(
                TransactionInput(amount: "-7", account: "Wallet", category: "Dining", description: "Tacos"))
            let tacos = dining.transaction.id.description
            _ = try await browser.submit(
                "/transactions/\(tacos)/edit", from: "/transactions/\(tacos)",
                [
                    "type": "expense", "amount": "7", "date": "2026-11-21", "account": wallet.id.description,
                    "tags": "x",
                    "description": "Tacos",
                ])
            #expect(try await scope.transactions.find(tacos).transaction.excludedSource == .default)
            #expect(try await scope.transactions.find(tacos).transaction.tags == ["x"])
            _ = try await browser.submit(
                "/transactions/\(tacos)/edit", from: "/transactions/\(tacos)",
                [
                    "type": "income", "amount": "7", "date": "2026-11-21", "account": wallet.id.description,
                    "description": "Tacos",
                ])
            #expect(try await scope.transactions.find(tacos).transaction.amount.decimalString == "-7.00")
            // A sign typed in the amount is refused, and nothing changes.
            let signed = try await browser.submit(
                "/transactions/\(id)/edit", from: "/transactions/\(id)",
                ["type": "expense", "amount": "-3", "date": "2026-11-04", "account": checking.id.description])
            #expect(signed.status == .seeOther)
            #expect(try await scope.transactions.find(id).transaction.amount.decimalString == "25.50")
        }
    }

    @Test("a bank row offers only a person's own fields, and a forged amount is ignored")
    func bankRow() async throws {
        try await withWeb { world in
            let browser = try await world.connected("jo@example.com")
            let scope = try await world.scope(of: "jo@example.com")
            let bank = try #require(try await scope.transactions.list(TransactionQuery(pageSize: 1)).items.first)
            let id = bank.transaction.id.description
            let page = try await browser.page("/transactions/\(id)").html
            #expect(!page.contains(#"id="edit-amount""#))
            #expect(page.contains(#"id="edit-tags""#))
            let forged = try await browser.submit(
                "/transactions/\(id)/edit", from: "/transactions/\(id)", ["amount": "1", "tags": "groceries"])
            #expect(forged.status == .seeOther)
            let after = try await scope.transactions.find(id).transaction
            #expect(after.amount == bank.transaction.amount)
            #expect(after.tags == ["groceries"])
        }
    }

    @Test("Delete says how many receipts go with it, deletes both, and another household gets 404")
    func delete() async throws {
        try await withWeb { world in
            let (browser, scope, _, _) = try await AddTransactionPageTests().setUp(world)
            let added = try await scope.transactions.add(TransactionInput(amount: "-9", account: "Wallet"))
            let id = added.transaction.id.description
            _ = try await scope.receipts.add(to: id, fileName: "a.png", content: SampleFiles.png())
            _ = try await scope.receipts.add(to: id, fileName: "b.jpg", content: SampleFiles.jpeg())
            #expect(try await browser.page("/transactions/\(id)").html.contains("and its 2 receipts"))

            let other = try await world.signedUp("mallory@example.com")
            let refused = try await other.submit("/transactions/\(id)/delete", from: "/dashboard", [:])
            #expect(refused.status == .notFound)
            let edit = try await other.submit("/transactions/\(id)/edit", from: "/dashboard", ["tags": "mine"])
            #expect(edit.status == .notFound)

            let deleted = try await browser.submit("/transactions/\(id)/delete", from: "/transactions/\(id)", [:])
            #expect(deleted.status == .seeOther)
            #expect(try await scope.transactions.list(TransactionQuery()).totalCount == 0)
            #expect(try await browser.page("/transactions/\(id)").status == .notFound)
        }
    }
}
