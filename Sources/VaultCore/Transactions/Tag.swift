import Foundation

/// Tag normalisation (spec `expense-tracker.md` 2.3.1): tags are trimmed, lower-cased, inner spaces kept.
public enum Tag {
    /// `"  Coffee Shop "` becomes `"coffee shop"`; runs of inner white space become one space.
    public static func normalize(_ raw: String) -> String {
        raw.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// Splits comma-separated input into normalised tags, dropping empties and repeats, first seen first.
    public static func parseList(_ raw: String) -> [String] {
        unique(raw.split(separator: ",").map { normalize(String($0)) })
    }

    /// Normalised, non-empty and without repeats, in their first order.
    public static func unique(_ tags: some Sequence<String>) -> [String] {
        var seen = Set<String>()
        return tags.map(normalize).filter { !$0.isEmpty && seen.insert($0).inserted }
    }
}

/// The folded form of text used for searching: case, accents, punctuation and spaces ignored.
///
/// "Trader Joe's #552" and "trader joes" both fold to letters and digits only, so a search for
/// `trader joes` finds it (issue: description matching ignores case, punctuation and special characters).
public enum SearchText {
    /// Lower-cased, accents removed, everything but letters and digits dropped.
    public static func fold(_ text: String) -> String {
        // Most bank descriptions are plain ASCII: fold those byte by byte (Foundation's folding costs
        // microseconds a call, and every transaction written is folded).
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(text.utf8.count)
            for byte in text.utf8 {
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): bytes.append(byte)
                case UInt8(ascii: "A")...UInt8(ascii: "Z"): bytes.append(byte + 32)
                default: break
                }
            }
            return String(decoding: bytes, as: UTF8.self)
        }
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        return String(
            String.UnicodeScalarView(
                folded.unicodeScalars.filter {
                    $0.properties.isAlphabetic || $0.properties.numericType != nil
                })
        ).lowercased()
    }

    /// The stored key of a transaction: its folded description and payee, kept apart by a `|`
    /// that no folded query contains, so a match never spans the two.
    public static func key(description: String, payee: String?) -> String {
        fold(description) + "|" + fold(payee ?? "")
    }
}
