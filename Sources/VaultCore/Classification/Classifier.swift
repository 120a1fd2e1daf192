import Foundation

/// The classification pipeline over a household's transactions (DESIGN section 3, stages 3 to 6),
/// pure: it returns what each transaction's derived fields should be, and the service layer writes
/// the differences in one transaction.
///
/// For each transaction, in order:
/// 1. fields a person set by hand (provenance `manual`) are kept as they are, whatever follows;
/// 2. a transfer pair makes it a transfer (`transfer-match`, or `card-payment` for a card payment); a payment
///    into a mortgage or loan (money into one, or out to a pair in one) is filed under Housing or Loans;
/// 3. the first matching rule, in `Rule.precedes` order, sets the category, tags and exclusion, and
///    the classification if it names one (a person's rule can overrule a detected transfer or a payment's
///    category; built-in patterns cannot). Income patterns apply only to money in;
/// 4. the default: money in is income and money out an expense, except that money into a loan or
///    mortgage is a liability payment (a transfer: it leaves income alone), money into a credit card that
///    reads as a payment (`CardPaymentWords`) is a card payment even with no pair in the household (only a
///    person's rule overrules it), and any other money into a card is a refund (an expense that reduces spending).
///
/// Running it twice over the same input gives the same output.
public enum Classifier {
    /// The derived fields of one transaction.
    public struct Outcome: Hashable, Sendable {
        public var classification: Classification
        public var classificationSource: Provenance
        public var categoryID: Category.ID?
        public var categorySource: Provenance
        public var isExcluded: Bool
        public var excludedSource: Provenance
        public var tags: [String]
        /// The rule that set a field, for "Matched: <rule name>".
        public var ruleID: Rule.ID?
        /// The other side of its transfer pair.
        public var transferPartner: Transaction.ID?

        /// The transaction with these derived fields.
        public func applied(to transaction: Transaction) -> Transaction {
            var updated = transaction
            updated.classification = classification
            updated.classificationSource = classificationSource
            updated.categoryID = categoryID
            updated.categorySource = categorySource
            updated.isExcluded = isExcluded
            updated.excludedSource = excludedSource
            updated.tags = tags
            updated.ruleID = ruleID
            return updated
        }

        /// The outcome as the transaction currently has it.
        init(_ transaction: Transaction) {
            classification = transaction.classification
            classificationSource = transaction.classificationSource
            categoryID = transaction.categoryID
            categorySource = transaction.categorySource
            isExcluded = transaction.isExcluded
            excludedSource = transaction.excludedSource
            tags = transaction.tags
        }
    }

    /// Classifies every transaction; `rules` must already be compiled (`RuleMatcher`).
    /// `paymentCategories`: the household's categories for payments into debt accounts (`paymentCategories(from:)`).
    public static func classify(
        _ transactions: [Transaction], accounts: [Account.ID: Account], rules: [RuleMatcher],
        transferPairs: [TransferMatcher.Pair], paymentCategories: [AccountKind: Category.ID] = [:]
    ) -> [Transaction.ID: Outcome] {
        let ordered = rules.filter(\.rule.isActive).sorted { Rule.precedes($0.rule, $1.rule) }
        var partner: [Transaction.ID: (Transaction.ID, Bool)] = [:]
        for pair in transferPairs {
            partner[pair.outflow] = (pair.inflow, pair.isCardPayment)
            partner[pair.inflow] = (pair.outflow, pair.isCardPayment)
        }
        let accountOf = Dictionary(transactions.map { ($0.id, $0.accountID) }, uniquingKeysWith: { first, _ in first })
        var outcomes: [Transaction.ID: Outcome] = [:]
        outcomes.reserveCapacity(transactions.count)
        for transaction in transactions {
            guard let account = accounts[transaction.accountID] else { continue }
            let other = partner[transaction.id]
            outcomes[transaction.id] = classify(
                transaction, account: account, rules: ordered, partner: other,
                paymentCategory: paymentCategory(
                    transaction, account: account,
                    partnerAccount: other.flatMap { accountOf[$0.0] }.flatMap { accounts[$0] },
                    in: paymentCategories))
        }
        return outcomes
    }

    /// The category a row is filed under as a payment into a debt account, if it is one: money into a mortgage
    /// or loan, or money out whose pair went into one.
    static func paymentCategory(
        _ transaction: Transaction, account: Account, partnerAccount: Account?,
        in categories: [AccountKind: Category.ID]
    ) -> Category.ID? {
        guard !categories.isEmpty else { return nil }
        let into = transaction.amount.isPositive ? account : partnerAccount
        return into.flatMap { categories[$0.kind] }
    }

