import Foundation

/// The preview's check that a file's amounts point the way its account's usually do, so a file read with the
/// wrong sign is noticed before it is imported.
///
/// A credit card's rows are mostly purchases (money out) with a payment or two (money in); a checking account's
/// are mostly payments out with a salary or two in. When most rows of either would be money in, the file most
/// likely writes money out as positive numbers: the preview warns and offers to read it the other way. Other
/// accounts (savings, loans, investments) have no usual direction and are not checked.
public enum BankFileSignCheck {
    /// The fewest rows a direction is judged from: one or two rows say nothing about a file.
    public static let minimumRows = 3

    /// The warning for `rows` in an account of `kind` named `accountName`, or nil when they look right.
    public static func warning(_ rows: [BankFileRow], kind: AccountKind, accountName: String) -> String? {
        guard rows.count >= minimumRows, kind == .creditCard || kind == .checking else { return nil }
        let moneyIn = rows.filter { !$0.amount.isNegative && !$0.amount.isZero }.count
        guard moneyIn * 2 > rows.count else { return nil }
        let usual =
            kind == .creditCard
            ? "a credit card, where purchases are money out"
            : "a checking account, where most rows are payments out"
        return "Most rows (\(moneyIn) of \(rows.count)) would be money into \(accountName), \(usual): if the file "
            + "writes money out as positive numbers, read positive amounts as money out before importing."
    }
}
