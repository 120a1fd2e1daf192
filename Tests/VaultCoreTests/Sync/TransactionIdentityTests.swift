import Foundation
import Testing
import VaultCore

@Suite struct TransactionIdentityTests {
    let household = Household.ID(UUID())
    let account = Account.ID(UUID())

    func stored(
        _ bankID: String?, _ date: String, _ cents: Int64, _ description: String, pending: Bool = false
    ) -> TransactionIdentity.Candidate {
        TransactionIdentity.Candidate(
            Transaction(
                id: Transaction.ID(UUID()), householdID: household, accountID: account, date: LocalDate(iso: date)!,
                amount: Money(minorUnits: cents, currency: .usd), description: description, isPending: pending,
                source: .bank, bankTransactionID: bankID))
    }

    func incoming(
        _ bankID: String, _ date: String, _ cents: Int64, _ description: String, pending: Bool = false
    )
        -> TransactionIdentity.Incoming
    {
        .init(
            bankID: bankID, date: LocalDate(iso: date)!, amount: Money(minorUnits: cents, currency: .usd),
            description: description, payee: nil, isPending: pending)
    }

    @Test("the same bank id in the account is the same transaction, even with changed details")
    func known() {
        let row = stored("T1", "2026-11-01", -500, "COFFEE")
        let decision = TransactionIdentity.decide(
            incoming("T1", "2026-11-02", -550, "COFFEE SHOP"), candidates: [row], listedBankIDs: ["T1"],
            deletedBankIDs: [])
        #expect(decision == .known(row.id))
    }

    @Test("a deleted bank transaction stays deleted")
    func deleted() {
        let decision = TransactionIdentity.decide(
            incoming("T9", "2026-11-01", -500, "X"), candidates: [], listedBankIDs: ["T9"], deletedBankIDs: ["T9"])
        #expect(decision == .deletedByPerson)
    }

    @Test(
        "pending to posted: new id, tip within tolerance, posted within the window, similar payee",
        arguments: [
            ("2026-11-03", Int64(-5_400), "SQ *CAFE LUNA #12", true),  // 20% tip, two days later
            ("2026-11-01", -4_500, "CAFE LUNA", true),  // same day, same amount
            ("2026-11-06", -4_500, "CAFE LUNA", true),  // five days later
            ("2026-11-07", -4_500, "CAFE LUNA", false),  // six days: too late
            ("2026-10-31", -4_500, "CAFE LUNA", false),  // before the authorisation
            ("2026-11-02", -5_700, "CAFE LUNA", false),  // 26.7% more: not a tip
            ("2026-11-02", -4_000, "CAFE LUNA", false),  // less than authorised
            ("2026-11-02", 4_500, "CAFE LUNA", false),  // opposite sign
            ("2026-11-02", -4_500, "PIZZA PALACE", false),  // another merchant
        ])
    func pendingToPosted(date: String, cents: Int64, description: String, matches: Bool) {
        let pending = stored("P1", "2026-11-01", -4_500, "CAFE LUNA AUTH HOLD", pending: true)
        var pendingRow = pending
        pendingRow.description = "Cafe Luna"
        let decision = TransactionIdentity.decide(
            incoming("T77", date, cents, description), candidates: [pendingRow], listedBankIDs: ["T77"],
            deletedBankIDs: [])
        #expect(decision == (matches ? .postedFromPending(pendingRow.id) : .new))
    }

    @Test("a pending item the bank still lists is not taken for another's earlier form")
    func stillListedPending() {
        let pending = stored("P1", "2026-11-01", -4_500, "CAFE LUNA", pending: true)
        let decision = TransactionIdentity.decide(
            incoming("T2", "2026-11-02", -4_500, "CAFE LUNA"), candidates: [pending], listedBankIDs: ["P1", "T2"],
            deletedBankIDs: [])
        #expect(decision == .new)
    }

    @Test("re-issued ids: same date, amount and description under a new id, only once per stored row")
    func reissued() {
        let old = stored("TRN-A", "2026-10-10", -2_000, "NETFLIX.COM")
        let decision = TransactionIdentity.decide(
            incoming("TRN-B", "2026-10-10", -2_000, "NETFLIX.COM"), candidates: [old], listedBankIDs: ["TRN-B"],
            deletedBankIDs: [])
        #expect(decision == .reissued(old.id))
        let twice = TransactionIdentity.decide(
            incoming("TRN-C", "2026-10-10", -2_000, "NETFLIX.COM"), candidates: [old],
            listedBankIDs: ["TRN-B", "TRN-C"],
            deletedBankIDs: [], claimed: [old.id])
        #expect(twice == .new, "two identical charges on one day stay two transactions")
    }

    @Test("among several pending candidates the closest date, then amount, wins")
    func tieBreak() {
        let far = stored("P1", "2026-11-01", -4_500, "CAFE LUNA", pending: true)
        let near = stored("P2", "2026-11-03", -4_500, "CAFE LUNA", pending: true)
        let decision = TransactionIdentity.decide(
            incoming("T5", "2026-11-04", -4_800, "CAFE LUNA"), candidates: [far, near], listedBankIDs: ["T5"],
            deletedBankIDs: [])
        #expect(decision == .postedFromPending(near.id))
    }

    @Test("a deleted pending item stays deleted when it posts, and a deleted row when its id is re-issued")
    func deletedTombstones() {
        let deletedPending = stored("P1", "2026-11-01", -4_500, "CAFE LUNA", pending: true)
        let deletedPosted = stored("T1", "2026-10-10", -2_000, "NETFLIX.COM")
        let posted = TransactionIdentity.decide(
            incoming("T9", "2026-11-02", -5_000, "CAFE LUNA"), candidates: [], listedBankIDs: ["T9"],
            deletedBankIDs: ["P1"],
            deleted: [deletedPending])
        #expect(posted == .deletedByPerson)
        let reissued = TransactionIdentity.decide(
            incoming("T2", "2026-10-10", -2_000, "NETFLIX.COM"), candidates: [], listedBankIDs: ["T2"],
            deletedBankIDs: ["T1"],
            deleted: [deletedPosted])
        #expect(reissued == .deletedByPerson)
    }

    @Test("after a partial failure only bank ids match: nothing is inferred from what the list leaves out")
    func incompleteList() {
        let pending = stored("P1", "2026-11-01", -4_500, "CAFE LUNA", pending: true)
        let decision = TransactionIdentity.decide(
            incoming("T2", "2026-11-02", -4_500, "CAFE LUNA"), candidates: [pending], listedBankIDs: ["T2"],
            deletedBankIDs: [], listIsComplete: false)
        #expect(decision == .new)
    }
}
