import Foundation
import Testing
import VaultCore

/// The ingest planner from input to actions, one stage or interaction per case.
@Suite struct IngestPlannerTests {
    let f = ClassificationFixture()

    func bank(
        _ account: Account, _ bankID: String, _ date: String, _ cents: Int64, _ description: String,
        pending: Bool = false, transactedAt: Date? = nil
    ) -> Transaction {
        var row = f.transaction(account, date, cents, description, pending: pending)
        row.bankTransactionID = bankID
        row.transactedAt = transactedAt
        return row
    }

    func manual(_ account: Account, _ date: String, _ cents: Int64, _ description: String) -> Transaction {
        Transaction(
            id: Transaction.ID(UUID()), householdID: f.household, accountID: account.id, date: LocalDate(iso: date)!,
            amount: Money(minorUnits: cents, currency: .usd), description: description, source: .manual)
    }

    /// The plan in words: one line per action, naming rows by description.
    func summary(_ plan: IngestPlan, _ rows: [Transaction]) -> [String] {
        var names = Dictionary(rows.map { ($0.id, $0.description) }, uniquingKeysWith: { a, _ in a })
        for row in plan.inserts { names[row.id] = row.description }
        func name(_ id: Transaction.ID) -> String { names[id] ?? "?" }
        return plan.actions.map { action in
            switch action {
            case .insert(let row, _): "insert \(row.description) \(row.classification)"
            case .update(_, let after, let fields, _):
                "update \(after.description) \(fields.sorted().joined(separator: ","))"
            case .drop(let row, _): "drop \(row.description)"
            case .skip(let bankID, _, _): "skip \(bankID)"
            case .pair(let pair, _): "pair \(name(pair.outflow)) -> \(name(pair.inflow))"
            case .unpair(let pair, _): "unpair \(name(pair.outflow)) -> \(name(pair.inflow))"
            }
        }
    }

    func plan(
        _ batches: [IngestPlanner.Batch] = [], revisit: [Transaction] = [], stored: [Transaction] = [],
        pairs: [TransferMatcher.StoredPair] = [], unlinked: Set<Set<Transaction.ID>> = [],
        deleted: [Account.ID: [TransactionIdentity.Candidate]] = [:], rules: [Rule] = []
    ) throws -> IngestPlan {
        IngestPlanner.plan(
            IngestPlanner.Input(
                batches: batches, revisit: revisit, stored: stored, pairs: pairs, unlinked: unlinked, deleted: deleted,
                accounts: f.accounts, rules: try rules.map { try RuleMatcher($0) }))
    }

    @Test("a new bank row is inserted with the first matching rule's classification, and says why")
    func newRowWithRule() throws {
        let rule = f.rule("Groceries", [RuleCondition(.description, .contains, "SAFEWAY")])
        let row = bank(f.checking, "T1", "2026-11-02", -8_215, "SAFEWAY #1234")
        let result = try plan([.init(account: f.checking.id, rows: [row], listIsComplete: true)], rules: [rule])
        #expect(summary(result, [row]) == ["insert SAFEWAY #1234 expense"])
        #expect(result.inserts.first?.categoryID == rule.categoryID)
        #expect(result.inserts.first?.ruleID == rule.id)
        #expect(result.actions.first?.reason == "new; matched rule 'Groceries'")
    }

