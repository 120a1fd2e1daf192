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

    @Test("import bank: --columns sets every column, --money-out positive reads card purchases, --encoding is chosen")
    func readRight() throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        #expect(try cli.run("init", "--name", "Home", "--time-zone", "UTC", "--currency", "USD").status == 0)
        #expect(try cli.run("accounts", "add", "Visa", "--kind", "credit-card").status == 0)
        let csv = cli.home.appendingPathComponent("visa.csv")
        try Data("2026-11-05;ref1;GROCER;54,20;\n2026-11-20;ref2;PAYMENT;-94,20;thanks\n".utf8).write(to: csv)
        let preview = try cli.run(
            "import", "bank", csv.path, "--account", "Visa", "--preview", "--no-header", "--separator", "semicolon",
            "--decimal", "comma", "--columns", "date=1,amount=4,description=3,notes=5", "--money-out", "positive")
        #expect(preview.status == 0, "\(preview.stderr)")
        #expect(
            preview.stdout.contains(
                "Columns: date 1 (YYYY-MM-DD), amount column 4 (decimal comma), description 3, notes 5."))
        #expect(preview.stdout.contains("Purchases are written as positive numbers in column 4"))
        #expect(preview.stdout.contains("-54.20"))
        #expect(preview.stdout.contains("94.20"))
        let bad = try cli.run("import", "bank", csv.path, "--account", "Visa", "--columns", "amount")
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("--columns takes name=number pairs"))
        // Bytes that read as Chinese or Korean: refused, then read as chosen
        let text = cli.home.appendingPathComponent("gb.csv")
        try Data(Array("Date,Description,Amount\n2026-11-05,".utf8) + [0xC4, 0xE3, 0xBA, 0xC3] + Array(",-1\n".utf8))
            .write(to: text)
        let refused = try cli.run("import", "bank", text.path, "--account", "Visa", "--preview")
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("Choose the encoding"))
        let chosen = try cli.run("import", "bank", text.path, "--account", "Visa", "--preview", "--encoding", "gb18030")
        #expect(chosen.stdout.contains("你好"), "\(chosen.stderr)")
        #expect(chosen.stdout.contains("Text encoding: gb18030."))
    }
}
