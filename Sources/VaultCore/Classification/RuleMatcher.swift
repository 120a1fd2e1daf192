import Foundation

/// A rule made ready to run over many transactions: text folded to lower-case bytes once, patterns
/// compiled once to `RulePattern`s, which match in linear time (and skipped for patterns that are plain
/// words or words joined by `.*`, which are searched for directly), amount bounds scaled to whole numbers once.
///
/// Text operators ignore case. Amount operators compare the amount's size, so "greater than 100"
/// means more than 100 in or out, as people say it; `between` includes both ends.
public struct RuleMatcher: Sendable {
    public let rule: Rule
    private let conditions: [Compiled]

    private enum Test: Sendable {
        case contains([UInt8])
        case startsWith([UInt8])
        case endsWith([UInt8])
        case equals([UInt8])
        case word([UInt8])
        /// Literals that must appear in this order (a pattern like `EMPLOYER.*DEPOSIT`).
        case orderedLiterals([[UInt8]])
        case regex(RulePattern)
        /// Amount bounds in ten-thousandths of a unit (four decimals cover every ISO currency).
        case amountAbove(Int64)
        case amountBelow(Int64)
        case amountBetween(Int64, Int64)
        case amountEquals(Int64)
        /// Anything rarer (text operators on amounts, numbers in text): the general path.
        case general
    }

    private struct Compiled: Sendable {
        let condition: RuleCondition
        let test: Test
    }

    /// Compiles a rule; throws the validation problems when it cannot run (an invalid regex, say).
    public init(_ rule: Rule) throws(InvalidInput) {
        let problems = RuleValidation.conditionProblems(rule.conditions)
        guard problems.isEmpty else { throw InvalidInput(problems) }
        self.rule = rule
        self.conditions = rule.conditions.map { Compiled(condition: $0, test: Self.compile($0)) }
    }

    private static func compile(_ condition: RuleCondition) -> Test {
        let bytes = Array(condition.value.lowercased().utf8)
        if condition.op == .regex {
            // Amounts are matched as text ("12.50"), so only text fields take the literal fast path.
            if condition.field != .amount, let literals = orderedLiterals(condition.value) {
                return .orderedLiterals(literals)
            }
            // The conditions were validated, so the pattern compiles.
            return (try? RulePattern(condition.value)).map(Test.regex) ?? .general
        }
        if condition.field == .amount {
            guard let low = scaled(condition.value) else { return .general }
            switch condition.op {
            case .greaterThan: return .amountAbove(low)
            case .lessThan: return .amountBelow(low)
            case .equals: return .amountEquals(low)
            case .between: return scaled(condition.secondValue ?? "").map { .amountBetween(low, $0) } ?? .general
            default: return .general
            }
        }
        switch condition.op {
        case .contains: return .contains(bytes)
        case .startsWith: return .startsWith(bytes)
        case .endsWith: return .endsWith(bytes)
        case .equals: return .equals(bytes)
        case .containsWord:
            // A needle with no letters or digits (`!`, `&`) has no words: it is looked for as written (found by
            // scripts/fuzz rule-filter).
            let words = ByteSearch.words(bytes)
            return words.isEmpty ? .contains(bytes) : .word(words)
        case .regex: return .general
        case .greaterThan, .lessThan, .between: return .general
        }
    }

    /// A pattern made only of plain characters, or plain runs joined by `.*`, as lower-case byte runs.
    static func orderedLiterals(_ pattern: String) -> [[UInt8]]? {
        let special = Set("\\^$|?*+()[]{}.")
        let runs = pattern.components(separatedBy: ".*")
        guard runs.allSatisfy({ !$0.isEmpty && !$0.contains(where: special.contains) }) else { return nil }
        return runs.map { Array($0.lowercased().utf8) }
    }

    /// A decimal text as ten-thousandths of its magnitude (`"12.5"` is 125000); nil when it is not one.
    static func scaled(_ text: String) -> Int64? {
        guard let money = try? Money(parsing: text, currency: Currency(code: "X", exponent: 4)) else { return nil }
        return Int64(exactly: money.minorUnits.magnitude)
    }

