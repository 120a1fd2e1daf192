extension RulePattern {
    /// Searches `text` with the Pike VM and reports, besides the answer, how many instructions it visited
    /// (tests use the count to check that the work stays linear).
    ///
    /// At each position a thread starts at instruction 0 (so the pattern may match anywhere), then every live
    /// thread that consumes the character moves to the next position's list. A list holds each instruction at
    /// most once, which is what bounds the work: per position, at most one visit per instruction while following
    /// splits and jumps, and one per instruction while consuming. The first thread to reach `match` ends it.
    func search(_ text: String) -> (matched: Bool, steps: Int) {
        let scalars = Array(text.unicodeScalars)
        let size = code.operations.count
        // Two thread lists (members and slots each) and the stack, which holds at most two entries per
        // instruction visited while following one thread's splits, plus the thread itself.
        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: 6 * size + 1) { scratch in
            scratch.initialize(repeating: 0)
            var machine = Machine(code: code, text: scalars, scratch: scratch)
            let matched = machine.run()
            return (matched, machine.steps)
        }
    }

    /// The program flattened for the matcher: plain values, so the inner loop copies no references.
    struct Code: Sendable {
        enum Kind: UInt8, Sendable {
            case character, any, set, assert, split, jump, match
        }

        struct Operation: Sendable {
            let kind: Kind
            /// The folded character, the class's index, the assertion, or the (first) target.
            let first: UInt32
            /// The second target of a split.
            let second: UInt32
        }

        let operations: [Operation]
        let classes: [CharacterClass]
        /// Each class's answer for the 128 ASCII characters, two 64-bit words per class, so the common case
        /// is one bit test.
        let asciiMaps: [UInt64]
        /// The assertions `assert` refers to, in the order of `Assertion.allCases`.
        static let assertions = Assertion.allCases
        /// When every match must begin with one of these (folded) characters, positions holding none of them
        /// are skipped while no thread is alive; nil when the start is not that simple (a class, an anchor).
        let startCharacters: Set<Unicode.Scalar>?

        init(_ program: [Instruction]) {
            var classes: [CharacterClass] = []
            operations = program.map { instruction in
                switch instruction {
                case .character(let scalar): return Operation(kind: .character, first: scalar.value, second: 0)
                case .any: return Operation(kind: .any, first: 0, second: 0)
                case .set(let set):
                    classes.append(set)
                    return Operation(kind: .set, first: UInt32(classes.count - 1), second: 0)
                case .assert(let assertion):
                    let index = Assertion.allCases.firstIndex(of: assertion) ?? 0
                    return Operation(kind: .assert, first: UInt32(index), second: 0)
                case .split(let first, let second):
                    return Operation(kind: .split, first: UInt32(first), second: UInt32(second))
                case .jump(let target): return Operation(kind: .jump, first: UInt32(target), second: 0)
                case .match: return Operation(kind: .match, first: 0, second: 0)
                }
            }
            self.classes = classes
            asciiMaps = classes.flatMap { set in
                var words: [UInt64] = [0, 0]
                for value in UInt8(0)..<128 {
                    let scalar = Unicode.Scalar(value)
                    if set.contains(scalar, folded: CaseFolding.fold(scalar)) {
                        words[Int(value >> 6)] |= 1 << (value & 63)
                    }
                }
                return words
            }
            startCharacters = Self.startCharacters(of: program)
        }

        /// The characters a match can begin with, when the instructions reachable from the start without
        /// consuming are all plain characters.
        private static func startCharacters(of program: [Instruction]) -> Set<Unicode.Scalar>? {
            var found: Set<Unicode.Scalar> = []
            var seen: Set<Int> = []
            var stack = [0]
            while let pc = stack.popLast() {
                guard seen.insert(pc).inserted else { continue }
                switch program[pc] {
                case .character(let scalar): found.insert(scalar)
                case .split(let first, let second): stack += [first, second]
                case .jump(let target): stack.append(target)
                case .any, .set, .assert, .match: return nil
                }
            }
            return found
        }
    }

    /// The state of one search, in scratch memory the search owns (no array copies or reference counting in
    /// the inner loop).
    private struct Machine {
        let code: Code
        let text: [Unicode.Scalar]
        var steps = 0
        private var current: ThreadList
        private var next: ThreadList
        private let stack: UnsafeMutablePointer<Int32>

        init(code: Code, text: [Unicode.Scalar], scratch: UnsafeMutableBufferPointer<Int32>) {
            self.code = code
            self.text = text
            let size = code.operations.count
            let base = scratch.baseAddress!
            current = ThreadList(members: base, slots: base + size)
            next = ThreadList(members: base + 2 * size, slots: base + 3 * size)
            stack = base + 4 * size
        }

        mutating func run() -> Bool {
            code.operations.withUnsafeBufferPointer { operations in
                code.asciiMaps.withUnsafeBufferPointer { asciiMaps in run(operations, asciiMaps) }
            }
        }

        private mutating func run(
            _ operations: UnsafeBufferPointer<Code.Operation>, _ asciiMaps: UnsafeBufferPointer<UInt64>
        ) -> Bool {
            for position in 0...text.count {
                if let start = code.startCharacters, current.count == 0,
                    position == text.count || !start.contains(CaseFolding.fold(text[position]))
                {
                    // Nothing is alive and no match can begin here: skip the position.
                    continue
                }
                if add(0, at: position, toNext: false, operations) { return true }
                guard position < text.count else { break }
                let scalar = text[position]
                let folded = CaseFolding.fold(scalar)
                next.count = 0
                var index = 0
                while index < current.count {
                    let pc = Int(current.members[index])
                    index += 1
                    steps += 1
                    let operation = operations[pc]
                    let consumed: Bool
                    switch operation.kind {
                    case .character: consumed = folded.value == operation.first
                    case .any: consumed = !CharacterKinds.isLineTerminator(scalar)
                    case .set:
                        let value = scalar.value
                        consumed =
                            value < 128
                            ? asciiMaps[2 * Int(operation.first) + Int(value >> 6)] & (1 << (value & 63)) != 0
                            : code.classes[Int(operation.first)].contains(scalar, folded: folded)
                    case .assert, .split, .jump, .match: consumed = false
                    }
                    if consumed, add(pc + 1, at: position + 1, toNext: true, operations) { return true }
                }
                swap(&current, &next)
            }
            return false
        }

        /// Adds the thread at `pc` and everything reachable from it without consuming (splits, jumps,
        /// assertions that hold at `position`) to the current list or the next; true when that reaches `match`.
        private mutating func add(
            _ pc: Int, at position: Int, toNext: Bool, _ operations: UnsafeBufferPointer<Code.Operation>
        ) -> Bool {
            var depth = 1
            stack[0] = Int32(pc)
            while depth > 0 {
                depth -= 1
                let pc = Int(stack[depth])
                guard toNext ? next.insert(pc) : current.insert(pc) else { continue }
                steps += 1
                let operation = operations[pc]
                switch operation.kind {
                case .jump:
                    stack[depth] = Int32(operation.first)
                    depth += 1
                case .split:
                    stack[depth] = Int32(operation.second)
                    stack[depth + 1] = Int32(operation.first)
                    depth += 2
                case .assert:
                    if holds(Code.assertions[Int(operation.first)], at: position) {
                        stack[depth] = Int32(pc + 1)
                        depth += 1
                    }
                case .match: return true
                case .character, .any, .set: break
                }
            }
            return false
        }

        private func holds(_ assertion: Assertion, at position: Int) -> Bool {
            switch assertion {
            case .textStart: return position == 0
            case .absoluteEnd: return position == text.count
            case .textEnd:
                // ICU's `$`: the end, or before a line terminator that ends the text ("\r\n" counts as one).
                if position == text.count { return true }
                if position == text.count - 1 {
                    let last = text[position]
                    return CharacterKinds.isLineTerminator(last)
                        && !(last == "\n" && position > 0 && text[position - 1] == "\r")
                }
                return position == text.count - 2 && text[position] == "\r" && text[position + 1] == "\n"
            case .wordBoundary: return isWordBoundary(position)
            case .notWordBoundary: return !isWordBoundary(position)
            }
        }

        /// ICU's word boundary: a word character on one side only. Combining marks and format characters
        /// belong to the character before them, so there is never a boundary just before one.
        private func isWordBoundary(_ position: Int) -> Bool {
            var after = false
            if position < text.count {
                if CharacterKinds.isExtending(text[position]) { return false }
                after = CharacterKinds.isWord(text[position])
            }
            var before = false
            var index = position - 1
            while index >= 0 {
                if !CharacterKinds.isExtending(text[index]) {
                    before = CharacterKinds.isWord(text[index])
                    break
                }
                index -= 1
            }
            return before != after
        }
    }

    /// A set of instruction indexes with constant-time insert, membership and clearing (Briggs and Torczon's
    /// sparse set), in insertion order. `slots` may hold anything: a slot only counts when `members` agrees.
    private struct ThreadList {
        let members: UnsafeMutablePointer<Int32>
        let slots: UnsafeMutablePointer<Int32>
        var count = 0

        /// Inserts `pc`; false when it was already there.
        mutating func insert(_ pc: Int) -> Bool {
            let slot = Int(slots[pc])
            if slot >= 0, slot < count, members[slot] == Int32(pc) { return false }
            slots[pc] = Int32(count)
            members[count] = Int32(pc)
            count += 1
            return true
        }
    }
}

