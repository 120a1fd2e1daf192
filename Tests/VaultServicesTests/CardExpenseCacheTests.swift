import Foundation
import Testing
import VaultCore
import VaultTestSupport

@testable import VaultServices
@testable import VaultStore

@Suite struct CardExpenseCacheTests {
    func answer(_ count: Int, version: Int64 = 1) -> CardExpenseCache.Answer {
        let row = MilesCardRepository.Row(
            id: Fixture.newID(), date: LocalDate(iso: "2026-11-02")!, amount: Money(minorUnits: -100, currency: .sgd),
            description: "Shop", payee: nil, categoryID: nil, classification: .expense, source: .manual,
            isPending: false, chosenCategory: nil, chosenForeign: nil)
        let expense = CardService.Expense(
            row: row, expense: CardExpense(amount: Money(minorUnits: 100, currency: .sgd), date: row.date),
            source: .chosen)
        return .init(
            expenses: Array(repeating: expense, count: count), problem: nil, dataVersion: version,
            changeSequence: version)
    }

    func key(_ day: Int) -> CardExpenseCache.Key {
        let household: Household.ID = Fixture.newID()
        let card = MilesCard(id: Fixture.newID(), householdID: household, bank: .dbs, network: .visa, name: "Card")
        let start = LocalDate(iso: "2026-11-01")!.adding(days: day)
        return .init(household: household, card: card, range: DateRange(start: start, end: start)!)
    }

    @Test("the cache holds at most its capacity in expenses: the oldest answers go first, and a huge one is not kept")
    func bounded() {
        let cache = CardExpenseCache(capacity: 10)
        let keys = (0..<4).map(key)
        cache.keep(answer(4), for: keys[0])
        cache.keep(answer(4), for: keys[1])
        #expect(cache.answer(for: keys[0])?.expenses.count == 4)
        cache.keep(answer(4), for: keys[2])  // 12 > 10: the oldest go until it fits in half
        #expect(cache.answer(for: keys[0]) == nil)
        #expect(cache.answer(for: keys[2])?.expenses.count == 4)
        cache.keep(answer(11), for: keys[3])
        #expect(cache.answer(for: keys[3]) == nil)
        #expect(cache.answer(for: keys[2]) != nil)
        // An answer read at an older version does not replace a newer one.
        cache.keep(answer(2, version: 5), for: keys[1])
        cache.keep(answer(3, version: 4), for: keys[1])
        #expect(cache.answer(for: keys[1])?.expenses.count == 2)
    }

    /// What a card page shows of each card: its miles and spend, and each expense with its category and why.
    func described(_ overview: CardService.Overview) -> [String] {
        ["month " + overview.monthSpend.amounts.map(\.description).joined(separator: " ")]
            + overview.cards.flatMap { status in
                ["\(status.card.name) miles \(status.report.miles ?? -1) spend \(status.report.spend)"]
                    + status.expenses.map {
                        "  \($0.row.id) \($0.row.date) \($0.expense.amount) \($0.expense.bonusCategory?.rawValue ?? "-") "
                            + "foreign \($0.expense.isForeignCurrency) \($0.source)"
                    }
            }
    }

