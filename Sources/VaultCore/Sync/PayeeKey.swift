import Foundation

/// The normalised form of a payee or description used to recognise the same merchant across
/// transactions (DESIGN section 3, ingest stage 1).
///
/// Case and punctuation are folded; card-processor prefixes (`SQ *`, `TST*`, `PAYPAL *`), store
/// numbers (`#552`, `STORE 0042`), masked card numbers (`...4829`, `XX1234`) and runs of digits are
/// dropped, so "SQ *CAFE LUNA #1234" and "Cafe Luna" share the key `cafe luna`.
public enum PayeeKey {
    /// Processor prefixes that say how a card was charged, not who was paid.
    static let processorPrefixes = ["sq ", "tst ", "paypal ", "pp ", "sp ", "py ", "pos ", "dd ", "ach "]

    public static func normalize(_ text: String) -> String {
        let folded: String
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            // ASCII has no diacritics, and its case folds to lower case: the same key without Foundation's
            // folding and replacing, which copy the text through `NSString` (most of an import's cost per row).
            folded = String(String.UnicodeScalarView(text.lowercased().unicodeScalars.filter { $0 != "'" }))
        } else {
            folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).lowercased()
                .replacingOccurrences(of: "'", with: "").replacingOccurrences(of: "\u{2019}", with: "")
        }
        // Letters stay; everything else becomes a space, so words and numbers separate.
        var spaced = String(folded.map { $0.isLetter ? $0 : ($0.isNumber ? $0 : " ") })
        spaced = spaced.split(separator: " ").joined(separator: " ")
        var words = spaced.split(separator: " ").map(String.init)
        // Drop tokens that are numbers, or masked card numbers like xx1234.
        words = words.filter { word in
            !word.allSatisfy(\.isNumber) && !(word.hasPrefix("xx") && word.dropFirst(2).allSatisfy(\.isNumber))
        }
        // Drop "store" / "no" markers left without their number.
        words = words.filter { !["store", "str", "no"].contains($0) }
        var key = words.joined(separator: " ")
        for prefix in processorPrefixes where key.hasPrefix(prefix) {
            key.removeFirst(prefix.count)
            break
        }
        return key
    }

    /// Whether two keys name the same merchant: equal, or one is a word-prefix of the other
    /// ("cafe luna" and "cafe luna san francisco").
    public static func similar(_ a: String, _ b: String) -> Bool {
        guard !a.isEmpty, !b.isEmpty else { return false }
        if a == b { return true }
        let (short, long) = a.count <= b.count ? (a, b) : (b, a)
        return long.hasPrefix(short + " ")
    }
}
