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

/// The Transactions page's tag and flag filters (in the URL, without JavaScript) and the tags and flags on rows.
@Suite struct TransactionsPageTagsTests {
    /// A signed-in browser whose Wallet holds four expenses, one a day from 2026-11-11, tagged and flagged
    /// differently.
    func browser(_ world: WebWorld) async throws -> Browser {
        let browser = try await world.signedUp("jo@example.com")
        let user = try #require(try await world.environment.database.users.credentials(email: "jo@example.com")).user
        let scope = Fixture.vault(world.environment.database).household(user.householdID)
        _ = try await scope.accounts.add(.init(name: "Wallet", kind: "cash", balance: "500.00"))
        for (day, (amount, description, tags, payment, reimbursement)) in [
            ("-1.00", "Coffee", "coffee", "paid", ""),
            ("-2.00", "Client lunch", "work, lunch", "unpaid", "unreimbursed"),
            ("-3.00", "Taxi", "work, travel", "", "reimbursed"),
            ("-4.00", "Groceries", "", "", ""),
        ].enumerated() {
            _ = try await scope.transactions.add(
                TransactionInput(
                    amount: amount, account: "Wallet", date: "2026-11-1\(day + 1)", description: description,
                    tags: tags, payment: payment, reimbursement: reimbursement))
        }
        return browser
    }

    /// The descriptions of the unified table's rows, oldest first.
    func rows(_ html: String) -> [String] {
        Browser.all(#"<a href="/transactions/[0-9a-f-]+"><strong>([^<]+)</strong>"#, in: html)
    }

    @Test("rows show their tags as chips linking to that tag's list, and their flags as badges")
    func rowsShowTags() async throws {
        try await withWeb { world in
            let browser = try await browser(world)
            let html = try await browser.page("/transactions?sort=asc").html
            #expect(rows(html) == ["Coffee", "Client lunch", "Taxi", "Groceries"])
            #expect(
                Browser.all(#"<a class="tag" href="/transactions\?tag=([a-z]+)">"#, in: html) == [
                    "coffee", "work", "lunch", "work", "travel",
                ])
            #expect(
                Browser.all(#"<span class="badge flag flag-[a-z]+">([A-Za-z]+)</span>"#, in: html) == [
                    "Paid", "Unpaid", "Unreimbursed", "Reimbursed",
                ])
        }
    }

    @Test("the tag filter offers the household's tags with counts, most used first")
    func tagChoices() async throws {
        try await withWeb { world in
            let browser = try await browser(world)
            let html = try await browser.page("/transactions").html
            let offered = Browser.all(
                #"<input type="checkbox" name="tag" value="([a-z]+)"><span>[a-z]+ <span class="muted">\d+</span>"#,
                in: html)
            #expect(offered == ["work", "coffee", "lunch", "travel"])
            #expect(html.contains(#"value="work"><span>work <span class="muted">2</span>"#))
        }
    }

    @Test("choosing tags lists rows with any of them, keeps them checked and in every link of the page")
    func tagFilter() async throws {
        try await withWeb { world in
            let browser = try await browser(world)
            let (status, html) = try await browser.page("/transactions?sort=asc&tag=coffee&tag=travel")
            #expect(status == .ok)
            #expect(rows(html) == ["Coffee", "Taxi"])
            #expect(html.contains(#"id="transaction-count">2<"#))
            #expect(html.contains("Filters (on)"))
            #expect(
                Browser.all(#"name="tag" value="([a-z]+)" checked>"#, in: html) == ["coffee", "travel"])
            // The sort link and the page-size form keep the tags.
            #expect(
                html.contains(#"href="/transactions?tag=coffee&amp;tag=travel" class="sort-link">Show newest first"#))
            #expect(
                Browser.all(#"<input type="hidden" name="tag" value="([a-z]+)">"#, in: html) == [
                    "coffee", "travel", "coffee", "travel",
                ])
        }
    }

    @Test(
        "each flag filters by a value or by not set, and the select shows the choice",
        arguments: [
            ("payment=unpaid", ["Client lunch"], #"<option value="unpaid" selected>Unpaid"#),
            ("payment=none", ["Taxi", "Groceries"], #"<option value="none" selected>Not set"#),
            ("reimbursement=reimbursed", ["Taxi"], #"<option value="reimbursed" selected>Reimbursed"#),
            ("reimbursement=none", ["Coffee", "Groceries"], #"<option value="none" selected>Not set"#),
            (
                "payment=&reimbursement=", ["Coffee", "Client lunch", "Taxi", "Groceries"],
                #"<option value="" selected>Any"#
            ),
            ("tag=work&payment=none&reimbursement=reimbursed", ["Taxi"], #"name="tag" value="work" checked>"#),
        ])
    func flagFilters(query: String, expected: [String], shown: String) async throws {
        try await withWeb { world in
            let browser = try await browser(world)
            let (status, html) = try await browser.page("/transactions?sort=asc&" + query)
            #expect(status == .ok)
            #expect(rows(html) == expected)
            #expect(html.contains(shown))
        }
    }

    @Test("an unknown flag value is refused with the form re-shown and a message naming the accepted ones")
    func unknownFlag() async throws {
        try await withWeb { world in
            let browser = try await browser(world)
            let (status, html) = try await browser.page("/transactions?payment=later")
            #expect(status == .unprocessableContent)
            #expect(html.contains("class=\"alert error\""))
            #expect(html.contains("use paid, unpaid or none"))
            #expect(html.contains("id=\"filters\""))
        }
    }
}
