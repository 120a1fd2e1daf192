import Foundation
import Testing
import VaultCore

@Suite struct ClassifierTests {
    let f = ClassificationFixture()
    var categories: [String: Category.ID] {
        Dictionary(uniqueKeysWithValues: DefaultCategories.entries.map { ($0.key, Category.ID(UUID())) })
    }

    func builtIns(_ ids: [String: Category.ID]) throws -> [RuleMatcher] {
        try BuiltInPatterns.rules(for: f.household, categoryIDs: ids) { Rule.ID(UUID()) }.map(RuleMatcher.init)
    }

    @Test(
        "income patterns make money in income, and never money out",
        arguments: [
            ("ACME CORP PAYROLL DIRECT DEP", Int64(265_000), Classification.income, Provenance.incomePattern),
            ("EMPLOYER INC DEPOSIT", 100_000, .income, .incomePattern),
            ("Monthly salary", 100_000, .income, .incomePattern),
            ("ACH CREDIT PAYROLL", 100_000, .income, .incomePattern),
            ("PAYROLL TAX PAYMENT", -50_000, .expense, .default),
            ("VENMO FROM SAM", 2_000, .income, .default),
        ])
    func incomePatterns(description: String, cents: Int64, classification: Classification, source: Provenance) throws {
        let transaction = f.transaction(f.checking, "2026-11-20", cents, description)
        let outcome = Classifier.classify(
            [transaction], accounts: f.accounts, rules: try builtIns(categories), transferPairs: [])
        #expect(outcome[transaction.id]?.classification == classification)
        #expect(outcome[transaction.id]?.classificationSource == source)
    }

    @Test(
        "merchant patterns: UBER EATS is dining while UBER is transportation",
        arguments: [
            ("UBER EATS ORDER", "dining"), ("UBER TRIP 1234", "transportation"), ("SHELL OIL 57442", "transportation"),
            ("NETFLIX.COM", "entertainment"), ("SAFEWAY #1234", "groceries"), ("PG&E ELECTRIC BILL", "bills"),
            ("LAS VEGAS SOUVENIRS", nil), ("UBER *EATS 8005928996 CA", "dining"), ("UBER* EATS PENDING", "dining"),
            ("Uber   Eats", "dining"), ("UBER *TRIP HELP.UBER.COM", "transportation"), ("AT&T*BILL PAYMENT", "bills"),
            ("T-MOBILE*AUTOPAY", "bills"), ("TRADER JOE'S #552", "groceries"), ("UBEREATS", nil),
        ])
    func merchantPatterns(description: String, key: String?) throws {
        let ids = categories
        let transaction = f.transaction(f.card, "2026-11-20", -2_500, description)
        let outcome = Classifier.classify(
            [transaction], accounts: f.accounts, rules: try builtIns(ids), transferPairs: [])
        #expect(outcome[transaction.id]?.categoryID == key.flatMap { ids[$0] })
        #expect(outcome[transaction.id]?.categorySource == (key == nil ? .default : .merchantPattern))
    }

    @Test(
        "housing patterns: a mortgage, rent, HOA dues and property tax from checking are Housing, a need",
        arguments: [
            ("KEYSTONE HOME LOANS MORTGAGE PMT", "housing"), ("RENT PAYMENT APT 4B", "housing"),
            ("SUNNY ACRES HOA DUES", "housing"), ("COUNTY PROPERTY TAX", "housing"),
            ("OAKWOOD HOMEOWNERS ASSN", "housing"), ("ENTERPRISE RENTAL CAR", nil), ("PARENT TEACHER ASSOC", nil),
        ])
    func housingPatterns(description: String, key: String?) throws {
        let ids = categories
        let transaction = f.transaction(f.checking, "2026-11-02", -214_500, description)
        let outcome = Classifier.classify(
            [transaction], accounts: f.accounts, rules: try builtIns(ids), transferPairs: [])
        #expect(outcome[transaction.id]?.categoryID == key.flatMap { ids[$0] })
        #expect(outcome[transaction.id]?.classification == .expense)
        #expect(LensClassifier.needCategoryKeys.contains("housing"))
    }

    @Test("hand-set fields survive every re-run; running twice changes nothing")
    func locksAndIdempotence() throws {
        let ids = categories
        var manual = f.transaction(f.card, "2026-11-20", -2_500, "UBER EATS ORDER")
        manual.categoryID = ids["travel"]
        manual.categorySource = .manual
        manual.classification = .ignore
        manual.classificationSource = .manual
        let rules = try builtIns(ids)
        let first = Classifier.classify([manual], accounts: f.accounts, rules: rules, transferPairs: [])
        #expect(first[manual.id]?.categoryID == ids["travel"])
        #expect(first[manual.id]?.classification == .ignore)
        var applied = manual
        if let outcome = first[manual.id] {
            applied.categoryID = outcome.categoryID
            applied.classification = outcome.classification
        }
        #expect(Classifier.classify([applied], accounts: f.accounts, rules: rules, transferPairs: []) == first)
    }

