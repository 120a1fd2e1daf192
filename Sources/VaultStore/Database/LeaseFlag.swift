import Synchronization

/// Who won a bounded lease: the query, given its connection in time, or the wait's timer, which gave up. Decided
/// once under a lock, so a query never runs after its caller was told the database did not answer.
final class LeaseFlag: Sendable {
    private enum State { case waiting, leased, gaveUp }
    private let state = Mutex(State.waiting)

    /// The query got its connection: true when it may run, false when the timer gave up first.
    func lease() -> Bool {
        state.withLock { state in
            guard state == .waiting else { return false }
            state = .leased
            return true
        }
    }

    /// The wait is over: true when the timer gave up (the query had no connection), false when it had one.
    func giveUp() -> Bool {
        state.withLock { state in
            guard state == .waiting else { return false }
            state = .gaveUp
            return true
        }
    }
}

/// What ends first in a bounded lease: the query with its result, or the wait's timer with nothing to say.
enum LeaseOutcome<T: Sendable>: Sendable {
    case done(T)
    case waited
}

/// A value sent across a task boundary that the compiler cannot prove safe; each use says why it is.
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
