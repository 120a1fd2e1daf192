import Foundation
import Testing
import VaultCore

/// The upcoming bills as a calendar: one event per expected charge in the next 90 days, an alert the day before,
/// payees and amounts only, stable UIDs.
@Suite struct BillCalendarTests {
    let household = Household.ID(UUID())
    let checking: Account
    let today = LocalDate(iso: "2026-11-21")!

    init() {
        checking = Account(
            id: Account.ID(UUID()), householdID: household, name: "Joint Checking ...4821", kind: .checking,
            currency: .usd)
    }

    func charges(_ name: String, _ cents: Int64, _ dates: [String]) -> [RecurringDetector.Charge] {
        dates.map {
            RecurringDetector.Charge(
                transactionID: Transaction.ID(UUID()), accountID: checking.id, categoryID: nil,
                date: LocalDate(iso: $0)!, amount: Money(minorUnits: cents, currency: .usd), name: name)
        }
    }

    func report(_ charges: [RecurringDetector.Charge], dismissing: String? = nil) throws -> RecurringReport {
        let detected = try RecurringDetector.detect(
            charges, today: today, accounts: [checking], tree: CategoryTree([]))
        var decisions: [String: RecurringReport.Decision] = [:]
        if let dismissing, let series = detected.first(where: { $0.name == dismissing }) {
            decisions[series.key] = .init(status: .dismissed, decidedOn: today)
        }
        return try RecurringReport(detected: detected, decisions: decisions, today: today, currency: .usd)
    }

    var bills: [RecurringDetector.Charge] {
        // Rent on the 31st (short months take their last day), a weekly cleaner, a quarterly water bill, a
        // paycheck (income: no reminder) and a gym membership that will be dismissed.
        charges("Oak Street Rent", -1_850_00, ["2026-08-31", "2026-09-30", "2026-10-31"])
            + charges("Sparkle Cleaning", -60_00, ["2026-10-31", "2026-11-07", "2026-11-14", "2026-11-21"])
            + charges("City Water", -80_00, ["2026-05-18", "2026-08-18", "2026-11-18"])
            + charges("ACME PAYROLL", 2_500_00, ["2026-09-15", "2026-10-15", "2026-11-15"])
            + charges("Planet Fitness", -39_99, ["2026-09-05", "2026-10-05", "2026-11-05"])
    }

    @Test("every expected charge of the next 90 days, on its calendar date; no income, nothing dismissed")
    func occurrences() throws {
        let occurrences = BillCalendar.occurrences(try report(bills, dismissing: "Planet Fitness"))
        let byName = Dictionary(grouping: occurrences, by: \.name).mapValues { $0.map(\.date.description) }
        #expect(byName["Oak Street Rent"] == ["2026-11-30", "2026-12-31", "2027-01-31"])
        #expect(byName["Sparkle Cleaning"]?.first == "2026-11-28")
        #expect(byName["Sparkle Cleaning"]?.count == 12)
        #expect(byName["Sparkle Cleaning"]?.last == "2027-02-13")
        #expect(byName["City Water"] == ["2027-02-18"])
        #expect(byName["ACME PAYROLL"] == nil)
        #expect(byName["Planet Fitness"] == nil)
        #expect(occurrences.map(\.date) == occurrences.map(\.date).sorted())
        #expect(occurrences.allSatisfy { $0.date >= today && $0.date <= today.adding(days: 90) })
    }

