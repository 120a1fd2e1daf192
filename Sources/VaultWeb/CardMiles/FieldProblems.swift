import VaultCore

/// The problems of a refused form, as each field shows them: its border and its message beside it.
struct FieldProblems {
    let problems: [Problem]

    /// Whether the field was refused.
    func has(_ field: String) -> Bool { problems.contains { $0.field == field } }

    /// The attributes that mark a field refused and point at its message.
    func invalid(_ field: String) -> HTML {
        problems.contains { $0.field == field } ? " aria-invalid=\"true\" aria-describedby=\"\(field)-problem\"" : ""
    }

    /// The field's messages, or nothing.
    func message(_ field: String) -> HTML {
        let messages = problems.filter { $0.field == field }.map(\.message)
        guard !messages.isEmpty else { return .empty }
        return "<p class=\"field-problem\" id=\"\(field)-problem\">\(messages.joined(separator: " "))</p>"
    }

    /// The messages of fields the form does not show, at its top.
    func others(shown: [String]) -> HTML {
        Layout.problems(problems.filter { !shown.contains($0.field) }.map(\.message))
    }
}