    @Test("transfers: a pair is a transfer, a card payment says so, and a person's rule can overrule it")
    func transfers() throws {
        let payment = f.transaction(f.checking, "2026-11-25", -50_000, "SUMMIT CARD PAYMENT")
        let credit = f.transaction(f.card, "2026-11-25", 50_000, "PAYMENT THANK YOU")
        let pairs = TransferMatcher.pairs(in: [payment, credit], accounts: f.accounts)
        let plain = Classifier.classify([payment, credit], accounts: f.accounts, rules: [], transferPairs: pairs)
        #expect(
            plain[payment.id]?.classification == .transfer && plain[payment.id]?.classificationSource == .cardPayment)
        #expect(plain[credit.id]?.transferPartner == payment.id)
        let override = try RuleMatcher(
            f.rule(
                "Card payments are spending", [RuleCondition(.description, .contains, "card payment")],
                classification: .expense))
        let ruled = Classifier.classify(
            [payment, credit], accounts: f.accounts, rules: [override], transferPairs: pairs)
        #expect(ruled[payment.id]?.classification == .expense && ruled[payment.id]?.classificationSource == .rule)
        #expect(ruled[credit.id]?.classification == .transfer)
    }

    @Test("a payment into a mortgage or loan is Housing or Loans by its kind on both sides; a person's rule refiles it")
    func paymentsByAccountKind() throws {
        let ids = categories
        let filed = Classifier.paymentCategories(
            from: DefaultCategories.entries.map { entry in
                Category(
                    id: ids[entry.key]!, householdID: f.household, name: entry.name, key: entry.key, kind: entry.kind)
            })
        #expect(filed == [.mortgage: ids["housing"]!, .loan: ids["loans"]!])
        let toMortgage = f.transaction(f.checking, "2026-11-02", -214_500, "ONLINE PMT 0042 RENT")
        let mortgageSide = f.transaction(f.mortgage, "2026-11-02", 214_500, "PAYMENT RECEIVED")
        let toLoan = f.transaction(f.checking, "2026-11-05", -38_000, "AUTOPAY 7731")
        let loanSide = f.transaction(f.loan, "2026-11-06", 38_000, "PAYMENT")
        let fromOutside = f.transaction(f.mortgage, "2026-11-15", 50_000, "EXTRA PRINCIPAL")
        let disbursed = f.transaction(f.loan, "2026-11-20", -900_000, "LOAN DISBURSEMENT")
        let received = f.transaction(f.checking, "2026-11-20", 900_000, "DEPOSIT")
        let toSavings = f.transaction(f.checking, "2026-11-21", -10_000, "TRANSFER")
        let saved = f.transaction(f.savings, "2026-11-21", 10_000, "TRANSFER")
        let rows = [toMortgage, mortgageSide, toLoan, loanSide, fromOutside, disbursed, received, toSavings, saved]
        let pairs = TransferMatcher.pairs(in: rows, accounts: f.accounts)
        #expect(pairs.count == 4)

        let outcome = Classifier.classify(
            rows, accounts: f.accounts, rules: try builtIns(ids), transferPairs: pairs, paymentCategories: filed)
        #expect(
            rows.map { outcome[$0.id]?.categoryID } == [
                ids["housing"], ids["housing"], ids["loans"], ids["loans"], ids["housing"], nil, nil, nil, nil,
            ])
        #expect(outcome[toMortgage.id]?.categorySource == .transferMatch, "RENT's built-in rule does not refile it")
        #expect(
            outcome[fromOutside.id]?.categorySource == .default && outcome[fromOutside.id]?.classification == .transfer)
        #expect(rows.allSatisfy { outcome[$0.id]?.classification == .transfer || $0.id == fromOutside.id })

        let mine = try RuleMatcher(
            f.rule("Car", [RuleCondition(.description, .contains, "AUTOPAY")], category: ids["transportation"]))
        let ruled = Classifier.classify(
            rows, accounts: f.accounts, rules: [mine] + (try builtIns(ids)), transferPairs: pairs,
            paymentCategories: filed)
        #expect(ruled[toLoan.id]?.categoryID == ids["transportation"] && ruled[toLoan.id]?.categorySource == .rule)
        // Without the categories (a household that deleted Housing and Loans) the words decide, as before.
        let unfiled = Classifier.classify(rows, accounts: f.accounts, rules: try builtIns(ids), transferPairs: pairs)
        #expect(unfiled[toMortgage.id]?.categoryID == ids["housing"] && unfiled[toLoan.id]?.categoryID == nil)
    }

    @Test(
        "loan patterns: car and student loan payments from checking are Loans; a mortgage stays Housing",
        arguments: [
            ("NAVIENT STUDENT LOAN PMT", "loans"), ("ALLY AUTO LOAN PAYMENT", "loans"),
            ("KEYSTONE MORTGAGE LOAN PAYMENT", "housing"), ("LOANDEPOT INFO", nil),
        ])
    func loanPatterns(description: String, key: String?) throws {
        let ids = categories
        let transaction = f.transaction(f.checking, "2026-11-02", -38_000, description)
        let outcome = Classifier.classify(
            [transaction], accounts: f.accounts, rules: try builtIns(ids), transferPairs: [])
        #expect(outcome[transaction.id]?.categoryID == key.flatMap { ids[$0] })
        #expect(LensClassifier.needCategoryKeys.contains("loans"))
    }

    @Test("money into a mortgage is never income; an unpaired card credit is a refund")
    func liabilities() {
        let principal = f.transaction(f.mortgage, "2026-11-01", 131_840, "PAYMENT RECEIVED - PRINCIPAL")
        let refund = f.transaction(f.card, "2026-11-03", 4_999, "AMAZON.COM REFUND")
        let outcome = Classifier.classify([principal, refund], accounts: f.accounts, rules: [], transferPairs: [])
        #expect(outcome[principal.id]?.classification == .transfer)
        #expect(outcome[refund.id]?.classification == .expense)
    }
}

