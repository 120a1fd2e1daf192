import Foundation

extension RulePattern {
    /// A parsed pattern, before it is compiled.
    indirect enum Node: Sendable {
        /// Matches the empty string (an empty group, an empty alternative, `(?i)`).
        case empty
        /// One character-consuming instruction: `character`, `any` or `set`.
        case consume(Instruction)
        case assert(Assertion)
        case sequence([Node])
        case alternation([Node])
        /// `min` to `max` copies (no upper bound when `max` is nil).
        case repetition(Node, min: Int, max: Int?)

        /// Whether the node compiles to no instructions at all, so repeating it is pointless.
        var isEmpty: Bool {
            switch self {
            case .empty: true
            case .sequence(let nodes): nodes.allSatisfy(\.isEmpty)
            case .repetition(let node, _, _): node.isEmpty
            case .consume, .assert, .alternation: false
            }
        }
    }

    /// A recursive-descent parser over the pattern's Unicode scalars (ICU, behind NSRegularExpression,
    /// also works on code points, so `é*` repeats what it repeats there).
    ///
    /// Grammar: alternation = sequence ('|' sequence)*; sequence = (atom quantifier?)*; an atom is a
    /// character, `.`, an escape, a class, an anchor or a group.
    struct Parser {
        private let scalars: [Unicode.Scalar]
        private var index = 0
        private let characterCount: Int

        init(_ source: String) {
            scalars = Array(source.unicodeScalars)
            characterCount = source.count
        }

        /// The whole pattern as a tree, or the first reason to refuse it.
        mutating func parse() throws(Refusal) -> Node {
            guard characterCount <= RulePattern.maximumLength else {
                throw Refusal(
                    message:
                        "The pattern is \(characterCount) characters long; the limit is \(RulePattern.maximumLength). "
                        + "Split it into several filters joined by OR.")
            }
            let tree = try parseAlternation(depth: 0)
            if index < scalars.count {
                // Only an unmatched ')' stops the top-level alternation early.
                throw Refusal(
                    message:
                        "The ')' at position \(index + 1) has no matching '('; remove it, or write \\) for a literal parenthesis."
                )
            }
            return tree
        }

        // MARK: Structure

        private mutating func parseAlternation(depth: Int) throws(Refusal) -> Node {
            var branches = [try parseSequence(depth: depth)]
            while peek == "|" {
                index += 1
                branches.append(try parseSequence(depth: depth))
            }
            return branches.count == 1 ? branches[0] : .alternation(branches)
        }

        private mutating func parseSequence(depth: Int) throws(Refusal) -> Node {
            var items: [Node] = []
            while let next = peek, next != "|", next != ")" {
                let start = index
                let atom = try parseAtom(depth: depth)
                items.append(try parseQuantifiers(of: atom, startingAt: start))
            }
            return items.count == 1 ? items[0] : .sequence(items)
        }

        private mutating func parseAtom(depth: Int) throws(Refusal) -> Node {
            let position = index + 1
            let scalar = scalars[index]
            index += 1
            switch scalar {
            case "(": return try parseGroup(openedAt: position, depth: depth)
            case "[": return .consume(.set(try parseClass(openedAt: position)))
            case ".": return .consume(.any)
            case "^": return .assert(.textStart)
            case "$": return .assert(.textEnd)
            case "\\": return try parseEscape(at: position)
            case "*", "+", "?":
                throw Refusal(
                    message:
                        "The '\(scalar)' at position \(position) has nothing to repeat; put it after a character or a group, "
                        + "or write \\\(scalar) for a literal '\(scalar)'.")
            case "}":
                throw Refusal(
                    message:
                        "The '}' at position \(position) closes no count; write \\} for a literal brace.")
            case "{":
                throw Refusal(
                    message:
                        "The '{' at position \(position) has nothing to repeat before it; write \\{ for a literal brace."
                )
            default: return .consume(.character(CaseFolding.fold(scalar)))
            }
        }

