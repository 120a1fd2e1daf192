import Foundation
import Testing
import VaultTestSupport

/// `ghostvault export-llm` (issue 20): the export on standard output after the leak check, or nothing and
/// exit 1 with the leak named.
@Suite struct ExportLLMCommandTests {
    @Test("the export is printed when the check passes; a leak writes nothing, names it and exits 1")
    func export() throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        #expect(
            try cli.run("init", "--name", "Home", "--time-zone", "America/New_York", "--currency", "USD").status == 0)
        #expect(
            try cli.run("accounts", "add", "Alice's Checking", "--kind", "checking", "--balance", "1234.56").status == 0
        )
        #expect(
            try cli.run(
                "add", "-12.34", "--account", "Alice's Checking", "--date", "2026-11-03", "--category", "Dining",
                "--description", "Shell Gas Station #492"
            ).status == 0)
        let made = try cli.run(
            "export-llm", "--from", "2026-11-01", "--to", "2026-11-20", "--rounding", "nearest-10", "--format", "json")
        #expect(made.status == 0, "\(made.stderr)")
        #expect(made.stdout.contains("\"alias\": \"Asset_A\""))
        #expect(made.stdout.contains("\"balance\": 1220"))
        for secret in ["Alice", "Shell", "2026-11", "1234.56", "12.34"] { #expect(!made.stdout.contains(secret)) }
        // Same input, same bytes.
        let again = try cli.run(
            "export-llm", "--from", "2026-11-01", "--to", "2026-11-20", "--rounding", "nearest-10", "--format", "json")
        #expect(again.stdout == made.stdout)
        // A category named with a date inside the period would carry that date into the export.
        #expect(try cli.run("categories", "add", "Trip 2026-11-04").status == 0)
        #expect(
            try cli.run(
                "add", "-80", "--account", "Alice's Checking", "--date", "2026-11-04", "--category", "Trip 2026-11-04",
                "--description", "Hotel"
            ).status == 0)
        let blocked = try cli.run("export-llm", "--from", "2026-11-01", "--to", "2026-11-20")
        #expect(blocked.status == 1)
        #expect(blocked.stdout.isEmpty)
        #expect(blocked.stderr.contains("2026-11-04"))
        #expect(blocked.stderr.contains("a date inside the period"))
        let refused = try cli.run("export-llm", "--from", "2026-11-20", "--to", "2026-11-01", "--rounding", "100")
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("swap them") && refused.stderr.contains("rounding"))
    }
}
