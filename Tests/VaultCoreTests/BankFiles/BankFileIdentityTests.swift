import Foundation
import Testing
import VaultCore

/// A bank file's identity rule (`BankFileIdentity`) and the planner's matching of file rows by content.
@Suite struct BankFileIdentityTests {
    let f = ClassificationFixture()

    func fileRow(_ date: String, _ cents: Int64, _ description: String, bankID: String? = nil) -> BankFileRow {
        BankFileRow(
            date: LocalDate(iso: date)!, amount: Money(minorUnits: cents, currency: .usd), description: description,
            bankID: bankID, line: 1)
    }

    /// File rows as the service makes them: each under its derived bank id, from the import source.
    func batch(_ rows: [BankFileRow]) -> IngestPlanner.Batch {
        let transactions = zip(rows, BankFileIdentity.bankIDs(for: rows)).map { row, bankID in
            Transaction(
                id: Transaction.ID(UUID()), householdID: f.household, accountID: f.checking.id, date: row.date,
                amount: row.amount, description: row.description, source: .import, bankTransactionID: bankID)
        }
        return IngestPlanner.Batch(
            account: f.checking.id, rows: transactions, listIsComplete: false, matchesStoredContent: true)
    }

    func plan(_ batch: IngestPlanner.Batch, stored: [Transaction]) -> IngestPlan {
        IngestPlanner.plan(IngestPlanner.Input(batches: [batch], stored: stored, accounts: f.accounts, rules: []))
    }

    @Test("two identical coffees on one day are two ids; the bank's ids stay, a repeated one is numbered")
    func ids() {
        let coffee = fileRow("2024-01-05", -450, "SQ *CAFE LUNA #12")
        #expect(
            BankFileIdentity.bankIDs(for: [coffee, coffee, fileRow("2024-01-05", -450, "Tea")])
                == [
                    "file:2024-01-05:-450:cafe luna:1", "file:2024-01-05:-450:cafe luna:2",
                    "file:2024-01-05:-450:tea:1",
                ])
        let fitid = fileRow("2024-01-05", -450, "X", bankID: "F1")
        #expect(BankFileIdentity.bankIDs(for: [fitid, fitid]) == ["F1", "F1#2"])
    }

    @Test("two identical coffees in one file are two rows, and importing the file again adds none")
    func reimport() {
        let coffee = fileRow("2024-01-05", -450, "Cafe Luna")
        let first = plan(batch([coffee, coffee]), stored: [])
        #expect(first.inserts.count == 2)
        let again = plan(batch([coffee, coffee]), stored: first.inserts)
        #expect(again.inserts.isEmpty)
        #expect(again.updates.isEmpty)
        #expect(again.skipped.isEmpty)
    }

    @Test("a row bank sync brought under its own id, a day apart and described differently, is skipped once")
    func overlapWithSync() {
        var synced = f.transaction(f.checking, "2024-01-06", -450, "Cafe Luna")
        synced.bankTransactionID = "SIMPLEFIN-1"
        let coffee = fileRow("2024-01-05", -450, "CARD PAYMENT TO CAFE LUNA")
        let result = plan(batch([coffee, coffee]), stored: [synced])
        #expect(result.inserts.count == 1)
        #expect(result.skipped == ["file:2024-01-05:-450:card payment to cafe luna:1"])
        #expect(
            result.actions.contains {
                $0.reason == "skipped: already stored (same amount, 1 day apart, similar description)"
            })
    }

    @Test("the same amount with an unrelated description, or four days apart, is not taken for a stored row")
    func notOverlapping() {
        var synced = f.transaction(f.checking, "2024-01-01", -450, "Cafe Luna")
        synced.bankTransactionID = "S1"
        let result = plan(
            batch([fileRow("2024-01-01", -450, "Bookshop"), fileRow("2024-01-05", -450, "Cafe Luna")]), stored: [synced]
        )
        #expect(result.inserts.count == 2)
    }

    @Test("rows matched by content are matched one to one, nearest date first")
    func oneToOne() {
        let stored = (1...2).map { day -> Transaction in
            var row = f.transaction(f.checking, "2024-01-0\(day)", -1000, "ATM WITHDRAWAL")
            row.bankTransactionID = "S\(day)"
            return row
        }
        let found = TransactionIdentity.overlaps(
            [
                TransactionIdentity.Incoming(
                    bankID: "a", date: LocalDate(iso: "2024-01-02")!, amount: Money(minorUnits: -1000, currency: .usd),
                    description: "ATM", payee: nil, isPending: false),
                TransactionIdentity.Incoming(
                    bankID: "b", date: LocalDate(iso: "2024-01-01")!, amount: Money(minorUnits: -1000, currency: .usd),
                    description: "ATM WITHDRAWAL", payee: nil, isPending: false),
            ], candidates: stored.map(TransactionIdentity.Candidate.init))
        #expect(found == [0: stored[1].id, 1: stored[0].id])
    }
}
