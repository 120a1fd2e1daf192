import Foundation
import Testing
import VaultTestSupport

/// `ghostvault backup` and `ghostvault restore` (issue 19, first part): one process per command.
@Suite struct BackupCommandTests {
    @Test("a backup is a private copy; restore puts it back, refuses a database with data without --force")
    func backupAndRestore() throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        #expect(
            try cli.run("init", "--name", "Home", "--time-zone", "America/New_York", "--currency", "USD").status == 0)
        #expect(try cli.run("accounts", "add", "Cash", "--kind", "cash", "--balance", "100").status == 0)
        #expect(try cli.run("add", "-12.50", "--account", "Cash", "--description", "Lunch").status == 0)
        let copy = cli.home.appendingPathComponent("copy.sqlite").path
        let made = try cli.run("backup", copy)
        #expect(made.status == 0, "\(made.stderr)")
        let mode = try FileManager.default.attributesOfItem(atPath: copy)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o600)
        // A second backup to the same file is refused, and the first is untouched
        let again = try cli.run("backup", copy)
        #expect(again.status != 0)
        #expect(again.stderr.contains("already exists"))
        // More data after the backup, then restore without --force: refused, nothing changes
        #expect(try cli.run("add", "-99", "--account", "Cash", "--description", "After").status == 0)
        let refused = try cli.run("restore", copy)
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("--force"))
        #expect(try cli.run("transactions").stdout.contains("After"))
        // With --force the database is the backup's again
        let restored = try cli.run("restore", copy, "--force")
        #expect(restored.status == 0, "\(restored.stderr)")
        #expect(restored.stdout.contains("Home"))
        let listed = try cli.run("transactions").stdout
        #expect(listed.contains("Lunch"))
        #expect(!listed.contains("After"))
        // Into a new database file: no --force needed
        let other = cli.home.appendingPathComponent("other.sqlite").path
        #expect(try cli.run("restore", copy, "--database", other).status == 0)
        #expect(try cli.run("transactions", "--database", other).stdout.contains("Lunch"))
    }

    @Test("a file that is not a backup, or a missing one, is refused and the database is untouched")
    func notABackup() throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        #expect(
            try cli.run("init", "--name", "Home", "--time-zone", "America/New_York", "--currency", "USD").status == 0)
        let junk = cli.home.appendingPathComponent("junk.sqlite")
        try Data("this is not a database".utf8).write(to: junk)
        let refused = try cli.run("restore", junk.path, "--force")
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("not a GhostVault backup"))
        #expect(try cli.run("restore", cli.home.appendingPathComponent("missing.sqlite").path).status != 0)
        #expect(try cli.run("accounts").status == 0, "the database still opens")
        let left = try FileManager.default.contentsOfDirectory(atPath: cli.home.path).filter {
            $0.hasPrefix(".restoring")
        }
        #expect(left.isEmpty, "no staging copy is left behind")
    }
}
