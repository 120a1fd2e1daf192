import Foundation
import Testing
import VaultCore

/// A rule's reach: what an index can find of the rows it matches.
@Suite struct RuleReachTests {
    let f = ClassificationFixture()

    var accounts: [Account] { [f.checking, f.savings, f.card] }

    func reach(_ conditions: [RuleCondition], join: Rule.Join = .all, active: Bool = true) -> RuleReach? {
        var rule = f.rule("Draft", conditions, join: join)
        rule.isActive = active
        return RuleReach(rule, accounts: accounts)
    }

    @Test("texts become folded fragments; a pattern of literals its runs; words each word")
    func fragments() {
        #expect(reach([RuleCondition(.description, .contains, "Uber *Eats")])?.parts.map(\.fragments) == [["ubereats"]])
        #expect(reach([RuleCondition(.payee, .startsWith, "Blue Bottle")])?.parts.map(\.fragments) == [["bluebottle"]])
        #expect(
            reach([RuleCondition(.description, .regex, "EMPLOYER.*DEPOSIT")])?.parts.map(\.fragments)
                == [["employer", "deposit"]])
        #expect(
            reach([RuleCondition(.description, .containsWord, "to savings")])?.parts.map(\.fragments) == [["savings"]])
        #expect(
            reach([RuleCondition(.description, .contains, "coffee"), RuleCondition(.payee, .contains, "philz")])?.parts
                .map(\.fragments) == [["coffee", "philz"]])
    }

    @Test("what no index finds reads everything: a pattern, an amount, a short or non-ASCII text, numbers in text")
    func unreachable() {
        #expect(reach([RuleCondition(.description, .regex, "^UBER (EATS|TRIP)")]) == nil)
        #expect(reach([RuleCondition(.amount, .greaterThan, "100")]) == nil)
        #expect(reach([RuleCondition(.description, .contains, "ab")]) == nil)
        #expect(reach([RuleCondition(.description, .contains, "café")]) == nil)
        #expect(reach([RuleCondition(.description, .greaterThan, "5")]) == nil)
        #expect(
            reach(
                [RuleCondition(.description, .contains, "coffee"), RuleCondition(.amount, .lessThan, "5")], join: .any)
                == nil)
        // With all of them required, the condition an index finds is enough.
        #expect(
            reach([RuleCondition(.description, .contains, "coffee"), RuleCondition(.amount, .lessThan, "5")])?.parts
                .map(\.fragments) == [["coffee"]])
    }

    @Test("account conditions are decided per account; an inactive rule reaches nothing")
    func accountsAndInactive() {
        let savingsOnly = reach([RuleCondition(.account, .equals, "savings")])
        #expect(savingsOnly?.parts.map(\.accounts) == [[f.savings.id]])
        let none = reach([RuleCondition(.account, .equals, "brokerage")])
        #expect(none?.parts.map(\.accounts) == [[]])
        let both = reach(
            [RuleCondition(.account, .contains, "ing"), RuleCondition(.description, .contains, "rent")], join: .any)
        #expect(both?.parts.map(\.accounts) == [[f.checking.id, f.savings.id], nil])
        #expect(reach([RuleCondition(.description, .contains, "coffee")], active: false)?.parts == [])
    }

    @Test("every row a rule matches is in its reach", arguments: 0..<5)
    func superset(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let descriptions = [
            "UBER *EATS PENDING", "Uber Eats", "UBER   TRIP 55", "PHILZ COFFEE #12", "Blue-Bottle Coffee", "ÉCOLE CAFÉ",
            "TRANSFER TO SAVINGS ...1177", "EMPLOYER INC DIRECT DEPOSIT", "AMAZON.COM*ORDER", "WHOLE FOODS MARKET",
        ]
        let values = [
            "uber", "eats", "coffee", "uber eats", "whole foods", "to savings", "amazon.com", "deposit", "café",
        ]
        let ops: [RuleCondition.Operator] = [.contains, .startsWith, .endsWith, .equals, .containsWord]
        for _ in 0..<200 {
            let conditions = (0..<Int.random(in: 1...2, using: &random)).map { _ in
                Bool.random(using: &random)
                    ? RuleCondition(
                        [.description, .payee].randomElement(using: &random)!, ops.randomElement(using: &random)!,
                        values.randomElement(using: &random)!)
                    : RuleCondition(.account, .contains, ["check", "sav", "visa"].randomElement(using: &random)!)
            }
            let rule = f.rule("Draft", conditions, join: Bool.random(using: &random) ? .all : .any)
            guard let matcher = try? RuleMatcher(rule), let reach = RuleReach(rule, accounts: accounts) else {
                continue
            }
            for description in descriptions {
                let account = accounts.randomElement(using: &random)!
                let row = f.transaction(
                    account, "2026-01-05", -500, description, payee: Bool.random(using: &random) ? description : nil)
                guard matcher.matches(row, account: account) else { continue }
                let found = reach.parts.contains { part in
                    part.fragments.allSatisfy { row.searchKey.contains($0) }
                        && (part.accounts?.contains(account.id) ?? true)
                }
                #expect(found, "\(conditions) matches '\(description)' in \(account.name) outside its reach")
            }
        }
    }
}
