import Foundation
import Testing
import VaultCore

/// Where the lens puts money: a person's choice for a transaction first, then for its payee, then the rules; and
/// deciding once per kind of transaction gives what deciding each one gives.
@Suite struct LensPlacementTests {
    let calculator = InsightCalculatorTests()

    func transaction(
        _ account: Account, _ classification: Classification, _ name: String, _ minorUnits: Int64,
        choice: LensBucket? = nil, paired: Bool = false, day: Int = 3
    ) -> LensTransaction {
        LensTransaction(
            id: Transaction.ID(UUID()), date: LocalDate(year: 2026, month: 11, day: day)!,
            group: LensReport.Group(
                accountID: account.id, classification: classification, categoryID: nil, name: name,
                isPairedInflow: paired, choice: choice, minorUnits: minorUnits, count: 1))
    }

    @Test("a transaction's choice beats its payee's, which beats the rules; income and plain transfers are left out")
    func authority() throws {
        let checking = calculator.account("Checking", .checking, 0)
        let savings = calculator.account("Savings", .savings, 0)
        let loan = calculator.account("Loan", .loan, 0)
        let accounts = Dictionary(uniqueKeysWithValues: [checking, savings, loan].map { ($0.id, $0) })
        let rows = [
            transaction(checking, .expense, "SAFEWAY 12", -60_00),
            transaction(checking, .expense, "SAFEWAY 12", -40_00, choice: .want),
            transaction(checking, .expense, "Cinema", -12_00),
            transaction(checking, .expense, "Cinema", 5_00),  // a refund
            transaction(savings, .transfer, "From checking", 200_00),
            transaction(savings, .transfer, "From checking", 100_00, choice: .want),
            transaction(loan, .transfer, "Payment", 300_00, paired: true),
            transaction(loan, .transfer, "Payment", 300_00, paired: false),
            transaction(checking, .income, "ACME PAYROLL", 3_000_00),
            transaction(checking, .transfer, "To savings", -200_00),
        ]
        let overrides = ["cinema": LensBucket.need]
        let placed = try LensPlacement.each(rows, accounts: accounts, tree: CategoryTree([]), overrides: overrides)
        #expect(placed.map { $0?.bucket } == [.need, .want, .need, .need, .savings, .want, .need, nil, nil, nil])
        #expect(placed.map { $0?.minorUnits } == [60_00, 40_00, 12_00, -5_00, 200_00, 100_00, 300_00, nil, nil, nil])
        #expect(placed[1]?.reason == LensPlacement.choiceReason)
        #expect(placed[2]?.reason == "Your choice for \u{201C}cinema\u{201D}")
        #expect(placed[0]?.reason.contains("SAFEWAY") == true)
        #expect(placed[4]?.isSavingsTransfer == true && placed[5]?.isSavingsTransfer == false)
        // Deciding once per kind gives what deciding each transaction gives.
        for (row, placement) in zip(rows, placed) {
            let one = try LensPlacement.of(
                row.group, account: accounts[row.group.accountID]!, tree: CategoryTree([]), overrides: overrides)
            #expect(one == placement, "\(row.group.name) \(row.group.minorUnits)")
        }
    }

    /// The default categories as a household has them, keyed by their stable key.
    func defaultTree() -> (tree: CategoryTree, ids: [String: Category.ID]) {
        let household = Household.ID(UUID())
        var ids: [String: Category.ID] = [:]
        let categories = DefaultCategories.entries.map { entry in
            let id = Category.ID(UUID())
            ids[entry.key] = id
            return Category(
                id: id, householdID: household, parentID: entry.parentKey.flatMap { ids[$0] }, name: entry.name,
                key: entry.key, kind: entry.kind)
        }
        return (CategoryTree(categories), ids)
    }

    @Test(
        "spec section 10's defaults: bills and utilities are needs, a gym is a want even under Healthcare",
        arguments: [
            ("VERIZON WIRELESS", "bills", LensBucket.need, "Bills category"),
            ("PG&E ELECTRIC", "bills", .need, "Bills category"),
            ("CITY WATER", "utilities", .need, "Utilities category"),
            ("PLANET FITNESS", "healthcare", .want, "Payee contains FITNESS (Subscriptions)"),
            ("GOLD'S GYM", "healthcare", .want, "Payee contains GYM (Subscriptions)"),
            ("CVS PHARMACY", "healthcare", .need, "Healthcare category"),
            ("STATE FARM", "insurance", .need, "Insurance category"),
            ("KEYSTONE HOME LOANS", "housing", .need, "Housing category"),
            ("NETFLIX", "entertainment", .want, "Everything else"),
            ("SOMEWHERE", nil, .want, "Everything else"),
        ] as [(String, String?, LensBucket, String)])
    func defaults(name: String, key: String?, bucket: LensBucket, reason: String) {
        let (tree, ids) = defaultTree()
        let checking = calculator.account("Checking", .checking, 0)
        let decision = LensClassifier.bucket(
            expenseNamed: name, categoryID: key.flatMap { ids[$0] }, account: checking, tree: tree, overrides: [:])
        #expect(decision.bucket == bucket)
        #expect(decision.reason == reason)
    }

    @Test("the report counts a chosen transaction in its bucket and nets only the automatic savings transfers")
    func report() throws {
        let checking = calculator.account("Checking", .checking, 0)
        let savings = calculator.account("Savings", .savings, 0)
        let groups = [
            LensReport.Group(
                accountID: checking.id, classification: .expense, categoryID: nil, name: "Cinema", minorUnits: -50_00,
                count: 2),
            LensReport.Group(
                accountID: checking.id, classification: .expense, categoryID: nil, name: "Cinema", choice: .need,
                minorUnits: -50_00, count: 1),
            LensReport.Group(
                accountID: savings.id, classification: .transfer, categoryID: nil, name: "In", minorUnits: 100_00,
                count: 1),
            LensReport.Group(
                accountID: savings.id, classification: .transfer, categoryID: nil, name: "Out", minorUnits: -40_00,
                count: 1),
        ]
        let report = try LensReport(
            month: CalendarMonth(year: 2026, month: 11)!, currency: .usd, accounts: [checking, savings],
            tree: CategoryTree([]), groups: groups, targets: .standard, overrides: [:])
        #expect(report.segments.map(\.amount.minorUnits) == [50_00, 50_00, 60_00])
        #expect(report.sources.contains { $0.bucket == .need && $0.reason == LensPlacement.choiceReason })
    }
}
