/// What a person may type into a text field.
///
/// No NUL or other control characters anywhere: they are invisible on screen, cut strings short in C
/// libraries and terminals, and break exports. A single-line field (a name, a description) takes no line
/// breaks or tabs either; a multi-line one (a note) keeps them.
public enum PlainText {
    /// A problem naming the field when `value` holds a character it may not; nil when it is fine.
    public static func problem(_ value: String, field: String, label: String, multiline: Bool = false) -> Problem? {
        guard let bad = value.unicodeScalars.first(where: { !isAllowed($0, multiline: multiline) }) else {
            return nil
        }
        let hex = String(bad.value, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        let what = bad == "\n" || bad == "\r" ? "a line break" : bad == "\t" ? "a tab" : "a control character (\(code))"
        return Problem(field: field, message: "\(label) contains \(what); remove it and try again.")
    }

    /// Whether a character may stand in a field: printable text, plus line breaks and tabs in multi-line fields.
    public static func isAllowed(_ scalar: Unicode.Scalar, multiline: Bool) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: multiline
        case 0x00...0x1F, 0x7F...0x9F: false
        default: true
        }
    }
}
