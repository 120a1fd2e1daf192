import Testing
import VaultCore

@Suite struct PlainTextTests {
    @Test(
        "direction marks, overrides, isolates and zero-width spaces are refused, named by code point",
        arguments: [
            ("a\u{202E}b", "U+202E"), ("a\u{200F}b", "U+200F"), ("a\u{2066}b", "U+2066"), ("a\u{200B}b", "U+200B"),
            ("\u{FEFF}a", "U+FEFF"), ("a\u{061C}b", "U+061C"), ("a\u{2060}b", "U+2060"),
        ])
    func invisible(_ text: String, code: String) throws {
        let problem = try #require(PlainText.problem(text, field: "name", label: "The name"))
        #expect(problem.field == "name")
        #expect(
            problem.message == "The name contains an invisible character that changes how the text reads (\(code)); "
                + "remove it and try again.")
    }

    @Test(
        "joiners that emoji and scripts need, and ordinary right-to-left text, stay",
        arguments: [
            "👨‍👩‍👧", "می‌خواهم", "שלום", "Café",
        ])
    func kept(_ text: String) {
        #expect(PlainText.problem(text, field: "name", label: "The name") == nil)
    }
}
