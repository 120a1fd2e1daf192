import Foundation
import Testing

@testable import VaultCore

@Suite struct RulePatternTests {
    @Test(
        "patterns people type match what NSRegularExpression would, ignoring case",
        arguments: [
            ("starbucks", "STARBUCKS #1234 SEATTLE"),
            ("^SQ \\*", "SQ *BLUE BOTTLE"),
            ("coffee$", "Blue Bottle Coffee"),
            ("coffee$", "Blue Bottle Coffee\n"),
            ("EMPLOYER.*DEPOSIT", "employer inc direct deposit"),
            ("a.c", "ABC"),
            ("\\d{4}", "card 1234"),
            ("\\D+", "abc"),
            ("^\\w+\\s\\w+$", "Trader Joes"),
            ("\\W", "AT&T"),
            ("\\S+@\\S+", "pay to me@example.com"),
            ("\\bgas\\b", "SHELL GAS 12"),
            ("\\Bas", "VEGAS"),
            ("[abc]x", "BX"),
            ("[a-z]+\\d", "Q9"),
            ("[A-Z]", "q"),
            ("[^0-9]", "12a"),
            ("[\\d.]+", "12.50"),
            ("[\\-+]5", "-5"),
            ("[-a]", "-"),
            ("(uber|lyft) trip", "LYFT TRIP 42"),
            ("(?:amazon|amzn)\\.com", "AMZN.COM/BILL"),
            ("(?<shop>target)", "TARGET 00123"),
            ("(?i)netflix", "NETFLIX.COM"),
            ("colou?r", "color"),
            ("ab{2,3}c", "abbbc"),
            ("ab{2,}c", "abbbbbc"),
            ("x*?y", "y"),
            ("(a|aa)*c", "aaaac"),
            ("\\.com", "apple.com"),
            ("\\(1\\)", "item (1)"),
            ("a\\/b", "a/b"),
            ("tab\\there", "tab\there"),
            ("\\x41\\u0042", "ab"),
            ("café", "CAFÉ PARIS"),
            ("σ", "ΟΔΟΣ"),
            ("\\Aabc\\z", "abc"),
            ("a\\}", "a}"),
            ("]", "a]"),
        ])
    func matches(pattern: String, text: String) throws {
        #expect(try RulePattern(pattern).matches(text))
    }

    @Test(
        "and does not match what NSRegularExpression would not",
        arguments: [
            ("^SQ \\*", "PAYMENT SQ *BLUE"),
            ("coffee$", "coffee shop"),
            ("a.c", "a\nc"),
            ("\\d{4}", "card 123"),
            ("\\bgas\\b", "LAS VEGAS"),
            ("[^0-9]", "123"),
            ("[abc]x", "dx"),
            ("(uber|lyft) trip", "UBER EATS"),
            ("ab{2,3}c", "abbbbc"),
            ("colou?r", "colouur"),
            ("\\Aabc\\z", "abc\n"),
            ("(a|aa)*c", "aaaa"),
            ("(.*.*)*(.*.*)*(.*.*)*X$", "no capital ex here"),
        ])
    func doesNotMatch(pattern: String, text: String) throws {
        #expect(try !RulePattern(pattern).matches(text))
    }

