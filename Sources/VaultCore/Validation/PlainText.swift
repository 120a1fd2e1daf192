/// What a person may type into a text field.
///
/// No NUL or other control characters anywhere: they are invisible on screen, cut strings short in C
/// libraries and terminals, and break exports. A single-line field (a name, a description) takes no line
/// breaks or tabs either; a multi-line one (a note) keeps them. Nor the invisible characters that change how
/// text reads without showing (`isInvisible`): direction overrides and zero-width spaces, which bank text has
/// removed on its way in too.
public enum PlainText {
    /// A problem naming the field when `value` holds a character it may not; nil when it is fine.
    public static func problem(_ value: String, field: String, label: String, multiline: Bool = false) -> Problem? {
        guard
            let bad = value.unicodeScalars.first(where: { !isAllowed($0, multiline: multiline) || isInvisible($0) })
        else {
            return nil
        }
        let hex = String(bad.value, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        let what =
            bad == "\n" || bad == "\r"
            ? "a line break"
            : bad == "\t"
                ? "a tab"
                : isInvisible(bad)
                    ? "an invisible character that changes how the text reads (\(code))"
                    : "a control character (\(code))"
        return Problem(field: field, message: "\(label) contains \(what); remove it and try again.")
    }

    /// Whether a character is invisible and changes how the text around it reads: the direction marks,
    /// embeddings, overrides and isolates (`U+061C`, `U+200E`, `U+200F`, `U+202A`-`U+202E`, `U+2066`-`U+2069`),
    /// which can make `exe.gpj` show as `jpg.exe`, and the zero-width space, word joiner and byte order mark
    /// (`U+200B`, `U+2060`, `U+FEFF`), which make two names that look the same differ. The zero-width joiner
    /// and non-joiner stay: emoji sequences and several scripts need them.
    public static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x061C, 0x200B, 0x200E, 0x200F, 0x202A...0x202E, 0x2060, 0x2066...0x2069, 0xFEFF: true
        default: false
        }
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