    @Test("a manual entry equal and opposite to a stored bank row in another account is paired with it")
    func manualEntryPairs() throws {
        let stored = bank(f.checking, "T1", "2026-11-02", -50_000, "TRANSFER TO SAVINGS")
        let entry = manual(f.savings, "2026-11-03", 50_000, "From checking")
        let result = try plan(
            [.init(account: f.savings.id, rows: [entry], listIsComplete: false)], stored: [stored])
        #expect(
            summary(result, [stored]) == [
                "insert From checking transfer",
                "update TRANSFER TO SAVINGS classification,classificationSource",
                "pair TRANSFER TO SAVINGS -> From checking",
            ])
        #expect(result.inserts.first?.classificationSource == .transferMatch)
    }

    @Test("a known bank id with nothing new plans nothing")
    func knownUnchanged() throws {
        var stored = bank(f.checking, "T1", "2026-11-02", -8_215, "SAFEWAY #1234")
        stored.classification = .expense
        let again = bank(f.checking, "T1", "2026-11-02", -8_215, "SAFEWAY #1234")
        let result = try plan([.init(account: f.checking.id, rows: [again], listIsComplete: true)], stored: [stored])
        #expect(result.actions.isEmpty)
    }

    @Test("a row the bank lists again unchanged keeps its classification; one it changed is classified again")
    func listedAgainUnchanged() throws {
        // A rule saved without "apply now" matches the stored row: listing the row again does not apply it.
        let rule = f.rule("Groceries", [RuleCondition(.description, .contains, "SAFEWAY")])
        var stored = bank(f.checking, "T1", "2026-11-02", -8_215, "SAFEWAY #1234")
        stored.classification = .expense
        let again = bank(f.checking, "T1", "2026-11-02", -8_215, "SAFEWAY #1234")
        let unchanged = try plan(
            [.init(account: f.checking.id, rows: [again], listIsComplete: true)], stored: [stored], rules: [rule])
        #expect(unchanged.actions.isEmpty)

        var corrected = again
        corrected.amount = Money(minorUnits: -8_251, currency: .usd)
        let changed = try plan(
            [.init(account: f.checking.id, rows: [corrected], listIsComplete: true)], stored: [stored], rules: [rule])
        #expect(summary(changed, [stored]) == ["update SAFEWAY #1234 amount,categoryID,categorySource,ruleID"])
        #expect(changed.updates.first?.after.ruleID == rule.id)
    }

    @Test("the exact posted form of a pending row wins over a near one the bank listed first")
    func exactPostedFormWins() throws {
        let at = Date(timeIntervalSince1970: 1_795_000_000)
        var pending = bank(f.card, "P1", "2026-11-01", -655, "PHILZ", pending: true, transactedAt: at)
        pending.notes = "with Sam"
        let near = bank(f.card, "T-A", "2026-11-02", -683, "PHILZ COFFEE")
        let exact = bank(f.card, "T-B", "2026-11-03", -655, "PHILZ", transactedAt: at)
        let result = try plan(
            [.init(account: f.card.id, rows: [near, exact], listIsComplete: true)], stored: [pending])
        let update = try #require(result.updates.first)
        #expect(update.after.id == pending.id)
        #expect(update.after.bankTransactionID == "T-B")
        #expect(update.after.notes == "with Sam")
        #expect(result.inserts.map(\.bankTransactionID) == ["T-A"])
        #expect(result.drops.isEmpty)
    }

    @Test("a re-issued id of a stored posted row is that row, never a pending row's posted form")
    func reissueBeatsPostedForm() throws {
        let pending = bank(f.card, "P1", "2026-11-01", -450, "CAFE LUNA", pending: true)
        let posted = bank(f.card, "T-OLD", "2026-11-02", -450, "CAFE LUNA")
        let reissued = bank(f.card, "T-NEW", "2026-11-02", -450, "CAFE LUNA")
        let result = try plan(
            [.init(account: f.card.id, rows: [reissued], listIsComplete: true)], stored: [pending, posted])
        #expect(result.inserts.isEmpty)
        #expect(result.updates.map(\.after.id) == [posted.id])
        #expect(result.updates.first?.after.bankTransactionID == "T-NEW")
        #expect(result.drops.map(\.id) == [pending.id], "the pending row the bank stopped listing was cancelled")
    }

    @Test("after a partial failure nothing is dropped or inferred from what the bank left out")
    func incompleteList() throws {
        let pending = bank(f.card, "P1", "2026-11-01", -450, "CAFE LUNA", pending: true)
        let posted = bank(f.card, "T1", "2026-11-02", -450, "CAFE LUNA")
        let result = try plan(
            [.init(account: f.card.id, rows: [posted], listIsComplete: false)], stored: [pending])
        #expect(summary(result, [pending]) == ["insert CAFE LUNA expense"])
    }

    @Test("a bank row a person deleted is skipped")
    func deletedSkipped() throws {
        let gone = bank(f.card, "T9", "2026-11-01", -450, "CAFE LUNA")
        let result = try plan(
            [.init(account: f.card.id, rows: [gone], listIsComplete: true)],
            deleted: [f.card.id: [TransactionIdentity.Candidate(gone)]])
        #expect(summary(result, []) == ["skip T9"])
    }

    @Test("a pair a person unlinked is not formed again")
    func unlinkedStays() throws {
        let out = bank(f.checking, "T1", "2026-11-02", -50_000, "TRANSFER")
        let into = bank(f.savings, "S1", "2026-11-02", 50_000, "TRANSFER IN")
        let result = try plan(
            [.init(account: f.savings.id, rows: [into], listIsComplete: true)], stored: [out],
            unlinked: [[out.id, into.id]])
        #expect(summary(result, [out]) == ["insert TRANSFER IN income"])
    }

    @Test("an edit that breaks an equal and opposite pair unpairs it and both sides go back to the default")
    func editUnpairs() throws {
        var out = bank(f.checking, "T1", "2026-11-02", -50_000, "TRANSFER")
        var into = manual(f.savings, "2026-11-02", 50_000, "From checking")
        for index in [0, 1] {
            var row = index == 0 ? out : into
            row.classification = .transfer
            row.classificationSource = .transferMatch
            if index == 0 { out = row } else { into = row }
        }
        let pair = TransferMatcher.Pair(outflow: out.id, inflow: into.id, isCardPayment: false)
        var edited = into
        edited.amount = Money(minorUnits: 40_000, currency: .usd)
        let result = try plan(
            revisit: [edited], stored: [out, into], pairs: [.init(pair: pair, isManual: false)])
        #expect(
            Set(summary(result, [out, into])) == [
                "unpair TRANSFER -> From checking",
                "update TRANSFER classification,classificationSource",
                "update From checking amount,classification,classificationSource",
            ])
        #expect(result.updates.map(\.after.classification).sorted { $0.rawValue < $1.rawValue } == [.expense, .income])
    }

    @Test("a pair a person made stays, and a new row does not take either side")
    func manualPairStays() throws {
        let out = bank(f.checking, "T1", "2026-11-02", -50_000, "TRANSFER")
        var into = manual(f.savings, "2026-11-02", 50_000, "From checking")
        into.classification = .transfer
        into.classificationSource = .transferMatch
        var outPaired = out
        outPaired.classification = .transfer
        outPaired.classificationSource = .transferMatch
        let other = bank(f.card, "C1", "2026-11-02", 50_000, "PAYMENT")
        let pair = TransferMatcher.Pair(outflow: out.id, inflow: into.id, isCardPayment: false)
        let result = try plan(
            [.init(account: f.card.id, rows: [other], listIsComplete: true)], stored: [outPaired, into],
            pairs: [.init(pair: pair, isManual: true)])
        // Unpaired, the card's PAYMENT is still a card payment (issue 34), never a refund.
        #expect(summary(result, [outPaired, into]) == ["insert PAYMENT transfer"])
    }
}
