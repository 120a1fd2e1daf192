import Foundation

extension RuleCondition {
    /// The words a person may type for each operator; the canonical ones are the operators' raw values.
    static let operatorWords: [String: Operator] = [
        "contains": .contains, "starts-with": .startsWith, "startswith": .startsWith, "ends-with": .endsWith,
        "endswith": .endsWith, "contains-word": .containsWord, "word": .containsWord, "equals": .equals,
        "is": .equals, "=": .equals, "regex": .regex, "matches": .regex,
        ">": .greaterThan, "greater-than": .greaterThan, "<": .lessThan, "less-than": .lessThan,
        "between": .between,
    ]

    /// Reads a filter as a person types it: `description contains UBER EATS`, `payee regex ^SQ`,
    /// `amount > 100`, `amount between 10 50`, `account is Checking`.
    ///
    /// Words are separated by spaces (several count as one); the value is the rest of the words joined by
    /// one space. The value is not checked here: `RuleValidation` and `RuleMatcher` say what is wrong with it.
    public init(parsing text: String) throws(Problem) {
        let words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard words.count >= 3 else {
            throw Problem(
                field: "filter",
                message: "'\(text)' needs a field, an operator and a value, like 'description contains UBER'.")
        }
        guard let field = Field(rawValue: words[0].lowercased()) else {
            throw Problem(
                field: "filter", message: "'\(words[0])' is not a field; use description, payee, amount or account.")
        }
        guard let op = Self.operatorWords[words[1].lowercased()] else {
            throw Problem(
                field: "filter",
                message:
                    "'\(words[1])' is not an operator; use contains, contains-word, starts-with, ends-with, equals, regex, >, < or between."
            )
        }
        let rest = Array(words.dropFirst(2))
        if op == .between {
            let numbers = rest.filter { $0.lowercased() != "and" }
            guard numbers.count == 2 else {
                throw Problem(field: "filter", message: "'between' takes two numbers, like 'amount between 10 50'.")
            }
            self.init(field, op, numbers[0], numbers[1])
            return
        }
        self.init(field, op, rest.joined(separator: " "))
    }
}
