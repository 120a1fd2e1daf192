import Foundation
import Testing
import VaultTestSupport

/// `ghostvault receipts` as a person uses it: one process per command, data kept in between.
@Suite struct ReceiptsCommandTests {
    @Test("receipts add, list, get and delete round-trip a PNG; a text file renamed .jpg is refused with exit 2")
    func roundTrip() throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        #expect(
            try cli.run("init", "--name", "Home", "--time-zone", "America/New_York", "--currency", "USD").status == 0)
        #expect(try cli.run("accounts", "add", "Cash", "--kind", "cash", "--balance", "100").status == 0)
        let added = try cli.run("add", "-20", "--account", "Cash", "--json")
        let transaction = try #require((try cli.json(added) as? [String: Any])?["id"] as? String)
        let png = cli.home.appendingPathComponent("lunch receipt.png")
        try SampleFiles.png().write(to: png)
        let fake = cli.home.appendingPathComponent("note.jpg")
        try SampleFiles.text().write(to: fake)

        // When a PNG is attached
        let attached = try cli.run("receipts", "add", transaction, png.path)
        #expect(attached.status == 0, "\(attached.stderr)")
        #expect(attached.stdout.contains("Attached lunch receipt.png (PNG, \(SampleFiles.png().count) bytes)"))

        // Then it is listed, as a table and as JSON
        let table = try cli.run("receipts", "list", transaction)
        #expect(table.stdout.contains("lunch receipt.png"))
        #expect(table.stdout.contains("1 receipt."))
        let listed = try #require(
            try cli.json(try cli.run("receipts", "list", transaction, "--json")) as? [[String: Any]])
        #expect(listed.count == 1)
        #expect(listed.first?["contentType"] as? String == "image/png")
        let receipt = try #require(listed.first?["id"] as? String)

        // And its bytes come back exactly
        let saved = cli.home.appendingPathComponent("saved.png")
        let got = try cli.run("receipts", "get", receipt, "--output", saved.path)
        #expect(got.status == 0, "\(got.stderr)")
        #expect(try Data(contentsOf: saved) == SampleFiles.png())
        #expect(try cli.run("receipts", "get", receipt, "--output", saved.path).status != 0)

        // A text file named .jpg is refused, saying what is accepted, and nothing is added
        let refused = try cli.run("receipts", "add", transaction, fake.path)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("JPEG, PNG, WebP or PDF"))
        #expect(try cli.run("receipts", "list", transaction).stdout.contains("1 receipt."))

        // Deleting it leaves none
        #expect(try cli.run("receipts", "delete", receipt).status == 0)
        #expect(try cli.run("receipts", "list", transaction).stdout.contains("no receipts"))
        #expect(try cli.run("receipts", "delete", receipt).status == 2)
    }
}
