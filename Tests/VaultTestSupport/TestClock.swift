import Foundation

/// A clock a test moves by hand, shared by the vault and the bridge so both see the same "now".
public final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var instant: Date

    public init(_ instant: Date) { self.instant = instant }

    public var now: Date { lock.withLock { instant } }

    /// Moves the clock forward by whole hours.
    public func advance(hours: Int) {
        lock.withLock { instant = instant.addingTimeInterval(Double(hours) * 3_600) }
    }

    /// Moves the clock forward by whole days.
    public func advance(days: Int) {
        lock.withLock { instant = instant.addingTimeInterval(Double(days) * 86_400) }
    }
}