/// Issue 34 item 2: a card's `AUTOMATIC PAYMENT - THANK YOU +250.00` from a bank file, with no other side in the
/// household, counted as a refund and lowered spending.
@Suite struct CardPaymentClassificationTests {
    let f = ClassificationFixture()

    @Test(
        "money into a card that names a payment is a card payment, a refund stays a refund",
        arguments: [
            ("AUTOMATIC PAYMENT - THANK YOU", true), ("ONLINE PYMT THANK YOU", true), ("PAYMENT RECEIVED", true),
            ("AUTOPAY 1234", true), ("Thank you for your payment", true), ("PAGO RECIBIDO", true),
            ("AMAZON.COM REFUND", false), ("REFUND OF PAYMENT", false), ("STORE RETURN", false),
            ("PAYMENTUS BILLPAY", false), ("Cashback reward", false),
        ])
    func unpaired(description: String, isPayment: Bool) throws {
        let credit = f.transaction(f.card, "2026-11-03", 25_000, description)
        let rules = try BuiltInPatterns.rules(
            for: f.household,
            categoryIDs: Dictionary(
                uniqueKeysWithValues: DefaultCategories.entries.map { ($0.key, Category.ID(UUID())) })
        ) { Rule.ID(UUID()) }.map(RuleMatcher.init)
        let outcome = try #require(
            Classifier.classify([credit], accounts: f.accounts, rules: rules, transferPairs: [])[credit.id])
        #expect(outcome.classification == (isPayment ? .transfer : .expense))
        #expect(outcome.classificationSource == (isPayment ? .cardPayment : .default))
        // A payment is filed under no spending category by a built-in pattern.
        if isPayment { #expect(outcome.categoryID == nil) }
    }

    @Test("the same words on a checking account, or money out of a card, are not a card payment")
    func onlyMoneyIntoCards() {
        let intoChecking = f.transaction(f.checking, "2026-11-03", 25_000, "PAYMENT RECEIVED")
        let outOfCard = f.transaction(f.card, "2026-11-03", -25_000, "PAYMENT PROTECTION FEE")
        let outcome = Classifier.classify(
            [intoChecking, outOfCard], accounts: f.accounts, rules: [], transferPairs: [])
        #expect(outcome[intoChecking.id]?.classification == .income)
        #expect(outcome[outOfCard.id]?.classification == .expense)
    }

    @Test("category shares never go negative and the positive top-level lines add up to exactly 100%")
    func shares() {
        let shares = Percent.shares(of: [1, 1, 1])
        #expect(shares.map(\.hundredths) == [3_340, 3_330, 3_330])
        #expect(Percent.shares(of: [200_00, 100_00, 33]).reduce(0) { $0 + $1.hundredths } == 10_000)
        #expect(Percent.shares(of: []).isEmpty)
    }
}
