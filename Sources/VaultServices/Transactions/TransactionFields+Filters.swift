import Foundation
import VaultCore

extension TransactionFields {
    /// A flag filter as typed: `paid`, `unpaid`, `none` (not set) and the like; nil (any) when empty. A word
    /// the flag does not know is refused with a message that names every accepted one.
    /// Sets both flag filters of `filter` from what was typed (`flagFilter`), collecting refusals in `problems`
    /// under the given field names.
    static func setFlags(
        payment: String?, reimbursement: String?, on filter: inout TransactionFilter, problems: inout [Problem],
        fields: (payment: String, reimbursement: String) = ("payment", "reimbursement")
    ) {
        filter.paymentFlag =
            flagFilter(payment, field: fields.payment, flagName: "payment", of: PaymentFlag.self)
            .value(collecting: &problems) ?? nil
        filter.reimbursementFlag =
            flagFilter(
                reimbursement, field: fields.reimbursement, flagName: "reimbursement", of: ReimbursementFlag.self
            )
            .value(collecting: &problems) ?? nil
    }

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
