import Foundation

/// What a list asks of one flag (spec `expense-tracker.md` 2.4 and 3.2, Flags): a given value, or no value set.
///
/// "Any" is the absence of a `FlagFilter` (an optional one that is nil), so a filter never holds a condition
/// that passes everything.
public enum FlagFilter<Flag: RawRepresentable & CaseIterable & Hashable & Sendable>: Hashable, Sendable
where Flag.RawValue == String {
    /// Only transactions with this flag.
    case flagged(Flag)
    /// Only transactions with no value for this flag.
    case notSet

    /// The word that asks for transactions with no value set (`?payment=none`, `--payment none`).
    public static var notSetWord: String { "none" }

    /// Every word `init(word:)` accepts, in the order a message lists them: the flag's values, then `none`.
    public static var words: [String] { Flag.allCases.map(\.rawValue) + [notSetWord] }

    /// Reads `paid`, `unpaid`, `none` (any case, surrounding spaces ignored); nil for anything else.
    public init?(word: String) {
        let folded = word.trimmingCharacters(in: .whitespaces).lowercased()
        if folded == Self.notSetWord {
            self = .notSet
        } else if let flag = Flag(rawValue: folded) {
            self = .flagged(flag)
        } else {
            return nil
        }
    }

    /// The word that reads back as this filter: the flag's value, or `none`.
    public var word: String {
        switch self {
        case .flagged(let flag): flag.rawValue
        case .notSet: Self.notSetWord
        }
    }

    /// Whether a transaction's flag (nil when unset) passes.
    public func matches(_ flag: Flag?) -> Bool {
        switch self {
        case .flagged(let wanted): flag == wanted
        case .notSet: flag == nil
        }
    }
}
