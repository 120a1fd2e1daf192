import Foundation
import Testing
import VaultTestSupport

/// Recurring rules from the command line (issue 18): `add --repeat`, `recurring-rules list|show|edit|delete|
/// generate-next-year`, `transactions --recurring-rule` and `report analysis --recurring-rule --from --through`; one
/// process per command, data kept in between. The CLI's clock is the wall clock, so dates are built from this year.
@Suite struct RecurringRulesCommandTests {
    /// This year and the next in the household's time zone.
    static let (year, nextYear): (Int, Int) = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "America/New_York")!
        let year = calendar.component(.year, from: Date())
        return (year, year + 1)
    }()

    /// A household with a checking account.
    func setUp() throws -> CLIRunner {
        let cli = try CLIRunner()
        try ok(cli, "init", "--name", "Home", "--time-zone", "America/New_York", "--currency", "USD")
        try ok(cli, "accounts", "add", "Checking", "--kind", "checking", "--balance", "10000")
        return cli
    }

    /// Runs a command that must succeed.
    @discardableResult
    func ok(_ cli: CLIRunner, _ arguments: String...) throws -> CLIRunner.Result {
        let result = try cli.run(arguments)
        #expect(result.status == 0, "\(arguments.joined(separator: " ")): \(result.stderr)")
        return result
    }

    /// Monthly rent from January 31st of this year: twelve entries this year.
    func rent(_ cli: CLIRunner) throws -> [String: Any] {
        let added = try ok(
            cli, "add", "-2500", "--account", "Checking", "--description", "Rent", "--date", "\(Self.year)-01-31",
            "--repeat", "monthly", "--json")
        let body = try #require(try cli.json(added) as? [String: Any])
        #expect(body["amount"] as? String == "-2500.00")
        return try #require(body["recurringRule"] as? [String: Any])
    }

    @Test("add --repeat makes a rule that lists, shows its instances and filters transactions and analysis")
    func addAndList() throws {
        let cli = try setUp()
        defer { cli.cleanUp() }
        #expect(try ok(cli, "recurring-rules").stdout.contains("No recurring rules yet"))
        let added = try ok(
            cli, "add", "-2500", "--account", "Checking", "--description", "Rent", "--date", "\(Self.year)-01-31",
            "--repeat", "monthly")
        #expect(added.stdout.contains("Repeats monthly from \(Self.year)-01-31"))
        #expect(added.stdout.contains("12 entries through \(Self.year)"))

        let list = try ok(cli, "recurring-rules", "list").stdout
        #expect(list.contains("Rent • $2,500.00 • monthly"))
        let rules = try #require(try cli.json(try ok(cli, "recurring-rules", "list", "--json")) as? [[String: Any]])
        #expect(rules.count == 1)
        #expect(
            rules.first?["instanceCount"] as? Int == 12 && rules.first?["generatedThroughYear"] as? Int == Self.year)
        #expect(rules.first?["cadence"] as? String == "monthly" && rules.first?["enabled"] as? Bool == true)

        let show = try ok(cli, "recurring-rules", "show", "Rent").stdout
        #expect(show.contains("Repeats     monthly from \(Self.year)-01-31"))
        // A monthly rule from the 31st takes April's last day and goes back to the 31st in May.
        #expect(show.contains("\(Self.year)-04-30  Rent") && show.contains("\(Self.year)-05-31  Rent"))
        let detail = try #require(
            try cli.json(try ok(cli, "recurring-rules", "show", "rent", "--json", "--page-size", "2"))
                as? [String: Any])
        let instances = try #require(detail["instances"] as? [String: Any])
        #expect(instances["totalCount"] as? Int == 12)
        #expect(
            (instances["items"] as? [[String: Any]])?.compactMap { $0["date"] as? String } == [
                "\(Self.year)-01-31", "\(Self.year)-02-\(Self.year % 4 == 0 ? 29 : 28)",
            ])

        try ok(cli, "add", "-4", "--account", "Checking", "--description", "Coffee", "--date", "\(Self.year)-03-02")
        let filtered = try #require(
            try cli.json(
                try ok(cli, "transactions", "--recurring-rule", "Rent", "--page-size", "100", "--json"))
                as? [String: Any])
        #expect(filtered["totalCount"] as? Int == 12)
        let march = try #require(
            try cli.json(
                try ok(
                    cli, "report", "analysis", "--date", "\(Self.year)-03-15", "--recurring-rule", "Rent", "--from",
                    "\(Self.year)-03-01", "--through", "\(Self.year)-03-31", "--json")) as? [String: Any])
        #expect(march["total"] as? String == "2500.00")
        let all = try #require(
            try cli.json(try ok(cli, "report", "analysis", "--date", "\(Self.year)-03-15", "--json")) as? [String: Any])
        #expect(all["total"] as? String == "2504.00")
        let rows = try #require((all["transactions"] as? [String: Any])?["items"] as? [[String: Any]])
        #expect(rows.allSatisfy { $0["receiptCount"] as? Int == 0 })
        let narrowed = try ok(
            cli, "report", "analysis", "--date", "\(Self.year)-03-15", "--from", "\(Self.year)-03-01", "--through",
            "\(Self.year)-03-10")
        #expect(narrowed.stdout.contains("$4.00"))
    }

    @Test("generate-next-year adds next year's entries once; run twice, it creates nothing the second time")
    func generateTwice() throws {
        let cli = try setUp()
        defer { cli.cleanUp() }
        _ = try rent(cli)
        let first = try #require(
            try cli.json(try ok(cli, "recurring-rules", "generate-next-year", "--json")) as? [[String: Any]])
        #expect(first.first?["years"] as? [Int] == [Self.nextYear] && first.first?["count"] as? Int == 12)
        let second = try ok(cli, "recurring-rules", "generate-next-year")
        #expect(second.stdout.contains("already done") && second.stdout.contains("Added 0 entries."))
        let third = try #require(
            try cli.json(try ok(cli, "recurring-rules", "generate-next-year", "--json")) as? [[String: Any]])
        #expect(third.first?["count"] as? Int == 0 && third.first?["years"] as? [Int] == [])
        let all = try #require(
            try cli.json(try ok(cli, "transactions", "--recurring-rule", "Rent", "--json")) as? [String: Any])
        #expect(all["totalCount"] as? Int == 24)
    }

    @Test("edit changes only what is given; bad input names every problem and changes nothing")
    func edit() throws {
        let cli = try setUp()
        defer { cli.cleanUp() }
        _ = try rent(cli)
        let edited = try #require(
            try cli.json(
                try ok(cli, "recurring-rules", "edit", "Rent", "--payee", "Landlord", "--tags", "home", "--json"))
                as? [String: Any])
        #expect(Set(edited["changed"] as? [String] ?? []) == ["payee", "tags"])
        #expect((edited["rule"] as? [String: Any])?["payee"] as? String == "Landlord")
        #expect(try ok(cli, "recurring-rules", "edit", "Rent", "--disable").stdout.contains("changed enabled"))
        #expect(try ok(cli, "recurring-rules", "generate-next-year").stdout.contains("No enabled recurring rules."))

        let bad = try cli.run("recurring-rules", "edit", "Rent", "--amount", "0", "--repeat", "hourly", "--every", "0")
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("cadence") && bad.stderr.contains("interval") && bad.stderr.contains("amount"))
        let rules = try #require(try cli.json(try ok(cli, "recurring-rules", "--json")) as? [[String: Any]])
        #expect(rules.first?["amount"] as? String == "-2500.00" && rules.first?["cadence"] as? String == "monthly")

        let unknown = try cli.run("recurring-rules", "show", "Gym")
        #expect(unknown.status == 2 && unknown.stderr.contains("no recurring rule 'Gym'"))
        let both = try cli.run("recurring-rules", "edit", "Rent", "--enable", "--disable")
        #expect(both.status == 2)
        let loose = try cli.run("add", "-5", "--account", "Checking", "--every", "2")
        #expect(loose.status == 2 && loose.stderr.contains("--repeat"))
    }

    @Test("delete keeps the rule's entries by default; --future-transactions deletes those from today on")
    func delete() throws {
        let cli = try setUp()
        defer { cli.cleanUp() }
        _ = try rent(cli)
        #expect(try ok(cli, "recurring-rules", "delete", "Rent").stdout.contains("the entries it made stay"))
        let kept = try #require(
            try cli.json(try ok(cli, "transactions", "--search", "rent", "--when", "all", "--json")) as? [String: Any])
        #expect(kept["totalCount"] as? Int == 12)

        // A rule that starts next year: every entry is after today.
        try ok(
            cli, "add", "-50", "--account", "Checking", "--description", "Gym", "--date", "\(Self.nextYear)-01-15",
            "--repeat", "monthly")
        try ok(cli, "recurring-rules", "generate-next-year")
        let deleted = try #require(
            try cli.json(try ok(cli, "recurring-rules", "delete", "Gym", "--future-transactions", "--json"))
                as? [String: Any])
        #expect(deleted["transactionsDeleted"] as? Int == 12 && deleted["futureTransactions"] as? Bool == true)
        let gym = try #require(
            try cli.json(try ok(cli, "transactions", "--search", "gym", "--when", "all", "--json")) as? [String: Any])
        #expect(gym["totalCount"] as? Int == 0)
        #expect(try ok(cli, "recurring-rules").stdout.contains("No recurring rules yet"))
    }

    @Test("the help of the rules and of the detector's recurring report each say which is which")
    func help() throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let rules = try cli.run("recurring-rules", "--help").stdout
        #expect(rules.contains("report recurring"))
        let report = try cli.run("report", "recurring", "--help").stdout
        #expect(report.contains("detected") && report.contains("recurring-rules"))
        let series = try cli.run("recurring", "--help").stdout
        #expect(series.contains("recurring-rules"))
    }
}
