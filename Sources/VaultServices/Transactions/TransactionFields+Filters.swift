import Foundation
import VaultCore

extension TransactionFields {
    /// A flag filter as typed: `paid`, `unpaid`, `none` (not set) and the like; nil (any) when empty. A word
    /// the flag does not know is refused with a message that names every accepted one.
    static func flagFilter<Flag>(
        _ text: String?, field: String, flagName: String, of flag: Flag.Type
    ) -> Result<FlagFilter<Flag>?, Problem> {
        guard let text, !text.trimmingCharacters(in: .whitespaces).isEmpty else { return .success(nil) }
        guard let filter = FlagFilter<Flag>(word: text) else {
            let words = FlagFilter<Flag>.words
            let listed = words.dropLast().joined(separator: ", ") + " or " + (words.last ?? "")
            return .failure(
                Problem(
                    field: field,
                    message: "'\(text)' is not a \(flagName) filter; use \(listed) (\(FlagFilter<Flag>.notSetWord) "
                        + "for transactions with no \(flagName) flag)."))
        }
        return .success(filter)
    }

    /// Tags to filter by, normalised as they are stored, empties and repeats dropped; a comma inside one value
    /// separates tags (`tag=coffee,lunch`), so a list can be written either way.
    static func tagFilter(_ values: [String]) -> Set<String> {
        Set(values.flatMap { Tag.parseList($0) })
    }
}
