import Foundation
import SQLKit
import SimpleFIN
import SimpleFINBridge
import Testing
import VaultCore
import VaultServices
import VaultTestSupport

@testable import VaultStore

/// Bank sync through the one ingest pipeline: classification in the sync's own transaction, identity
/// decided per batch, and the same history whatever the cadence of syncs (issue 15).
extension SyncServiceTests {
    /// The standard scenario with a savings account whose deposit is the other side of a checking transfer.
    static func transferScenario() -> BridgeScenario {
        var scenario = scenario()
        scenario.accounts[0].transactions.append(
            .init(id: "T-XFER", posted: now - 12 * day, amount: "-500.00", description: "TRANSFER TO SAVINGS"))
        scenario.accounts.append(
            BridgeScenario.Account(
                id: "SAV-1", connectionID: "CON-1", name: "Savings", currency: "USD", balance: "500.00",
                balanceDate: now - 3_600,
                transactions: [
                    .init(id: "S-XFER", posted: now - 11 * day, amount: "500.00", description: "TRANSFER FROM CHECKING")
                ]))
        return scenario
    }

    /// Every transaction as a person sees it, in a stable order, without ids.
    func fingerprint(_ world: World) async throws -> [String] {
        let page = try await world.scope.transactions.list(
            TransactionQuery(includeTransfers: true, sort: "asc", pageSize: 1_000))
        #expect(page.totalCount < 1_000)
        return page.items.map { listed in
            let t = listed.transaction
            return [
                listed.account.name, t.date.description, t.amount.decimalString, t.description,
                t.isPending ? "pending" : "posted", t.classification.rawValue, listed.categoryPath ?? "-",
                t.notes ?? "",
            ].joined(separator: " | ")
        }.sorted()
    }

