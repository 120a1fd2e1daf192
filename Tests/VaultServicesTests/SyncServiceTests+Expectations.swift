import Foundation
import SimpleFIN
import SimpleFINBridge
import Testing
import VaultCore
import VaultServices
import VaultTestSupport

/// Issue 34 item 5: an entry a person makes on a synced account moved "this month" but not the balance, and nothing
/// reconciled it when the bank posted the same purchase. It is now an expectation (pending) that the bank's row
/// merges into, keeping the person's fields.
extension SyncServiceTests {
    /// The standard scenario with a lunch the card posts a day after the person typed it.
    static func lunchScenario() -> BridgeScenario {
        var scenario = scenario()
        scenario.accounts[1].transactions.append(
            .init(
                id: "C-LUNCH", posted: now + day, amount: "-23.40", description: "SQ *CORNER BISTRO 1234",
                payee: "Corner Bistro"))
        return scenario
    }

    @Test(
        "an entry on a synced card is pending until the bank posts it, then one row with the person's fields",
        arguments: TestBackend.enabled)
    func expectation(backend: TestBackend) async throws {
        try await withWorld(backend, scenario: Self.lunchScenario()) { world in
            let first = try await world.sync.connect(setupToken: BridgeHarness.token(world.root, "DEMO"))
            let spentBefore = try await world.scope.reports.month(nil).spending
            // Given the person logs the lunch at the till, on the synced card.
            let typed = try await world.scope.transactions.add(
                TransactionInput(
                    amount: "-23.40", account: "Rewards Visa", date: "2026-11-21", category: "Dining",
                    payee: "Corner Bistro", tags: "work", notes: "team lunch", reimbursement: "unreimbursed"))
            // Then it is an expectation: listed as pending, counted nowhere, the balance the bank's.
            #expect(typed.transaction.isPending)
            #expect(try await world.scope.reports.month(nil).spending == spentBefore)
            #expect(try await world.scope.accounts.find("Rewards Visa").balance.decimalString == "-120.40")
            // When the bank posts it and the household syncs.
            world.clock.advance(days: 2)
            _ = try await world.sync.sync(first.connection.id, trigger: .manual)
            // Then there is one lunch: the bank's row, with the person's category, tags, notes and flags.
            let lunches = try await world.scope.transactions.list(TransactionQuery(search: "corner bistro"))
            #expect(lunches.items.count == 1)
            let lunch = try #require(lunches.items.first).transaction
            #expect(lunch.id == typed.transaction.id)
            #expect(!lunch.isPending && lunch.bankTransactionID == "C-LUNCH" && lunch.source == .bank)
            #expect(lunch.categoryID == typed.transaction.categoryID && lunch.categorySource == .manual)
            #expect(lunch.tags == ["work"] && lunch.notes == "team lunch" && lunch.reimbursementFlag == .unreimbursed)
            #expect(lunch.description == "SQ *CORNER BISTRO 1234")
            let spentAfter = try await world.scope.reports.month(nil).spending
            // The lunch, and the coffee that was pending at the first sync and posted meanwhile ($5.40 with the tip).
            #expect(try spentAfter.subtracting(spentBefore).decimalString == "28.80")
        }
    }

    @Test(
        "an expectation the bank never lists stays, pending, and is not taken for cancelled",
        arguments: TestBackend.enabled)
    func unmatchedExpectation(backend: TestBackend) async throws {
        try await withWorld(backend) { world in
            let first = try await world.sync.connect(setupToken: BridgeHarness.token(world.root, "DEMO"))
            _ = try await world.scope.transactions.add(
                TransactionInput(amount: "-9.99", account: "Rewards Visa", date: "2026-11-21", payee: "Kiosk"))
            world.clock.advance(days: 1)
            _ = try await world.sync.sync(first.connection.id, trigger: .manual)
            let kiosk = try await world.scope.transactions.list(TransactionQuery(search: "kiosk"))
            #expect(kiosk.items.count == 1 && kiosk.items.first?.transaction.isPending == true)
        }
    }

    /// A lunch the card shows pending first (the usual SimpleFIN order), then posts under a new id.
    static func pendingLunchScenario() -> BridgeScenario {
        var scenario = scenario()
        var lunch = BridgeScenario.Transaction(
            id: "P-LUNCH", posted: 0, amount: "-23.40", description: "SQ *CORNER BISTRO 1234",
            transactedAt: now + 3_600, pending: true)
        lunch.becomes = .init(id: "T-LUNCH", posted: now + 2 * day, amount: "-23.40")
        scenario.accounts[1].transactions.append(lunch)
        return scenario
    }

    @Test(
        "the bank's pending row claims the expectation and its posted form settles it: one lunch throughout",
        arguments: TestBackend.enabled)
    func expectationThroughPending(backend: TestBackend) async throws {
        try await withWorld(backend, scenario: Self.pendingLunchScenario()) { world in
            let first = try await world.sync.connect(setupToken: BridgeHarness.token(world.root, "DEMO"))
            let typed = try await world.scope.transactions.add(
                TransactionInput(
                    amount: "-23.40", account: "Rewards Visa", date: "2026-11-21", category: "Dining",
                    payee: "Corner Bistro", notes: "team lunch"))
            func lunches() async throws -> [Transaction] {
                try await world.scope.transactions.list(TransactionQuery(search: "corner bistro")).items.map(
                    \.transaction)
            }
            // The authorisation appears: it is the person's entry, still pending, still theirs.
            world.clock.advance(hours: 2)
            _ = try await world.sync.sync(first.connection.id, trigger: .manual)
            var rows = try await lunches()
            #expect(rows.count == 1 && rows.first?.id == typed.transaction.id)
            #expect(rows.first?.isPending == true && rows.first?.bankTransactionID == "P-LUNCH")
            // It posts under a new id: the same row, settled, with the person's category, notes and payee.
            world.clock.advance(days: 2)
            _ = try await world.sync.sync(first.connection.id, trigger: .manual)
            rows = try await lunches()
            #expect(rows.count == 1 && rows.first?.id == typed.transaction.id)
            let lunch = try #require(rows.first)
            #expect(!lunch.isPending && lunch.bankTransactionID == "T-LUNCH" && lunch.source == .bank)
            #expect(lunch.notes == "team lunch" && lunch.payee == "Corner Bistro" && lunch.categorySource == .manual)
        }
    }

    @Test(
        "an entry moved between a synced and a manual account becomes, or stops being, an expectation",
        arguments: TestBackend.enabled)
    func movedEntry(backend: TestBackend) async throws {
        try await withWorld(backend) { world in
            _ = try await world.sync.connect(setupToken: BridgeHarness.token(world.root, "DEMO"))
            _ = try await world.scope.accounts.add(.init(name: "Wallet", kind: "cash", balance: "50.00"))
            let entry = try await world.scope.transactions.add(
                TransactionInput(amount: "-9.99", account: "Rewards Visa", date: "2026-11-21", payee: "Kiosk"))
            #expect(entry.transaction.isPending)
            let moved = try await world.scope.transactions.edit(
                entry.transaction.id.description, TransactionChanges(account: "Wallet"))
            #expect(!moved.listed.transaction.isPending)
            let back = try await world.scope.transactions.edit(
                entry.transaction.id.description, TransactionChanges(account: "Rewards Visa"))
            #expect(back.listed.transaction.isPending)
        }
    }
}
