import Synchronization
import VaultCore

/// A card's expenses over a range, kept in memory with the household's data version and change-log position
/// they were read at, so the cards page, the dashboard and "which card" read a card's cycle once instead of once
/// per request (issue 17's targets: the cards page under 50 ms and "which card" under 10 ms over a million
/// transactions, also right after a change).
///
/// An answer is used as it is while the household's data version is unchanged (every write moves it). After a
/// write, `CardService` brings it up to date from the change log when only transactions changed (a purchase, a
/// chosen bonus category), re-reading just those rows, and reads the card's range again otherwise. The key holds
/// the household and the card itself (an edited card is another key), so an answer is never another
/// household's. The cache holds at most `capacity` expenses in all (a month of a busy card is a few thousand);
/// past that the least recently kept answers go, so no household can make it grow without bound.
final class CardExpenseCache: Sendable {
    struct Key: Hashable, Sendable {
        let household: Household.ID
        let card: MilesCard
        let range: DateRange
    }

    struct Answer: Sendable {
        let expenses: [CardService.Expense]
        let problem: String?
        /// The household's data version and last change-log sequence number when the answer was read.
        let dataVersion: Int64
        let changeSequence: Int64
        /// False when it was brought up to date from the change log rather than read whole.
        var readWhole = true
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

    /// Forgets every answer (tests compare an answer brought up to date with one read whole).
    func removeAll() {
        state.withLock { $0 = State() }
    }

    /// Keeps `answer` unless a newer one is kept already.
    func keep(_ answer: Answer, for key: Key) {
        let size = max(answer.expenses.count, 1)
        guard size <= capacity else { return }
        state.withLock { state in
            if let old = state.entries[key], old.answer.dataVersion > answer.dataVersion { return }
            state.clock += 1
            if let old = state.entries.removeValue(forKey: key) { state.held -= max(old.answer.expenses.count, 1) }
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