    @Test(
        "after a change, a kept cycle brought up to date from the change log equals the cycle read whole",
        arguments: TestBackend.enabled)
    func caughtUp(backend: TestBackend) async throws {
        try await backend.withDatabase { database async throws in
            let f = try await ServiceFixture.make(database)
            let capped = try await f.scope.cards.addFromLibrary("uob-preferred-platinum")
            let plain = try await f.scope.cards.addFromLibrary("dbs-altitude-visa")
            let cappedAccount = try #require(try await f.scope.cards.status(capped.id.description).account)
            var ids: [String] = []
            for (amount, card, bonus, date) in [
                ("-120", capped, "online", "2026-11-03"), ("-45.60", capped, nil, "2026-11-05"),
                ("-30", plain, nil, "2026-11-06"), ("-80", capped, "contactless", "2026-11-09"),
                ("-15", plain, nil, "2026-11-12"), ("25", capped, "online", "2026-11-13"),
            ] as [(String, MilesCard, String?, String)] {
                ids.append(
                    try await f.scope.transactions.add(
                        // A refund (money back) goes on the card's account without the card: a card entry is a
                        // purchase.
                        amount.hasPrefix("-")
                            ? TransactionInput(
                                amount: amount, account: "", date: date, description: "Purchase",
                                payee: "Shop \(amount)", card: card.id.description, bonusCategory: bonus)
                            : TransactionInput(
                                amount: amount, account: cappedAccount.id.description, date: date,
                                description: "Purchase", payee: "Shop \(amount)")
                    ).transaction.id.description)
            }
            /// The cards page from what is kept, whether each card was brought up to date (not read whole), and the
            /// page read whole.
            func compare() async throws -> (kept: [String], caughtUp: [Bool], whole: [String]) {
                let kept = try await f.scope.cards.overview()
                let caughtUp = kept.cards.map { status in
                    let range = CardService.span(status.report.range, month: kept.month)
                    let key = CardExpenseCache.Key(household: f.household.id, card: status.card, range: range)
                    return CardExpenseCache.shared.answer(for: key)?.readWhole == false
                }
                CardExpenseCache.shared.removeAll()
                return (described(kept), caughtUp, described(try await f.scope.cards.overview()))
            }
            let plainAccount = try #require(try await f.scope.cards.status(plain.id.description).account)
            _ = try await compare()
            let changes: [(String, Bool, () async throws -> Void)] = [
                (
                    "a new purchase", true,
                    {
                        _ = try await f.scope.transactions.add(
                            TransactionInput(
                                amount: "-9.90", account: "", date: "2026-11-14", description: "SHOPEE SG ONLINE",
                                card: capped.id.description))
                    }
                ),
                ("an amount edited", true, { _ = try await f.scope.transactions.edit(ids[0], .init(amount: "-130")) }),
                (
                    "a date moved out of the cycle", true,
                    { _ = try await f.scope.transactions.edit(ids[1], .init(date: "2026-09-30")) }
                ),
                ("a purchase deleted", true, { _ = try await f.scope.transactions.delete(ids[2]) }),
                (
                    "a purchase moved to the other card's account", true,
                    { _ = try await f.scope.transactions.edit(ids[0], .init(account: plainAccount.id.description)) }
                ),
                (
                    "a purchase in an account no card counts", true,
                    { _ = try await f.scope.transactions.add(TransactionInput(amount: "-3", account: "Cash")) }
                ),
                (
                    "a bonus category chosen", true,
                    { _ = try await f.scope.cards.choose("general", transaction: ids[3], rememberForPayee: false) }
                ),
                (
                    "a purchase no longer spending", true,
                    { _ = try await f.scope.transactions.edit(ids[4], .init(classification: "ignore")) }
                ),
                (
                    "a bonus category replaced by a dataset import", true,
                    {
                        try await database.write(household: f.household.id, actor: .commandLine) { session in
                            try await session.dataset.setExpenseChoices([
                                (
                                    try #require(Transaction.ID(ids[3])),
                                    .init(category: .online, isForeign: true, loggedWithCard: false)
                                )
                            ])
                        }
                    }
                ),
                (
                    "a category chosen and remembered for the payee", false,
                    { _ = try await f.scope.cards.choose("contactless", transaction: ids[5], rememberForPayee: true) }
                ),
                ("a category added", false, { _ = try await f.scope.categories.add(.init(name: "Hobbies")) }),
            ]
            for (name, expected, change) in changes {
                try await change()
                let (kept, caughtUp, whole) = try await compare()
                #expect(kept == whole, "\(name): the kept page is the page read whole")
                #expect(caughtUp == [expected, expected], "\(name)")
            }
        }
    }
}