    @Test("a bill the bank moves off weekends is expected on the business day after")
    func businessDays() throws {
        // The 1st of August and November 2026 were weekend days, so those payments came on the Monday.
        let mortgage = charges(
            "KEYSTONE HOME LOANS", -2_150_00, ["2026-08-03", "2026-09-01", "2026-10-01", "2026-11-02"])
        let dates = BillCalendar.occurrences(try report(mortgage)).map(\.date.description)
        // December 1st is a Tuesday; January 1st 2027 a Friday; February 1st a Monday.
        #expect(dates == ["2026-12-01", "2027-01-01", "2027-02-01"])
        // A loan due on the 5th, paid on the Monday when the 5th was a weekend day (July, September): the 5th of
        // December 2026 is a Saturday, so it is expected on Monday the 7th.
        let loan = charges(
            "Car Loan", -300_00, ["2026-06-05", "2026-07-06", "2026-08-05", "2026-09-07", "2026-10-05", "2026-11-05"])
        #expect(
            BillCalendar.occurrences(try report(loan)).map(\.date.description) == [
                "2026-12-07", "2027-01-05", "2027-02-05",
            ])
    }

    @Test("events name the payee and amount, never the account, alert a day ahead, and keep their UIDs")
    func rendered() throws {
        // Given
        let transfer = charges(
            "ONLINE TRANSFER TO SAVINGS ...1177", -500_00, ["2026-09-01", "2026-10-01", "2026-11-01"])
        let occurrences = BillCalendar.occurrences(try report(bills + transfer))
        let stamp = Date(timeIntervalSince1970: 1_795_300_000)
        // When
        let text = BillCalendar.render(occurrences, calendarName: "Upcoming bills", stamp: stamp)
        let again = BillCalendar.render(
            BillCalendar.occurrences(try report(bills + transfer)), calendarName: "Upcoming bills", stamp: stamp)
        // Then
        let unfolded = ICalendarTests.unfold(text)
        #expect(unfolded.contains("SUMMARY:Oak Street Rent: $1\\,850.00\r\n"))
        #expect(unfolded.contains("SUMMARY:ONLINE TRANSFER TO SAVINGS: $500.00\r\n"))
        // Beside the UIDs (hashes), nothing of the account: not its name, its number or its id.
        let shown = unfolded.components(separatedBy: "\r\n").filter { !$0.hasPrefix("UID:") }.joined(separator: "\n")
        for secret in ["1177", "4821", "Checking", checking.id.description] { #expect(!shown.contains(secret)) }
        let events = unfolded.components(separatedBy: "BEGIN:VEVENT").count - 1
        #expect(events == occurrences.count)
        #expect(unfolded.components(separatedBy: "TRIGGER:-P1D\r\n").count - 1 == events)
        #expect(text == again, "the same bills give the same calendar, UIDs included")
        let uids = BillCalendar.all(#"UID:([^\r]+)"#, in: unfolded)
        #expect(Set(uids).count == events)
    }

    @Test(
        "a payee's words that hold numbers or an email stay off the calendar",
        arguments: [
            ("ONLINE TRANSFER TO SAVINGS ...1177", "ONLINE TRANSFER TO SAVINGS"),
            ("7-ELEVEN", "7-ELEVEN"), ("24 HOUR FITNESS", "24 HOUR FITNESS"),
            ("PAYMENT REF IB000012", "PAYMENT REF"), ("#00012345", "Recurring bill"), ("Netflix", "Netflix"),
            ("ZELLE TO jo.tan@example.com RENT", "ZELLE TO RENT"),
        ])
    func payee(name: String, shown: String) {
        #expect(BillCalendar.payee(name) == shown)
    }

    @Test("a UID is the series and the day: stable, and different for another day or series")
    func uid() {
        let day = LocalDate(iso: "2026-12-15")!
        let uid = BillCalendar.uid(seriesKey: "netflix|monthly|x", date: day)
        #expect(uid == BillCalendar.uid(seriesKey: "netflix|monthly|x", date: day))
        #expect(uid.hasSuffix("-20261215@ghostvault"))
        #expect(uid != BillCalendar.uid(seriesKey: "netflix|monthly|x", date: day.adding(days: 1)))
        #expect(uid != BillCalendar.uid(seriesKey: "spotify|monthly|x", date: day))
    }
}

extension BillCalendar {
    /// Every capture of `pattern` in `text`.
    static func all(_ pattern: String, in text: String) -> [String] {
        let regex = try! NSRegularExpression(pattern: pattern)
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range(at: 1), in: text).map { String(text[$0]) }
        }
    }
}
