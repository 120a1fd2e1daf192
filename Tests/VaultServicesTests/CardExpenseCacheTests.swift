import Foundation
import Testing
import VaultCore
import VaultTestSupport

@testable import VaultServices
@testable import VaultStore

@Suite struct CardExpenseCacheTests {
    func answer(_ count: Int) -> CardExpenseCache.Answer {
        let row = MilesCardRepository.Row(
            id: Fixture.newID(), date: LocalDate(iso: "2026-11-02")!, amount: Money(minorUnits: -100, currency: .sgd),
            description: "Shop", payee: nil, categoryID: nil, classification: .expense, source: .manual,
            isPending: false, chosenCategory: nil, chosenForeign: nil)
        let expense = CardService.Expense(
            row: row, expense: CardExpense(amount: Money(minorUnits: 100, currency: .sgd), date: row.date),
            source: .chosen)
        return .init(expenses: Array(repeating: expense, count: count), problem: nil)
    }

    func key(_ day: Int) -> CardExpenseCache.Key {
        let household: Household.ID = Fixture.newID()
        let card = MilesCard(id: Fixture.newID(), householdID: household, bank: .dbs, network: .visa, name: "Card")
        let start = LocalDate(iso: "2026-11-01")!.adding(days: day)
        return .init(household: household, dataVersion: 1, card: card, range: DateRange(start: start, end: start)!)
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
    }
}
