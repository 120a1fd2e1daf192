import Testing
import VaultCore

@Suite struct TextNormalizationTests {
    @Test(
        "tags are trimmed and lower-cased with inner spaces kept",
        arguments: [
            ("Amazon", "amazon"), ("  Coffee Shop ", "coffee shop"), ("ÉTÉ", "été"), ("a   b", "a b"),
        ])
    func tag(raw: String, normalized: String) {
        #expect(Tag.normalize(raw) == normalized)
    }

    @Test("a tag list drops empties and repeats, keeping first order")
    func tagList() {
        #expect(Tag.parseList("Amazon, coffee,  Coffee , ,Gift Ideas") == ["amazon", "coffee", "gift ideas"])
        #expect(Tag.parseList("") == [])
    }

    @Test(
        "search folding ignores case, accents, punctuation and spaces",
        arguments: [
            ("TRADER JOE'S #552", "traderjoes552"), ("Café-Bar", "cafebar"), ("  ", ""),
            ("AMAZON.COM*2X4", "amazoncom2x4"),
        ])
    func fold(text: String, folded: String) {
        #expect(SearchText.fold(text) == folded)
    }

    @Test("plain ASCII folds exactly as the general path folds it")
    func asciiFastPath() {
        let every = String(decoding: (0..<128).map { UInt8($0) }, as: UTF8.self)
        for text in [every, "ACME CORP PAYROLL DIRECT DEP", "Pg&E ElEcTrIc #20", "~`!@[]{}|\\ 09 Zz"] {
            // An em dash is not ASCII and folds to nothing: the same text through the general path.
            #expect(SearchText.fold(text) == SearchText.fold(text + "\u{2014}"))
        }
        #expect(SearchText.fold(every) == "0123456789abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyz")
    }

    @Test("a search never matches across the description and the payee")
    func keyBoundary() {
        let key = SearchText.key(description: "Coffee", payee: "Shop")
        #expect(key.contains(SearchText.fold("coffee")))
        #expect(!key.contains(SearchText.fold("coffeeshop")))
    }
}
