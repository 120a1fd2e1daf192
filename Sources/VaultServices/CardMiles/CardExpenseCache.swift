import Synchronization
import VaultCore

/// A card's expenses over a range, kept in memory until the household's data changes, so the cards page, the
/// dashboard and "which card" read a card's cycle once per change instead of once per request (issue 17's
/// targets: the cards page under 50 ms and "which card" under 10 ms over a million transactions).
///
/// The key holds the household's data version, which every write moves (a new transaction, a chosen bonus
/// category, an edited card or category), and the card itself, so a kept answer is never stale and never
/// another household's. The cache holds at most `capacity` expenses in all (a month of a busy card is a few
/// thousand); past that the least recently kept answers go, so no household can make it grow without bound.
final class CardExpenseCache: Sendable {
    struct Key: Hashable, Sendable {
        let household: Household.ID
        let dataVersion: Int64
        let card: MilesCard
        let range: DateRange
    }

    struct Answer: Sendable {
        let expenses: [CardService.Expense]
        let problem: String?
    }

    private struct State {
        var entries: [Key: (answer: Answer, order: UInt64)] = [:]
        var clock: UInt64 = 0
        var held = 0
    }

    static let shared = CardExpenseCache(capacity: 200_000)

    private let state = Mutex(State())
    let capacity: Int

    init(capacity: Int) { self.capacity = capacity }

    func answer(for key: Key) -> Answer? {
        state.withLock { $0.entries[key]?.answer }
    }

    func keep(_ answer: Answer, for key: Key) {
        let size = max(answer.expenses.count, 1)
        guard size <= capacity else { return }
        state.withLock { state in
            state.clock += 1
            if let old = state.entries[key] { state.held -= max(old.answer.expenses.count, 1) }
            if state.held + size > capacity {
                for (key, entry) in state.entries.sorted(by: { $0.value.order < $1.value.order }) {
                    state.entries[key] = nil
                    state.held -= max(entry.answer.expenses.count, 1)
                    if state.held + size <= capacity / 2 { break }
                }
            }
            state.entries[key] = (answer, state.clock)
            state.held += size
        }
    }
}
