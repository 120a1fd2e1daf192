import Foundation

/// Reference and confirmation numbers that change with every payment ("REF #IB000012", "CONF# 8H2K9Q",
/// "TRACE 0219-44A"), folded away so a monthly transfer whose description carries one is still one payee
/// to the recurring detector.
///
/// Only two shapes are folded, so meaningful digits stay: a code after a reference word (`ref`, `conf`,
/// `confirmation`, `trace`, `txn`, `trn`, `seq`, `auth`, `id`) when the code holds a digit, and any word of
/// letters and digits with four or more digits (`ib000012`). "21ST CENTURY INSURANCE", "PIER 1 IMPORTS"
/// and "7-ELEVEN" keep their words (pure numbers such as store numbers were already dropped by `normalize`).
/// Sync's identity matching keeps using `normalize`, which does not fold references.
extension PayeeKey {
    /// Words that introduce a reference number.
    static let referenceWords: Set<String> = [
        "ref", "reference", "conf", "confirmation", "trace", "txn", "trn", "seq", "auth", "id",
    ]
    /// A word with at least this many digits among letters is a code, not a name (spec-free judgment: the
    /// shortest bank reference codes seen are six characters with four or more digits; names with digits
    /// such as "21st", "b2b" or "3m" have one or two).
    static let codeDigits = 4

    /// The normalised key with reference and confirmation numbers folded away, for recognising a series.
    public static func folded(_ text: String) -> String {
        let lowered = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).lowercased()
            .replacingOccurrences(of: "'", with: "").replacingOccurrences(of: "\u{2019}", with: "")
        var spaced = String(lowered.map { $0.isLetter || $0.isNumber ? $0 : " " })
        spaced = spaced.split(separator: " ").joined(separator: " ")
        let words = spaced.split(separator: " ").map(String.init)
        var kept: [String] = []
        var index = 0
        while index < words.count {
            let word = words[index]
            if referenceWords.contains(word) {
                // The word and its code: "ref ib000012", "conf no 8h2k9q", "confirmation number 5521".
                var code = index + 1
                while code < words.count, ["no", "nbr", "num", "number"].contains(words[code]) { code += 1 }
                if code < words.count, words[code].contains(where: \.isNumber) {
                    index = code + 1
                    continue
                }
            }
            if word.contains(where: \.isLetter), word.count(where: \.isNumber) >= codeDigits {
                index += 1
                continue
            }
            kept.append(word)
            index += 1
        }
        return normalize(kept.joined(separator: " "))
    }
}
