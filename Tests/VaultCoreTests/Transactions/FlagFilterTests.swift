import Testing
import VaultCore

@Suite struct FlagFilterTests {
    @Test(
        "words read back as the filter they name, in any case",
        arguments: [
            ("paid", FlagFilter<PaymentFlag>.flagged(.paid)), (" Unpaid ", .flagged(.unpaid)), ("NONE", .notSet),
        ])
    func words(text: String, expected: FlagFilter<PaymentFlag>) {
        #expect(FlagFilter<PaymentFlag>(word: text) == expected)
        #expect(FlagFilter<PaymentFlag>(word: expected.word) == expected)
    }

    @Test("an unknown word is refused, and the accepted words are the flag's values then none")
    func unknown() {
        #expect(FlagFilter<PaymentFlag>(word: "reimbursed") == nil)
        #expect(FlagFilter<PaymentFlag>(word: "") == nil)
        #expect(FlagFilter<ReimbursementFlag>.words == ["reimbursed", "unreimbursed", "none"])
    }

    @Test("not set matches only a missing flag; a value only itself")
    func matching() {
        #expect(FlagFilter<PaymentFlag>.notSet.matches(nil))
        #expect(!FlagFilter<PaymentFlag>.notSet.matches(.paid))
        #expect(FlagFilter<PaymentFlag>.flagged(.unpaid).matches(.unpaid))
        #expect(!FlagFilter<PaymentFlag>.flagged(.unpaid).matches(nil))
        #expect(!FlagFilter<PaymentFlag>.flagged(.unpaid).matches(.paid))
    }
}