extension RulePattern.CharacterClass {
    /// Whether the class holds `scalar`, ignoring case. Single characters were folded when parsed; a range
    /// is tested with the character as written, folded and upper-cased, so `[A-Z]` holds `a` and `[a-z]` `A`.
    /// A negated class holds what the case-closed class does not.
    func contains(_ scalar: Unicode.Scalar, folded: Unicode.Scalar) -> Bool {
        var found = false
        for item in items {
            switch item {
            case .scalar(let expected): found = expected == folded
            case .range(let low, let high):
                let range = low...high
                found =
                    range.contains(scalar) || range.contains(folded) || range.contains(CaseFolding.upper(scalar))
            case .shorthand(let kind, let negated): found = CharacterKinds.contains(kind, scalar) != negated
            }
            if found { break }
        }
        return found != isNegated
    }
}

/// What ICU (behind NSRegularExpression) counts as a word character, a space, a digit and a line end.
enum CharacterKinds {
    static func contains(_ kind: RulePattern.Shorthand, _ scalar: Unicode.Scalar) -> Bool {
        switch kind {
        case .digit: isDigit(scalar)
        case .word: isWord(scalar)
        case .space: isSpace(scalar)
        }
    }

    /// `\d`: a decimal digit in any script (`\p{Nd}`).
    static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return ("0"..."9").contains(scalar) }
        return scalar.properties.generalCategory == .decimalNumber
    }

    /// `\w`: `[\p{Alphabetic}\p{M}\p{Nd}\p{Pc}\u200c\u200d]`.
    static func isWord(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            return ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                || scalar == "_"
        }
        if scalar == "\u{200C}" || scalar == "\u{200D}" { return true }
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .connectorPunctuation: return true
        default: return properties.isAlphabetic
        }
    }

    /// `\s`: `[\t\n\f\r\p{Z}]`.
    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case " ", "\t", "\n", "\u{0C}", "\r": return true
        default:
            guard !scalar.isASCII else { return false }
            switch scalar.properties.generalCategory {
            case .spaceSeparator, .lineSeparator, .paragraphSeparator: return true
            default: return false
            }
        }
    }

    /// What `.` does not match: `\n`, `\v`, `\f`, `\r`, U+0085, U+2028 and U+2029.
    static func isLineTerminator(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }

    /// A combining mark or format character, which word boundaries look through.
    static func isExtending(_ scalar: Unicode.Scalar) -> Bool {
        guard !scalar.isASCII else { return false }
        return scalar.properties.isGraphemeExtend || scalar.properties.generalCategory == .format
    }
}

/// Case folding for matching that ignores case, one character at a time.
enum CaseFolding {
    /// The character that stands for all its cases: the lower case of its upper case, so `Σ`, `σ` and `ς`
    /// all fold to `σ`. A character whose case mapping is several characters (`ß` upper-cases to `SS`) keeps
    /// its single-character mapping or itself.
    static func fold(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        if scalar.isASCII {
            return ("A"..."Z").contains(scalar) ? Unicode.Scalar(UInt8(scalar.value + 32)) : scalar
        }
        let upper = single(scalar.properties.uppercaseMapping) ?? scalar
        return single(upper.properties.lowercaseMapping) ?? single(scalar.properties.lowercaseMapping) ?? scalar
    }

    /// The character's upper case, when that is one character.
    static func upper(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        if scalar.isASCII {
            return ("a"..."z").contains(scalar) ? Unicode.Scalar(UInt8(scalar.value - 32)) : scalar
        }
        return single(scalar.properties.uppercaseMapping) ?? scalar
    }

    private static func single(_ mapping: String) -> Unicode.Scalar? {
        var scalars = mapping.unicodeScalars.makeIterator()
        guard let first = scalars.next(), scalars.next() == nil else { return nil }
        return first
    }
}
