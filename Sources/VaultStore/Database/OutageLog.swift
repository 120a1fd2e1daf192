import Logging
import Metrics
import Synchronization

/// The outage log of one open database: a line when work starts failing because the server stopped
/// answering (with the cause), and a line when work succeeds again (with how many tries failed), rather
/// than a line per failed request.
final class OutageLog: Sendable {
    private let logger: Logger
    private let state = Mutex(State())

    private struct State {
        var failures = 0
        var since: ContinuousClock.Instant?
    }

    init(logger: Logger) { self.logger = logger }

    /// Tries that failed for want of the database (a metric; see `serve --metrics-port`).
    private static let unreachable = Counter(label: "ghostvault_database_unreachable_total")

    func failed(cause: String) {
        Self.unreachable.increment()
        let first = state.withLock { state in
            state.failures += 1
            if state.since == nil {
                state.since = .now
                return true
            }
            return false
        }
        if first {
            logger.error("database unreachable; requests fail until it answers again", metadata: ["cause": "\(cause)"])
        }
    }

    func answered() {
        let ended = state.withLock { state -> (Int, Duration)? in
            guard let since = state.since else { return nil }
            defer { state = State() }
            return (state.failures, ContinuousClock.now - since)
        }
        if let (failures, lasted) = ended {
            logger.warning(
                "database reachable again",
                metadata: ["failed_tries": "\(failures)", "seconds": "\(lasted.components.seconds)"])
        }
    }
}
