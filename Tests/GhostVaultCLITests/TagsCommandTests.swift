import Foundation
import Testing
import VaultTestSupport

/// Tags and flags from the command line: `transactions --tag --payment --reimbursement`, `tags`, and
/// `report --tag`; one process per command, data kept in between.
@Suite struct TagsCommandTests {
    /// A household with Cash and four expenses this month (the CLI's clock is the wall clock, so "today").
    func setUp() throws -> CLIRunner {
        let cli = try CLIRunner()
        #expect(
            try cli.run("init", "--name", "Home", "--time-zone", "America/New_York", "--currency", "USD").status == 0)
        #expect(try cli.run("accounts", "add", "Cash", "--kind", "cash", "--balance", "100").status == 0)
        for arguments in [
            ["-1", "--description", "Coffee", "--tags", "Coffee", "--payment", "paid"],
            ["-2", "--description", "Client lunch", "--tags", "work, lunch", "--payment", "unpaid"],
            ["-3", "--description", "Taxi", "--tags", "work,travel", "--reimbursement", "reimbursed"],
            ["-4", "--description", "Groceries"],
        ] {
            let added = try cli.run(["add"] + arguments + ["--account", "Cash", "--date", "today"])
            #expect(added.status == 0, "\(added.stderr)")
        }
        return cli
    }

    /// The descriptions a `transactions --json` listing returns.
    func descriptions(_ cli: CLIRunner, _ arguments: String...) throws -> Set<String> {
        let result = try cli.run(["transactions", "--json"] + arguments)
        #expect(result.status == 0, "\(result.stderr)")
        let items = (try cli.json(result) as? [String: Any])?["items"] as? [[String: Any]] ?? []
        return Set(items.compactMap { $0["description"] as? String })
    }

    @Test("transactions --tag takes any of several tags, and --payment and --reimbursement each value or none")
    func listFilters() throws {
        let cli = try setUp()
        defer { cli.cleanUp() }
        #expect(try descriptions(cli, "--tag", "coffee", "--tag", "Travel") == ["Coffee", "Taxi"])
        #expect(try descriptions(cli, "--tag", "work", "--payment", "none") == ["Taxi"])
        #expect(try descriptions(cli, "--payment", "unpaid") == ["Client lunch"])
        #expect(try descriptions(cli, "--reimbursement", "none") == ["Coffee", "Client lunch", "Groceries"])
        #expect(try descriptions(cli, "--reimbursement", "reimbursed") == ["Taxi"])
    }

    @Test("the list shows each row's tags and flags")
    func listOutput() throws {
        let cli = try setUp()
        defer { cli.cleanUp() }
        let table = try cli.run("transactions", "--tag", "lunch")
        #expect(table.status == 0, "\(table.stderr)")
        let lines = table.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.contains("Tags") == true)
        #expect(lines.first?.contains("Flags") == true)
        let row = try #require(lines.first { $0.contains("Client lunch") })
        #expect(row.contains("work, lunch"))
        #expect(row.contains("unpaid"))
        #expect(!table.stdout.contains("Taxi"))
    }

    @Test("an unknown flag value exits 2 with a message naming the accepted ones")
    func unknownFlag() throws {
        let cli = try setUp()
        defer { cli.cleanUp() }
        let refused = try cli.run("transactions", "--payment", "later")
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("use paid, unpaid or none"))
    }

    @Test("tags lists every tag with its count, most used first; --json too")
    func tags() throws {
        let cli = try setUp()
        defer { cli.cleanUp() }
        let table = try cli.run("tags")
        #expect(table.status == 0, "\(table.stderr)")
        let rows = table.stdout.split(separator: "\n").dropFirst().filter { !$0.allSatisfy { $0 == "-" || $0 == " " } }
            .map {
                $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
            }
        #expect(rows == ["work 2", "coffee 1", "lunch 1", "travel 1"])
        let json = try #require(try cli.json(try cli.run("tags", "--json")) as? [[String: Any]])
        #expect(json.first?["tag"] as? String == "work")
        #expect(json.first?["count"] as? Int == 2)
    }

    @Test("report --tag counts only the tagged spending")
    func reportByTag() throws {
        let cli = try setUp()
        defer { cli.cleanUp() }
        func spending(_ arguments: String...) throws -> String? {
            let result = try cli.run(["report", "--json"] + arguments)
            #expect(result.status == 0, "\(result.stderr)")
            return (try cli.json(result) as? [String: Any])?["spending"] as? String
        }
        #expect(try spending() == "10.00")
        #expect(try spending("--tag", "work") == "5.00")
        #expect(try spending("--tag", "coffee", "--tag", "travel") == "4.00")
        let text = try cli.run("report", "--tag", "work")
        #expect(text.stdout.contains("Only transactions tagged work."))
    }
}
