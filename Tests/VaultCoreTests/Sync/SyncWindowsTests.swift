import Foundation
import Testing
import VaultCore

@Suite struct SyncWindowsTests {
    let now = Date(timeIntervalSince1970: 1_795_273_200)  // 2026-11-21 15:00 UTC
    let day: TimeInterval = 86_400

    @Test(
        "windows tile the range newest first, each at most 90 days, end exclusive",
        arguments: [
            (nil as Int?, 365, 5), (nil, 89, 1), (nil, 90, 2), (nil, 540, 7), (3, 365, 1), (100, 365, 2), (200, 365, 3),
        ])
    func tiling(daysSinceLastSync: Int?, history: Int, expected: Int) throws {
        let last = daysSinceLastSync.map { now.addingTimeInterval(-Double($0) * day) }
        let windows = SyncWindows.plan(lastSuccessfulSync: last, now: now, historyDays: history)
        #expect(windows.count == expected)
        #expect(windows.allSatisfy { $0.days <= Double(SyncWindows.maximumDays) && $0.days > 0 })
        #expect(windows.first?.end == now.addingTimeInterval(day))
        for (newer, older) in zip(windows, windows.dropFirst()) {
            #expect(older.end == newer.start, "windows meet without a gap or an overlap")
        }
        let expectedStart =
            last.map { $0.addingTimeInterval(-Double(SyncWindows.overlapDays) * day) }
            ?? now.addingTimeInterval(-Double(history) * day)
        #expect(windows.last?.start == expectedStart)
    }

    @Test("a window holds its start and not its end")
    func endExclusive() throws {
        let window = try #require(SyncWindows.plan(lastSuccessfulSync: now, now: now).first)
        #expect(window.contains(window.start))
        #expect(!window.contains(window.end))
        #expect(window.contains(now))
    }
}
