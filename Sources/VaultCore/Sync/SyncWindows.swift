import Foundation

/// Plans the `/accounts` requests of a sync (reference sections 2.6, 4 and 5.18).
///
/// Each request covers one window of at most 90 days, start inclusive and end exclusive, for all
/// accounts together: never one request per account, which burns the quota. A first sync backfills
/// `historyDays` of history; later syncs cover the time since the last successful sync plus a few
/// days of overlap, because banks post late and the bridge refreshes once a day. Windows come newest
/// first, so if the budget runs out part-way the most recent data has already arrived.
public enum SyncWindows {
    /// The longest window the bridge serves whole (reference 2.6: longer ones are capped).
    public static let maximumDays = 90
    /// Days re-read before the last successful sync (reference 5.18: about 5 days).
    public static let overlapDays = 5
    /// How far back a first sync reaches by default: a year, five requests.
    public static let defaultHistoryDays = 365

    /// A request window: `start` inclusive, `end` exclusive.
    public struct Window: Hashable, Sendable, CustomStringConvertible {
        public let start: Date
        public let end: Date

        public var days: Double { end.timeIntervalSince(start) / 86_400 }
        public func contains(_ instant: Date) -> Bool { start <= instant && instant < end }
        public var description: String {
            "\(ISO8601DateFormatter().string(from: start)) ..< \(ISO8601DateFormatter().string(from: end))"
        }
    }

    /// The windows for a sync at `now`. The last window ends a day after `now` so nothing posted
    /// today, in any time zone, falls outside it.
    /// The most history a first sync asks for: ten years (banks rarely serve more than two).
    public static let maximumHistoryDays = 3_650

    public static func plan(lastSuccessfulSync: Date?, now: Date, historyDays: Int = defaultHistoryDays) -> [Window] {
        let day: TimeInterval = 86_400
        let end = now.addingTimeInterval(day)
        let start: Date
        if let lastSuccessfulSync {
            start = min(lastSuccessfulSync, now).addingTimeInterval(-Double(overlapDays) * day)
        } else {
            start = now.addingTimeInterval(-Double(min(max(1, historyDays), maximumHistoryDays)) * day)
        }
        var windows: [Window] = []
        var windowEnd = end
        while windowEnd > start {
            let windowStart = max(start, windowEnd.addingTimeInterval(-Double(maximumDays) * day))
            windows.append(Window(start: windowStart, end: windowEnd))
            windowEnd = windowStart
        }
        return windows
    }
}