    /// Whether the rule matches a transaction held in `account`.
    public func matches(_ transaction: Transaction, account: Account) -> Bool {
        matches(RuleSubject(transaction, account: account))
    }

    /// Whether the rule matches a transaction already prepared for matching.
    public func matches(_ subject: RuleSubject) -> Bool {
        guard rule.isActive, !conditions.isEmpty else { return false }
        switch rule.join {
        case .all: return conditions.allSatisfy { test($0, subject) }
        case .any: return conditions.contains { test($0, subject) }
        }
    }

    private func test(_ compiled: Compiled, _ subject: RuleSubject) -> Bool {
        switch compiled.condition.field {
        case .description:
            if case .word(let needle) = compiled.test {
                return ByteSearch.containsWord(needle, in: subject.descriptionWords)
            }
            return text(compiled, subject.description, subject.transaction.description)
        case .payee:
            if case .word(let needle) = compiled.test { return ByteSearch.containsWord(needle, in: subject.payeeWords) }
            return text(compiled, subject.payee, subject.transaction.payee ?? "")
        case .account:
            return text(compiled, subject.accountDisplayName, subject.account.displayName)
                || (subject.account.nickname != nil && text(compiled, subject.accountName, subject.account.name))
        case .amount:
            switch compiled.test {
            case .amountAbove(let low): return subject.scaledAmount > low
            case .amountBelow(let low): return subject.scaledAmount < low
            case .amountBetween(let low, let high): return low <= subject.scaledAmount && subject.scaledAmount <= high
            case .amountEquals(let value): return subject.scaledAmount == value
            case .regex(let pattern): return pattern.matches(Self.amountText(subject.transaction.amount))
            default: return amountText(subject.transaction.amount, compiled.condition)
            }
        }
    }

    private func text(_ compiled: Compiled, _ lower: [UInt8], _ original: String) -> Bool {
        switch compiled.test {
        case .contains(let needle): return ByteSearch.index(of: needle, in: lower, from: 0) != nil
        case .startsWith(let needle): return lower.starts(with: needle)
        case .endsWith(let needle):
            return lower.count >= needle.count && lower.suffix(needle.count).elementsEqual(needle)
        case .equals(let needle): return lower == needle
        case .word(let needle): return ByteSearch.containsWord(needle, in: ByteSearch.words(lower))
        case .orderedLiterals(let runs):
            var position = 0
            for run in runs {
                guard let found = ByteSearch.index(of: run, in: lower, from: position) else { return false }
                position = found + run.count
            }
            return true
        case .regex(let pattern): return pattern.matches(original)
        default:
            // Numeric operators on a text field compare the text as a number, when it is one.
            guard let number = Self.scaled(original.trimmingCharacters(in: .whitespaces)) else { return false }
            return numeric(number, compiled.condition)
        }
    }

    private func numeric(_ number: Int64, _ condition: RuleCondition) -> Bool {
        guard let low = Self.scaled(condition.value) else { return false }
        switch condition.op {
        case .greaterThan: return number > low
        case .lessThan: return number < low
        case .between: return Self.scaled(condition.secondValue ?? "").map { low <= number && number <= $0 } ?? false
        default: return false
        }
    }

    /// Text operators on an amount look at its decimal text without the sign ("12.50"); a pattern is
    /// compiled once, as `.regex`.
    private func amountText(_ amount: Money, _ condition: RuleCondition) -> Bool {
        let text = Self.amountText(amount)
        switch condition.op {
        case .contains, .containsWord: return text.contains(condition.value)
        case .startsWith: return text.hasPrefix(condition.value)
        case .endsWith: return text.hasSuffix(condition.value)
        default: return false
        }
    }

    private static func amountText(_ amount: Money) -> String {
        amount.decimalString.trimmingCharacters(in: CharacterSet(charactersIn: "-"))
    }
}

