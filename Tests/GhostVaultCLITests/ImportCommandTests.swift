import Foundation
import Testing
import VaultTestSupport

/// `ghostvault import bank` as a person uses it: one process per command, data kept in between.
@Suite struct ImportCommandTests {
    @Test("import bank: a preview writes nothing, the import adds every row, a second import adds none")
    func bankFile() throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        #expect(
            try cli.run("init", "--name", "Home", "--time-zone", "America/New_York", "--currency", "EUR").status == 0)
        #expect(try cli.run("accounts", "add", "Giro", "--kind", "checking").status == 0)
        let csv = cli.home.appendingPathComponent("giro.csv")
        try Data(
            "\u{FEFF}Datum;Text;Betrag\n05/11/2026;Café Luna;-4,50\n05/11/2026;Café Luna;-4,50\n13/11/2026;Gehalt;(1.234,56)\n"
                .utf8
        ).write(to: csv)

        // When previewed
        let preview = try cli.run("import", "bank", csv.path, "--account", "Giro", "--preview")
        #expect(preview.status == 0, "\(preview.stderr)")
        #expect(
            preview.stdout.contains("Columns: date 1 (DD/MM/YYYY), amount column 3 (decimal comma), description 2."))
        #expect(preview.stdout.contains("Would add 3 of 3 rows to Giro; 0 already stored. Nothing was imported."))
        #expect(preview.stdout.contains("-1234.56"))

        // Then imported, twice
        let first = try cli.run("import", "bank", csv.path, "--account", "Giro")
        #expect(first.stdout.contains("Added 3 of 3 rows to Giro; 0 were already stored."), "\(first.stderr)")
        let second = try #require(
            try cli.json(try cli.run("import", "bank", csv.path, "--account", "Giro", "--json")) as? [String: Any])
        #expect(second["added"] as? Int == 0)
        #expect(second["skipped"] as? Int == 3)

        // A broken file is refused with exit 2, naming the line and column
        let broken = cli.home.appendingPathComponent("broken.csv")
        try Data("Date,Text,Amount\n2026-11-05,Tea,lots\n".utf8).write(to: broken)
        let refused = try cli.run("import", "bank", broken.path, "--account", "Giro")
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("Line 2, column 'Amount'"))
    }
}
