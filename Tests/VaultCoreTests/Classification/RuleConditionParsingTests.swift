import Testing
import VaultCore

@Suite struct RuleConditionParsingTests {
    @Test(
        "a filter is read as a person types it",
        arguments: [
            ("description contains UBER EATS", RuleCondition(.description, .contains, "UBER EATS")),
            ("Payee REGEX ^SQ", RuleCondition(.payee, .regex, "^SQ")),
            ("amount > 100", RuleCondition(.amount, .greaterThan, "100")),
            ("amount less-than 5", RuleCondition(.amount, .lessThan, "5")),
            ("amount between 10 and 50", RuleCondition(.amount, .between, "10", "50")),
            ("amount between 10 50", RuleCondition(.amount, .between, "10", "50")),
            ("account is Checking", RuleCondition(.account, .equals, "Checking")),
            ("payee  starts-with   COFFEE  SHOP ", RuleCondition(.payee, .startsWith, "COFFEE SHOP")),
            ("description word gas", RuleCondition(.description, .containsWord, "gas")),
        ])
    func parses(text: String, condition: RuleCondition) throws {
        #expect(try RuleCondition(parsing: text) == condition)
    }

    @Test(
        "a filter that cannot be read says what is wrong",
        arguments: [
            ("description contains", "'description contains' needs a field, an operator and a value"),
            ("colour is red", "'colour' is not a field; use description, payee, amount or account."),
            ("payee like SQ", "'like' is not an operator; use contains, contains-word"),
            ("amount between 10", "'between' takes two numbers"),
            ("amount between 10 and 50 and 60", "'between' takes two numbers"),
        ])
    func refuses(text: String, message: String) {
        do throws(Problem) {
            _ = try RuleCondition(parsing: text)
            Issue.record("'\(text)' was read as a filter")
        } catch {
            #expect(error.field == "filter")
            #expect(error.message.hasPrefix(message), "\(error.message)")
        }
    }
}
