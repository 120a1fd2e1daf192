import Foundation
import Testing
import VaultCore

/// Issue 34 item 4: "1M" totalled two calendar months and "1Y" thirteen. A timeframe covers exactly the days its
/// label says, today included.
@Suite struct HistoryRangeTests {
    @Test(
        "each timeframe is exactly the days its label says",
        arguments: [
            ("1M", "2026-11-28", "2026-10-29"), ("3M", "2026-11-28", "2026-08-29"), ("1Y", "2026-11-28", "2025-11-29"),
            ("YTD", "2026-11-28", "2026-01-01"), ("1M", "2026-03-31", "2026-03-01"), ("1M", "2024-03-29", "2024-03-01"),
            ("1Y", "2024-02-29", "2023-03-01"),
        ])
    func window(name: String, today: String, start: String) throws {
        let range = try #require(HistoryRange(name: name)).dates(today: LocalDate(iso: today)!)
        #expect(range.start.description == start)
        #expect(range.end.description == today)
    }
}
