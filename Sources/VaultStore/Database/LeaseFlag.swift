import Synchronization

/// Whether a pooled connection was handed over yet: set by the query's task, read by its wait's timer.
final class LeaseFlag: Sendable {
    private let value = Mutex(false)

    func set() { value.withLock { $0 = true } }

    var isSet: Bool { value.withLock { $0 } }
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
