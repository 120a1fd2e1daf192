import Testing
import VaultCore

@Suite struct RecurrenceScheduleTests {
    func dates(
        _ cadence: Cadence, _ start: String, interval: Int = 1, end: String? = nil, from: String, through: String
    )
        -> [String]
    {
        let schedule = RecurrenceSchedule(
            cadence: cadence, interval: interval, start: LocalDate(iso: start)!, end: end.flatMap(LocalDate.init(iso:)))
        return schedule.dates(in: DateRange(start: LocalDate(iso: from)!, end: LocalDate(iso: through)!)!)
            .map(\.description)
    }

    @Test("a monthly rule on the 31st falls on the last day of shorter months and keeps the 31st in longer ones")
    func monthEnd() {
        #expect(
            dates(.monthly, "2026-01-31", from: "2026-01-01", through: "2026-07-31") == [
                "2026-01-31", "2026-02-28", "2026-03-31", "2026-04-30", "2026-05-31", "2026-06-30", "2026-07-31",
            ])
        #expect(
            dates(.monthly, "2027-12-31", from: "2028-01-01", through: "2028-03-31") == [
                "2028-01-31", "2028-02-29", "2028-03-31",
            ])
        #expect(
            dates(.monthly, "2026-01-30", interval: 2, from: "2026-01-01", through: "2026-07-31") == [
                "2026-01-30", "2026-03-30", "2026-05-30", "2026-07-30",
            ])
    }

    @Test("a yearly rule on February 29th falls on the 28th in other years and the 29th in leap years")
    func leapDay() {
        #expect(
            dates(.yearly, "2024-02-29", from: "2024-01-01", through: "2029-12-31") == [
                "2024-02-29", "2025-02-28", "2026-02-28", "2027-02-28", "2028-02-29", "2029-02-28",
            ])
        #expect(
            dates(.yearly, "2026-11-21", interval: 2, from: "2026-01-01", through: "2031-12-31") == [
                "2026-11-21", "2028-11-21", "2030-11-21",
            ])
    }

    @Test("weekly across a year end, daily, an end date, and a range starting long after the start")
    func weeklyAndDaily() {
        #expect(
            dates(.weekly, "2026-12-17", from: "2026-12-01", through: "2027-01-14") == [
                "2026-12-17", "2026-12-24", "2026-12-31", "2027-01-07", "2027-01-14",
            ])
        #expect(
            dates(.weekly, "2026-12-17", interval: 2, from: "2027-01-01", through: "2027-01-31") == [
                "2027-01-14", "2027-01-28",
            ])
        #expect(
            dates(.daily, "2026-12-30", from: "2026-12-01", through: "2027-01-02") == [
                "2026-12-30", "2026-12-31", "2027-01-01", "2027-01-02",
            ])
        #expect(
            dates(.daily, "2026-12-30", end: "2026-12-31", from: "2026-12-01", through: "2027-01-02") == [
                "2026-12-30", "2026-12-31",
            ])
        #expect(
            dates(.monthly, "1990-05-15", from: "2026-11-01", through: "2026-12-31") == ["2026-11-15", "2026-12-15"])
        #expect(dates(.monthly, "2027-01-01", from: "2026-01-01", through: "2026-12-31").isEmpty)
    }
}
