import Foundation
import Testing
import VaultCore

@Suite struct RuleMatcherTests {
    let f = ClassificationFixture()

    @Test(
        "every operator on text and amounts, ignoring case",
        arguments: [
            (RuleCondition(.description, .contains, "joe's"), true),
            (RuleCondition(.description, .contains, "JOES"), false),
            (RuleCondition(.description, .startsWith, "trader"), true),
            (RuleCondition(.description, .startsWith, "joe"), false),
            (RuleCondition(.description, .endsWith, "#552"), true),
            (RuleCondition(.description, .equals, "trader joe's #552"), true),
            (RuleCondition(.description, .equals, "trader joe's"), false),
            (RuleCondition(.description, .regex, "^TRADER\\s+JOE"), true),
            (RuleCondition(.description, .regex, "^joe"), false),
            (RuleCondition(.description, .regex, "TRADER.*552"), true),
            (RuleCondition(.description, .regex, "552.*TRADER"), false),
            (RuleCondition(.description, .regex, "(a|aa)*c$"), false),
            (RuleCondition(.description, .regex, "joe'?s\\s+#\\d+$"), true),
            (RuleCondition(.amount, .regex, "^42\\.1"), true),
            (RuleCondition(.amount, .regex, "^-"), false),
            (RuleCondition(.description, .containsWord, "joe"), true),
            (RuleCondition(.description, .containsWord, "trade"), false),
            (RuleCondition(.description, .containsWord, "joe s"), true),
            (RuleCondition(.description, .containsWord, "Trader  Joe's"), true),
            (RuleCondition(.payee, .containsWord, "joe's"), true),
            (RuleCondition(.description, .containsWord, "joes"), false),
            (RuleCondition(.description, .containsWord, "'"), true),
            (RuleCondition(.description, .containsWord, "!"), false),
            (RuleCondition(.payee, .contains, "trader"), true),
            (RuleCondition(.account, .equals, "checking"), true),
            (RuleCondition(.account, .contains, "visa"), false),
            (RuleCondition(.amount, .greaterThan, "40"), true),
            (RuleCondition(.amount, .greaterThan, "42.10"), false),
            (RuleCondition(.amount, .lessThan, "42.11"), true),
            (RuleCondition(.amount, .between, "42.10", "50"), true),
            (RuleCondition(.amount, .between, "10", "42.09"), false),
            (RuleCondition(.amount, .equals, "42.10"), true),
            (RuleCondition(.amount, .equals, "-42.10"), true),
        ])
    func operators(condition: RuleCondition, matches: Bool) throws {
        let transaction = f.transaction(f.checking, "2026-11-01", -4_210, "TRADER JOE'S #552", payee: "Trader Joe's")
        let matcher = try RuleMatcher(f.rule("r", [condition]))
        #expect(matcher.matches(transaction, account: f.checking) == matches)
    }

    @Test("AND needs every filter, OR any one; inactive rules match nothing")
    func joins() throws {
        let transaction = f.transaction(f.checking, "2026-11-01", -1_000, "NETFLIX.COM")
        let conditions = [
            RuleCondition(.description, .contains, "netflix"), RuleCondition(.amount, .greaterThan, "50"),
        ]
        #expect(
            try RuleMatcher(f.rule("and", conditions, join: .all)).matches(transaction, account: f.checking) == false)
        #expect(try RuleMatcher(f.rule("or", conditions, join: .any)).matches(transaction, account: f.checking) == true)
        var inactive = f.rule("off", conditions, join: .any)
        inactive.isActive = false
        #expect(try RuleMatcher(inactive).matches(transaction, account: f.checking) == false)
    }

    @Test("validation names every problem at once")
    func validation() {
        let rule = Rule(
            id: Rule.ID(UUID()), householdID: f.household, name: "  ", categoryID: nil,
            conditions: [
                RuleCondition(.description, .regex, "(unclosed"), RuleCondition(.payee, .contains, " "),
                RuleCondition(.amount, .greaterThan, "ten"), RuleCondition(.amount, .between, "50", "10"),
                RuleCondition(.amount, .between, "5"),
            ])
        let problems = RuleValidation.problems(rule) { _ in true }
        #expect(
            problems.map(\.field) == [
                "name", "category", "filters[1]", "filters[2]", "filters[3]", "filters[4]", "filters[5]",
            ])
        #expect(problems[2].message.contains("has no matching ')'"))
        #expect(throws: InvalidInput.self) { try RuleMatcher(rule) }
        let empty = Rule(
            id: Rule.ID(UUID()), householdID: f.household, name: "x", categoryID: Category.ID(UUID()), conditions: [])
        #expect(RuleValidation.problems(empty) { _ in false }.map(\.field) == ["category", "filters"])
    }

    @Test("a pattern the engine refuses keeps the rule from running, with the engine's message")
    func refusedPattern() {
        let rule = f.rule("backreference", [RuleCondition(.description, .regex, "(a+)+\\1")])
        #expect {
            try RuleMatcher(rule)
        } throws: { error in
            let problems = (error as? InvalidInput)?.problems ?? []
            return problems.map(\.field) == ["filters[1]"] && problems[0].message.contains("Backreferences")
        }
    }

    @Test("higher priority wins; ties go to a person's rule, then the name, then the id")
    func precedence() {
        let low = f.rule("Zed", [], priority: 1)
        let high = f.rule("Alpha", [], priority: 5)
        let builtIn = f.rule("Aaa", [], priority: 1, origin: .merchantPattern)
        let sameName = f.rule("Zed", [], priority: 1)
        let sorted = [builtIn, low, high, sameName].sorted(by: Rule.precedes)
        #expect(sorted.first?.id == high.id)
        #expect(sorted.last?.id == builtIn.id)
        #expect(Set(sorted[1...2].map(\.id)) == [low.id, sameName.id])
        #expect(Rule.precedes(sorted[1], sorted[2]) && sorted[1].id < sorted[2].id)
    }
}
