import Foundation

/// A rule made ready to run over many transactions: text lower-cased once, regular expressions compiled
/// once, amounts parsed once (per currency, when first needed).
///
/// Text operators ignore case. Amount operators compare the amount's size, so "greater than 100"
/// means more than 100 in or out, as people say it; `between` includes both ends.
public struct RuleMatcher: Sendable {
    public let rule: Rule
    private let conditions: [Compiled]

    private struct Compiled: @unchecked Sendable {
        // NSRegularExpression is immutable once made and documented as safe to share between threads.
        let condition: RuleCondition
        let text: String
        let regex: NSRegularExpression?
    }

    /// Compiles a rule; throws the validation problems when it cannot run (an invalid regex, say).
    public init(_ rule: Rule) throws(InvalidInput) {
        let problems = RuleValidation.conditionProblems(rule.conditions)
        guard problems.isEmpty else { throw InvalidInput(problems) }
        self.rule = rule
        self.conditions = rule.conditions.map { condition in
            Compiled(
                condition: condition, text: condition.value.lowercased(),
                regex: condition.op == .regex
                    ? try? NSRegularExpression(pattern: condition.value, options: [.caseInsensitive]) : nil)
        }
    }

    /// Whether the rule matches a transaction held in `account`.
    public func matches(_ transaction: Transaction, account: Account) -> Bool {
        guard rule.isActive, !conditions.isEmpty else { return false }
        switch rule.join {
        case .all: return conditions.allSatisfy { test($0, transaction, account) }
        case .any: return conditions.contains { test($0, transaction, account) }
        }
    }

    private func test(_ compiled: Compiled, _ transaction: Transaction, _ account: Account) -> Bool {
        let condition = compiled.condition
        switch condition.field {
        case .amount:
            return compare(transaction.amount, condition)
        case .description:
            return text(transaction.description, compiled)
        case .payee:
            return text(transaction.payee ?? "", compiled)
        case .account:
            return text(account.displayName, compiled) || (account.nickname != nil && text(account.name, compiled))
        }
    }

    private func text(_ subject: String, _ compiled: Compiled) -> Bool {
        let lower = subject.lowercased()
        switch compiled.condition.op {
        case .contains: return lower.contains(compiled.text)
        case .startsWith: return lower.hasPrefix(compiled.text)
        case .endsWith: return lower.hasSuffix(compiled.text)
        case .equals: return lower == compiled.text
        case .regex:
            guard let regex = compiled.regex else { return false }
            return regex.firstMatch(in: subject, range: NSRange(subject.startIndex..., in: subject)) != nil
        case .greaterThan, .lessThan, .between:
            // Numeric operators on a text field compare the text as a number, when it is one.
            guard let number = Decimal(string: subject.trimmingCharacters(in: .whitespaces)) else { return false }
            return numeric(number, compiled.condition)
        }
    }

    private func compare(_ amount: Money, _ condition: RuleCondition) -> Bool {
        let size = Decimal(amount.minorUnits.magnitude) / pow(10, amount.currency.exponent)
        switch condition.op {
        case .equals: return Decimal(string: condition.value).map { $0.magnitude == size } ?? false
        case .contains, .startsWith, .endsWith, .regex:
            // Text operators on an amount look at its decimal text ("12.50").
            let text = amount.decimalString.trimmingCharacters(in: CharacterSet(charactersIn: "-"))
            switch condition.op {
            case .contains: return text.contains(condition.value)
            case .startsWith: return text.hasPrefix(condition.value)
            case .endsWith: return text.hasSuffix(condition.value)
            default:
                return (try? NSRegularExpression(pattern: condition.value))?.firstMatch(
                    in: text, range: NSRange(text.startIndex..., in: text)) != nil
            }
        case .greaterThan, .lessThan, .between:
            return numeric(size, condition)
        }
    }

    private func numeric(_ number: Decimal, _ condition: RuleCondition) -> Bool {
        guard let low = Decimal(string: condition.value)?.magnitude else { return false }
        switch condition.op {
        case .greaterThan: return number > low
        case .lessThan: return number < low
        case .between:
            guard let high = condition.secondValue.flatMap({ Decimal(string: $0) })?.magnitude else { return false }
            return low <= number && number <= high
        default: return false
        }
    }
}

/// Checking rules before they are saved; every problem is reported at once.
public enum RuleValidation {
    /// Every problem with a rule: an empty name, no category and no classification, no conditions,
    /// a condition without a value, an invalid regular expression, an amount that is not a number, a
    /// `between` whose bounds are missing or reversed.
    public static func problems(_ rule: Rule, categoryExists: (Category.ID) -> Bool) -> [Problem] {
        var problems: [Problem] = []
        if rule.name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            problems.append(Problem(field: "name", message: "A rule needs a name."))
        }
        if let category = rule.categoryID {
            if !categoryExists(category) {
                problems.append(Problem(field: "category", message: "The category does not exist."))
            }
        } else if rule.classification == nil {
            problems.append(Problem(field: "category", message: "Choose the category the rule assigns."))
        }
        if rule.conditions.isEmpty {
            problems.append(Problem(field: "filters", message: "A rule needs at least one filter."))
        }
        return problems + conditionProblems(rule.conditions)
    }

    /// The problems of the conditions alone.
    static func conditionProblems(_ conditions: [RuleCondition]) -> [Problem] {
        var problems: [Problem] = []
        for (index, condition) in conditions.enumerated() {
            let field = "filters[\(index + 1)]"
            let value = condition.value.trimmingCharacters(in: .whitespaces)
            if value.isEmpty {
                problems.append(Problem(field: field, message: "Filter \(index + 1) has no value."))
                continue
            }
            if condition.op == .regex {
                do {
                    _ = try NSRegularExpression(pattern: condition.value)
                } catch {
                    problems.append(
                        Problem(field: field, message: "'\(condition.value)' is not a valid regular expression."))
                }
            }
            if condition.op.isNumeric || condition.field == .amount && condition.op == .equals {
                if Decimal(string: value) == nil {
                    problems.append(Problem(field: field, message: "'\(value)' is not a number."))
                }
                if condition.op == .between {
                    guard let upper = condition.secondValue.flatMap({ Decimal(string: $0) }) else {
                        problems.append(Problem(field: field, message: "'Between' needs a second, higher number."))
                        continue
                    }
                    if let lower = Decimal(string: value), lower.magnitude > upper.magnitude {
                        problems.append(Problem(field: field, message: "The first number is above the second."))
                    }
                }
            }
        }
        return problems
    }
}