        private mutating func parseGroup(openedAt position: Int, depth: Int) throws(Refusal) -> Node {
            if peek == "?" {
                index += 1
                let next = peek ?? "\u{0}"
                switch next {
                case ":": index += 1
                case "i" where peek(1) == ")":
                    // Rules always ignore case, so `(?i)` changes nothing.
                    index += 2
                    return .empty
                case "i" where peek(1) == ":": index += 2
                case "=", "!":
                    throw Refusal(
                        message:
                            "Lookahead '(?\(next)' at position \(position) is not supported (it can make matching slow); "
                            + "match the text itself, or add another filter to the rule.")
                case "<" where peek(1) == "=" || peek(1) == "!":
                    throw Refusal(
                        message:
                            "Lookbehind '(?<\(peek(1) ?? "=")' at position \(position) is not supported (it can make matching slow); "
                            + "match the text itself, or add another filter to the rule.")
                case "<":
                    // A named group: with nothing to refer back to it (backreferences are refused), it is a plain group.
                    index += 1
                    let nameStart = index
                    while let next = peek, next.properties.isAlphabetic || ("0"..."9").contains(next) { index += 1 }
                    guard index > nameStart, peek == ">" else {
                        throw Refusal(
                            message:
                                "The group name at position \(position) is not closed with '>'; write (?<name>...) "
                                + "with letters and digits, or (?:...) for a plain group.")
                    }
                    index += 1
                case ">":
                    throw Refusal(
                        message:
                            "Atomic groups '(?>' (position \(position)) are not supported; use a plain group (?:...).")
                default:
                    throw Refusal(
                        message:
                            "'(?\(peek.map { String($0) } ?? "")' at position \(position) is not a supported group or option; "
                            + "use (...) or (?:...). Only (?i) is accepted, since rules always ignore case.")
                }
            }
            guard depth < Self.maximumDepth else {
                throw Refusal(message: "Groups are nested more than \(Self.maximumDepth) deep; flatten the pattern.")
            }
            let inner = try parseAlternation(depth: depth + 1)
            guard peek == ")" else {
                throw Refusal(
                    message:
                        "The '(' at position \(position) has no matching ')'; close it, or write \\( for a literal parenthesis."
                )
            }
            index += 1
            // Kept as a group, so `(?:\b)*` repeats a group (harmlessly) rather than being refused as a repeated anchor.
            return .sequence([inner])
        }

        /// How deep groups may nest. The parser recurses per level; 100 levels of a 500-character pattern is
        /// already unreadable, and it keeps the recursion far from any stack limit.
        static let maximumDepth = 100

        // MARK: Quantifiers

        private mutating func parseQuantifiers(of atom: Node, startingAt start: Int) throws(Refusal) -> Node {
            let quantifierStart = index
            guard let (min, max) = try parseQuantifier() else { return atom }
            if case .assert = atom {
                throw Refusal(
                    message:
                        "The '\(text(from: quantifierStart, to: index))' at position \(quantifierStart + 1) has nothing to "
                        + "repeat: '\(text(from: start, to: quantifierStart))' matches a position, not a character. "
                        + "Remove the repeat.")
            }
            if peek == "?" {
                // Lazy: the same answer to "does it match", since nothing is captured.
                index += 1
            } else if peek == "+" {
                throw Refusal(
                    message:
                        "The possessive quantifier '\(text(from: start, to: index + 1))' is not supported; "
                        + "drop the last '+'.")
            }
            if let next = peek, next == "*" || next == "+" || next == "?" || (next == "{" && isInterval(at: index)) {
                throw Refusal(
                    message:
                        "The '\(next)' at position \(index + 1) repeats a repeat; put the repeated part in a group, "
                        + "like (a+)*, or write \\\(next) for a literal '\(next)'.")
            }
            return atom.isEmpty ? .empty : .repetition(atom, min: min, max: max)
        }

        /// A quantifier at the current position as (min, max), consumed; nil when there is none.
        private mutating func parseQuantifier() throws(Refusal) -> (Int, Int?)? {
            switch peek ?? "\u{0}" {
            case "*":
                index += 1
                return (0, nil)
            case "+":
                index += 1
                return (1, nil)
            case "?":
                index += 1
                return (0, 1)
            case "{": return try parseInterval()
            default: return nil
            }
        }

