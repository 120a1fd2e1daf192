extension RulePattern {
    /// Turns a tree into a Thompson NFA program (Russ Cox, "Regular Expression Matching: the Virtual
    /// Machine Approach"), refusing as soon as it would exceed `maximumProgramSize`.
    ///
    /// Counted repetition is expanded: `x{2,4}` is `x x (x (x)?)?`. Emitting stops at the limit, so even
    /// `((a{100}){100}){100}` costs at most `maximumProgramSize` instructions of work before it is refused.
    struct Compiler {
        private(set) var program: [Instruction] = []

        /// Appends the final `match` and hands back the program.
        mutating func finish() throws(Refusal) -> [Instruction] {
            try emit(.match)
            return program
        }

        mutating func compile(_ node: Node) throws(Refusal) {
            switch node {
            case .empty: break
            case .consume(let instruction): try emit(instruction)
            case .assert(let assertion): try emit(.assert(assertion))
            case .sequence(let nodes):
                for node in nodes { try compile(node) }
            case .alternation(let branches):
                // split L1, next; L1: first; jump end; next: split L2, next'; ... last; end:
                var jumps: [Int] = []
                for branch in branches.dropLast() {
                    let split = try emit(.split(0, 0))
                    try compile(branch)
                    jumps.append(try emit(.jump(0)))
                    program[split] = .split(split + 1, program.count)
                }
                try compile(branches[branches.count - 1])
                for jump in jumps { program[jump] = .jump(program.count) }
            case .repetition(let node, let min, let max):
                guard !node.isEmpty else { return }
                try repeatNode(node, min: min, max: max)
            }
        }

        private mutating func repeatNode(_ node: Node, min: Int, max: Int?) throws(Refusal) {
            guard let max else {
                if min == 0 {
                    // loop: split body, end; body; jump loop; end:
                    let loop = try emit(.split(0, 0))
                    try compile(node)
                    try emit(.jump(loop))
                    program[loop] = .split(loop + 1, program.count)
                } else {
                    // x{n,}: n - 1 copies, then one that loops back to itself (body; split body, end).
                    for _ in 0..<(min - 1) { try compile(node) }
                    let body = program.count
                    try compile(node)
                    try emit(.split(body, program.count + 1))
                }
                return
            }
            for _ in 0..<min { try compile(node) }
            // Each optional copy may be skipped straight to the end: split next, end; x; split next, end; x; ...
            var splits: [Int] = []
            for _ in min..<max {
                splits.append(try emit(.split(0, 0)))
                try compile(node)
            }
            for split in splits { program[split] = .split(split + 1, program.count) }
        }

        @discardableResult
        private mutating func emit(_ instruction: Instruction) throws(Refusal) -> Int {
            guard program.count < RulePattern.maximumProgramSize else {
                throw Refusal(
                    message:
                        "The pattern is too complex: it compiles to more than \(RulePattern.maximumProgramSize) steps "
                        + "(a count like {n,m} copies what it repeats). Repeat less, or split it into several filters.")
            }
            program.append(instruction)
            return program.count - 1
        }
    }
}
