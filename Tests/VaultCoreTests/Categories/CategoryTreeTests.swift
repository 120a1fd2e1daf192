import Foundation
import Testing
import VaultCore

@Suite struct CategoryTreeTests {
    let household = Household.ID(UUID())

    func category(_ name: String, kind: CategoryKind = .expense, parent: Category? = nil) -> Category {
        Category(
            id: Category.ID(UUID()), householdID: household, parentID: parent?.id, name: name,
            key: CategoryKey.make(from: name), kind: kind)
    }

    /// Food > Groceries > Organic, Transport, Salary (income).
    func sample() -> (
        tree: CategoryTree, food: Category, groceries: Category, organic: Category, transport: Category,
        salary: Category
    ) {
        let food = category("Food")
        let groceries = category("Groceries", parent: food)
        let organic = category("Organic", parent: groceries)
        let transport = category("Transport")
        let salary = category("Salary", kind: .income)
        return (
            CategoryTree([organic, transport, groceries, salary, food]), food, groceries, organic, transport, salary
        )
    }

    @Test("a category cannot become its own ancestor")
    func noCycles() {
        let s = sample()
        #expect(
            s.tree.problems(id: s.food.id, name: "Food", kind: .expense, parentID: s.organic.id).map(\.field) == [
                "parent"
            ])
        #expect(
            s.tree.problems(id: s.food.id, name: "Food", kind: .expense, parentID: s.food.id).map(\.field) == ["parent"]
        )
        #expect(s.tree.problems(id: s.organic.id, name: "Organic", kind: .expense, parentID: s.transport.id).isEmpty)
    }

    @Test("a child has its parent's type")
    func kindsMatch() {
        let s = sample()
        let problems = s.tree.problems(id: nil, name: "Bonus", kind: .income, parentID: s.food.id)
        #expect(problems.map(\.field) == ["parent"])
        #expect(s.tree.problems(id: nil, name: "Bonus", kind: .income, parentID: s.salary.id).isEmpty)
    }

    @Test("siblings have distinct names ignoring case; cousins may share one")
    func siblingNames() {
        let s = sample()
        #expect(
            s.tree.problems(id: nil, name: "groceries", kind: .expense, parentID: s.food.id).map(\.field) == ["name"])
        #expect(s.tree.problems(id: nil, name: "Groceries", kind: .expense, parentID: s.transport.id).isEmpty)
        #expect(s.tree.problems(id: s.groceries.id, name: "GROCERIES", kind: .expense, parentID: s.food.id).isEmpty)
    }

    @Test("every problem is reported at once")
    func allProblems() {
        let s = sample()
        let problems = s.tree.problems(id: s.food.id, name: "  ", kind: .income, parentID: s.groceries.id)
        #expect(Set(problems.map(\.field)) == ["name", "parent", "type"])
        #expect(problems.count == 4)
    }

    @Test("a missing parent is a problem, and long names are refused")
    func missingParentAndLength() {
        let s = sample()
        let missing = category("Ghost")
        #expect(s.tree.problems(id: nil, name: "X", kind: .expense, parentID: missing.id).map(\.field) == ["parent"])
        #expect(
            s.tree.problems(id: nil, name: String(repeating: "a", count: 61), kind: .expense, parentID: nil).map(
                \.field) == ["name"])
    }

    @Test("the tree flattens depth first with siblings by type then name, and knows paths and roots")
    func navigation() {
        let s = sample()
        #expect(
            s.tree.flattened().map { "\($0.depth):\($0.category.name)" } == [
                "0:Food", "1:Groceries", "2:Organic", "0:Transport", "0:Salary",
            ])
        #expect(s.tree.path(of: s.organic.id) == "Food / Groceries / Organic")
        #expect(s.tree.root(of: s.organic.id)?.id == s.food.id)
        #expect(s.tree.descendants(of: s.food.id).map(\.name) == ["Groceries", "Organic"])
        #expect(s.tree.ancestors(of: s.organic.id).map(\.name) == ["Groceries", "Food"])
    }

    @Test(
        "keys are lower-case words joined by hyphens, unique within the household",
        arguments: [
            ("Bills & Utilities", "bills-utilities"), ("Café", "cafe"), ("  Eating Out!! ", "eating-out"),
            ("Kids' Stuff 2", "kids-stuff-2"),
        ])
    func keys(name: String, key: String) {
        #expect(CategoryKey.make(from: name) == key)
    }

    @Test("a taken key gets the parent's key, then a number")
    func uniqueKeys() {
        #expect(CategoryKey.unique(for: "Other", parentKey: "transport", taken: ["other"]) == "transport-other")
        #expect(CategoryKey.unique(for: "Other", parentKey: nil, taken: ["other", "other-2"]) == "other-3")
        #expect(CategoryKey.unique(for: "!!!", parentKey: nil, taken: []) == "category")
    }

    @Test("the default set covers every spec's categories, parents first, one kind per branch")
    func defaults() {
        let keys = Set(DefaultCategories.entries.map(\.key))
        // ghostvault.md section 8, card-miles.md, 50/30/20 needs.
        for key in [
            "dining", "groceries", "transportation", "shopping", "entertainment", "bills", "healthcare", "travel",
            "other", "online", "utilities", "fuel", "housing", "insurance", "salary", "transfers", "card-payment",
        ] {
            #expect(keys.contains(key), "missing \(key)")
        }
        #expect(keys.count == DefaultCategories.entries.count)
        var seen: [String: CategoryKind] = [:]
        for entry in DefaultCategories.entries {
            if let parent = entry.parentKey {
                #expect(seen[parent] == entry.kind, "\(entry.key) must follow its parent \(parent) and share its kind")
            }
            seen[entry.key] = entry.kind
        }
        #expect(DefaultCategories.entries.contains { $0.parentKey != nil })
    }
}