        /// Whether `{` at `position` starts `{n}`, `{n,}` or `{n,m}`.
        private func isInterval(at position: Int) -> Bool {
            var i = position + 1
            var digits = 0
            while i < scalars.count, ("0"..."9").contains(scalars[i]) {
                i += 1
                digits += 1
            }
            guard digits > 0, i < scalars.count else { return false }
            if scalars[i] == "}" { return true }
            guard scalars[i] == "," else { return false }
            i += 1
            while i < scalars.count, ("0"..."9").contains(scalars[i]) { i += 1 }
            return i < scalars.count && scalars[i] == "}"
        }

        private mutating func parseInterval() throws(Refusal) -> (Int, Int?) {
            let position = index + 1
            guard isInterval(at: index) else {
                throw Refusal(
                    message:
                        "The '{' at position \(position) does not start a count like {2}, {2,} or {2,5}; "
                        + "write \\{ for a literal brace.")
            }
            index += 1
            let min = readNumber()
            var max: Int? = min
            if peek == "," {
                index += 1
                max = peek == "}" ? nil : readNumber()
            }
            index += 1  // "}"
            let written = text(from: position - 1, to: index)
            let limit = RulePattern.maximumRepetition
            guard min <= limit, (max ?? 0) <= limit else {
                throw Refusal(
                    message:
                        "'\(written)' repeats more than \(limit) times; use a count of at most \(limit), "
                        + "or + or * for any number.")
            }
            if let max, max < min {
                throw Refusal(message: "'\(written)' has its smaller count last; write {\(max),\(min)}.")
            }
            return (min, max)
        }

        /// Reads decimal digits; saturates far above any limit, so a huge count is refused, not overflowed.
        private mutating func readNumber() -> Int {
            var value = 0
            while let next = peek, ("0"..."9").contains(next) {
                value = Swift.min(value * 10 + Int(next.value - 48), 1_000_000)
                index += 1
            }
            return value
        }

        // MARK: Escapes

        private mutating func parseEscape(at position: Int) throws(Refusal) -> Node {
            guard let scalar = peek else {
                throw Refusal(message: "The pattern ends with a lone backslash; write \\\\ for a backslash.")
            }
            index += 1
            switch scalar {
            case "d", "D", "w", "W", "s", "S":
                return .consume(.set(CharacterClass(items: [Self.shorthand(scalar)], isNegated: false)))
            case "b": return .assert(.wordBoundary)
            case "B": return .assert(.notWordBoundary)
            case "A": return .assert(.textStart)
            case "Z": return .assert(.textEnd)
            case "z": return .assert(.absoluteEnd)
            case "1"..."9":
                throw Refusal(
                    message:
                        "Backreferences like '\\\(scalar)' (position \(position)) are not supported: they can make matching "
                        + "take very long. Repeat the text itself, or use a second filter.")
            case "k" where peek == "<":
                throw Refusal(
                    message:
                        "Backreferences like '\\k<name>' (position \(position)) are not supported: they can make matching "
                        + "take very long. Repeat the text itself, or use a second filter.")
            default:
                return .consume(.character(CaseFolding.fold(try parseCharacterEscape(scalar, at: position))))
            }
        }

        /// The character an escape stands for (`\t`, `\x41`, `\.`), or a refusal naming the escape.
        private mutating func parseCharacterEscape(
            _ scalar: Unicode.Scalar, at position: Int
        ) throws(Refusal)
            -> Unicode.Scalar
        {
            switch scalar {
            case "t": return "\t"
            case "n": return "\n"
            case "r": return "\r"
            case "f": return "\u{0C}"
            case "x", "u":
                if let value = readHex(braced: scalar == "x", digits: scalar == "x" ? 2 : 4) { return value }
                throw Refusal(
                    message:
                        "'\\\(scalar)' at position \(position) needs hexadecimal digits, like \\x41, \\x{20AC} or \\u20AC."
                )
            case "p", "P":
                throw Refusal(
                    message:
                        "Unicode properties like '\\\(scalar){...}' (position \(position)) are not supported; "
                        + "use \\w, \\d, \\s or a class like [a-z].")
            default:
                guard scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) else {
                    // A backslash before punctuation or a space means that character itself.
                    return scalar
                }
                throw Refusal(
                    message:
                        "'\\\(scalar)' at position \(position) is not an escape rules understand; use \\d \\w \\s \\b "
                        + "(or their capitals), \\t, \\n, or a backslash before punctuation (\\. \\* \\\\).")
            }
        }

