import Foundation

/// One thing wrong with input, tied to the field it concerns, said so a person knows what to change.
public struct Problem: Error, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The input field, as the form or command calls it (`amount`, `date`, `category`).
    public let field: String
    /// What is wrong and how to fix it.
    public let message: String

    public init(field: String, message: String) {
        self.field = field
        self.message = message
    }

    public var description: String { "\(field): \(message)" }
}

/// Input that was refused whole: every problem found, not only the first (STYLE.md).
public struct InvalidInput: Error, Hashable, Sendable, CustomStringConvertible {
    public let problems: [Problem]

    public init(_ problems: [Problem]) {
        precondition(!problems.isEmpty, "InvalidInput needs at least one problem")
        self.problems = problems
    }

    public init(field: String, _ message: String) {
        self.init([Problem(field: field, message: message)])
    }

    public var description: String {
        problems.count == 1 ? problems[0].description : problems.map { "- \($0)" }.joined(separator: "\n")
    }
}
