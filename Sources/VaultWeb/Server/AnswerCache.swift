import Synchronization
import VaultServices

/// Answers computed from a household's data, kept in memory until the household's stamp changes (a write
/// to its data, the day turning), so a repeated request is a lookup instead of a recomputation.
///
/// Holds at most `capacity` answers; past that the least recently used one goes. Every key starts with the
/// household's id, so one household's answer can never be found under another's.
final class AnswerCache<Value: Sendable>: Sendable {
    private struct Entry {
        let stamp: HouseholdStamp
        let value: Value
        var used: UInt64
    }

    private struct Flight {
        let stamp: HouseholdStamp
        let task: Task<Value, any Error>
    }

    private struct State {
        var entries: [String: Entry] = [:]
        /// Answers being computed: requests that miss at once wait for the one computation.
        var flights: [String: Flight] = [:]
        var clock: UInt64 = 0
    }

    private let state = Mutex(State())
    let capacity: Int

    init(capacity: Int) {
        precondition(capacity > 0)
        self.capacity = capacity
    }

    /// The answer for `key` under `stamp`: the kept one, else the one being computed, else `compute`'s, kept.
    ///
    /// Requests that miss together share one computation (after a change, a busy client's next requests would
    /// otherwise each compute the same answer and queue behind each other).
    func value(
        for key: String, stamp: HouseholdStamp, compute: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        if let kept = value(for: key, stamp: stamp) { return kept }
        let task: Task<Value, any Error> = state.withLock { state in
            if let flight = state.flights[key], flight.stamp == stamp { return flight.task }
            let task = Task {
                defer { self.land(key, stamp: stamp) }
                let value = try await compute()
                self.store(value, for: key, stamp: stamp)
                return value
            }
            state.flights[key] = Flight(stamp: stamp, task: task)
            return task
        }
        return try await task.value
    }

    /// A computation for `key` under `stamp` has ended.
    private func land(_ key: String, stamp: HouseholdStamp) {
        state.withLock { state in
            if state.flights[key]?.stamp == stamp { state.flights[key] = nil }
        }
    }

    /// The answer kept for `key`, if it was computed under `stamp`.
    func value(for key: String, stamp: HouseholdStamp) -> Value? {
        state.withLock { state in
            guard var entry = state.entries[key], entry.stamp == stamp else { return nil }
            state.clock += 1
            entry.used = state.clock
            state.entries[key] = entry
            return entry.value
        }
    }

    /// Keeps `value` for `key` as computed under `stamp`, unless a newer answer is already there.
    func store(_ value: Value, for key: String, stamp: HouseholdStamp) {
        state.withLock { state in
            if let existing = state.entries[key], existing.stamp.isNewer(than: stamp) { return }
            state.clock += 1
            state.entries[key] = Entry(stamp: stamp, value: value, used: state.clock)
            if state.entries.count > capacity,
                let oldest = state.entries.min(by: { $0.value.used < $1.value.used })?.key
            {
                state.entries[oldest] = nil
            }
        }
    }

    /// How many answers are kept.
    var count: Int { state.withLock { $0.entries.count } }
}

extension HouseholdStamp {
    fileprivate func isNewer(than other: HouseholdStamp) -> Bool {
        (dataVersion, today, requestDay) > (other.dataVersion, other.today, other.requestDay)
    }
}
