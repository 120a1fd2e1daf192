import Foundation
import Testing
import VaultTestSupport

/// The command line as a person uses it: one process per command, data kept in between.
@Suite struct GhostVaultCommandTests {
    /// A runner with a household and a Cash account already set up.
    func setUp() throws -> CLIRunner {
        let cli = try CLIRunner()
        let initialized = try cli.run("init", "--name", "Home", "--time-zone", "America/New_York", "--currency", "USD")
        #expect(initialized.status == 0, "\(initialized.stderr)")
        #expect(try cli.run("accounts", "add", "Cash", "--kind", "cash", "--balance", "100").status == 0)
        return cli
    }

    @Test("an entry added in one process is listed by the next, tags lower-cased")
    func addThenList() throws {
        let cli = try setUp()
        defer { cli.cleanUp() }
        let added = try cli.run(
            "add", "-12.50", "--account", "Cash", "--category", "Dining", "--tags", "Amazon, coffee",
            "--note", "lunch", "--date", "2026-11-01")
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.contains("-$12.50"))

        let listed = try cli.run("transactions", "--json")
        #expect(listed.status == 0, "\(listed.stderr)")
        let page = try #require(try cli.json(listed) as? [String: Any])
        let items = try #require(page["items"] as? [[String: Any]])
        #expect(page["totalCount"] as? Int == 1)
        let entry = try #require(items.first)
        #expect(entry["amount"] as? String == "-12.50")
        #expect(entry["currency"] as? String == "USD")
        #expect(entry["tags"] as? [String] == ["amazon", "coffee"])
        #expect(entry["date"] as? String == "2026-11-01")
        #expect(entry["category"] as? String == "Dining")
        #expect(entry["notes"] as? String == "lunch")
        #expect(entry["account"] as? String == "Cash")

