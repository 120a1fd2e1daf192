import Foundation

/// Where the 50/30/20 lens puts money (spec `ghostvault.md` section 9): a bucket, the reason a person reads
/// ("Groceries category", "Your choice for this transaction") and what it adds to the bucket.
///
/// The order of the checks is the order of authority: a person's choice for the transaction, then their choice
/// for the payee, then the account's kind, the category and the payee patterns (`LensClassifier`).
public struct LensPlacement: Hashable, Sendable {
    public let bucket: LensBucket
    public let reason: String
    /// What the money adds to the bucket in minor units: spending as a positive amount (a refund negative),
    /// money into a savings or loan account as it came in.
    public let minorUnits: Int64
    /// Money moved into or out of a savings, investment or brokerage account, which the lens counts net per
    /// account over the month (money moved back out the same month is not saved).
    public let isSavingsTransfer: Bool

    /// The reason of a transaction a person put in a bucket by hand.
    public static let choiceReason = "Your choice for this transaction"
    /// The reason of the net transfers into savings accounts.
    public static let savingsReason = "Transfers into savings and investment accounts"

    /// Where a group of money (or one transaction, as a group of one) lands, or nil for money the lens
    /// leaves out: income, ignored money, card payments and transfers between everyday accounts, and money
    /// into a loan that was already counted as an expense on its other side.
    public static func of(
        _ group: LensReport.Group, account: Account, tree: CategoryTree, overrides: [String: LensBucket]
    ) throws(MoneyError) -> LensPlacement? {
        guard IncomeAndSpending.counts(account) else { return nil }
        switch group.classification {
        case .expense:
            let amount = try Exact.negate(group.minorUnits)
            if let choice = group.choice { return LensPlacement(choice, choiceReason, amount) }
            let decision = LensClassifier.bucket(
                expenseNamed: group.name, description: group.description, categoryID: group.categoryID,
                account: account, tree: tree, overrides: overrides)
            return LensPlacement(decision.bucket, decision.reason, amount)
        case .transfer where LensClassifier.savingsKinds.contains(account.kind):
            if let choice = group.choice { return LensPlacement(choice, choiceReason, group.minorUnits) }
            return LensPlacement(.savings, savingsReason, group.minorUnits, isSavingsTransfer: true)
        // A loan payment counts once: here when it came through a transfer pair; otherwise its other side was an
        // expense and was counted there.
        case .transfer
        where LensClassifier.debtKinds.contains(account.kind) && group.minorUnits > 0 && group.isPairedInflow:
            if let choice = group.choice { return LensPlacement(choice, choiceReason, group.minorUnits) }
            let key = PayeeKey.normalize(group.name)
            if let bucket = overrides[key] {
                return LensPlacement(bucket, "Your choice for \u{201C}\(key)\u{201D}", group.minorUnits)
            }
            return LensPlacement(.need, "Loan and mortgage payments", group.minorUnits)
        default:
            return nil
        }
    }

    /// Where each of many transactions lands (nil where the lens leaves one out), deciding once per kind of
    /// transaction: the same account, classification, category, payee, description, pairing, choice and direction
    /// of money always land alike. A month of a million-row household holds thousands of transactions but a few
    /// hundred such kinds, and the decision (payee keys, patterns) costs far more than the lookup.
    public static func each(
        _ transactions: [LensTransaction], accounts: [Account.ID: Account], tree: CategoryTree,
        overrides: [String: LensBucket]
    ) throws(MoneyError) -> [LensPlacement?] {
        var decided: [LensReport.Group: LensPlacement?] = [:]
        var placements: [LensPlacement?] = []
        placements.reserveCapacity(transactions.count)
        for transaction in transactions {
            let group = transaction.group
            guard let account = accounts[group.accountID] else {
                placements.append(nil)
                continue
            }
            // A placement depends on the amount only through its sign, and its amount is the amount or its negation.
            let sign = group.minorUnits.signum()
            let kind = LensReport.Group(
                accountID: group.accountID, classification: group.classification, categoryID: group.categoryID,
                name: group.name, description: group.description, isPairedInflow: group.isPairedInflow,
                choice: group.choice, minorUnits: sign, count: 1)
            let decision: LensPlacement?
            if let known = decided[kind] {
                decision = known
            } else {
                decision = try of(kind, account: account, tree: tree, overrides: overrides)
                decided[kind] = decision
            }
            guard let decision else {
                placements.append(nil)
                continue
            }
            let amount = decision.minorUnits == sign ? group.minorUnits : try Exact.negate(group.minorUnits)
            placements.append(
                LensPlacement(
                    decision.bucket, decision.reason, amount, isSavingsTransfer: decision.isSavingsTransfer))
        }
        return placements
    }

    init(_ bucket: LensBucket, _ reason: String, _ minorUnits: Int64, isSavingsTransfer: Bool = false) {
        self.bucket = bucket
        self.reason = reason
        self.minorUnits = minorUnits
        self.isSavingsTransfer = isSavingsTransfer
    }
}
