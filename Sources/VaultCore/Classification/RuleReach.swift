import Foundation

/// The stored transactions a rule can match, in terms an index answers: every transaction the rule matches is
/// in its reach (more may be). A rule preview plans only these rows when the stored classification is current
/// for the other rules (issue 15).
///
/// A reach is any of its `parts`; a transaction is in a part when its search key (`SearchText.key`: description
/// and payee folded to lower-case letters and digits) holds every one of the part's fragments, and its account is
/// among the part's accounts when the part names some. Folding keeps every letter and digit of a text and drops
/// the rest, so the folded text of a description containing "Uber *Eats" contains "ubereats".
public struct RuleReach: Hashable, Sendable {
    public struct Part: Hashable, Sendable {
        /// Folded texts the search key must contain, each at least `minimumFragment` long (an index of
        /// three-letter runs cannot look up less).
        public var fragments: [String]
        /// The accounts the row must be in; nil for any account.
        public var accounts: Set<Account.ID>?
    }

    /// Any of these; none for a rule that matches nothing (inactive, or without conditions).
    public let parts: [Part]

    /// The shortest fragment an index of three-letter runs can look up.
    public static let minimumFragment = 3

    /// The reach of `rule` over a household with `accounts`; nil when the rule can match rows no index finds
    /// (a pattern, an amount, a text too short or not plain ASCII): then every row must be read.
    public init?(_ rule: Rule, accounts: [Account]) {
        guard rule.isActive, !rule.conditions.isEmpty else {
            parts = []
            return
        }
        let each = rule.conditions.map { Self.part(of: $0, accounts: accounts) }
        switch rule.join {
        case .any:
            // Each condition alone is enough, so each must be found.
            guard each.allSatisfy({ $0 != nil }) else { return nil }
            parts = each.compactMap { $0 }
        case .all:
            // Every condition must hold: the row is in the reach of each one that can say something.
            let known = each.compactMap { $0 }
            guard !known.isEmpty else { return nil }
            var accountSet: Set<Account.ID>?
            for part in known {
                if let accounts = part.accounts {
                    accountSet = accountSet.map { $0.intersection(accounts) } ?? accounts
                }
            }
            var fragments: [String] = []
            for fragment in known.flatMap(\.fragments) where !fragments.contains(fragment) {
                fragments.append(fragment)
            }
            parts = [Part(fragments: fragments, accounts: accountSet)]
        }
    }

    /// What one condition alone says about the rows it matches; nil when no index can say.
    static func part(of condition: RuleCondition, accounts: [Account]) -> Part? {
        switch condition.field {
        case .description, .payee:
            let texts: [String]
            switch condition.op {
            case .contains, .startsWith, .endsWith, .equals: texts = [condition.value]
            case .containsWord:
                texts = condition.value.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
            case .regex:
                guard let runs = RuleMatcher.orderedLiterals(condition.value) else { return nil }
                texts = runs.map { String(decoding: $0, as: UTF8.self) }
            case .greaterThan, .lessThan, .between: return nil
            }
            // Lower-casing and folding agree on ASCII; other scripts are left to a full read.
            guard texts.allSatisfy({ $0.utf8.allSatisfy { $0 < 0x80 } }) else { return nil }
            let fragments = texts.map(SearchText.fold).filter { $0.count >= minimumFragment }
            return fragments.isEmpty ? nil : Part(fragments: fragments, accounts: nil)
        case .account:
            // An account condition depends on the account alone: it is decided here for each one.
            let probe = Rule(
                id: Rule.ID(UUID()), householdID: accounts.first?.householdID ?? Household.ID(UUID()), name: "",
                conditions: [condition])
            guard let matcher = try? RuleMatcher(probe) else { return nil }
            let matching = accounts.filter { account in
                matcher.matches(
                    Transaction(
                        id: Transaction.ID(UUID()), householdID: account.householdID, accountID: account.id,
                        date: LocalDate(year: 2000, month: 1, day: 1)!,
                        amount: Money(minorUnits: 0, currency: account.currency), description: "", source: .manual),
                    account: account)
            }
            return Part(fragments: [], accounts: Set(matching.map(\.id)))
        case .amount:
            return nil
        }
    }
}