    /// The category a payment into each kind of debt account is filed under, by stable key: a mortgage
    /// payment is Housing, a loan payment Loans (issue 21), whatever the bank's words for it.
    public static let paymentCategoryKeys: [AccountKind: String] = [.mortgage: "housing", .loan: "loans"]

    /// The household's categories for `paymentCategoryKeys`: active expense categories with those keys.
    public static func paymentCategories(from categories: [Category]) -> [AccountKind: Category.ID] {
        var found: [AccountKind: Category.ID] = [:]
        for (kind, key) in paymentCategoryKeys {
            found[kind] = categories.first { $0.key == key && $0.kind == .expense && $0.isActive }?.id
        }
        return found
    }

    /// Classifies one transaction. `paymentCategory`: the category of the debt account it pays into (its own
    /// account for money in, its pair's for money out; `paymentCategoryKeys`), which only a person's rule overrules.
    static func classify(
        _ transaction: Transaction, account: Account, rules: [RuleMatcher], partner: (Transaction.ID, Bool)?,
        paymentCategory: Category.ID? = nil
    ) -> Outcome {
        var outcome = Outcome(transaction)
        let classificationLocked = transaction.classificationSource.isLocked
        let categoryLocked = transaction.categorySource.isLocked
        let exclusionLocked = transaction.excludedSource.isLocked

        // Derived fields start from scratch, so a rule that no longer matches stops applying.
        if !classificationLocked {
            outcome.classification = defaultClassification(transaction, account: account)
            outcome.classificationSource = .default
        }
        if !categoryLocked {
            outcome.categoryID = nil
            outcome.categorySource = .default
        }
        if !exclusionLocked {
            outcome.isExcluded = false
            outcome.excludedSource = .default
        }

        if let (other, isCardPayment) = partner, !classificationLocked {
            outcome.classification = .transfer
            outcome.classificationSource = isCardPayment ? .cardPayment : .transferMatch
            outcome.transferPartner = other
        }
        // A payment into a card whose other side is not in the household (a bank file of the card alone, an
        // account paid from outside) is still a card payment: a liability payment, never a refund.
        let paysCard = partner == nil && isUnpairedCardPayment(transaction, account: account)
        if paysCard, !classificationLocked {
            outcome.classification = .transfer
            outcome.classificationSource = .cardPayment
        }

        if let paymentCategory, !categoryLocked {
            outcome.categoryID = paymentCategory
            outcome.categorySource = partner == nil ? .default : .transferMatch
        }

        let subject = RuleSubject(transaction, account: account)
        if let matcher = rules.first(where: { applies($0, to: subject) }) {
            let rule = matcher.rule
            let source = rule.origin.provenance
            var applied = false
            if let category = rule.categoryID, !categoryLocked,
                (paymentCategory == nil && !paysCard) || rule.origin == .user
            {
                outcome.categoryID = category
                outcome.categorySource = source
                applied = true
            }
            if let classification = rule.classification, !classificationLocked,
                (outcome.transferPartner == nil && !paysCard) || rule.origin == .user
            {
                outcome.classification = classification
                outcome.classificationSource = source
                applied = true
            }
            if rule.excludeFromTotals, !exclusionLocked {
                outcome.isExcluded = true
                outcome.excludedSource = source
                applied = true
            }
            if !rule.tagsToAdd.isEmpty {
                outcome.tags = Tag.unique(outcome.tags + rule.tagsToAdd)
                applied = true
            }
            // Only a rule that set something is named as the reason ("Matched: <rule>").
            if applied { outcome.ruleID = rule.id }
        }
        return outcome
    }

    /// Whether a rule applies: it matches, and an income pattern only ever applies to money in.
    static func applies(_ matcher: RuleMatcher, to subject: RuleSubject) -> Bool {
        if matcher.rule.origin == .incomePattern, !subject.transaction.amount.isPositive { return false }
        return matcher.matches(subject)
    }

    /// Whether money into a credit card reads as a payment of it (`CardPaymentWords`), not a refund.
    public static func isUnpairedCardPayment(_ transaction: Transaction, account: Account) -> Bool {
        account.kind == .creditCard && transaction.amount.isPositive
            && CardPaymentWords.namesPayment(description: transaction.description, payee: transaction.payee)
    }

    /// Stage 6: the classification when nothing more specific applies.
    public static func defaultClassification(_ transaction: Transaction, account: Account) -> Classification {
        guard transaction.amount.isPositive else { return .expense }
        switch account.kind {
        case .loan, .mortgage: return .transfer  // a liability payment, never income
        case .creditCard:
            // A payment of the card is a liability payment; any other credit is a refund that reduces spending.
            return isUnpairedCardPayment(transaction, account: account) ? .transfer : .expense
        default: return .income
        }
    }
}
