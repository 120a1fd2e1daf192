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
        let user = try #require(try await world.environment.database.users.credentials(email: "jo@example.com")).user
        let scope = Fixture.vault(world.environment.database).household(user.householdID)
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