    @Test(
        "patterns that could run for minutes, or that it cannot read, are refused with what to write instead",
        arguments: [
            ("(a+)+\\1", "Backreferences like '\\1'"),
            ("(?<n>a)\\k<n>", "Backreferences like '\\k<name>'"),
            ("(?=x)abc", "Lookahead '(?='"),
            ("(?!x)abc", "Lookahead '(?!'"),
            ("(?<=x)abc", "Lookbehind '(?<='"),
            ("(?<!x)abc", "Lookbehind '(?<!'"),
            ("a++", "possessive quantifier 'a++'"),
            ("a{2}+", "possessive quantifier 'a{2}+'"),
            ("(?>abc)", "Atomic groups '(?>'"),
            ("(?s)a.b", "not a supported group or option"),
            ("\\q", "'\\q' at position 1 is not an escape"),
            ("\\p{L}", "Unicode properties"),
            ("(abc", "'(' at position 1 has no matching ')'"),
            ("abc)", "')' at position 4 has no matching '('"),
            ("[abc", "'[' at position 1 is never closed"),
            ("[]a]", "is empty"),
            ("[[a]]", "'[' inside a class"),
            ("[z-a]", "runs backwards"),
            ("*abc", "'*' at position 1 has nothing to repeat"),
            ("a|+b", "'+' at position 3 has nothing to repeat"),
            ("^*a", "has nothing to repeat"),
            ("a**", "repeats a repeat"),
            ("a{1,2", "does not start a count"),
            ("a{3,1}", "smaller count last"),
            ("a{101}", "repeats more than 100 times"),
            ("x{2,500}", "repeats more than 100 times"),
            ("(a{100}){100}", "too complex"),
            ("abc\\", "lone backslash"),
            ("a}", "'}' at position 2 closes no count"),
            (String(repeating: "a", count: 501), "501 characters long; the limit is 500"),
        ])
    func refusals(pattern: String, message: String) {
        #expect {
            try RulePattern(pattern)
        } throws: { error in
            guard let problem = (error as? InvalidInput)?.problems.first else { return false }
            return problem.field == "pattern" && problem.message.contains(message)
        }
    }

    @Test("the limits are inclusive: 500 characters, {100} and a program at the size limit compile")
    func limits() throws {
        _ = try RulePattern(String(repeating: "a", count: RulePattern.maximumLength))
        _ = try RulePattern("a{\(RulePattern.maximumRepetition)}")
        // Each `a` is one instruction, plus the final match: 9 × 100 + 99 + 1.
        let hundreds = String(repeating: "a{100}", count: 9)
        let largest = try RulePattern(hundreds + String(repeating: "a", count: 99))
        #expect(largest.program.count == RulePattern.maximumProgramSize)
        #expect(throws: InvalidInput.self) { try RulePattern(hundreds + String(repeating: "a", count: 100)) }
        _ = try RulePattern("(?:\\b)*x")
    }

    @Test("the built-in income patterns compile")
    func builtIns() throws {
        for pattern in BuiltInPatterns.incomeRegexes { _ = try RulePattern(pattern) }
    }

    @Test(
        "catastrophic patterns take linear steps over 10,000 characters",
        arguments: [
            "(.*.*)*(.*.*)*(.*.*)*X$", "(a|a)*b", "(a|aa)*c", "(a*)*b", "(\\w+\\s?)*$", "(a+)+b", "(x+x+)+y",
            "^(a?){50}a{50}$", "([a-z]+)*[0-9]", "(.*a){20}",
        ])
    func linearSteps(pattern: String) throws {
        let compiled = try RulePattern(pattern)
        for text in [String(repeating: "a", count: 10_000), String(repeating: "ab ", count: 3_334)] {
            let (_, steps) = compiled.search(text)
            let bound = 2 * (text.unicodeScalars.count + 1) * compiled.program.count
            #expect(steps <= bound, "\(pattern): \(steps) steps, bound \(bound)")
        }
    }

    @Test("issue 14's pattern over 2,000 descriptions of 100 characters finishes (backtracking takes minutes)")
    func issuePattern() throws {
        let pattern = try RulePattern("(.*.*)*(.*.*)*(.*.*)*X$")
        var generator = SeededGenerator(seed: 14)
        let alphabet = Array("abcdefghij klmnopqrstuvwyz0123456789*#")
        var matched = 0
        var steps = 0
        for index in 0..<2_000 {
            var text = String((0..<99).map { _ in alphabet[generator.next(below: alphabet.count)] })
            text.append(index.isMultiple(of: 100) ? "x" : "y")
            let result = pattern.search(text)
            steps += result.steps
            if result.matched { matched += 1 }
        }
        #expect(matched == 20)
        #expect(steps <= 2 * 2_000 * 101 * pattern.program.count)
    }

    @Test("on a few hundred seeded random patterns and texts, the answer is NSRegularExpression's")
    func agreesWithNSRegularExpression() throws {
        var generator = SeededGenerator(seed: 20_261_101)
        var compared = 0
        for _ in 0..<400 {
            let source = RandomPattern.pattern(&generator)
            let engine = try RulePattern(source)
            let reference = try NSRegularExpression(pattern: source, options: [.caseInsensitive])
            for _ in 0..<15 {
                let text = RandomPattern.text(&generator)
                let expected =
                    reference.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
                #expect(engine.matches(text) == expected, "pattern \(source) on \(text.debugDescription)")
                compared += 1
            }
        }
        #expect(compared == 6_000)
    }
}

/// Deterministic pseudo-random numbers (VaultCore's SeededGenerator), so a failure can be replayed.
extension SeededGenerator {
    mutating func next(below bound: Int) -> Int { Int(next() % UInt64(bound)) }
}

/// Small patterns built only from what both engines read the same way, and short texts to try them on.
enum RandomPattern {
    static let atoms = [
        "a", "b", "c", "A", "1", " ", "-", "é", ".", "\\d", "\\w", "\\s", "\\W", "[ab]", "[^a]", "[a-c]", "[A-B1]",
        "\\.", "[\\d-]", "x",
    ]
    static let quantifiers = ["", "", "", "*", "+", "?", "{1,2}", "{2}", "{0,1}", "*?", "+?", "{1,}"]

    static func pattern(_ generator: inout SeededGenerator) -> String {
        var pattern = generator.next(below: 4) == 0 ? "^" : ""
        pattern += alternation(&generator, depth: 0)
        if generator.next(below: 4) == 0 { pattern += "$" }
        return pattern
    }

    private static func alternation(_ generator: inout SeededGenerator, depth: Int) -> String {
        let branches = generator.next(below: 3) == 0 ? 2 : 1
        return (0..<branches).map { _ in sequence(&generator, depth: depth) }.joined(separator: "|")
    }

    private static func sequence(_ generator: inout SeededGenerator, depth: Int) -> String {
        var result = ""
        for _ in 0..<(1 + generator.next(below: 3)) {
            let roll = generator.next(below: 10)
            if roll == 0 && depth < 2 {
                let open = generator.next(below: 2) == 0 ? "(" : "(?:"
                result += open + alternation(&generator, depth: depth + 1) + ")"
            } else if roll == 1 {
                result += "\\b"
                continue
            } else {
                result += atoms[generator.next(below: atoms.count)]
            }
            result += quantifiers[generator.next(below: quantifiers.count)]
        }
        return result
    }

    static func text(_ generator: inout SeededGenerator) -> String {
        let alphabet = Array("aAbBc1 -_.éÉx")
        return String((0..<generator.next(below: 12)).map { _ in alphabet[generator.next(below: alphabet.count)] })
    }
}