        let accounts = try cli.run("accounts", "--json")
        let cash = try #require((try cli.json(accounts) as? [[String: Any]])?.first)
        #expect(cash["balance"] as? String == "87.50")
        #expect(FileManager.default.fileExists(atPath: cli.home.appendingPathComponent("ghostvault.sqlite").path))
    }

    @Test(
        "bad input exits 2 with a message and writes nothing",
        arguments: [
            (["add", "12.345", "--account", "Cash"], "more than 2 decimals"),
            (["add", "abc", "--account", "Cash"], "is not an amount"),
            (["add", "-5", "--account", "Nope"], "no account 'Nope'"),
            (["add", "-5", "--account", "Cash", "--category", "Nope"], "no category 'Nope'"),
            (["add", "-5", "--account", "Cash", "--date", "2026-02-30"], "'2026-02-30' is not a date"),
            (["add", "--account", "Cash"], "Give the amount"),
            (["add", "-5", "--account", "Cash", "--bogus"], "Expected one amount"),
            (["accounts", "add", "Card", "--kind", "credit-card", "--balance", "1.001"], "more than 2 decimals"),
            (["transactions", "--page-size", "0"], "page size"),
            (["categories", "add", "Bonus", "--type", "income", "--parent", "Dining"], "same kind as its parent"),
            (["accounts", "remove", "Nope"], "no account 'Nope'"),
            (["--database", "mysql://x", "transactions"], "not supported"),
            (["transactions", "--page", "9223372036854775807"], "Pages count from 1"),
            (["accounts", "add", "Euro", "--kind", "cash", "--currency", "UDS"], "not a currency code"),
        ])
    func badInput(arguments: [String], message: String) throws {
        let cli = try setUp()
        defer { cli.cleanUp() }
        let before = try cli.run("transactions", "--json", "--include-transfers").stdout
        let accountsBefore = try cli.run("accounts", "--json", "--all").stdout
        let categoriesBefore = try cli.run("categories", "--json").stdout
        let result = try cli.run(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "stderr was: \(result.stderr)")
        #expect(try cli.run("transactions", "--json", "--include-transfers").stdout == before)
        #expect(try cli.run("accounts", "--json", "--all").stdout == accountsBefore)
        #expect(try cli.run("categories", "--json").stdout == categoriesBefore)
    }

    @Test("--database works before or after the command, and init is safe to repeat")
    func globalDatabase() throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let path = cli.home.appendingPathComponent("elsewhere/vault.sqlite").path
        #expect(try cli.run("--database", path, "init", "--time-zone", "UTC").status == 0)
        #expect(try cli.run("init", "--database", path).stdout.contains("Already set up"))
        #expect(try cli.run("accounts", "add", "Wallet", "--kind", "cash", "--database", path).status == 0)
        #expect(try cli.run("--database=\(path)", "accounts").stdout.contains("Wallet"))
        let missing = try cli.run("accounts")
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("ghostvault init"))
    }

    @Test("removing a category with children asks first, then re-files them")
    func removeCategory() throws {
        let cli = try setUp()
        defer { cli.cleanUp() }
        #expect(try cli.run("add", "-4", "--account", "Cash", "--category", "Coffee").status == 0)
        let asked = try cli.run("categories", "remove", "Dining")
        #expect(asked.status == 2)
        #expect(asked.stderr.contains("move its 1 child category (Coffee) to the top level"))
        let removed = try cli.run("categories", "remove", "Dining", "--yes")
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(!(try cli.run("categories").stdout.contains("Dining")))
    }

    @Test("editing and removing an entry by id")
    func editAndRemove() throws {
        let cli = try setUp()
        defer { cli.cleanUp() }
        let added = try cli.run("add", "-20", "--account", "Cash", "--json")
        let id = try #require((try cli.json(added) as? [String: Any])?["id"] as? String)
        let edited = try cli.run("transactions", "edit", id, "--amount", "-25", "--tags", "Gift", "--payment", "unpaid")
        #expect(edited.status == 0, "\(edited.stderr)")
        #expect(edited.stdout.contains("amount"))
        #expect(try cli.run("transactions", "edit", "not-an-id", "--note", "x").status == 2)
        #expect(try cli.run("transactions", "remove", id).status == 0)
        #expect(try cli.run("accounts").stdout.contains("$100.00"))
    }

    @Test("the category tree prints as the golden file shows")
    func categoriesGolden() throws {
        let cli = try setUp()
        defer { cli.cleanUp() }
        let output = try cli.run("categories").stdout
        try Golden.check(output, against: "categories-list.txt")
    }

    @Test("every report prints, as text and JSON, and budget, lens and recurring refuse bad input")
    func reports() throws {
        let cli = try setUp()
        defer { cli.cleanUp() }
        #expect(try cli.run("add", "2000", "--account", "Cash", "--description", "ACME PAYROLL").status == 0)
        #expect(
            try cli.run("add", "-500", "--account", "Cash", "--category", "Housing", "--description", "Rent").status
                == 0)
        #expect(try cli.run("budget", "set", "Housing", "450", "--notes", "rent only").status == 0)
        let month = try cli.run("report", "month")
        #expect(month.status == 0, "\(month.stderr)")
        #expect(month.stdout.contains("Savings rate  75.0%"))
        let json = try #require(try cli.json(try cli.run("report", "month", "--json")) as? [String: Any])
        #expect(json["income"] as? String == "2000.00")
        #expect(json["spending"] as? String == "500.00")
        let budget = try cli.run("report", "budget")
        #expect(budget.stdout.contains("Overspent      Housing"), "\(budget.stdout)")
        #expect(try cli.run("report", "networth").stdout.contains("Net worth    $1,600.00"))
        for report in [
            ["networth", "--history", "1M"], ["recurring"], ["upcoming"], ["lens"],
            ["analysis", "--timeframe", "week"],
        ] {
            let result = try cli.run(["report"] + report)
            #expect(result.status == 0, "report \(report): \(result.stderr)")
            #expect(try cli.run(["report"] + report + ["--json"]).status == 0)
        }
        for (arguments, message) in [
            (["budget", "set", "Housing", "lots"], "not an amount"),
            (["budget", "set", "Nope", "5"], "no category"),
            (["lens", "targets", "50", "30", "30"], "add up to 100"),
            (["report", "month", "--month", "2026-13"], "not a month"),
            (["report", "networth", "--history", "2W"], "not a timeframe"),
            (["recurring", "dismiss", "Nope"], "no recurring series"),
        ] {
            let result = try cli.run(arguments)
            #expect(result.status != 0, "\(arguments)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
        #expect(try cli.run("report", "budget").stdout.contains("Targeted       $450.00"))
        // A segment's transactions with why, and one moved to another bucket (issue 20).
        let needs = try cli.run("report", "lens", "--bucket", "needs")
        #expect(needs.stdout.contains("Rent") && needs.stdout.contains("Housing category"), "\(needs.stdout)")
        let segment = try #require(
            try cli.json(try cli.run("report", "lens", "--bucket", "needs", "--json")) as? [String: Any])
        let items = try #require((segment["transactions"] as? [String: Any])?["items"] as? [[String: Any]])
        let rent = try #require(items.first?["transactionId"] as? String)
        let chosen = try cli.run("lens", "choose", rent, "want")
        #expect(chosen.stdout.contains("Rent") && chosen.stdout.contains("Wants: Your choice for this transaction"))
        #expect(try cli.run("report", "lens", "--bucket", "wants").stdout.contains("Your choice for this transaction"))
        let refused = try cli.run("report", "lens", "--bucket", "luxury")
        #expect(refused.status != 0 && refused.stderr.contains("not a bucket"))
        #expect(try cli.run("lens", "choose", UUID().uuidString.lowercased(), "want").status != 0)
    }

    @Test("help exits 0 and names every command")
    func help() throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let help = try cli.run("--help")
        #expect(help.status == 0)
        for command in ["init", "add", "transactions", "accounts", "categories"] {
            #expect(help.stdout.contains(command))
        }
    }

    @Test("demo, then transactions and connections show the demo household; a second sync finds nothing new")
    func demo() throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let demo = try cli.run("demo")
        #expect(demo.status == 0, "\(demo.stderr)")
        #expect(demo.stdout.contains("new account"))
        let transactions = try cli.run("transactions", "--json", "--include-transfers", "--page-size", "1")
        let total = try #require((try cli.json(transactions) as? [String: Any])?["totalCount"] as? Int)
        #expect(total > 500, "eighteen months of a household")
        // --all lists every row with an exact count, each synced row with the bank's transaction id.
        let all = try cli.run("transactions", "--json", "--include-transfers", "--all")
        #expect(all.status == 0, "\(all.stderr)")
        let everything = try #require(try cli.json(all) as? [String: Any])
        let rows = try #require(everything["items"] as? [[String: Any]])
        #expect(everything["totalCountIsExact"] as? Bool == true)
        #expect(everything["totalCount"] as? Int == rows.count)
        #expect(rows.count >= total)
        #expect(Set(rows.compactMap { $0["id"] as? String }).count == rows.count, "no row twice")
        #expect(rows.allSatisfy { ($0["bankTransactionId"] as? String)?.isEmpty == false })
        let text = try cli.run("transactions", "--include-transfers", "--all").stdout
        #expect(text.contains("\(rows.count) transactions."))
        let connections = try cli.run("connections")
        for institution in [
            "Evergreen Bank", "Summit Card Services", "Northwind Rewards", "Harbor Brokerage", "Keystone Home Loans",
        ] {
            #expect(connections.stdout.contains(institution))
        }
        #expect(connections.stdout.contains("requests left today"))
        let again = try cli.run("sync", "--json")
        #expect(again.status == 0, "\(again.stderr)")
        let report = try #require((try cli.json(again) as? [[String: Any]])?.first)
        #expect(report["transactionsAdded"] as? Int == 0)
        let database = try Data(contentsOf: cli.home.appendingPathComponent("ghostvault.sqlite"))
        #expect(
            database.range(of: Data("demo-household-access".utf8)) == nil, "the access URL is stored only encrypted")
        #expect(!(demo.stdout + demo.stderr + again.stdout + again.stderr).contains("demo-household-access"))
    }
}
