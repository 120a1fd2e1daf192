import Benchmark
import Foundation
import VaultCore

/// Classification over a generated history: 100k transactions across five accounts, the built-in
/// patterns plus 100 user rules, run through transfers, rules, patterns and the default (issue 4's target:
/// well under a second).
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident], maxDuration: .seconds(20))

    let household = Household.ID(UUID())
    let kinds: [AccountKind] = [.checking, .savings, .creditCard, .creditCard, .mortgage]
    let accounts = kinds.enumerated().map { index, kind in
        Account(id: Account.ID(UUID()), householdID: household, name: "Account \(index)", kind: kind, currency: .usd)
    }
    let merchants = [
        "SAFEWAY #1234", "UBER EATS ORDER", "UBER TRIP", "SHELL OIL 57442", "NETFLIX.COM", "ACME CORP PAYROLL",
        "AMAZON.COM*ORDER", "LOCAL BAKERY", "PG&E ELECTRIC", "TRANSFER TO SAVINGS",
    ]
    var generator = SplitMix(seed: 42)
    let start = LocalDate(iso: "2016-01-01")!
    let transactions = (0..<100_000).map { index in
        let account = accounts[Int(generator.next() % UInt64(accounts.count))]
        let cents = Int64(generator.next() % 20_000) + 100
        return Transaction(
            id: Transaction.ID(UUID()), householdID: household, accountID: account.id,
            date: start.adding(days: index / 27),
            amount: Money(minorUnits: index % 7 == 0 ? cents : -cents, currency: .usd),
            description: merchants[Int(generator.next() % UInt64(merchants.count))] + " \(index % 97)", source: .bank)
    }
    let categories = Dictionary(uniqueKeysWithValues: DefaultCategories.entries.map { ($0.key, Category.ID(UUID())) })
    var rules = BuiltInPatterns.rules(for: household, categoryIDs: categories) { Rule.ID(UUID()) }
    for index in 0..<100 {
        rules.append(
            Rule(
                id: Rule.ID(UUID()), householdID: household, name: "Rule \(index)", categoryID: categories["other"],
                join: index % 2 == 0 ? .all : .any, priority: index % 5,
                conditions: [
                    RuleCondition(.description, index % 3 == 0 ? .regex : .contains, "MERCHANT\(index)"),
                    RuleCondition(.amount, .between, "\(index)", "\(index + 50)"),
                ]))
    }
    let matchers = rules.compactMap { try? RuleMatcher($0) }
    let byID = Dictionary(uniqueKeysWithValues: accounts.map { ($0.id, $0) })

    Benchmark("Transfer matching, 100k transactions") { benchmark in
        blackHole(TransferMatcher.pairs(in: transactions, accounts: byID))
    }

    Benchmark("Classification, 100k transactions, 100 rules plus built-ins") { benchmark in
        let pairs = TransferMatcher.pairs(in: transactions, accounts: byID)
        blackHole(Classifier.classify(transactions, accounts: byID, rules: matchers, transferPairs: pairs))
    }
}

/// A seedable generator so every run classifies the same history.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