/// A transaction prepared once for matching against many rules: its texts as lower-case bytes and its
/// amount's size in ten-thousandths.
public struct RuleSubject: Sendable {
    let transaction: Transaction
    let account: Account
    let description: [UInt8]
    let payee: [UInt8]
    /// The description and payee as words (`ByteSearch.words`), for `contains-word`.
    let descriptionWords: [UInt8]
    let payeeWords: [UInt8]
    let accountDisplayName: [UInt8]
    let accountName: [UInt8]
    let scaledAmount: Int64

    public init(_ transaction: Transaction, account: Account) {
        self.transaction = transaction
        self.account = account
        description = Array(transaction.description.lowercased().utf8)
        payee = Array((transaction.payee ?? "").lowercased().utf8)
        descriptionWords = ByteSearch.words(description)
        payeeWords = ByteSearch.words(payee)
        accountDisplayName = Array(account.displayName.lowercased().utf8)
        accountName = Array(account.name.lowercased().utf8)
        let magnitude = Int64(clamping: transaction.amount.minorUnits.magnitude)
        var scale: Int64 = 1
        for _ in 0..<(Currency.maximumExponent - transaction.amount.currency.exponent) { scale *= 10 }
        scaledAmount = magnitude.multipliedReportingOverflow(by: scale).overflow ? .max : magnitude * scale
    }
}

/// Substring search over bytes, for the hot loop of rule matching.
enum ByteSearch {
    /// The first index at or after `start` where `needle` occurs in `haystack`.
    static func index(of needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first else { return start }
        guard haystack.count - start >= needle.count else { return nil }
        var index = start
        let last = haystack.count - needle.count
        while index <= last {
            if haystack[index] == first {
                var offset = 1
                while offset < needle.count, haystack[index + offset] == needle[offset] { offset += 1 }
                if offset == needle.count { return index }
            }
            index += 1
        }
        return nil
    }

    /// Text as its words: every run of characters that are not letters or digits (`*`, punctuation, spaces)
    /// becomes one space, so `UBER *EATS`, `UBER* EATS` and `UBER EATS` all read `uber eats`, and a
    /// `contains-word` needle folded the same way (`AT&T` is `at t`) finds them all (spec ghostvault.md 8).
    static func words(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var pendingSpace = false
        for byte in bytes {
            if isWordByte(byte) {
                if pendingSpace, !result.isEmpty { result.append(0x20) }
                pendingSpace = false
                result.append(byte)
            } else {
                pendingSpace = true
            }
        }
        return result
    }

    /// Whether `word` occurs with no letter or digit right before or after it ("gas" is not in "vegas").
    static func containsWord(_ word: [UInt8], in haystack: [UInt8]) -> Bool {
        guard !word.isEmpty else { return false }
        var start = 0
        while let found = index(of: word, in: haystack, from: start) {
            let before = found == 0 || !isWordByte(haystack[found - 1])
            let end = found + word.count
            let after = end == haystack.count || !isWordByte(haystack[end])
            if before && after { return true }
            start = found + 1
        }
        return false
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A)
            || byte >= 0x80
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
        } else if let problem = PlainText.problem(rule.name, field: "name", label: "The name") {
            problems.append(problem)
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

    /// The problems of the conditions alone (those that keep a rule from running).
    public static func conditionProblems(_ conditions: [RuleCondition]) -> [Problem] {
        var problems: [Problem] = []
        for (index, condition) in conditions.enumerated() {
            let field = "filters[\(index + 1)]"
            let value = condition.value.trimmingCharacters(in: .whitespaces)
            if value.isEmpty {
                problems.append(Problem(field: field, message: "Filter \(index + 1) has no value."))
                continue
            }
            if let problem = PlainText.problem(condition.value, field: field, label: "Filter \(index + 1)") {
                problems.append(problem)
                continue
            }
            if condition.op == .regex {
                // The engine's own message names the construct it refused and what to write instead.
                do {
                    _ = try RulePattern(condition.value)
                } catch {
                    problems += error.problems.map { Problem(field: field, message: $0.message) }
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
