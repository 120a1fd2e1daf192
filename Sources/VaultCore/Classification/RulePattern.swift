import Foundation

/// A rule's regular expression, compiled to a small program that matches in time linear in the text.
///
/// People type these patterns, and a rule runs over every transaction a request touches, so no pattern
/// may make a request slow (issue 14). Backtracking engines (NSRegularExpression, which is ICU, and Swift
/// `Regex`) try one alternative after another and take exponential time on patterns such as `(a|aa)*c`
/// or `(.*.*)*X$`; neither can be interrupted once a match has started. Like RE2 and Rust's `regex`
/// crate, this engine never backtracks:
///
/// 1. **Parsing** (`RulePattern+Parsing.swift`) turns the pattern into a tree and refuses, with a message
///    that names the construct and says what to write instead, what cannot run in linear time
///    (backreferences, lookaround, possessive quantifiers, atomic groups) and anything over the limits below.
/// 2. **Compiling** (`RulePattern+Compiling.swift`) turns the tree into a Thompson NFA program: instructions
///    that consume one character (`character`, `any`, `set`), check a position (`assert`), or fork and jump
///    without consuming (`split`, `jump`). `{n,m}` is expanded into copies, hence the program size limit.
/// 3. **Matching** (`RulePattern+Matching.swift`, the Pike VM) keeps the *set* of live program positions
///    instead of a stack of choices to come back to. Each character of text advances every live position
///    at once, and a position already in the set is never added twice, so one character costs at most two
///    visits per instruction and a search costs O(text length × program size), whatever the pattern.
///
/// Only "does it match anywhere" is answered: there are no captures, so groups need no bookkeeping and lazy
/// quantifiers mean the same as greedy ones. The syntax and its meaning are NSRegularExpression's for what
/// it supports; matching always ignores case (rules do), and searches anywhere unless `^` or `$` anchor it.
public struct RulePattern: Hashable, Sendable {
    /// The pattern as the person wrote it.
    public let source: String
    /// The compiled program; the last instruction is `match`.
    let program: [Instruction]
    /// The program as the matcher runs it.
    let code: Code

    /// The longest pattern accepted, in characters. Issue 14 suggests 500: patterns people write for bank
    /// descriptions are tens of characters (the longest built-in one has 17), and 500 still leaves room
    /// for an alternation of dozens of payee names while keeping the tree and the program small.
    public static let maximumLength = 500

    /// The largest count in `{n}`, `{n,}` or `{n,m}`. Issue 14 suggests 100: bank descriptions are rarely
    /// longer than 100 characters, so a larger count could only fail or waste work (RE2 stops at 1,000).
    public static let maximumRepetition = 100

    /// The largest compiled program, in instructions. Issue 14 suggests 2,000; measured on the 2-core CI
    /// machine, a match costs about 3 ns per instruction visited, and the worst programs (20 copies of
    /// `\w{0,45}`: every instruction alive at every position) visit about 1.5 per instruction per character.
    /// Issue 14's case, a preview over 2,000 descriptions of 100 characters, then takes about 0.85 s of CPU at
    /// 1,000 instructions and would take twice that at 2,000. Ordinary patterns compile to tens
    /// (`^SQ \*.*COFFEE` is 15). `{n,m}` copies what it repeats, so this is what limits it.
    public static let maximumProgramSize = 1_000

    /// Parses and compiles `source`, or refuses it with a problem (field `pattern`) that names what is wrong
    /// and what to write instead.
    public init(_ source: String) throws(InvalidInput) {
        self.source = source
        do {
            var parser = Parser(source)
            let tree = try parser.parse()
            var compiler = Compiler()
            try compiler.compile(tree)
            self.program = try compiler.finish()
        } catch {
            throw InvalidInput(field: "pattern", error.message)
        }
        code = Code(program)
    }

    /// Whether the pattern matches anywhere in `text`, ignoring case.
    public func matches(_ text: String) -> Bool {
        search(text).matched
    }

    /// Two patterns are the same when their sources are.
    public static func == (lhs: RulePattern, rhs: RulePattern) -> Bool { lhs.source == rhs.source }

    public func hash(into hasher: inout Hasher) { hasher.combine(source) }
}

extension RulePattern {
    /// Why a pattern was refused: a message for the person who typed it.
    struct Refusal: Error {
        let message: String
    }

    /// One step of the compiled program.
    enum Instruction: Hashable, Sendable {
        /// Consumes one character equal to this one once both are case-folded.
        case character(Unicode.Scalar)
        /// `.`: consumes any character but a line terminator.
        case any
        /// Consumes one character of a class.
        case set(CharacterClass)
        /// Consumes nothing; continues only where the assertion holds.
        case assert(Assertion)
        /// Continues at both targets (the first is the preferred one, which matters to nobody here).
        case split(Int, Int)
        case jump(Int)
        /// The pattern has matched.
        case match
    }

    /// A zero-width check of a position.
    enum Assertion: Hashable, Sendable, CaseIterable {
        /// `^` and `\A`: the start of the text (rules see one line, so there is no multi-line mode).
        case textStart
        /// `$` and `\Z`: the end of the text, or just before a line terminator that ends it (as in ICU).
        case textEnd
        /// `\z`: the very end of the text.
        case absoluteEnd
        /// `\b`
        case wordBoundary
        /// `\B`
        case notWordBoundary
    }

    /// A bracketed class (`[a-z]`, `[^0-9]`) or a shorthand (`\d`, `\W`).
    struct CharacterClass: Hashable, Sendable {
        var items: [Item]
        var isNegated: Bool

        enum Item: Hashable, Sendable {
            /// A single character, case-folded.
            case scalar(Unicode.Scalar)
            /// A range of characters, as written; case is handled when testing.
            case range(Unicode.Scalar, Unicode.Scalar)
            /// `\d`, `\w`, `\s` or, when negated, `\D`, `\W`, `\S`.
            case shorthand(Shorthand, negated: Bool)
        }
    }

    /// The character classes a backslash names.
    enum Shorthand: Hashable, Sendable {
        case digit, word, space
    }
}