    @Test(
        "a manual entry equal and opposite to a synced bank row in another account is paired with it",
        arguments: TestBackend.enabled)
    func manualEntryPairsWithBankRow(backend: TestBackend) async throws {
        var scenario = Self.scenario()
        scenario.accounts[0].transactions.append(
            .init(id: "T-XFER", posted: Self.now - 2 * Self.day, amount: "-500.00", description: "TRANSFER OUT 4471"))
        try await withWorld(backend, scenario: scenario) { world in
            _ = try await world.sync.connect(setupToken: BridgeHarness.token(world.root, "DEMO"))
            _ = try await world.scope.accounts.add(.init(name: "Credit Union Savings", kind: "savings"))
            // When a person enters the other side by hand, a day later
            let entry = try await world.scope.transactions.add(
                TransactionInput(
                    amount: "500.00", account: "Credit Union Savings", date: "2026-11-20",
                    description: "From checking"))
            // Then both sides are a transfer pair, and neither counts as income or spending
            #expect(entry.transaction.classification == .transfer)
            #expect(entry.transaction.classificationSource == .transferMatch)
            let bank = try #require(
                try await world.scope.transactions.list(
                    TransactionQuery(search: "transfer out", includeTransfers: true)
                )
                .items.first)
            #expect(bank.transaction.classification == .transfer)
            let pairs = try await TransferService(scope: world.scope).list()
            #expect(
                pairs.map { [$0.outflow.transaction.id, $0.inflow.transaction.id] } == [
                    [bank.transaction.id, entry.transaction.id]
                ])
        }
    }

    @Test(
        "a sync's rows and their classification commit together: a failure while classifying writes none of them",
        arguments: [TestBackend.sqlite])
    func classificationFailureWritesNothing(backend: TestBackend) async throws {
        try await withWorld(backend, scenario: Self.transferScenario()) { world in
            // Writing the transfer pair is part of classifying; make it fail.
            try await world.vault.database.withConnection { sql in
                try await sql.raw(
                    """
                    CREATE TRIGGER refuse_pairs BEFORE INSERT ON transfer_pairs
                    BEGIN SELECT RAISE(ABORT, 'classification failed'); END
                    """
                ).run()
            }
            await #expect(throws: (any Error).self) {
                try await world.sync.connect(setupToken: BridgeHarness.token(world.root, "DEMO"))
            }
            #expect(try await count(world) == 0, "none of the sync's rows are written")
        }
    }

    @Test(
        "a sync after a gap, across the day the bank re-issued ids, duplicates nothing and keeps notes in place",
        arguments: TestBackend.enabled)
    func reissueAcrossGap(backend: TestBackend) async throws {
        // Day 3 (now): first sync. Day 4: the card's posted ids are re-issued. Day 5: the pending coffee of
        // day 2 posts. Day 7: the next sync. A second, posted coffee of the same amount on day 3 is the
        // re-issued row that used to be taken for the pending one's posted form.
        var scenario = Self.scenario()
        var pending = BridgeScenario.Transaction(
            id: "P-LUNA", posted: 0, amount: "-4.50", description: "BLUE BOTTLE", transactedAt: Self.now - Self.day,
            pending: true)
        pending.becomes = .init(id: "T-LUNA", posted: Self.now + 2 * Self.day, amount: "-4.50")
        scenario.accounts[1].transactions += [
            pending,
            .init(id: "T-LUNA-2", posted: Self.now - 2 * 3_600, amount: "-4.50", description: "BLUE BOTTLE"),
        ]
        scenario.accounts[1].reissueIDsAfter = Self.now + Self.day
        try await withWorld(backend, scenario: scenario) { world in
            let first = try await world.sync.connect(setupToken: BridgeHarness.token(world.root, "DEMO"))
            let cafes = try await world.scope.transactions.list(TransactionQuery(search: "blue bottle"))
            let authorised = try #require(cafes.items.first { $0.transaction.isPending })
            _ = try await world.scope.transactions.edit(
                authorised.transaction.id.description, TransactionChanges(notes: "with Sam"))
            world.clock.advance(days: 4)
            _ = try await world.sync.sync(first.connection.id, trigger: .manual)
            let after = try await world.scope.transactions.list(TransactionQuery(search: "blue bottle")).items
            #expect(after.count == 2, "two purchases, two rows: \(after.map(\.transaction.bankTransactionID))")
            #expect(after.allSatisfy { !$0.transaction.isPending })
            let noted = try #require(after.first { $0.transaction.id == authorised.transaction.id })
            #expect(noted.transaction.bankTransactionID == "T-LUNA")
            #expect(noted.transaction.notes == "with Sam")
            #expect(after.contains { $0.transaction.bankTransactionID == "T-LUNA-2-R" })
        }
    }

    @Test(
        "the exact posted form of a pending purchase wins over a near one posted earlier: notes stay on it",
        arguments: TestBackend.enabled)
    func exactPostedFormWins(backend: TestBackend) async throws {
        var scenario = Self.scenario()
        var pending = BridgeScenario.Transaction(
            id: "P-PHILZ", posted: 0, amount: "-6.55", description: "PHILZ", transactedAt: Self.now - 3_600,
            pending: true)
        pending.becomes = .init(id: "T-PHILZ", posted: Self.now + 4 * Self.day, amount: "-6.55")
        scenario.accounts[1].transactions += [
            pending,
            .init(id: "T-PHILZ-2", posted: Self.now + 2 * Self.day, amount: "-6.83", description: "PHILZ COFFEE"),
        ]
        try await withWorld(backend, scenario: scenario) { world in
            let first = try await world.sync.connect(setupToken: BridgeHarness.token(world.root, "DEMO"))
            let authorised = try #require(
                try await world.scope.transactions.list(TransactionQuery(search: "philz")).items.first)
            _ = try await world.scope.transactions.edit(
                authorised.transaction.id.description, TransactionChanges(tags: "work", notes: "team coffee"))
            world.clock.advance(days: 5)
            _ = try await world.sync.sync(first.connection.id, trigger: .manual)
            let after = try await world.scope.transactions.list(TransactionQuery(search: "philz")).items
            #expect(after.count == 2)
            let noted = try #require(after.first { $0.transaction.id == authorised.transaction.id })
            #expect(noted.transaction.bankTransactionID == "T-PHILZ")
            #expect(noted.transaction.amount.decimalString == "-6.55")
            #expect(noted.transaction.tags == ["work"])
            let other = try #require(after.first { $0.transaction.id != authorised.transaction.id })
            #expect(other.transaction.amount.decimalString == "-6.83")
            #expect(other.transaction.notes == nil)
        }
    }

    @Test(
        "syncing daily, every third day or once at the end gives the same transactions and monthly totals",
        arguments: TestBackend.enabled)
    func cadenceIndependent(backend: TestBackend) async throws {
        let days = 9
        let results = Results()
        for every in [1, 3, days] {
            try await withWorld(backend, scenario: Self.transferScenario()) { world in
                if every == days { world.clock.advance(days: days) }
                let first = try await world.sync.connect(setupToken: BridgeHarness.token(world.root, "DEMO"))
                if every < days {
                    for day in 1...days {
                        world.clock.advance(days: 1)
                        if day % every == 0 { _ = try await world.sync.sync(first.connection.id, trigger: .manual) }
                    }
                }
                // Re-running all history, in chunks, agrees with what the syncs planned incrementally.
                let rerun = try await ClassificationService(scope: world.scope, chunkSize: 5).run()
                #expect(rerun.changes.isEmpty && rerun.pairsAdded == 0 && rerun.pairsRemoved == 0)
                var seen = try await fingerprint(world)
                for month in ["2026-08", "2026-09", "2026-10", "2026-11"] {
                    let report = try await world.scope.reports.month(month)
                    seen.append(
                        "\(month): income \(report.income.decimalString), spending \(report.spending.decimalString)")
                }
                await results.append(seen)
            }
        }
        let seen = await results.items
        #expect(seen[0] == seen[1])
        #expect(seen[0] == seen[2])
        #expect(seen[0].contains { $0.contains("TRANSFER TO SAVINGS") && $0.contains("transfer") })
    }
}

/// What each run of a test saw, gathered across worlds.
private actor Results {
    var items: [[String]] = []

    func append(_ item: [String]) { items.append(item) }
}