        private mutating func readHex(braced: Bool, digits count: Int) -> Unicode.Scalar? {
            var text = ""
            if braced, peek == "{" {
                guard let close = scalars[index...].firstIndex(of: "}") else { return nil }
                text = String(String.UnicodeScalarView(scalars[(index + 1)..<close]))
                index = close + 1
            } else {
                guard index + count <= scalars.count else { return nil }
                text = String(String.UnicodeScalarView(scalars[index..<(index + count)]))
                index += count
            }
            guard (1...6).contains(text.count), let value = UInt32(text, radix: 16) else { return nil }
            return Unicode.Scalar(value)
        }

        private static func shorthand(_ letter: Unicode.Scalar) -> CharacterClass.Item {
            let kind: Shorthand =
                switch letter {
                case "d", "D": .digit
                case "w", "W": .word
                default: .space
                }
            return .shorthand(kind, negated: letter.properties.isUppercase)
        }

        // MARK: Classes

        private mutating func parseClass(openedAt position: Int) throws(Refusal) -> CharacterClass {
            var result = CharacterClass(items: [], isNegated: false)
            if peek == "^" {
                result.isNegated = true
                index += 1
            }
            if peek == "]" {
                throw Refusal(
                    message:
                        "The class at position \(position) is empty; write \\] for a literal ']' inside a class.")
            }
            while let scalar = peek {
                let at = index + 1
                index += 1
                switch scalar {
                case "]": return result
                case "[":
                    throw Refusal(
                        message:
                            "'[' inside a class (position \(at)) is not supported; write \\[ for a literal bracket.")
                case "&" where peek == "&", "-" where peek == "-":
                    throw Refusal(
                        message:
                            "'\(scalar)\(scalar)' inside a class (position \(at)) is not supported; "
                            + "write \\\(scalar) for a literal '\(scalar)'.")
                default: break
                }
                let low: Unicode.Scalar
                if scalar == "\\" {
                    guard let escaped = peek else { break }
                    index += 1
                    switch escaped {
                    case "d", "D", "w", "W", "s", "S":
                        result.items.append(Self.shorthand(escaped))
                        continue
                    default: low = try parseCharacterEscape(escaped, at: at)
                    }
                } else {
                    low = scalar
                }
                // A '-' between two characters makes a range; first or last, it is itself.
                guard peek == "-", let after = peek(1), after != "]" else {
                    result.items.append(.scalar(CaseFolding.fold(low)))
                    continue
                }
                index += 1
                var high = after
                index += 1
                if after == "\\" {
                    guard let escaped = peek else { break }
                    index += 1
                    if "dDwWsS".unicodeScalars.contains(escaped) {
                        throw Refusal(
                            message:
                                "The range at position \(at) ends in '\\\(escaped)', which is not a character; "
                                + "write \\- for a literal '-'.")
                    }
                    high = try parseCharacterEscape(escaped, at: at)
                } else if after == "[" {
                    throw Refusal(
                        message:
                            "'[' inside a class (position \(index)) is not supported; write \\[ for a literal bracket.")
                }
                guard low <= high else {
                    throw Refusal(
                        message:
                            "The range '\(low)-\(high)' at position \(at) runs backwards; write '\(high)-\(low)'.")
                }
                result.items.append(.range(low, high))
            }
            throw Refusal(
                message:
                    "The '[' at position \(position) is never closed with ']'; close it, or write \\[ for a literal bracket."
            )
        }

        // MARK: Reading

        private var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

        private func peek(_ offset: Int) -> Unicode.Scalar? {
            index + offset < scalars.count ? scalars[index + offset] : nil
        }

        private func text(from start: Int, to end: Int) -> String {
            String(String.UnicodeScalarView(scalars[start..<Swift.min(end, scalars.count)]))
        }
    }
}
