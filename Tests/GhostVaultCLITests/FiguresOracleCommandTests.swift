import Foundation
import Testing
import VaultCore
import VaultServices
import VaultTestSupport

/// The command line's reports against the reference oracle of docs/figures.md (issue 34): the month report, the
/// budget and net worth of a generated household, as `ghostvault report ... --json` prints them. The command line
/// runs at the real clock, so the reference is taken at the household's real today.
@Suite struct FiguresOracleCommandTests {
    @Test("report month, budget and networth print the reference's figures")
    func reports() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let path = cli.home.appendingPathComponent("oracle.sqlite").path
        let zone = TimeZone(identifier: "America/New_York")!
        let today = LocalDate(Date(), in: zone)
        let reference = try await TestBackend.withOpened(path) { database in
            let vault = Fixture.vault(database)
            let household = try await vault.households.create(
                .init(name: "Oracle", timeZone: zone.identifier, currency: "USD"))
            let scope = vault.household(household.id)
            try await OracleHousehold.generate(scope, seed: 7)
            return try await FiguresReference.read(scope, today: today)
        }
        func report(_ arguments: String...) throws -> [String: Any] {
            let result = try cli.run(["--database", path, "report"] + arguments + ["--json"])
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            return try #require(try cli.json(result) as? [String: Any])
        }
        var checked = 0
        for month in reference.months {
            let expected = reference.totals(in: month.first, through: month.last)
            let printed = try report("month", "--month", month.description)
            for (name, value) in [("income", expected.income), ("spending", expected.spending), ("net", expected.net)] {
                #expect(printed[name] as? String == FiguresReference.decimal(value), "\(month) \(name)")
                checked += 1
            }
            let lines = (printed["spendingByCategory"] as? [[String: Any]] ?? []).filter { $0["depth"] as? Int == 0 }
            for (name, amount) in expected.topLevel {
                let line = lines.first { $0["name"] as? String == name }
                #expect(line?["amount"] as? String == FiguresReference.decimal(amount), "\(month) \(name)")
                let share = expected.shares[name].map(FiguresReference.percent)
                #expect(line?["share"] as? String == share, "\(month) \(name) share")
                checked += 2
            }
        }
        let month = CalendarMonth(containing: today)
        let spent = reference.totals(in: month.first, through: month.last)
        let budget = try report("budget")
        for (name, target) in reference.targets {
            let line = (budget["lines"] as? [[String: Any]])?.first { $0["name"] as? String == name }
            let left = target - (spent.rolled[name] ?? 0)
            #expect(line?["remaining"] as? String == FiguresReference.decimal(left), "\(name) left")
            checked += 1
        }
        let worth = (try report("networth"))["totals"] as? [String: Any]
        #expect(worth?["netWorth"] as? String == FiguresReference.decimal(reference.assets - reference.liabilities))
        checked += 1
        #expect(checked > 40, "\(checked) figures checked")
    }
}
