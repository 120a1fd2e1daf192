import Foundation
import Testing
import VaultCore

@Suite struct TransferMatcherTests {
    let f = ClassificationFixture()

    @Test("a simple pair: equal and opposite, different accounts, within 3 days")
    func simplePair() {
        let out = f.transaction(f.checking, "2026-11-02", -50_000, "TRANSFER TO SAVINGS")
        let into = f.transaction(f.savings, "2026-11-03", 50_000, "TRANSFER FROM CHECKING")
        let pairs = TransferMatcher.pairs(in: [out, into], accounts: f.accounts)
        #expect(pairs == [.init(outflow: out.id, inflow: into.id, isCardPayment: false)])
    }

    @Test("with two candidates the closer date wins, and each side is used once")
    func closestFirst() {
        let out = f.transaction(f.checking, "2026-11-05", -20_000)
        let far = f.transaction(f.savings, "2026-11-02", 20_000)
        let near = f.transaction(f.savings, "2026-11-06", 20_000)
        let pairs = TransferMatcher.pairs(in: [far, out, near], accounts: f.accounts)
        #expect(pairs.map(\.inflow) == [near.id])
    }

    @Test(
        "not matched: 4 days apart, the same account, pending, unequal amounts",
        arguments: [
            ("2026-11-05", false, true, Int64(10_000)),
            ("2026-11-04", true, true, 10_000),
            ("2026-11-04", false, false, 10_000),
            ("2026-11-04", false, true, 10_001),
        ])
    func notMatched(date: String, sameAccount: Bool, posted: Bool, cents: Int64) {
        let out = f.transaction(f.checking, "2026-11-01", -10_000)
        let into = f.transaction(sameAccount ? f.checking : f.savings, date, cents, pending: !posted)
        #expect(TransferMatcher.pairs(in: [out, into], accounts: f.accounts).isEmpty)
    }

    @Test("a pending side is matched once it posts; an unlinked pair stays unlinked")
    func pendingThenPostedAndUnlinked() {
        let out = f.transaction(f.checking, "2026-11-01", -10_000)
        var into = f.transaction(f.savings, "2026-11-02", 10_000, pending: true)
        #expect(TransferMatcher.pairs(in: [out, into], accounts: f.accounts).isEmpty)
        into.isPending = false
        #expect(TransferMatcher.pairs(in: [out, into], accounts: f.accounts).count == 1)
        #expect(TransferMatcher.pairs(in: [out, into], accounts: f.accounts, unlinked: [[out.id, into.id]]).isEmpty)
    }

    @Test("paying a credit card from checking is a card payment on both sides")
    func cardPayment() {
        let payment = f.transaction(f.checking, "2026-11-25", -94_575, "SUMMIT CARD PAYMENT")
        let credit = f.transaction(f.card, "2026-11-25", 94_575, "PAYMENT THANK YOU")
        let pair = TransferMatcher.pairs(in: [payment, credit], accounts: f.accounts).first
        #expect(pair?.isCardPayment == true)
    }
}
