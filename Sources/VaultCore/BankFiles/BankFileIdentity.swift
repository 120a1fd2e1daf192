import Foundation

/// The identity a bank file's rows take in their account, so importing a file again, or a file that
/// overlaps one imported before or what bank sync brought, adds nothing twice (ingest stage 2).
///
/// The rule:
///
/// 1. A row with the bank's own id (OFX `FITID`) keeps it. A file that repeats an id for a second row
///    (some banks do) gives the repeat `#2`, `#3`, ... in file order, so neither is lost.
/// 2. A row without one (CSV, QIF) gets `file:` + its date + its amount in minor units + its description's
///    payee key (`PayeeKey`) + its occurrence among the rows of the file with the same first three: two
///    identical coffees on one day are `...:1` and `...:2`, two rows, and the same file read again gives
///    both the same ids again. A later file covering the same days gives the same ids too, as long as it
///    holds each whole day the earlier one held.
/// 3. The ingest pipeline matches these ids against the account's stored bank ids first (a re-import is
///    known row by row), then matches the rest one to one against the account's stored rows by content
///    (`TransactionIdentity.overlaps`): same amount, dates within a few days, similar description. That
///    finds what bank sync brought under its own ids, and rows of an earlier file whose ids differ (a
///    different export layout, a changed description), and skips them.
public enum BankFileIdentity {
    /// The bank id each row is stored under, in the same order.
    public static func bankIDs(for rows: [BankFileRow]) -> [String] {
        var seen: [String: Int] = [:]
        // A file repeats its descriptions (the same shops, the same salary): each is normalised once.
        var keys: [String: String] = [:]
        func key(_ description: String) -> String {
            if let known = keys[description] { return known }
            let key = PayeeKey.normalize(description)
            keys[description] = key
            return key
        }
        return rows.map { row in
            let base = row.bankID ?? "file:\(row.date):\(row.amount.minorUnits):\(key(row.description))"
            seen[base, default: 0] += 1
            let count = seen[base] ?? 1
            if row.bankID != nil { return count == 1 ? base : "\(base)#\(count)" }
            return "\(base):\(count)"
        }
    }
}
